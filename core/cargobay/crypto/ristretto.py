"""The ristretto255 prime-order group (RFC 9496) in pure Python, so CPython and the browser's worker
(Pyodide) compute the very same bytes.

Elements are edwards25519 points in extended coordinates ``(X, Y, Z, T)`` (x = X/Z, y = Y/Z, xy = T/Z);
two points are the same element when they differ by a 4-torsion point, and ``encode`` gives the one
canonical 32-byte string of an element (``decode`` refuses every other string: RFC 9496 section 4.3.1).
Scalars are integers modulo ``L``, the group's prime order.

Speed (pure Python has no vector unit): a fixed base (the generator, a match's joint key) is tabled once
(radix 16, 64 rows of affine Niels points), so a product with it is 64 mixed additions; a variable base
uses a 4-bit window; sums of products share their doublings (Straus). Not constant-time: every secret
here is the page's own, and no other program runs beside it that could time it.

>>> encode(BASE).hex()[:16], equal(decode(encode(times(BASE, 5))), G.times(5))
('e2f2ae0a6abc4e71', True)
"""

from __future__ import annotations

import hashlib

P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493
D = -121665 * pow(121666, P - 2, P) % P
D2 = 2 * D % P

Point = tuple[int, int, int, int]
Niels = tuple[int, int, int]  # affine: y + x, y - x, 2*d*x*y

IDENTITY: Point = (0, 1, 1, 0)
_BX = 15112221349535400772501151409588531511454012693041857206046113283949847762202
_BY = 46316835694926478169428394003475163141307993866256225615783033603165251855960
BASE: Point = (_BX, _BY, 1, _BX * _BY % P)


class DecodeError(ValueError):
    """32 bytes that are not the canonical encoding of a ristretto255 element."""


# --- the field ----------------------------------------------------------------------------------
def is_negative(x: int) -> bool:
    """RFC 9496: a field element is negative when its canonical form is odd."""
    return bool(x % P & 1)


def _abs(x: int) -> int:
    x %= P
    return P - x if x & 1 else x


def sqrt_ratio_m1(u: int, v: int) -> tuple[bool, int]:
    """(was_square, the non-negative r with r^2 = u/v, or r^2 = SQRT_M1 * u/v when u/v is no square)."""
    u, v = u % P, v % P
    v3 = v * v % P * v % P
    v7 = v3 * v3 % P * v % P
    r = u * v3 % P * pow(u * v7 % P, (P - 5) // 8, P) % P
    check = v * r % P * r % P
    correct = check == u
    flipped = check == (-u) % P
    flipped_i = check == (-u) * SQRT_M1 % P
    if flipped or flipped_i:
        r = r * SQRT_M1 % P
    return correct or flipped, _abs(r)


SQRT_M1 = pow(2, (P - 1) // 4, P)
# RFC 9496 section 4.1 gives these roots; which of the two is meant is not "non-negative" for the first
SQRT_AD_MINUS_ONE = 25063068953384623474111414158702152701244531502492656460079210482610430750235
INVSQRT_A_MINUS_D = 54469307008909316920995813868745141605393597292927456921205312896311721017578
ONE_MINUS_D_SQ = (1 - D * D) % P
D_MINUS_ONE_SQ = (D - 1) * (D - 1) % P


# --- the curve ----------------------------------------------------------------------------------
def add(p: Point, q: Point) -> Point:
    x1, y1, z1, t1 = p
    x2, y2, z2, t2 = q
    a = (y1 - x1) * (y2 - x2) % P
    b = (y1 + x1) * (y2 + x2) % P
    c = t1 * D2 % P * t2 % P
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


def _msub(p: Point, q: Niels) -> Point:
    x1, y1, z1, t1 = p
    yp, ym, t2d = q
    a = (y1 - x1) * yp % P
    b = (y1 + x1) * ym % P
    c = -t1 * t2d % P
    d = 2 * z1
    e, f, g, h = b - a, d - c, d + c, b + a
    return e * f % P, g * h % P, f * g % P, e * h % P


def double(p: Point) -> Point:
    x1, y1, z1, _ = p
    a = x1 * x1 % P
    b = y1 * y1 % P
    c = 2 * z1 * z1 % P
    h = a + b
    e = h - (x1 + y1) * (x1 + y1) % P
    g = a - b
    f = c + g
    return e * f % P, g * h % P, f * g % P, e * h % P


def neg(p: Point) -> Point:
    x, y, z, t = p
    return (-x) % P, y, z, (-t) % P


def sub(p: Point, q: Point) -> Point:
    return add(p, neg(q))


def equal(p: Point, q: Point) -> bool:
    """The same ristretto255 element (RFC 9496 section 4.5)."""
    x1, y1, _, _ = p
    x2, y2, _, _ = q
    return (x1 * y2 - y1 * x2) % P == 0 or (y1 * y2 - x1 * x2) % P == 0


def _niels_all(points: list[Point]) -> list[Niels]:
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


# --- encoding (RFC 9496 sections 4.3.1, 4.3.2) ---------------------------------------------------
def decode(data: bytes) -> Point:
    """The element of a canonical encoding; DecodeError for any other 32 bytes."""
    if not isinstance(data, bytes | bytearray) or len(data) != 32:
        raise DecodeError("an element is 32 bytes")
    s = int.from_bytes(data, "little")
    if s >= P or s & 1:
        raise DecodeError("not a canonical, non-negative field element")
    ss = s * s % P
    u1 = (1 - ss) % P
    u2 = (1 + ss) % P
    u2_sqr = u2 * u2 % P
    v = (-(D * u1 % P * u1) - u2_sqr) % P
    was_square, invsqrt = sqrt_ratio_m1(1, v * u2_sqr % P)
    den_x = invsqrt * u2 % P
    den_y = invsqrt * den_x % P * v % P
    x = _abs(2 * s * den_x)
    y = u1 * den_y % P
    t = x * y % P
    if not was_square or t & 1 or y == 0:
        raise DecodeError("not the encoding of a ristretto255 element")
    return x, y, 1, t


def encode(point: Point) -> bytes:
    """The canonical 32 bytes of the element ``point`` stands for."""
    x0, y0, z0, t0 = point
    u1 = (z0 + y0) * (z0 - y0) % P
    u2 = x0 * y0 % P
    _, invsqrt = sqrt_ratio_m1(1, u1 * u2 % P * u2 % P)
    den1 = invsqrt * u1 % P
    den2 = invsqrt * u2 % P
    z_inv = den1 * den2 % P * t0 % P
    if is_negative(t0 * z_inv):
        x, y = y0 * SQRT_M1 % P, x0 * SQRT_M1 % P
        den_inv = den1 * INVSQRT_A_MINUS_D % P
    else:
        x, y, den_inv = x0, y0, den2
    if is_negative(x * z_inv):
        y = (-y) % P
    return _abs(den_inv * (z0 - y)).to_bytes(32, "little")


def _elligator(t: int) -> Point:
    """RFC 9496's MAP: a field element to a point (half of hashing to the group)."""
    r = SQRT_M1 * t % P * t % P
    u = (r + 1) * ONE_MINUS_D_SQ % P
    v = (-1 - r * D) * (r + D) % P
    was_square, s = sqrt_ratio_m1(u, v)
    if not was_square:
        s = (-_abs(s * t)) % P
    c = P - 1 if was_square else r
    n = (c * (r - 1) % P * D_MINUS_ONE_SQ - v) % P
    w0 = 2 * s * v % P
    w1 = n * SQRT_AD_MINUS_ONE % P
    w2 = (1 - s * s) % P
    w3 = (1 + s * s) % P
    return w0 * w3 % P, w2 * w1 % P, w1 * w3 % P, w0 * w2 % P


def from_uniform_bytes(data: bytes) -> Point:
    """An element from 64 uniformly random bytes (RFC 9496 section 4.3.4): nobody knows its logarithm."""
    if len(data) != 64:
        raise ValueError("hashing to the group takes 64 bytes")
    mask = (1 << 255) - 1
    first = _elligator((int.from_bytes(data[:32], "little") & mask) % P)
    second = _elligator((int.from_bytes(data[32:], "little") & mask) % P)
    return add(first, second)


def hash_to_group(*parts: bytes) -> Point:
    """An element nobody knows the logarithm of, named by ``parts`` (SHA-512, then RFC 9496's map)."""
    digest = hashlib.sha512()
    for part in parts:
        digest.update(len(part).to_bytes(4, "little") + part)
    return from_uniform_bytes(digest.digest())


# --- scalars ------------------------------------------------------------------------------------
def scalar_from_bytes(data: bytes) -> int:
    """A canonical 32-byte scalar; ValueError when it is not below L."""
    if len(data) != 32:
        raise ValueError("a scalar is 32 bytes")
    value = int.from_bytes(data, "little")
    if value >= L:
        raise ValueError("not a canonical scalar")
    return value


def scalar_to_bytes(value: int) -> bytes:
    return (value % L).to_bytes(32, "little")


def hash_to_scalar(*parts: bytes) -> int:
    """A uniform scalar from SHA-512 of ``parts`` (each length-prefixed)."""
    digest = hashlib.sha512()
    for part in parts:
        digest.update(len(part).to_bytes(4, "little") + part)
    return int.from_bytes(digest.digest(), "little") % L


# --- products -----------------------------------------------------------------------------------
class FixedBase:
    """A point whose multiples are tabled once: ``times`` is then 64 mixed additions (signed radix 16)."""

    def __init__(self, point: Point) -> None:
        self.point = point
        rows: list[Point] = []
        row_base = point
        for _ in range(64):
            multiple = row_base
            for _ in range(8):
                rows.append(multiple)
                multiple = add(multiple, row_base)
            for _ in range(4):
                row_base = double(row_base)
        flat = _niels_all(rows)
        self.table = [flat[i * 8:(i + 1) * 8] for i in range(64)]

    def times(self, scalar: int) -> Point:
        scalar %= L
        result = IDENTITY
        carry = 0
        for row in self.table:
            digit = (scalar & 15) + carry
            scalar >>= 4
            if digit > 8:
                digit -= 16
                carry = 1
            else:
                carry = 0
            if digit > 0:
                result = _madd(result, row[digit - 1])
            elif digit < 0:
                result = _msub(result, row[-digit - 1])
        return result  # the last carry: 16**64 > L and scalar < L, so it is 0


def _window(point: Point) -> list[Point]:
    multiples = [IDENTITY, point]
    for _ in range(14):
        multiples.append(add(multiples[-1], point))
    return multiples


def times(point: Point, scalar: int) -> Point:
    """``scalar`` times ``point`` (a 4-bit window)."""
    scalar %= L
    multiples = _window(point)
    result = IDENTITY
    for shift in range(252, -1, -4):
        result = double(double(double(double(result))))
        digit = (scalar >> shift) & 15
        if digit:
            result = add(result, multiples[digit])
    return result


def multi_times(scalars: list[int], points: list[Point]) -> Point:
    """The sum of ``scalars[i] * points[i]`` with the doublings shared (Straus, 4-bit windows)."""
    scalars = [scalar % L for scalar in scalars]
    top = max((scalar.bit_length() for scalar in scalars), default=0)
    windows = [_window(point) for point in points]
    result = IDENTITY
    for shift in range((top + 3) // 4 * 4 - 4, -1, -4):
        result = double(double(double(double(result))))
        for scalar, multiples in zip(scalars, windows, strict=True):
            digit = (scalar >> shift) & 15
            if digit:
                result = add(result, multiples[digit])
    return result


G = FixedBase(BASE)
