"""Ed25519 signatures (RFC 8032) in pure Python, for the engine's worker where no C library exists.

The curve arithmetic is ``cargobay.crypto.ristretto``'s (the same edwards25519 points in extended
coordinates, the base point's multiples tabled once), so signing is ~64 mixed additions and verifying is
one tabled product plus a 4-bit window product of the public key; only the encoding here is Ed25519's.
Signatures are deterministic and byte-identical to any RFC 8032 implementation (checked against
``cryptography`` in the tests).
Not constant-time: the secret is the page's own and nobody else runs code beside it that could time it.

>>> seed = bytes(32)
>>> sig = sign(seed, b"cargo")
>>> verify(public_key(seed), b"cargo", sig), verify(public_key(seed), b"cargo!", sig)
(True, False)
"""

from __future__ import annotations

import hashlib

from ..crypto.ristretto import SQRT_M1, D, G, L, P, Point, add, times


def _encode(point: Point) -> bytes:
    x, y, z, _ = point
    zi = pow(z, P - 2, P)
    x, y = x * zi % P, y * zi % P
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


def _decode(data: bytes) -> Point | None:
    if len(data) != 32:
        return None
    y = int.from_bytes(data, "little")
    sign = y >> 255
    y &= (1 << 255) - 1
    if y >= P:
        return None
    u, v = (y * y - 1) % P, (D * y * y + 1) % P
    x = u * pow(v, 3, P) * pow(u * pow(v, 7, P), (P - 5) // 8, P) % P
    check = v * x * x % P
    if check == (-u) % P:
        x = x * SQRT_M1 % P
    elif check != u:
        return None
    if x == 0 and sign:
        return None
    if x & 1 != sign:
        x = P - x
    return x, y, 1, x * y % P


def _expand(seed: bytes) -> tuple[int, bytes]:
    digest = hashlib.sha512(seed).digest()
    scalar = int.from_bytes(digest[:32], "little")
    scalar &= (1 << 254) - 8
    scalar |= 1 << 254
    return scalar, digest[32:]


def public_key(seed: bytes) -> bytes:
    """The 32-byte public key of a 32-byte secret seed."""
    if len(seed) != 32:
        raise ValueError("an Ed25519 secret is 32 bytes")
    return _encode(G.times(_expand(seed)[0]))


def sign(seed: bytes, message: bytes, public: bytes | None = None) -> bytes:
    """The 64-byte signature of ``message`` (deterministic)."""
    scalar, prefix = _expand(seed)
    public = public if public is not None else _encode(G.times(scalar))
    r = int.from_bytes(hashlib.sha512(prefix + message).digest(), "little") % L
    big_r = _encode(G.times(r))
    h = int.from_bytes(hashlib.sha512(big_r + public + message).digest(), "little") % L
    return big_r + ((r + h * scalar) % L).to_bytes(32, "little")


def verify(public: bytes, message: bytes, signature: bytes) -> bool:
    """Whether ``signature`` is ``public``'s signature of ``message`` (RFC 8032, cofactorless)."""
    if len(public) != 32 or len(signature) != 64:
        return False
    point = _decode(public)
    s = int.from_bytes(signature[32:], "little")
    if point is None or s >= L:
        return False
    h = int.from_bytes(hashlib.sha512(signature[:32] + public + message).digest(), "little") % L
    x, y, z, t = times(point, h)
    check = add(G.times(s), ((P - x) % P, y, z, (P - t) % P))  # [s]B - [h]A
    return _encode(check) == signature[:32]
