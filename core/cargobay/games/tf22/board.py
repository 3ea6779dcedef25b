"""The TF22 map: 504 hexes of planet GH-328 from ``map.txt`` (a verbatim copy of ../shared/data/tf22-map.txt,
shipped in the wheel as package data), their geometry and where White Ore lies at the start.

The data file holds 28 x 19 = 532 cells in an "odd-q" layout (flat-topped hexes in columns, odd columns half a
hex lower); the rulebook says "a 28 by 18 grid of 504 hexes". Reconciled (ruling 13) as the file's header
suggests: a printed board 18 full hexes tall per column spans 18.5 hex heights, so the 28 surplus cells are the half
hexes cut by its long edges, row 0 of the even columns and row 18 of the odd columns. They are off the board; the
other 504 cells are the rulebook's hexes (every column then has 18 hexes: rows 1-18 in even columns, rows 0-17 in
odd ones).

A hex is its index ``y * WIDTH + x``; actions write it ``x,y`` (the data file's column and row, from 0).
Directions are 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW.

>>> hex_text(parse_hex("12,5")), WIDTH, HEIGHT, len(HEXES)
('12,5', 28, 19, 504)
>>> distance(parse_hex("0,1"), parse_hex("3,1")), sorted(hex_text(n) for n in neighbours(parse_hex("1,1")))
(3, ['0,1', '0,2', '1,0', '1,2', '2,1', '2,2'])
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from ...checks import digits
from ...engine import InvalidActionError

__all__ = [
    "EDGE",
    "HEIGHT",
    "HEXES",
    "HEX_TEXT",
    "ORE_START",
    "TERRAIN",
    "WIDTH",
    "disk",
    "distance",
    "hex_text",
    "neighbour",
    "neighbours",
    "parse_hex",
]

TERRAIN_NAMES = {".": "plain", "~": "sea", "s": "swamp", "r": "reef", "^": "mountain"}
AXIAL_STEPS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))  # N NE SE S SW NW as (dq, dr)


def _rows() -> list[str]:
    text = resources.files(__package__).joinpath("map.txt").read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line and not line.startswith("#")]


ROWS = _rows()
WIDTH = len(ROWS[0])
HEIGHT = len(ROWS)
CELLS = WIDTH * HEIGHT


def _on_board(x: int, y: int) -> bool:
    """The 504 hexes: the half hexes at the long edges (row 0 of even columns, the last row of odd ones) are off."""
    if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
        return False
    return not ((y == 0 and x % 2 == 0) or (y == HEIGHT - 1 and x % 2 == 1))


HEXES: tuple[int, ...] = tuple(y * WIDTH + x for y in range(HEIGHT) for x in range(WIDTH) if _on_board(x, y))
ON_BOARD = frozenset(HEXES)
# terrain letter per cell ("" off the board)
TERRAIN: tuple[str, ...] = tuple(
    ROWS[index // WIDTH][index % WIDTH] if index in ON_BOARD else "" for index in range(CELLS)
)
if set(TERRAIN) - {"", *TERRAIN_NAMES}:
    raise ValueError(f"map.txt: unknown terrain {sorted(set(TERRAIN) - {'', *TERRAIN_NAMES})}")


def _axial(index: int) -> tuple[int, int]:
    x, y = index % WIDTH, index // WIDTH
    return x, y - (x - (x & 1)) // 2


def _from_axial(q: int, r: int) -> int:
    x, y = q, r + (q - (q & 1)) // 2
    return y * WIDTH + x if _on_board(x, y) else -1


AXIAL: tuple[tuple[int, int], ...] = tuple(_axial(index) for index in range(CELLS))
# NEIGHBOUR[hex][direction]: the adjacent hex, or -1 off the board
NEIGHBOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(_from_axial(AXIAL[index][0] + dq, AXIAL[index][1] + dr) for dq, dr in AXIAL_STEPS) if index in ON_BOARD
    else (-1,) * 6
    for index in range(CELLS)
)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(n for n in row if n >= 0) for row in NEIGHBOUR)
# the border: hexes with fewer than six neighbours on the board (a Lander keeps a corridor of one hex from it)
EDGE = frozenset(index for index in HEXES if len(NEIGHBOURS[index]) < 6)


def neighbours(index: int) -> tuple[int, ...]:
    return NEIGHBOURS[index]


def neighbour(index: int, direction: int) -> int:
    """The hex next to ``index`` in ``direction`` (0 N .. 5 NW), or -1 off the board."""
    return NEIGHBOUR[index][direction]


def direction(start: int, end: int) -> int:
    """The direction from ``start`` to the adjacent ``end``, or -1 if they are not adjacent."""
    row = NEIGHBOUR[start]
    return row.index(end) if end in row else -1


def distance(a: int, b: int) -> int:
    (qa, ra), (qb, rb) = AXIAL[a], AXIAL[b]
    dq, dr = qa - qb, ra - rb
    return max(abs(dq), abs(dr), abs(dq + dr))


@cache
def disk(index: int, radius: int) -> tuple[int, ...]:
    """The hexes on the board within ``radius`` of ``index`` (itself included), in index order."""
    q, r = AXIAL[index]
    found = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            other = _from_axial(q + dq, r + dr)
            if other >= 0:
                found.append(other)
    return tuple(sorted(found))


@cache
def disk_set(index: int, radius: int) -> frozenset[int]:
    """``disk`` as a set, for membership tests."""
    return frozenset(disk(index, radius))


def hex_text(index: int) -> str:
    return f"{index % WIDTH},{index // WIDTH}"


HEX_TEXT: tuple[str, ...] = tuple(hex_text(index) for index in range(CELLS))  # hex_text of every cell, made once


def parse_hex(text: str) -> int:
    """``x,y`` -> the hex index; InvalidActionError if it is not a hex of the board."""
    x_text, comma, y_text = text.partition(",")
    if not comma or not digits(x_text, 3) or not digits(y_text, 3):
        raise InvalidActionError(f"{text!r} is not a hex (x,y with x 0-{WIDTH - 1}, y 0-{HEIGHT - 1})")
    x, y = int(x_text), int(y_text)
    if not _on_board(x, y):
        raise InvalidActionError(f"{text!r} is not a hex of the board")
    return y * WIDTH + x


def _ore_pattern(index: int) -> bool:
    """Every third hex, no two adjacent (a 3-colouring of the hex grid: q - r steps by 1 or 2 between neighbours)."""
    q, r = AXIAL[index]
    return (q - r) % 3 == 0


# White Ore at the start (ruling 1): every third hex by the fixed pattern, then none on open sea
ORE_START: tuple[int, ...] = tuple(index for index in HEXES if _ore_pattern(index) and TERRAIN[index] != "~")
