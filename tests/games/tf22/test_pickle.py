"""A TF22 state pickles and deep-copies mid-match, its caches filled (OpenSpiel's random_sim_test does both, through
the research adapter): the copy plays on exactly as the original. The per-state Seat refers to its state weakly
(7ed7a22), which pickle cannot take: CI's OpenSpiel conformance test failed on it."""

from __future__ import annotations

import copy
import pickle

from cargobay.games.tf22.rules import GAME
from tests.games.tf22.helpers import random_steps


def test_a_state_with_its_caches_filled_pickles_and_deep_copies_and_plays_on_the_same() -> None:
    checked = 0
    for step in random_steps(3, 3, 4):  # each step's legal actions fill the caches (zones, the Seat, carried lists)
        state, player, legal = step.state, step.seat, step.legal
        if checked % 5 == 0:
            for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):  # noqa: S301 (our own bytes)
                assert GAME.state_to_json(twin) == GAME.state_to_json(state)
                assert GAME.legal_actions(twin, player) == legal
                action = legal[checked % len(legal)]
                assert GAME.state_to_json(GAME.apply(twin, player, action)) == GAME.state_to_json(
                    GAME.apply(state, player, action))
        checked += 1
    assert checked > 50
