"""The rulebook's worked examples (rules/loot.txt, Item Cards) and its scoring tables."""

from __future__ import annotations

from collections import Counter

import pytest

from cargobay.games.loot.cards import (
    FLAGS,
    SETS,
    collection_points,
    hogwash_points,
    jewel_points,
    score_all,
    set_points,
)


def test_hogwash_tie_example_trent_mary_and_zac() -> None:
    # "if Trent and Mary both get 4 Hogwash heads ... they both get 9 points. Zac ... only gets 4 points."
    collections = [["hog2", "hog2"], ["hog2", "hog2"], ["hog3"]]
    assert score_all(collections, [0, 0, 0]) == [9, 9, 4]


def test_hogwash_five_heads_hand() -> None:
    # "a 2-head card plus a 3-head card = 5 head symbols": heads, not cards, decide
    collections = [["hog2", "hog3"], ["hog2", "hog2"], ["hog3"], ["oil"]]
    assert score_all(collections, [0, 0, 0, 0]) == [9, 6, 4, -2]


def test_hogwash_fourth_place_and_below_score_two_and_needs_a_card() -> None:
    assert hogwash_points([6, 5, 4, 3, 2, 0], [True] * 5 + [False]) == [9, 6, 4, 2, 2, 0]


@pytest.mark.parametrize(("flags", "points"), [(0, 0), (1, 1), (2, 3), (3, 5), (4, 8), (5, 12), (6, 13), (10, 24)])
def test_white_flag_sets(flags: int, points: int) -> None:
    assert set_points(FLAGS, flags) == points


@pytest.mark.parametrize(
    ("item", "values"),
    [("oil", [-2, 7]), ("totem", [2, 4, 8, 12, 18]), ("compass", [2, 3, 10]), ("flower", [0, 6, 0, 16]),
     ("boots", [0, 6]), ("clover", [2, 5, 7])],
)
def test_basic_set_tables_and_a_complete_set_starts_a_new_one(item: str, values: list[int]) -> None:
    assert [set_points(SETS[item], count) for count in range(1, len(values) + 1)] == values
    assert set_points(SETS[item], len(values) + 1) == values[-1] + values[0]


def test_queens_jewels_unique_sets_and_duplicates_start_a_new_set() -> None:
    assert jewel_points(Counter({"jewelR": 1, "jewelG": 1, "jewelB": 1, "jewelY": 1})) == 16
    assert jewel_points(Counter({"jewelR": 1, "jewelG": 1, "jewelB": 1})) == 9
    assert jewel_points(Counter({"jewelR": 2, "jewelG": 1})) == 5 + 2


def test_sheriffs_badge_most_recent_is_worth_five() -> None:
    assert collection_points(["sheriff"], 0) == 5
    assert collection_points(["sheriff", "sheriff", "sheriff"], 0) == 5 + 2 + 2


def test_collection_of_bullets_needs_six_types_white_flag_and_itself_counting() -> None:
    five = ["bullets", "gold", "oil", "totem", "compass"]
    assert collection_points(five, 0) == 3 - 2 + 2 + 2
    assert collection_points(five, 1) == 3 - 2 + 2 + 2 + 1 + 4
    assert collection_points([*five, "jewelR", "jewelG"], 0) == 3 - 2 + 2 + 2 + 5 + 4  # jewels are one type


def test_badge_of_humility_bonus_goes_to_every_tied_leader() -> None:
    assert score_all([["humility", "humility"], ["humility", "humility"], ["humility"]], [0, 0, 0]) == [8, 8, 2]
    assert score_all([[], []], [0, 0]) == [0, 0]


def test_gold() -> None:
    assert collection_points(["gold", "gold"], 0) == 6
