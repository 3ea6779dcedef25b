"""The engine against its frozen copy (tests/games/loot/reference/: the engine before it was made faster): seeded
random matches over 2-6 seats, both options of the shootout, chosen item types and the deck dealt cryptographically;
both engines play the same actions side by side, each from its own states, and at every step they must agree on the
node (the player, the seats acting, each acting seat's legal actions IN ORDER), the chance event sampled from the
same random state, the state's JSON, the scores, the result and every seat's view; and ``apply`` must leave the
state it was given as it was (the engine copies before it changes one)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cargobay.engine import CHANCE, TERMINAL
from cargobay.games.loot.rules import GAME
from tests.games.loot.helpers import ACTIONS_3
from tests.games.loot.reference.rules import GAME as REFERENCE

MATCHES = 60


def _options(seed: int) -> tuple[int, dict[str, Any]]:
    seats = 2 + seed % 5
    options: dict[str, Any] = {"shootout": "gun cards" if seed % 3 == 1 else "quick-draw"}
    if seats == 2 and seed % 4 == 0:
        options["third_location"] = False
    if seats == 3 and seed % 2 == 1:
        options["items"] = list(ACTIONS_3)  # every card with an action in
    if seed % 10 == 7:
        options["crypto"] = True
    return seats, options


def _same(state: Any, reference: Any, seed: int, step: int) -> Any:
    """The node compared; the state's JSON."""
    where = (seed, step)
    data = GAME.state_to_json(state)
    assert data == REFERENCE.state_to_json(reference), where
    player = GAME.current_player(state)
    assert player == REFERENCE.current_player(reference), where
    assert GAME.acting_seats(state) == REFERENCE.acting_seats(reference), where
    assert GAME.result(state) == REFERENCE.result(reference), where
    for seat in range(state.players):
        assert GAME.legal_actions(state, seat) == REFERENCE.legal_actions(reference, seat), (*where, seat)
    if step % 7 == 0 or player == TERMINAL:
        assert GAME.scores(state) == REFERENCE.scores(reference), where
        for seat in [None, *range(state.players)]:
            assert GAME.view(state, seat) == REFERENCE.view(reference, seat), (*where, seat)
    return data


def _match(seed: int) -> int:
    """One random match played by both engines; the steps compared."""
    rng = random.Random(seed)
    seats, options = _options(seed)
    state, reference = GAME.new_state(seats, options), REFERENCE.new_state(seats, options)
    step = 0
    while True:
        data = _same(state, reference, seed, step)
        player = GAME.current_player(state)
        if player == TERMINAL:
            return step
        if player == CHANCE:
            twin = random.Random()
            twin.setstate(rng.getstate())
            action = GAME.sample_chance(state, rng)
            assert REFERENCE.sample_chance(reference, twin) == action, (seed, step)
            moves = [(CHANCE, action)]
        else:
            moves = [(seat, rng.choice(GAME.legal_actions(state, seat))) for seat in GAME.acting_seats(state)][:1]
        for seat, action in moves:
            before = state
            state, reference = GAME.apply(state, seat, action), REFERENCE.apply(reference, seat, action)
            assert GAME.state_to_json(before) == data, (seed, step, "apply changed the state it was given")
            step += 1


def test_the_engine_plays_as_its_reference_at_every_step_of_random_matches() -> None:
    assert sum(_match(seed) for seed in range(MATCHES)) > 2_000


@pytest.mark.slow
def test_the_engine_plays_as_its_reference_in_a_longer_sweep() -> None:
    """The same over 1,000 more seeds (``python build.py test --slow``; about a minute)."""
    assert sum(_match(seed) for seed in range(MATCHES, MATCHES + 1_000)) > 30_000
