"""No TF22 state is part of a reference cycle (the review of session 6, finding 3): with the cyclic garbage collector
off, a state is freed as soon as its last reference goes, after its legal actions, a refused build (refusals.py
asks ``legal.build_place`` with the state's ``seat.Seat``), the actors of a breach (``legal.actors``) and random
play. A state's cache holds its Seats, so a Seat holding its state strongly would keep every such state alive
until the collector runs (in Pyodide too)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable, Iterator

import pytest

from cargobay.engine import IllegalActionError, StateError
from cargobay.games.tf22 import legal
from cargobay.games.tf22.rules import GAME
from cargobay.games.tf22.seat import context
from cargobay.games.tf22.state import TF22State
from tests.games.tf22.helpers import Scenario, random_steps, start


@pytest.fixture(autouse=True)
def no_collector() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _freed(make: Callable[[], TF22State]) -> bool:
    """``make``'s state is freed by reference counting alone once ``make`` has returned and the probe is all left."""
    probe = weakref.ref(make())
    return probe() is None


def test_a_state_is_freed_after_a_refused_build() -> None:
    def refused() -> TF22State:
        s = Scenario()
        pu = s.add("production", 0, "18,14", "pu")
        s.add("ore", -1, inside="pu")
        s.add("ore", -1, "18,13")  # the hex to build on is occupied
        state = s.state
        assert any(action.startswith(f"build:{pu}>") for action in GAME.legal_actions(state, 0))
        with pytest.raises(IllegalActionError, match="occupied"):
            GAME.apply(state, 0, f"build:{pu}>rcu@18,13")
        return state

    assert _freed(refused)


def test_a_state_is_freed_after_the_actors_of_a_breach() -> None:
    def breached() -> TF22State:
        s = Scenario(tide="E")
        s.add("speedboat", 1, "13,13", "top")
        s.add("speedboat", 1, "13,15", "bottom")
        s.add("speedboat", 0, "11,16", "boat")
        s.add("rcu", 0, "16,15", "rcu")
        state = s.play("move:{rcu}>15,14")
        assert state.breach == s["rcu"]
        assert sorted(legal.actors(state, 0)) == sorted([s["rcu"], s["boat"]])
        return state

    assert _freed(breached)


def test_every_state_of_random_play_is_freed_once_dropped() -> None:
    kept = steps = 0
    probe: weakref.ref[TF22State] | None = None
    for step in random_steps(5, 3, 4):
        kept += probe is not None and probe() is not None  # the state before: played on from, then dropped
        GAME.legal_choices(step.state, step.seat)
        for pid in legal.actors(step.state, step.seat):
            legal.unit_actions(step.state, step.seat, pid)
        probe = weakref.ref(step.state)
        steps += 1
    del step
    assert probe is not None and probe() is None
    assert kept == 0 and steps > 50


def test_a_seat_kept_past_its_state_raises_a_state_error() -> None:
    """``Seat.state`` is a real check (review finding L3: an ``assert`` vanishes under ``python -O``)."""
    state = start(2)
    seat = context(state, state.seat)
    assert seat.state is state
    del state
    with pytest.raises(StateError, match="outlived its state"):
        _ = seat.state
