"""The unit lists carried from a state to its copies (``carry.entry``): with ``carry.CHECK_CARRIED``
on, every list taken over from the state before is compared with one made afresh, at every step of random matches
(2-4 seats) and for every unit of the seat to act; the matches must carry lists often enough for that to mean
something."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cargobay.engine import CHANCE, TERMINAL
from cargobay.games.tf22 import carry, legal
from cargobay.games.tf22.rules import GAME
from cargobay.games.tf22.seat import Seat

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
    rng = random.Random(seed)
    seats = 2 + seed % 3
    state = GAME.new_state(seats, {"turns": 20 if seed % 6 == 0 else 5})
    steps = 0
    while (player := GAME.current_player(state)) != TERMINAL:
        if player == CHANCE:
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
            continue
        actions = GAME.legal_actions(state, player)
        for pid in legal.actors(state, player):
            legal.unit_actions(state, player, pid)
        state = GAME.apply(state, player, rng.choice(actions))
        steps += 1
    return steps


def test_every_carried_unit_list_is_the_one_made_afresh(checked: list[int]) -> None:
    assert sum(_match(seed) for seed in range(MATCHES)) > 2000
    asked, carried = checked
    assert carried > asked // 3, checked
