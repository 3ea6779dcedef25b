"""The move generator against its reference (tests/games/tf22/reference/: state.py, fire.py and legal.py as they
were before the occupancy, the Zones of Fire and the activity of units were kept up to date from state to state
instead of recomputed): random matches, at every step the acting seat's legal actions from the engine's own state
(made by ``apply`` from the one before, so every incremental update is on the path) and from the reference's
state read afresh from the same JSON must be the same list; the occupancy kept up to date must be the one computed
afresh."""

from __future__ import annotations

import dataclasses

from cargobay.games.tf22.state import Derived, TF22State
from tests.games.tf22.helpers import random_steps
from tests.games.tf22.reference import legal as reference_legal
from tests.games.tf22.reference import state as reference_state

MATCHES = 200
FIELDS = [field.name for field in dataclasses.fields(reference_state.TF22State) if not field.name.startswith("_")]


def _reference(state: TF22State) -> reference_state.TF22State:
    """The same position as a state of the reference (nothing derived or cached carried over)."""
    return reference_state.TF22State(**{name: getattr(state, name) for name in FIELDS} | {"pieces": dict(state.pieces)})


def _match(seed: int) -> int:
    """One random match (2-4 seats, 3 turns; every 40th one the full 20 turns); the steps compared."""
    compared = 0
    for step in random_steps(seed, 2 + seed % 3, 20 if seed % 40 == 0 else 3):
        state, legal = step.state, step.legal
        reference = reference_legal.legal_actions(_reference(state), step.seat)
        assert legal == reference, (seed, compared, sorted(set(legal) ^ set(reference)))
        assert state.derived.same(Derived(state.pieces)), (seed, compared)
        compared += 1
    return compared


def test_the_same_legal_actions_as_the_reference_at_every_step_of_200_random_matches() -> None:
    assert sum(_match(seed) for seed in range(MATCHES)) > 15_000
