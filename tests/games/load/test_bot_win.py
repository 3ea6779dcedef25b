"""TF22: LOAD! strong bot's win-probability evaluation (``bot_win``) and the fit behind its scale."""

from __future__ import annotations

import itertools
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cargobay.games.load.bot_eval import evaluate_round
from cargobay.games.load.bot_win import WIN_SCALE, result, win_of
from cargobay.games.load.bots import StrongBot
from cargobay.games.load.sim import Sim, _evaluate

ROOT = Path(__file__).resolve().parents[3]


def _late() -> Sim:
    """Round 3, two battles to go: seat 0 three points up, majorities even, no piles this round."""
    sim = Sim()
    sim.round, sim.turn = 3, 10
    sim.scores = [20, 17]
    sim.ships = [[1, 1, 0, 0, 0], [1, 1, 0, 0, 0]]
    sim.counts = [[2, 0, 0, 0], [2, 0, 0, 0]]
    return sim


def test_a_finished_match_is_worth_its_result() -> None:
    sim = _late()
    sim.over = True
    assert (result(sim, 0), result(sim, 1)) == (1.0, -1.0)
    sim.scores = [17, 17]
    assert (result(sim, 0), result(sim, 1)) == (0.0, 0.0)
    sim.ships[1][0] = 15  # a complete stack: seat 1 has more bonus points, so it loses the tie
    assert (result(sim, 0), result(sim, 1)) == (1.0, -1.0)
    assert win_of(_evaluate)(sim, 0) == 1.0  # the result, whatever the margin's size


def test_a_margin_is_worth_the_probit_of_its_fitted_scale() -> None:
    sim = _late()
    margin = _evaluate(sim, 0)
    assert margin > 0
    evaluate = win_of(_evaluate)
    left = 2
    assert evaluate(sim, 0) == pytest.approx(math.erf(margin / (WIN_SCALE[left] * math.sqrt(2))))
    assert evaluate(sim, 1) == pytest.approx(-evaluate(sim, 0))  # zero-sum
    # the same three points are worth less of a win with more of the match to go
    early = sim.copy()
    early.round, early.turn = 1, 0
    assert 0 < win_of(_evaluate)(early, 0) < evaluate(sim, 0)
    # a wider scale (a bench argument) is a flatter map
    assert 0 < win_of(_evaluate, 2.0)(sim, 0) < evaluate(sim, 0)
    # the map keeps the order of margins L battles from the end (so the loads it ranks keep their order)
    ahead = sim.copy()
    ahead.scores = [25, 17]
    assert evaluate(ahead, 0) > evaluate(sim, 0)


def test_the_strong_bot_names_the_win_evaluations() -> None:
    sim = _late()
    assert StrongBot(evaluation="win").evaluate(sim, 0) == win_of(_evaluate)(sim, 0)
    assert StrongBot(evaluation="round-win").evaluate(sim, 0) == win_of(evaluate_round)(sim, 0)
    assert StrongBot(evaluation="win", win_factor=2.0).evaluate(sim, 0) == win_of(_evaluate, 2.0)(sim, 0)


def test_the_scale_is_one_per_battle_left_and_widens_with_them() -> None:
    assert len(WIN_SCALE) == 37  # WIN_SCALE[L], L = 1..36 battles left (0 unused: the match is over)
    scales = WIN_SCALE[1:]
    assert all(s > 0 for s in scales)
    assert all(a <= b for a, b in itertools.pairwise(scales))


def test_the_fit_script_prints_a_table_of_that_shape() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "core")}
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "load_win_fit.py"), "--games", "6", "--seed", "3"],
        capture_output=True, text=True, check=True, env=env, timeout=120,
    ).stdout
    line = next(row for row in out.splitlines() if row.startswith("WIN_SCALE = ("))
    values = [float(v) for v in line.removeprefix("WIN_SCALE = (").removesuffix(")").split(",")]
    assert len(values) == len(WIN_SCALE)
    assert values[0] == 0.0 and all(v > 0 for v in values[1:])
