"""Loot N' Loaded item cards with a choice: Tall Glass of Water, Keys of Power, Sleight of Hand, Copy Cat and
Love Letter (Dynamite, Sleeping Dart and Handkerchief are in test_rules.py)."""

from __future__ import annotations

import pytest

from cargobay.engine import IllegalActionError
from cargobay.games.loot.cards import collection_points
from cargobay.games.loot.rules import GAME

from .helpers import ACTIONS_3, act, start

# 3 players, 3 locations: the first three cards are flipped, the deck goes on from the fourth
DECK_AFTER = ["totem", "gold", "oil"]


def three(top: list[str]):
    return start(3, top, items=ACTIONS_3)


def test_tall_glass_shows_the_top_three_to_its_owner_only_and_puts_them_back_in_a_chosen_order() -> None:
    state = act(three(["glass", "totem", "gold", "sleight", "keys", "dart"]), (0, "pick:1"), (1, "pick:2"),
                (2, "pick:3"))
    assert state.prompt == [0, "arrange", "glass"] and state.held == ["sleight", "keys", "dart"]
    assert state.collections == [["glass"], [], []]  # the later pickups wait for the Tall Glass
    assert GAME.view(state, 0)["held"] == ["sleight", "keys", "dart"]
    other = GAME.view(state, 1)
    assert other["held"] == [] and other["held_count"] == 3 and "sleight" in other["deck_cards"]
    deck = len(state.deck)
    assert len(GAME.legal_actions(state, 0)) == 3 * (deck + 1)  # each card held, at any depth (ruling 7)
    with pytest.raises(IllegalActionError):
        GAME.apply(state, 0, "put:gold:0")  # not a card held
    state = act(state, (0, "put:sleight:bottom"), (0, "put:keys:0"), (0, "put:dart:0"))
    assert state.deck[-1] == "sleight" and state.held == []
    assert state.collections == [["glass"], ["totem"], ["gold"]]
    assert state.locations == ["dart", "keys", state.locations[2]]  # replenished from the new top
    assert collection_points(["glass"], 0) == 3


def test_keys_of_power_keeps_one_arranges_the_others_then_performs_the_kept_cards_action() -> None:
    state = act(three(["totem", "gold", "keys", "dart", "oil", "glass"]), (0, "pick:1"), (1, "pick:3"),
                (2, "pick:2"))
    assert state.prompt == [1, "take", "keys"] and sorted(GAME.legal_actions(state, 1)) == [
        "take:dart", "take:glass", "take:oil"]
    state = GAME.apply(state, 1, "take:dart")
    assert state.prompt == [1, "arrange", "keys"] and sorted(state.held) == ["glass", "oil"]
    state = act(state, (1, "put:oil:0"), (1, "put:glass:bottom"))
    assert state.prompt == [1, "steal", "dart"]  # the Sleeping Dart kept is performed now
    state = GAME.apply(state, 1, "steal:0:totem")
    assert state.collections[1] == ["keys", "dart", "totem"] and state.flags[0] == 1
    assert state.locations[0] == "oil"  # the kept arrangement's top card was flipped at the end of the round


def test_sleight_of_hand_trades_a_drawn_card_for_an_own_card_or_keeps_all() -> None:
    state = act(three(["totem", "sleight", "gold", "oil", "gold", "totem"]), (0, "pick:1"), (1, "pick:3"),
                (2, "pick:2"))
    # round 1: seat 0 has a Totem, seat 2 draws oil, gold; it holds nothing but the Sleight, which it may give
    # (ruling 9)
    assert state.prompt == [2, "trade", "sleight"]
    assert GAME.legal_actions(state, 2) == ["trade:gold:sleight", "trade:none", "trade:oil:sleight"]
    state = act(state, (2, "trade:none"), (2, "put:gold:0"), (2, "put:oil:bottom"))
    assert state.collections[2] == ["sleight"] and state.deck[-1] == "oil"
    assert collection_points(["sleight"], 0) == 2


def test_sleight_of_hand_exchange_sends_the_own_card_into_the_deck() -> None:
    state = act(three(["totem", "gold", "gold", "totem", "sleight", "oil", "dart", "cat"]),
                (0, "pick:1"), (1, "pick:2"), (2, "pick:3"))
    assert state.locations == ["totem", "sleight", "oil"]
    state = act(state, (0, "pick:2"), (1, "pick:1"), (2, "pick:3"))
    assert state.prompt == [0, "trade", "sleight"] and state.held == ["dart", "cat"]
    assert {"trade:dart:totem", "trade:dart:sleight"} <= set(GAME.legal_actions(state, 0))  # itself: ruling 9
    state = GAME.apply(state, 0, "trade:dart:totem")
    assert sorted(state.held) == ["cat", "totem"] and state.prompt == [0, "arrange", "sleight"]
    state = act(state, (0, "put:cat:0"), (0, "put:totem:0"))
    assert state.prompt == [0, "steal", "dart"]  # the Dart taken is performed
    state = GAME.apply(state, 0, "steal:2:gold")
    assert state.collections[0] == ["sleight", "dart", "gold"] and state.flags[2] == 1


def test_copy_cat_copies_a_jewel_exactly_the_rulebook_example() -> None:
    # "If it copies a Queen's Jewels then it copies that exact jewel, not counting as a new unique jewel."
    assert collection_points(["jewelR", "jewelG"], 0) == 5
    assert collection_points(["jewelR", "jewelG", "cat=jewelR"], 0) == 5 + 2  # a new set, not 3 unique (9)
    assert collection_points(["jewelR", "jewelG", "cat=jewelB"], 0) == 9
    # "For Hogwash, it copies the same number of heads on the card."
    from cargobay.games.loot.cards import score_all
    assert score_all([["hog2", "cat=hog2"], ["hog3"]], [0, 0]) == [9, 6]


def test_copy_cat_copies_a_card_in_front_and_performs_its_ability() -> None:
    state = act(three(["totem", "gold", "gold", "cat", "dynamite", "oil"]), (0, "pick:1"), (1, "pick:2"),
                (2, "pick:3"))
    state = act(state, (0, "pick:1"), (1, "pick:2"), (2, "pick:3"))  # cat, dynamite, oil
    assert state.prompt == [0, "copy", "cat"] and GAME.legal_actions(state, 0) == ["copy:totem"]
    state = GAME.apply(state, 0, "copy:totem")
    assert state.collections[0] == ["totem", "cat=totem"] and GAME.scores(state)[0] == 4  # 2 Totems
    assert state.prompt == [1, "discard", "dynamite"]
    state = GAME.apply(state, 1, "discard:gold")
    assert state.collections[1] == ["dynamite"] and "gold" in state.discards


def test_a_first_round_copy_cat_becomes_the_next_card_received_even_a_white_flag() -> None:
    state = act(three(["cat", "gold", "totem", "gold", "totem", "oil"]), (0, "pick:1"), (1, "pick:2"),
                (2, "pick:3"))
    assert state.collections[0] == ["cat"] and state.prompt is None  # nothing to copy yet
    state = act(state, (0, "pick:2"), (1, "pick:2"), (2, "pick:3"))  # seat 0 and 1 duel for the Totem
    state = act(state, (0, "gun:sneaky"), (1, "gun:deadly"))  # Deadly beats Sneaky: seat 0 takes a flag
    assert state.collections[0] == ["cat=flag"] and state.flags[0] == 1
    assert collection_points(["cat=flag"], 1) == 3  # two White Flags


def test_a_waiting_copy_cat_copies_the_next_card_gained() -> None:
    state = act(three(["cat", "gold", "totem", "gold", "totem", "oil"]), (0, "pick:1"), (1, "pick:2"),
                (2, "pick:3"))
    state = act(state, (0, "pick:1"), (1, "pick:2"), (2, "pick:3"))
    assert state.collections[0] == ["gold", "cat=gold"] and GAME.scores(state)[0] == 6


def test_a_stolen_copy_cat_copies_a_card_of_its_new_owner() -> None:
    state = act(three(["totem", "cat", "gold", "dart", "oil", "gold"]), (0, "pick:1"), (1, "pick:2"),
                (2, "pick:3"))
    assert state.collections[1] == ["cat"]  # nothing to copy in round 1
    state = act(state, (0, "pick:1"), (1, "pick:2"), (2, "pick:3"))  # seat 0 takes the Dart
    assert state.prompt == [0, "steal", "dart"]
    state = GAME.apply(state, 0, "steal:1:cat")
    assert state.prompt == [0, "copy", "cat"] and GAME.legal_actions(state, 0) == ["copy:dart", "copy:totem"]
    state = GAME.apply(state, 0, "copy:totem")
    assert sorted(state.collections[0]) == ["cat=totem", "dart", "totem"] and state.flags[1] == 1


def test_love_letter_takes_a_card_before_the_picks_in_a_later_round() -> None:
    state = act(three(["letter", "gold", "totem", "gold", "totem", "oil"]), (0, "pick:1"), (1, "pick:2"),
                (2, "pick:3"))
    assert state.letters == [[0, 1, 1]]  # received in round 1 from location 1, usable from round 2
    state2 = state
    assert state2.round == 2 and state2.prompt == [0, "letter", "letter"]
    assert GAME.legal_actions(state2, 0) == ["letter:1", "letter:2", "letter:3", "letter:later"]
    later = GAME.apply(state2, 0, "letter:later")
    assert later.phase == "pick" and GAME.acting_seats(later) == (0, 1, 2) and later.letters == [[0, 1, 1]]
    used = GAME.apply(state2, 0, "letter:2")
    assert used.collections[0] == ["letter", "totem"] and used.letters == []
    assert used.phase == "pick" and GAME.acting_seats(used) == (1, 2)  # seat 0 sits out the picks
    assert used.locations[1] is None and GAME.legal_actions(used, 1) == ["pick:1", "pick:3"]
    used = act(used, (1, "pick:1"), (2, "pick:3"))
    assert used.round == 3 and used.prompt is None and GAME.acting_seats(used) == (0, 1, 2)  # used up


def test_love_letters_are_asked_in_the_order_received() -> None:
    state = act(three(["gold", "totem", "letter", "letter", "gold", "oil", "totem"]), (0, "pick:1"),
                (1, "pick:2"), (2, "pick:3"))
    assert state.letters == [[2, 1, 3]]
    state = act(state, (2, "letter:later"), (0, "pick:1"), (1, "pick:3"), (2, "pick:2"))
    assert state.collections[0][-1] == "letter" and state.letters == [[2, 1, 3], [0, 2, 1]]
    assert state.prompt == [2, "letter", "letter"]  # received first, asked first
    state = GAME.apply(state, 2, "letter:later")
    assert state.prompt == [0, "letter", "letter"]


def test_a_stolen_unused_love_letter_stays_unused_for_the_thief() -> None:
    state = act(three(["letter", "gold", "totem", "totem", "dart", "oil"]), (0, "pick:1"), (1, "pick:2"),
                (2, "pick:3"))
    state = act(state, (0, "letter:later"), (0, "pick:1"), (1, "pick:2"), (2, "pick:3"))
    assert state.prompt == [1, "steal", "dart"]
    state = GAME.apply(state, 1, "steal:0:letter")
    assert [entry[0] for entry in state.letters] == [1] and state.collections[0] == ["totem"]


def test_every_waiting_copy_cat_becomes_the_white_flag() -> None:
    # found by the independent referee (tests/referees/loot/): two waiting Copy Cats, then a White Flag
    items = ("cat", "gold", "oil", "totem", "compass", "glass")
    state = act(start(3, ["cat", "oil", "totem", "cat", "oil", "totem", "gold", "oil", "totem"], items=items),
                (0, "pick:1"), (1, "pick:2"), (2, "pick:3"))
    state = act(state, (0, "pick:1"), (1, "pick:2"), (2, "pick:3"))
    assert state.collections[0] == ["cat", "cat"]
    state = act(state, (0, "pick:1"), (1, "pick:1"), (2, "pick:3"), (0, "gun:sneaky"), (1, "gun:deadly"))
    assert state.collections[0] == ["cat=flag", "cat=flag"] and GAME.scores(state)[0] == 5  # 3 White Flags


def test_dynamite_whose_only_other_card_is_a_waiting_copy_cat_does_not_stall() -> None:
    # found by the referee: the Copy Cat becomes the Dynamite (after it), so the first Dynamite has nothing
    # to discard; the copy then discards the real one
    items = ("cat", "dynamite", "gold", "oil", "totem", "compass")
    state = act(start(3, ["cat", "oil", "totem", "dynamite", "oil", "totem", "gold", "oil", "totem"], items=items),
                (0, "pick:1"), (1, "pick:2"), (2, "pick:3"), (0, "pick:1"), (1, "pick:2"), (2, "pick:3"))
    assert state.prompt == [0, "discard", "cat=dynamite"] and GAME.legal_actions(state, 0) == ["discard:dynamite"]
    state = GAME.apply(state, 0, "discard:dynamite")
    assert state.collections[0] == ["cat=dynamite"] and GAME.scores(state)[0] == 5


def test_the_tables_most_recent_sheriffs_badge_is_worth_five() -> None:
    items = ("sheriff", "gold", "oil", "totem", "compass", "dart")
    state = act(start(3, ["sheriff", "oil", "sheriff", "gold", "totem", "sheriff", "oil", "gold", "totem"],
                      items=items), (0, "pick:1"), (1, "pick:2"), (2, "pick:3"))
    # same round: the Badge from the higher location (3) is the most recent
    assert [entry[0] for entry in state.badges] == [0, 2] and GAME.scores(state)[0::2] == [2, 5]
    state = act(state, (0, "pick:3"), (1, "pick:1"), (2, "pick:2"))
    assert GAME.scores(state)[0] == 2 + 5 and GAME.scores(state)[2] == 2 + 2
    assert GAME.view(state, 1)["newest_badge"] == 0
