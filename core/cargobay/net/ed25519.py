"""Ed25519 signatures (RFC 8032) in pure Python, for the engine's worker where no C library exists.

Points are kept in extended twisted-Edwards coordinates; the base point's multiples are tabled once
(radix 16, 64 rows, affine "Niels" form), so signing is ~64 mixed additions and verifying is one
tabled product plus a 4-bit window product of the public key. Signatures are deterministic and
byte-identical to any RFC 8032 implementation (checked against ``cryptography`` in the tests).
Not constant-time: the secret is the page's own and nobody else runs code beside it that could time it.

>>> seed = bytes(32)
>>> sig = sign(seed, b"cargo")
>>> verify(public_key(seed), b"cargo", sig), verify(public_key(seed), b"cargo!", sig)
(True, False)
"""

from __future__ import annotations

import hashlib

P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493
D = -121665 * pow(121666, P - 2, P) % P
D2 = 2 * D % P
SQRT_M1 = pow(2, (P - 1) // 4, P)

Point = tuple[int, int, int, int]  # X, Y, Z, T with x = X/Z, y = Y/Z, x*y = T/Z
Niels = tuple[int, int, int]  # y + x, y - x, 2*d*x*y (affine)

IDENTITY: Point = (0, 1, 1, 0)
_BX = 15112221349535400772501151409588531511454012693041857206046113283949847762202
_BY = 46316835694926478169428394003475163141307993866256225615783033603165251855960
BASE: Point = (_BX, _BY, 1, _BX * _BY % P)


def _add(p: Point, q: Point) -> Point:
    x1, y1, z1, t1 = p
    x2, y2, z2, t2 = q
    a = (y1 - x1) * (y2 - x2) % P
    b = (y1 + x1) * (y2 + x2) % P
    c = t1 * D2 * t2 % P
    d = 2 * z1 * z2 % P
    e, f, g, h = b - a, d - c, d + c, b + a
    return e * f % P, g * h % P, f * g % P, e * h % P


def _madd(p: Point, q: Niels) -> Point:
    x1, y1, z1, t1 = p
    yp, ym, t2d = q
    a = (y1 - x1) * ym % P
    b = (y1 + x1) * yp % P
    c = t1 * t2d % P
    d = 2 * z1
    e, f, g, h = b - a, d - c, d + c, b + a
    return e * f % P, g * h % P, f * g % P, e * h % P


def _double(p: Point) -> Point:
    x1, y1, z1, _ = p
    a = x1 * x1 % P
    b = y1 * y1 % P
    c = 2 * z1 * z1 % P
    h = a + b
    e = h - (x1 + y1) * (x1 + y1) % P
    g = a - b
    f = c + g
    return e * f % P, g * h % P, f * g % P, e * h % P


def _batch_niels(points: list[Point]) -> list[Niels]:
    """Affine Niels forms of many points with one inversion (Montgomery's trick)."""
    prefix = [1]
    for point in points:
        prefix.append(prefix[-1] * point[2] % P)
    inverse = pow(prefix[-1], P - 2, P)
    out: list[Niels] = [(0, 0, 0)] * len(points)
    for index in range(len(points) - 1, -1, -1):
        x, y, z, _ = points[index]
        zi = inverse * prefix[index] % P
        inverse = inverse * z % P
        x, y = x * zi % P, y * zi % P
        out[index] = ((y + x) % P, (y - x) % P, x * y % P * D2 % P)
    return out


_TABLE: list[list[Niels]] = []  # _TABLE[i][j] = (j + 1) * 16**i * BASE


def _table() -> list[list[Niels]]:
    if not _TABLE:
        rows: list[Point] = []
        row_base = BASE
        for _ in range(64):
            point = row_base
            for _ in range(15):
                rows.append(point)
                point = _add(point, row_base)
            for _ in range(4):
                row_base = _double(row_base)
        flat = _batch_niels(rows)
        _TABLE.extend(flat[i * 15:(i + 1) * 15] for i in range(64))
    return _TABLE


def _base_times(scalar: int) -> Point:
    table = _table()
    result = IDENTITY
    for row in table:
        digit = scalar & 15
        if digit:
            result = _madd(result, row[digit - 1])
        scalar >>= 4
    return result


def _times(point: Point, scalar: int) -> Point:
    multiples = [IDENTITY, point]
    for _ in range(14):
        multiples.append(_add(multiples[-1], point))
    result = IDENTITY
    for shift in range(252, -1, -4):
        result = _double(_double(_double(_double(result))))
        digit = (scalar >> shift) & 15
        if digit:
            result = _add(result, multiples[digit])
    return result


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
    return _encode(_base_times(_expand(seed)[0]))


def sign(seed: bytes, message: bytes, public: bytes | None = None) -> bytes:
    """The 64-byte signature of ``message`` (deterministic)."""
    scalar, prefix = _expand(seed)
    public = public if public is not None else _encode(_base_times(scalar))
    r = int.from_bytes(hashlib.sha512(prefix + message).digest(), "little") % L
    big_r = _encode(_base_times(r))
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
    x, y, z, t = _times(point, h)
    check = _add(_base_times(s), ((P - x) % P, y, z, (P - t) % P))  # [s]B - [h]A
    return _encode(check) == signature[:32]
