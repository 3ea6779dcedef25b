"""The unit lists carried from a state to its copies (``carry.entry``): with ``carry.CHECK_CARRIED``
on, every list taken over from the state before is compared with one made afresh, at every step of random matches
(2-4 seats) and for every unit of the seat to act, and in the children the bots' searches make (``search.after``:
a copy changed by ``execute`` straight, with no undo entry and the parent's Zones of Fire handed over); the matches
must carry lists often enough for that to mean something."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cargobay.engine import CHANCE, TERMINAL
from cargobay.games.tf22 import carry, legal
from cargobay.games.tf22.bots import MediumBot, StrongBot
from cargobay.games.tf22.rules import GAME
from cargobay.games.tf22.seat import Seat
from tests.games.tf22.helpers import random_steps, start

MATCHES = 12


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts [lists asked for, lists carried] while every carried list is checked against a fresh one."""
    counts = [0, 0]
    entry = legal.entry

    def counted(ctx: Seat, pid: int, make: Callable[[Seat, int], list[str]]) -> list[str]:
        counts[0] += 1
        carried = ctx.carried
        read = None if carried is None else carried[1].get(pid)
        if read is not None and read[0] is ctx.pieces.get(pid) and carried is not None:
            counts[1] += carried[2].isdisjoint(read[1])
        return entry(ctx, pid, make)

    monkeypatch.setattr(carry, "CHECK_CARRIED", True)
    monkeypatch.setattr(legal, "entry", counted)
    return counts


def _match(seed: int) -> int:
    steps = 0
    for step in random_steps(seed, 2 + seed % 3, 20 if seed % 6 == 0 else 5):
        for pid in legal.actors(step.state, step.seat):
            legal.unit_actions(step.state, step.seat, pid)
        steps += 1
    return steps


def test_every_carried_unit_list_is_the_one_made_afresh(checked: list[int]) -> None:
    assert sum(_match(seed) for seed in range(MATCHES)) > 2000
    asked, carried = checked
    assert carried > asked // 3, checked


def test_every_carried_list_of_the_bots_search_children_is_the_one_made_afresh(checked: list[int]) -> None:
    """Strong (seat 0) and medium (seat 1) decide the first moves of a match: each decision searches from a state
    rebuilt from the view (nothing carried into it) through ``search.after``'s children, which carry lists."""
    state = start(2)
    bots = [StrongBot(), MediumBot()]
    rng = random.Random(2)
    moves = 0
    while moves < 3:
        player = GAME.current_player(state)
        assert player not in (CHANCE, TERMINAL)
        action = bots[player].choose(GAME, GAME.view(state, player), rng)
        moves += action == "end"
        state = GAME.apply(state, player, action)
    asked, carried = checked
    assert carried > 300 and carried > asked // 4, checked
