"""The TF22 map (board.py): the data file, the 504 hexes, geometry, the White Ore pattern, the wheel."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest

from cargobay.engine import InvalidActionError
from cargobay.games.tf22 import board
from cargobay.games.tf22.board import (
    EDGE,
    HEIGHT,
    HEXES,
    NEIGHBOURS,
    ORE_START,
    TERRAIN,
    WIDTH,
    disk,
    distance,
    hex_text,
    neighbour,
    parse_hex,
)

ROOT = Path(__file__).resolve().parents[3]
SHARED_MAP = ROOT.parent / "shared" / "data" / "tf22-map.txt"
PACKAGE_MAP = ROOT / "core" / "cargobay" / "games" / "tf22" / "map.txt"


def test_the_packaged_map_is_the_shared_data_file() -> None:
    if not SHARED_MAP.exists():
        pytest.skip("../shared/data/tf22-map.txt is not on this machine")
    assert PACKAGE_MAP.read_bytes() == SHARED_MAP.read_bytes()


def test_the_map_ships_in_the_wheel() -> None:
    """hatchling packs every file under core/cargobay (nothing excludes .txt), so map.txt is package data."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert config["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == ["core/cargobay"]
    assert "*.txt" not in (ROOT / ".gitignore").read_text().split()
    assert PACKAGE_MAP.is_file()


def test_28_by_19_cells_are_the_rulebooks_504_hexes() -> None:
    assert (WIDTH, HEIGHT) == (28, 19)
    assert len(HEXES) == 504 == 28 * 18
    off = {(x, y) for x in range(WIDTH) for y in range(HEIGHT)} - {(h % WIDTH, h // WIDTH) for h in HEXES}
    assert off == {(x, 0) for x in range(0, WIDTH, 2)} | {(x, HEIGHT - 1) for x in range(1, WIDTH, 2)}
    for x in range(WIDTH):  # 18 hexes in every column
        assert sum(1 for h in HEXES if h % WIDTH == x) == 18


def test_terrain_counts_match_the_file_header_less_the_half_hexes() -> None:
    counts = Counter(TERRAIN[h] for h in HEXES)
    assert counts == {".": 212, "~": 106, "s": 91, "r": 65, "^": 30}
    assert TERRAIN[parse_hex("1,1")] == "^" and TERRAIN[parse_hex("5,1")] == "~"


def test_neighbours_follow_the_odd_q_layout_of_the_header() -> None:
    even, odd = parse_hex("4,5"), parse_hex("5,5")
    assert [hex_text(neighbour(even, d)) for d in range(6)] == ["4,4", "5,4", "5,5", "4,6", "3,5", "3,4"]
    assert [hex_text(neighbour(odd, d)) for d in range(6)] == ["5,4", "6,5", "6,6", "5,6", "4,6", "4,5"]
    for cell in HEXES:
        for n in NEIGHBOURS[cell]:
            assert cell in NEIGHBOURS[n] and distance(cell, n) == 1


def test_edge_hexes_lack_a_neighbour_and_disks_have_the_hex_counts() -> None:
    assert parse_hex("1,0") in EDGE and parse_hex("0,5") in EDGE and parse_hex("2,1") in EDGE
    assert parse_hex("2,2") not in EDGE
    centre = parse_hex("14,9")
    assert [len(disk(centre, r)) for r in (0, 1, 2, 3)] == [1, 7, 19, 37]
    assert all(distance(centre, cell) <= 3 for cell in disk(centre, 3))


def test_white_ore_every_third_hex_never_adjacent_never_on_open_sea() -> None:
    ore = set(ORE_START)
    assert all(TERRAIN[cell] != "~" for cell in ore)
    assert all(n not in ore for cell in ore for n in NEIGHBOURS[cell])
    land = [cell for cell in HEXES if TERRAIN[cell] != "~"]
    assert abs(len(ore) - len(land) / 3) < 10  # one in three of the hexes that keep theirs
    assert len(ore) == 133


def test_hex_text_round_trips_and_bad_hexes_are_refused() -> None:
    assert all(parse_hex(hex_text(cell)) == cell for cell in HEXES)
    for bad in ("0,0", "28,3", "3", "a,b", "1,19", "1,18", "-1,2"):
        with pytest.raises(InvalidActionError):
            parse_hex(bad)
    assert board.direction(parse_hex("4,5"), parse_hex("5,5")) == 2
