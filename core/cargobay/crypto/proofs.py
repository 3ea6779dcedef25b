"""Zero-knowledge proofs over ristretto255, made non-interactive with Fiat-Shamir (SHA-512):

- ``prove_key`` / ``check_key``: Schnorr's proof that a page knows the secret of its deck key ``X = x*G``
  (so nobody can pick a key that cancels the others' out of the joint key: a rogue key);
- ``prove_same_log`` / ``check_same_log``: Chaum-Pedersen's proof that ``log_G X = log_C Dc`` (a decryption
  share ``Dc = x*C`` made with the secret of ``X``, and nothing else);
- ``prove_shares`` / ``check_shares``: the same for many shares ``D_i = x*C_i`` at once: the shares are
  weighted by 128-bit numbers drawn from a hash of all of them, and one Chaum-Pedersen proof covers the
  weighted sums (a wrong share survives with probability about 2^-128).

Every proof binds a ``context`` (the match, the step, the positions) so it proves nothing anywhere else.
A proof is 64 bytes: the challenge and the response. The nonces are derived from the secret and the
statement (as in RFC 8032), so the same statement always gets the same proof and a nonce never repeats
for two statements.
"""

from __future__ import annotations

from collections.abc import Sequence

from .ristretto import (
    BASE,
    FixedBase,
    G,
    Point,
    add,
    encode,
    hash_to_scalar,
    multi_times,
    neg,
    scalar_from_bytes,
    scalar_to_bytes,
    times,
)

PROOF_BYTES = 64


def _challenge(label: bytes, context: bytes, points: Sequence[Point]) -> int:
    return hash_to_scalar(b"cargobay-proof/1", label, context, *(encode(point) for point in points))


def _nonce(secret: int, label: bytes, context: bytes, points: Sequence[Point]) -> int:
    return hash_to_scalar(b"cargobay-nonce/1", scalar_to_bytes(secret), label, context,
                          *(encode(point) for point in points))


def _split(proof: bytes) -> tuple[int, int] | None:
    if not isinstance(proof, bytes) or len(proof) != PROOF_BYTES:
        return None
    try:
        return scalar_from_bytes(proof[:32]), scalar_from_bytes(proof[32:])
    except ValueError:
        return None


def _times(base: Point | FixedBase, scalar: int) -> Point:
    return base.times(scalar) if isinstance(base, FixedBase) else times(base, scalar)


def prove_key(secret: int, context: bytes) -> bytes:
    """A proof that whoever made it knows ``secret`` of the key ``secret * G``."""
    key = G.times(secret)
    k = _nonce(secret, b"key", context, [key])
    e = _challenge(b"key", context, [key, G.times(k)])
    return scalar_to_bytes(e) + scalar_to_bytes(k + e * secret)


def check_key(key: Point, proof: bytes, context: bytes) -> bool:
    parts = _split(proof)
    if parts is None:
        return False
    e, s = parts
    commitment = add(G.times(s), neg(times(key, e)))
    return _challenge(b"key", context, [key, commitment]) == e


def prove_same_log(secret: int, point: Point, context: bytes) -> tuple[Point, bytes]:
    """``secret * point`` and the proof that it was made with the secret of the key ``secret * G``."""
    key, share = G.times(secret), times(point, secret)
    statement = [key, point, share]
    k = _nonce(secret, b"dleq", context, statement)
    e = _challenge(b"dleq", context, [*statement, G.times(k), times(point, k)])
    return share, scalar_to_bytes(e) + scalar_to_bytes(k + e * secret)


def check_same_log(key: Point | FixedBase, point: Point, share: Point, proof: bytes, context: bytes) -> bool:
    """Whether ``share = x * point`` for the secret ``x`` of ``key`` (a table of it makes this faster)."""
    parts = _split(proof)
    if parts is None:
        return False
    e, s = parts
    key_point = key.point if isinstance(key, FixedBase) else key
    first = add(G.times(s), neg(_times(key, e)))
    second = multi_times([s, e], [point, neg(share)])
    return _challenge(b"dleq", context, [key_point, point, share, first, second]) == e


def _weights(context: bytes, key: Point, points: Sequence[Point], shares: Sequence[Point]) -> list[int]:
    digest = hash_to_scalar(b"cargobay-weights/1", context, encode(key),
                            *(encode(point) for point in points), *(encode(share) for share in shares))
    seed = scalar_to_bytes(digest)
    return [hash_to_scalar(seed, index.to_bytes(4, "little")) >> 125 for index in range(len(points))]


def prove_shares(secret: int, points: Sequence[Point], context: bytes) -> tuple[list[Point], bytes]:
    """``secret * point`` for every point, and one proof for all of them."""
    key = G.times(secret)
    shares = [times(point, secret) for point in points]
    if not points:
        return [], bytes(PROOF_BYTES)
    weights = _weights(context, key, points, shares)
    combined = multi_times(weights, list(points))
    _, proof = prove_same_log(secret, combined, context)
    return shares, proof


def check_shares(key: Point | FixedBase, points: Sequence[Point], shares: Sequence[Point], proof: bytes,
                 context: bytes) -> bool:
    """Whether every ``shares[i] = x * points[i]`` for the secret ``x`` of ``key``."""
    if len(points) != len(shares):
        return False
    if not points:
        return proof == bytes(PROOF_BYTES)
    key_point = key.point if isinstance(key, FixedBase) else key
    weights = _weights(context, key_point, points, shares)
    combined = multi_times(weights, list(points))
    combined_share = multi_times(weights, list(shares))
    return check_same_log(key, combined, combined_share, proof, context)


__all__ = ["BASE", "PROOF_BYTES", "check_key", "check_same_log", "check_shares", "prove_key", "prove_same_log",
           "prove_shares"]
