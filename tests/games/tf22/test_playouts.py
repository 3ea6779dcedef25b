"""Whole 20-turn TF22 matches of random legal actions (the contract test plays a 4-turn variant): they end, keep
the invariants, replay from their logs, and a sample of their nodes passes the contract's full check."""

from __future__ import annotations

import json
import random

import pytest

from cargobay.engine import CHANCE, Match
from cargobay.games.tf22.rules import GAME
from cargobay.registry import GAMES
from tests.engine.test_contract import check_end, check_node
from tests.games.tf22.invariants import check_state


@pytest.mark.parametrize(("seats", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_a_whole_random_match(seats: int, seed: int) -> None:
    rng = random.Random(seed)
    match = Match(GAME, ["easy"] * seats, seed)
    while not GAME.is_terminal(match.state):
        if match.step % 97 == 0:
            check_node("tf22", match, rng)
        else:
            check_state(match.state)
        if GAME.current_player(match.state) == CHANCE:
            match.play_chance()
            continue
        seat = GAME.acting_seats(match.state)[0]
        match.apply(seat, rng.choice(GAME.legal_actions(match.state, seat)))
    assert match.state.turn == 20 and all(match.state.flown[seat] or not match.state.held_landers(seat)
                                          for seat in range(seats))
    check_end("tf22", match)
    replayed = Match.from_log(json.loads(json.dumps(match.to_log())), GAMES)
    assert GAME.state_hash(replayed.state) == GAME.state_hash(match.state)
