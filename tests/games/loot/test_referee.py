"""Differential check: the Loot N' Loaded engine against an independent referee (tests/referees/loot/).

The referee was written from rules/loot.txt, the rulings, the docstring of games/loot/rules.py and
docs/loot-engine.md; it shares no code with the engine (only the action parser and the deck tables of cards.py).
Each match is stepped action by action with random players: the phase and who acts, every seat's legal actions,
collections, White Flags, spent guns, discards, locations, the deck (order included), held cards, prompts, unused
Love Letters, the Sheriff's Badges in order, live scores and the result must agree. A rules change that the referee
disagrees with fails here: decide from the texts which side is right. The big sweep is
``python bench/loot_referee.py --matches 1500``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.referees import loot as referee

SEED = 7
# match_setup(index, SEED) varies players 2-6, both shootout modes, third_location and the items (indices 0-14: every
# player count in both modes); the indices of RARE are there for a rare path each (found by running the sweep's
# set-ups with seed 7)
RARE = {  # (re-picked after rulings 7-9 changed the legal sets, and so the random players' streams)
    16: "playoff rounds with nobody out",                  # gun-card playoff: three quiet rounds, a coin
    24: "coins in a duel (quick-draw)",                    # three void shootouts in a row
    35: "pick with no card left",                          # 2 players, the deck ran out: a round with no picks
    43: "end: the table-wide Sheriff changes the top score",  # (with each player's own latest Badge: a tie)
    68: "coins in a playoff",                              # quick-draw end tie, decided by a coin
    90: "stolen unused letters",                           # a Sleeping Dart takes an unused Love Letter
    95: "third clovers (a Copy Cat) (of a second set)",    # a Copy Cat as the sixth Clover draws a card
    209: "playoffs (gun cards, 3 tied)",
    269: "cat waited: flag",                               # a first-round Copy Cat becomes a White Flag
    410: "cat waited: a Dynamite with no other card",      # the former K2: cat=dynamite discards the Dynamite
}


def compare(index: int, **kwargs: Any) -> Any:
    players, options = referee.match_setup(index, SEED)
    tally = referee.Tally()
    ref = referee.compare_match(players, options, 1000 * SEED + index, tally, probe=index % 3 == 0, **kwargs)
    assert tally.matches == 1 and ref.phase == "end"
    return ref


@pytest.mark.parametrize("index", [*range(15), *sorted(RARE)])
def test_random_matches(index: int) -> None:
    ref = compare(index)
    if index in RARE:
        # the engine agrees already; this keeps the seed reaching the path it is here for
        assert ref.seen[RARE[index]], "the random stream changed: re-pick the seed for " + RARE[index]


def test_chosen_item_sets() -> None:
    """The engine accepts exactly the item sets the referee calls valid (a basic, a unique and an action type,
    10-15 item cards per player after the 2-player Card Balance, Hogwash not counted)."""
    tally = referee.Tally()
    referee.check_items(tally, 60, SEED)
    assert tally.items_checked == 60


def test_a_wrong_referee_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison can fail: a referee with one wrong scoring value (Gold 4 instead of 3) disagrees."""
    monkeypatch.setitem(referee.FLAT, "gold", 4)
    with pytest.raises(referee.Disagreement, match="scores"):  # noqa: PT012 (any of the ten matches may disagree)
        for index in range(10):
            compare(index)


def test_a_wrong_duel_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """... and so does one with a wrong duel hierarchy (Sneaky beats Deadly)."""
    monkeypatch.setitem(referee.BEATS, "sneaky", "deadly")
    monkeypatch.setitem(referee.BEATS, "deadly", "valiant")
    monkeypatch.setitem(referee.BEATS, "valiant", "sneaky")
    with pytest.raises(referee.Disagreement):  # noqa: PT012 (any of the ten matches may disagree)
        for index in range(10):
            compare(index)


# ---- scripted corners: a stacked deck and chosen actions, compared step by step (then stopped) -------------------

def picks(*locations: int) -> list[tuple[int, str]]:
    return [(seat, f"pick:{loc}") for seat, loc in enumerate(locations)]


def scripted(players: int, items: list[str], top: list[str], moves: list[tuple[int, str]],
             shootout: str = "gun cards") -> Any:
    tally = referee.Tally()
    script = [(-1, referee.stacked(players, items, top)), *moves]
    return referee.compare_match(players, {"items": items, "shootout": shootout}, 0, tally, script=script)


def test_a_stolen_copy_cat_counts_as_a_bullets_type_while_it_copies() -> None:
    items = ["cat", "dart", "bullets", "gold", "oil", "totem", "compass"]
    top = ["bullets", "cat", "gold", "oil", "hog2", "totem", "compass", "totem", "oil", "gold", "oil", "totem",
           "dart", "oil", "totem"]
    ref = scripted(3, items, top, [*picks(1, 2, 3) * 5, (0, "steal:1:cat=hog2")])
    assert ref.prompt == (0, "copy", "cat")
    assert [c.text for c in ref.colls[0]] == ["bullets", "oil", "compass", "gold", "dart", "cat"]
    assert ref.scores()[0] == 1 + 4          # 6 types with the plain Copy Cat: the Bullets score


def test_a_traded_love_letter_is_used_up() -> None:
    items = ["letter", "sleight", "gold", "oil", "totem", "compass"]
    top = ["letter", "oil", "totem", "sleight", "oil", "totem", "gold", "compass"]
    ref = scripted(3, items, top, [*picks(1, 2, 3), (0, "letter:later"), *picks(1, 2, 3), (0, "trade:gold:letter"),
                                   (0, "put:compass:0"),
                                   (0, "put:letter:0"), *picks(1, 2, 3)])
    # the traded Letter's use went with it; put back on top, it is a new Letter for who takes it in round 3
    assert ref.letters[0] == [0, 3, 1] and [c.text for c in ref.colls[0]] == ["sleight", "gold", "letter"]


def test_a_dynamited_love_letter_is_used_up() -> None:
    items = ["letter", "dynamite", "gold", "oil", "totem", "compass"]
    top = ["letter", "oil", "totem", "oil", "gold", "totem", "dynamite", "oil", "totem"]
    ref = scripted(3, items, top, [*picks(1, 2, 3), (0, "letter:later"), *picks(1, 2, 3), (0, "letter:later"),
                                   *picks(1, 2, 3), (0, "discard:letter+oil")])
    assert ref.letters == [] and [c.text for c in ref.colls[0]] == ["dynamite"]


def test_a_copy_cat_copying_a_love_letter_is_a_letter_and_leaves_with_it() -> None:
    items = ["cat", "letter", "dart", "gold", "oil", "totem", "compass"]
    top = ["oil", "letter", "totem", "oil", "cat", "totem", "dart", "oil", "totem", "gold", "oil", "totem"]
    start = [*picks(1, 2, 3), (1, "letter:later"), *picks(1, 2, 3), (1, "copy:letter")]
    ref = scripted(3, items, top, start)
    assert ref.letters == [[1, 1, 2], [1, 2, 2]]
    # the Dart takes the Copy Cat: seat 1 keeps one unused Letter, the thief's Copy Cat copies anew
    ref = scripted(3, items, top, [*start, (1, "letter:later"), *picks(1, 2, 3), (0, "steal:1:cat=letter")])
    assert ref.letters == [[1, 1, 2]] and ref.prompt == (0, "copy", "cat")
    # or seat 1 uses both Letters, one a round (the first takes the Dart: it hits seat 0 at once)
    ref = scripted(3, items, top, [*start, (1, "letter:1"), (1, "steal:0:oil"), (0, "pick:2"), (2, "pick:3"),
                                   (1, "letter:1")])
    assert ref.letters == [] and ref.sitting == {1} and ref.round == 4 and ref.flags == [1, 0, 0]


def test_a_second_crowd_discards_before_the_pickups() -> None:
    # round 2: seats 0-3 crowd location 5, seat 4 takes location 2; in the redo seat 0 takes the Dynamite of
    # location 1 and seats 1-3 crowd location 5 again: its Gold is discarded (White Flags) before the Dynamite acts
    items = ["dynamite", "gold", "oil", "totem", "compass", "flower", "boots", "jewels"]
    top = ["oil", "totem", "compass", "flower", "boots", "dynamite", "totem", "compass", "flower", "gold"]
    redo = [(0, "pick:1"), (1, "pick:5"), (2, "pick:5"), (3, "pick:5")]
    ref = scripted(5, items, top, [*picks(1, 2, 3, 4, 5), *picks(5, 5, 5, 5, 2), *redo])
    assert ref.prompt == (0, "discard", "dynamite") and ref.legal(0) == {"discard:oil"}
    assert ref.discards == ["gold"] and ref.flags == [0, 1, 1, 1, 0] and ref.locations[4] is None

def test_ruling_9_a_stolen_third_clover_draws() -> None:
    """Seat 0 holds 2 Clovers and steals seat 1's with a Dart: its 3rd Clover, obtained by theft, draws the top
    card (ruling 9; before, a stolen Clover drew nothing), here the deck's last Clover."""
    items = ["clover", "dart", "gold", "oil", "totem", "compass"]
    top = ["clover", "clover", "totem", "clover", "oil", "totem", "dart", "oil", "totem"]
    ref = scripted(3, items, top, [*picks(1, 2, 3) * 3, (0, "steal:1:clover")])
    assert [c.text for c in ref.colls[0]] == ["clover", "clover", "dart", "clover", "clover"]
    assert ref.seen["third clovers"] == 1 and ref.phase == "pick"


def test_a_waiting_copy_cat_does_not_become_another_copy_cats_copy() -> None:
    """Found by the 4,500-match sweep (seed 2, match 146): seat 1's first-round Copy Cat waits, then becomes the
    Sleight of Hand it wins; the Sleight exchanges itself (ruling 9) for a Copy Cat drawn, which waits too (nothing
    in front of seat 1). The first Copy Cat then turns into its copy: that is no card received ("it becomes the
    second card you receive"), so the second Copy Cat still waits (the engine had it copy the copy)."""
    deck = ("deck:cat,hog2,sleight,jewelB,cat,hog3,keys,hog2,hog2,handkerchief,letter,jewelG,jewelY,hog3,dynamite,"
            "sleight,keys,jewelG,bullets,bullets,hog2,dynamite,jewelB,hog3,jewelR,bullets,dart,hog3,letter,dart,"
            "handkerchief,bullets")
    moves = [(1, "pick:1"), (0, "pick:1"), (1, "gun:acolyte"), (0, "gun:valiant"), (1, "pick:3"), (0, "pick:3"),
             (1, "gun:valiant"), (0, "gun:duel"), (1, "draw:370"), (0, "draw:early"), (1, "trade:cat:sleight"),
             (1, "put:hog3:12"), (1, "put:sleight:16")]
    options = {"shootout": "quick-draw", "third_location": True,
               "items": ["cat", "handkerchief", "letter", "dart", "keys", "dynamite", "sleight", "bullets", "jewels"]}
    ref = referee.compare_match(2, options, 0, referee.Tally(), script=[(-1, deck), *moves])
    assert [c.text for c in ref.colls[1]] == ["cat", "cat=sleight"] and ref.prompt == (1, "trade", "cat=sleight")


# ---- the engine's former deviations (K1, K2; fixed): the logs agree now --------------------------------------------

def test_k1_two_waiting_copy_cats_and_a_white_flag() -> None:
    # seat 0 takes a Copy Cat in rounds 1 and 2 (both wait), then loses a duel in round 3: a White Flag, and every
    # waiting Copy Cat becomes it
    items = ["cat", "gold", "oil", "totem", "compass", "glass"]
    top = ["cat", "oil", "totem", "cat", "oil", "totem", "gold", "oil", "totem"]
    ref = scripted(3, items, top, [*picks(1, 2, 3) * 2, *picks(1, 1, 3), (0, "gun:sneaky"), (1, "gun:deadly")])
    assert [c.text for c in ref.colls[0]] == ["cat=flag", "cat=flag"] and ref.flags[0] == 1
    assert ref.scores()[0] == 5                                # 3 White Flags


def test_k2_dynamite_with_only_a_waiting_copy_cat() -> None:
    # seat 0 takes a Copy Cat in round 1 (it waits), then a Dynamite: the Copy Cat leaves, the Dynamite arrives
    # with no other card (no prompt), then cat=dynamite arrives and acts: its only choice is the real Dynamite
    items = ["cat", "dynamite", "gold", "oil", "totem", "compass"]
    top = ["cat", "oil", "totem", "dynamite", "oil", "totem"]
    ref = scripted(3, items, top, [*picks(1, 2, 3) * 2])
    assert ref.prompt == (0, "discard", "cat=dynamite") and ref.legal(0) == {"discard:dynamite"}
    assert [c.text for c in ref.colls[0]] == ["dynamite", "cat=dynamite"]
    ref = scripted(3, items, top, [*picks(1, 2, 3) * 2, (0, "discard:dynamite")])
    assert [c.text for c in ref.colls[0]] == ["cat=dynamite"] and ref.phase == "pick" and ref.scores()[0] == 5


# ---- Sheriff's Badge: one most recent Badge for the whole table (by round, then location) -------------------------

SHERIFF = ["sheriff", "dart", "letter", "gold", "oil", "totem", "compass"]


def test_the_most_recent_sheriffs_badge_is_one_for_the_table() -> None:
    ref = scripted(3, SHERIFF, ["sheriff", "sheriff", "oil"], picks(1, 2, 3))
    assert ref.badges == [[0, 1, 1, 1], [1, 1, 2, 2]] and ref.newest_badge() == 1
    assert ref.scores()[:2] == [2, 5]                          # the per-player reading: 5 and 5


def test_a_love_letters_badge_at_a_higher_location_is_newer_than_a_later_pickup() -> None:
    # round 2: seat 0's Love Letter takes the Badge of location 3 before the picks; seat 1 then picks up the Badge
    # of location 1: obtained later, but at a lower location of the same round
    top = ["letter", "oil", "totem", "sheriff", "oil", "sheriff"]
    ref = scripted(3, SHERIFF, top, [*picks(1, 2, 3), (0, "letter:3"), (1, "pick:1"), (2, "pick:2")])
    assert [e[:3] for e in ref.badges] == [[1, 2, 1], [0, 2, 3]] and ref.newest_badge() == 0
    assert ref.scores()[:2] == [2 + 5, -2 + 2]


def test_a_stolen_badge_is_obtained_anew_at_the_darts_location() -> None:
    # round 2: seat 2 picks up the Badge of location 3; seats 0 and 1 duel for the Dart of location 1, seat 1 wins
    # and steals seat 0's Badge of round 1: a new entry (round 2, location 1), still older than (round 2, location 3)
    top = ["sheriff", "oil", "totem", "dart", "oil", "sheriff"]
    moves = [*picks(1, 2, 3), *picks(1, 1, 3), (0, "gun:sneaky"), (1, "gun:deadly"), (1, "steal:0:sheriff@1.1")]
    ref = scripted(3, SHERIFF, top, moves)
    assert [e[:3] for e in ref.badges] == [[1, 2, 1], [2, 2, 3]] and ref.newest_badge() == 2
    assert ref.scores() == [3, -2 + -2 + 2, 2 + 5]


def test_copy_cat_badges_and_a_discarded_badge() -> None:
    items = ["sheriff", "cat", "dynamite", "gold", "oil", "totem", "compass"]
    top = ["sheriff", "sheriff", "cat", "cat", "oil", "sheriff", "dynamite", "totem", "gold"]
    # round 1: Badges for seats 0 (location 1) and 1 (location 2), seat 2's Copy Cat waits; round 2: seat 0's Copy
    # Cat copies its Badge (location 1), seat 2's Badge arrives (location 3), then its waiting Copy Cat as a Badge
    start = [*picks(1, 2, 3) * 2, (0, "copy:sheriff")]
    ref = scripted(3, items, top, start)
    assert [e[:3] for e in ref.badges] == [[0, 1, 1], [1, 1, 2], [0, 2, 1], [2, 2, 3], [2, 2, 3]]
    assert [c.text for c in ref.colls[2]] == ["sheriff@2.3", "cat=sheriff@2.3"] and ref.scores()[2] == 5 + 2
    # round 3: seat 2's Dynamite discards both its Badges: its two entries go, seat 0 holds the newest
    ref = scripted(3, items, top, [*start, *picks(2, 3, 1), (2, "discard:cat=sheriff@2.3+sheriff@2.3")])
    assert [e[:3] for e in ref.badges] == [[0, 1, 1], [1, 1, 2], [0, 2, 1]] and ref.newest_badge() == 0
    assert ref.scores() == [5 + 2 + 2, 2 - 2 + 3, 5]        # seat 0: 2 Badges and a Totem; seat 1: Badge, Oil, Gold


def test_ruling_6_the_referee_agrees_on_the_worked_example() -> None:
    """Seat 0 holds Badges from rounds 1 and 3 and a Snake Oil, seat 1 one from round 2; in round 4 seat 0's Dynamite
    discards the Snake Oil and the round-1 Badge: seat 0 keeps the table's most recent Badge (5 + Dynamite 5)."""
    items = ["oil", "totem", "gold", "sheriff", "dynamite", "dart"]
    top = ["sheriff", "gold", "gold", "oil", "sheriff", "sheriff", "dynamite", "gold", "gold"]
    moves = [(0, "pick:1"), (1, "pick:2")] * 2 + [(0, "pick:1"), (1, "pick:3"), (0, "pick:2"), (1, "pick:1"),
                                                  (0, "discard:oil+sheriff@1.1")]
    ref = scripted(2, items, top, moves)
    assert [c.text for c in ref.colls[0]] == ["sheriff@3.1", "dynamite"] and ref.newest_badge() == 0
    assert ref.scores() == [10, 11]


def test_two_waiting_copy_cats_and_a_gold() -> None:
    # both waiting Copy Cats become the Gold, after it
    items = ["cat", "dynamite", "gold", "oil", "totem", "compass"]
    top = ["cat", "oil", "totem", "cat", "oil", "totem", "gold", "oil", "totem"]
    ref = scripted(3, items, top, [*picks(1, 2, 3) * 3])
    assert [c.text for c in ref.colls[0]] == ["gold", "cat=gold", "cat=gold"] and ref.scores()[0] == 9


# ---- K3, found by the referee and fixed in the engine ----------------------------------------------------------

def test_k3_two_waiting_copy_cats_and_a_dynamite() -> None:
    # seat 0 takes a Copy Cat in rounds 1 and 2 (both wait), then a Dynamite: both Copy Cats leave, the Dynamite
    # arrives with no other card (no prompt), then the first copy arrives and acts: it can discard only the Dynamite
    items = ["cat", "dynamite", "gold", "oil", "totem", "compass"]
    top = ["cat", "oil", "totem", "cat", "oil", "totem", "dynamite", "oil", "totem"]
    ref = scripted(3, items, top, [*picks(1, 2, 3) * 3])
    # the engine had: [0, 'discard', 'dynamite'] with the collection ['cat', 'dynamite'] and only 'discard:cat'
    assert ref.prompt == (0, "discard", "cat=dynamite") and ref.legal(0) == {"discard:dynamite"}
