"""A state handed to ``apply``, or to the bots' ``search.after``, is left as it was: the copy an action changes
shares what it does not change with its parent (the occupancy and the Zones of Fire copy on write, the containers
a unit's action does not touch), so a change made in place on the copy must never reach the parent. Over random
matches (2-4 seats, ``undo`` included), at every step the parent's JSON form, its occupancy and its Zones of Fire
are compared before and after its child is made, and at some steps after every child the search would try."""

from __future__ import annotations

import random

from cargobay.engine import CHANCE, TERMINAL
from cargobay.games.tf22.fire import Zones, zones
from cargobay.games.tf22.rules import GAME
from cargobay.games.tf22.search import after
from cargobay.games.tf22.state import Derived, TF22State

MATCHES = 3


def _zones(state: TF22State) -> tuple[object, ...]:
    found = zones(state)
    return [bytes(row) for row in found.count], found.covered, found.silenced, found.proj


def _match(seed: int) -> int:
    rng = random.Random(seed)
    seats = 2 + seed % 3
    state = GAME.new_state(seats, {"turns": 5})
    steps = 0
    while (player := GAME.current_player(state)) != TERMINAL:
        if player == CHANCE:
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
            continue
        actions = GAME.legal_actions(state, player)
        before, fire = GAME.state_to_json(state), _zones(state)
        action = "undo" if state.journal and rng.random() < 0.2 else rng.choice(actions)
        child = GAME.apply(state, player, action)
        if steps % 8 == 0 and state.phase == "play":
            for other in actions:
                after(GAME, state, player, other)
        assert GAME.state_to_json(state) == before, (seed, steps, action)
        assert state.derived.same(Derived(state.pieces)), (seed, steps, action)
        assert _zones(state) == fire, (seed, steps, action)
        fresh = Zones(state)
        assert ([bytes(row) for row in fresh.count], fresh.covered, fresh.silenced) == fire[:3], (seed, steps)
        state = child
        steps += 1
    return steps


def test_apply_and_the_search_children_leave_the_parent_state_as_it_was() -> None:
    assert sum(_match(seed) for seed in range(MATCHES)) > 500
