"""A check shared by the games whose actions share state with their parent: no later action changes a state made."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from typing import Any

from cargobay.engine import CHANCE, TERMINAL, Game


def assert_states_stay_as_they_were(game: Game[Any], seeds: Iterable[int], new_state: Callable[[int], Any]) -> None:
    """Seeded random matches (each from ``new_state(seed)``): every state's JSON at the end of
    the match is what it was when the state was made (an action's new state shares the lists it leaves alone, so
    an action that wrote one in place would change an earlier state)."""
    for seed in seeds:
        rng = random.Random(seed)
        state = new_state(seed)
        history = []
        while (player := game.current_player(state)) != TERMINAL:
            history.append((state, json.dumps(game.state_to_json(state))))
            if player == CHANCE:
                state = game.apply(state, CHANCE, game.sample_chance(state, rng))
                continue
            seat = rng.choice(game.acting_seats(state))
            state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        changed = [step for step, (old, text) in enumerate(history) if json.dumps(game.state_to_json(old)) != text]
        assert not changed, f"seed {seed}: the states of steps {changed[:5]} changed after they were made"
