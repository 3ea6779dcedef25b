"""Loot N' Loaded options, quick-draw shootouts and the end-of-game tie playoff."""

from __future__ import annotations

import random

import pytest

from cargobay.engine import CHANCE, SIMULTANEOUS, IllegalActionError, InvalidActionError, Match
from cargobay.games.loot.rules import GAME, beaten
from cargobay.games.loot.state import LootState

from .helpers import act, start


def duel(shootout: str) -> LootState:
    return act(start(2, ["gold", "oil", "totem", "compass", "totem", "oil"], shootout), (0, "pick:1"),
               (1, "pick:1"))


def test_options_choose_the_items_the_locations_and_the_shootout() -> None:
    items = ["totem", "jewels", "oil", "gold", "cat", "letter"]
    match = Match(GAME, ["easy"] * 3, 5, {"items": items, "third_location": False, "shootout": "gun cards"})
    match.play_chance()
    kinds = {card.rstrip("RGBY") if card.startswith("jewel") else card for card in match.state.deck}
    assert kinds <= {"totem", "jewel", "oil", "gold", "cat", "letter", "hog2", "hog3"}
    assert match.state.mode == "gun cards" and len(match.state.locations) == 3  # 3 players: 3 anyway
    two = GAME.new_state(2, {"third_location": False})
    assert len(two.locations) == 2 and len(GAME.new_state(2).locations) == 3
    with pytest.raises(ValueError, match="3 players need 30-45 item cards"):
        GAME.new_state(3, {"items": ["totem", "gold", "dart"]})
    with pytest.raises(ValueError, match="at least one unique item"):
        GAME.new_state(3, {"items": ["totem", "oil", "compass", "boots", "dart", "cat"]})
    with pytest.raises(ValueError, match="option 'shootout'"):
        GAME.info.resolve_options({"shootout": "lasers"})


def test_a_deck_not_of_the_chosen_items_is_refused() -> None:
    state = GAME.new_state(3, {"items": ["totem", "jewels", "oil", "gold", "cat", "letter"]})
    other = GAME.sample_chance(GAME.new_state(3), random.Random(2))
    with pytest.raises(IllegalActionError, match="whole item types"):
        GAME.apply(state, CHANCE, other)


def test_a_tied_gun_goes_to_a_quick_draw_and_the_fastest_wins() -> None:
    state = act(duel("quick-draw"), (0, "gun:valiant"), (1, "gun:valiant"))
    assert state.phase == "shootout" and state.shooters == [0, 1] and GAME.current_player(state) == SIMULTANEOUS
    state = GAME.apply(state, 1, "draw:244")
    assert GAME.view(state, 0)["committed"] == [1] and GAME.view(state, 0)["my_draw"] is None
    assert GAME.view(state, 1)["my_draw"] == 244
    state = GAME.apply(state, 0, "draw:251")
    assert state.collections == [[], ["gold"]] and state.flags == [1, 0]
    assert state.last == {"kind": "shootout", "choices": [[0, 251], [1, 244]]}


def test_an_early_draw_loses_and_a_void_shootout_goes_again_then_a_coin() -> None:
    state = act(duel("quick-draw"), (0, "gun:sneaky"), (1, "gun:sneaky"))
    early = act(state, (0, "draw:early"), (1, "draw:900"))
    assert early.collections == [[], ["gold"]]
    for _ in range(2):
        state = act(state, (0, "draw:300"), (1, "draw:300"))  # a tie for fastest: void
        assert state.phase == "shootout" and state.draws == [None, None]
    state = act(state, (0, "draw:early"), (1, "draw:early"))
    assert state.phase == "coin" and state.coin_among == [0, 1]
    state = GAME.apply(state, CHANCE, "coin:0")
    assert state.collections == [["gold"], []] and state.flags == [0, 1]


def test_any_duel_gun_starts_a_bottle_duel_in_quick_draw_and_acts_as_an_acolyte_with_gun_cards() -> None:
    quick = act(duel("quick-draw"), (0, "gun:duel"), (1, "gun:deadly"))
    assert quick.phase == "shootout" and quick.spent == [["duel"], []]
    cards = act(duel("gun cards"), (0, "gun:duel"), (1, "gun:deadly"))
    assert cards.collections == [["gold"], []]
    cards = act(duel("gun cards"), (0, "gun:duel"), (1, "gun:acolyte"))
    assert cards.phase == "gun" and cards.ties == 1  # both act as Acolytes: a tie, play again


def test_draw_times_are_checked() -> None:
    state = act(duel("quick-draw"), (0, "gun:valiant"), (1, "gun:valiant"))
    for bad in ("draw:0", "draw:10000", "draw:-5", "draw:fast"):
        with pytest.raises(InvalidActionError, match="a draw is early or 1-9999 ms"):
            GAME.apply(state, 0, bad)
    with pytest.raises(IllegalActionError, match="nobody is drawing"):
        GAME.apply(duel("quick-draw"), 0, "draw:200")
    assert GAME.apply(state, 0, "draw:1234").draws[0] == 1234  # any time is a time, not only those listed


def _last_round(shootout: str) -> LootState:
    state = start(2, ["gold", "gold", "totem", "oil", "oil", "compass"], shootout)
    state = state.copy()
    state.round = 10
    return state


def test_an_end_tie_is_settled_by_a_gun_card_playoff() -> None:
    state = act(_last_round("gun cards"), (0, "pick:1"), (1, "pick:2"))  # a Gold each: 3 - 3
    assert state.phase == "playoff" and state.tied == [0, 1] and GAME.result(state) is None
    state = act(state, (0, "gun:valiant"), (1, "gun:valiant"))
    assert state.phase == "playoff" and state.ties == 1
    state = act(state, (0, "gun:acolyte"), (1, "gun:valiant"))
    assert GAME.result(state) == {"scores": [3, 3], "winners": [0], "tied": [0, 1]}
    assert state.spent[0] == ["acolyte"]


def test_an_end_tie_is_settled_by_a_quick_draw() -> None:
    state = act(_last_round("quick-draw"), (0, "pick:1"), (1, "pick:2"))
    assert state.phase == "shootout" and state.shooters == [0, 1] and state.playoff == [0, 1]
    state = act(state, (0, "draw:310"), (1, "draw:290"))
    assert GAME.result(state) == {"scores": [3, 3], "winners": [1], "tied": [0, 1]}


def test_a_clear_winner_needs_no_playoff() -> None:
    state = act(_last_round("quick-draw"), (0, "pick:1"), (1, "pick:3"))  # Gold 3 v Totem 2
    assert GAME.result(state) == {"scores": [3, 2], "winners": [0], "tied": [0]}


def test_the_playoff_knocks_out_beaten_guns() -> None:
    assert beaten({0: "valiant", 1: "deadly", 2: "deadly", 3: "valiant"}) == [1, 2]
    assert beaten({0: "acolyte", 1: "duel"}) == []  # both Acolytes
    assert beaten({0: "sneaky", 1: "sneaky"}) == []
