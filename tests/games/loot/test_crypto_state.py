"""A Loot N' Loaded state dealt cryptographically saves and loads at every node: also while cards open for a
prompt's answer (phase ``open`` with the prompt still pending: the state before the waiting answer; a paused
match failed to load there with "an item card's choice is pending exactly in the prompt phase")."""

from __future__ import annotations

import random

import pytest

from cargobay.engine import CHANCE, TERMINAL, StateError
from cargobay.games.loot.rules import GAME

from .helpers import ACTIONS_3


def test_a_crypto_state_loads_while_cards_open_for_a_prompts_answer() -> None:
    waiting = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_state(3, {"crypto": True, "items": list(ACTIONS_3), "shootout": "gun cards"})
        while GAME.current_player(state) != TERMINAL:
            loaded = GAME.state_from_json(GAME.state_to_json(state))
            assert GAME.state_to_json(loaded) == GAME.state_to_json(state)
            if state.phase == "open" and state.prompt is not None:
                waiting += 1
                event = GAME.sample_chance(state, random.Random(seed))
                assert GAME.state_to_json(GAME.apply(loaded, CHANCE, event)) == GAME.state_to_json(
                    GAME.apply(state, CHANCE, event))  # the loaded state plays on the same
            if GAME.current_player(state) == CHANCE:
                state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
            else:
                seat = rng.choice(GAME.acting_seats(state))
                state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert waiting >= 5


def test_a_state_opening_cards_outside_a_crypto_match_is_refused() -> None:
    state = GAME.new_state(3, {"items": list(ACTIONS_3)})
    data = {**GAME.state_to_json(state), "phase": "open"}
    with pytest.raises(StateError, match="dealt cryptographically"):
        GAME.state_from_json(data)
