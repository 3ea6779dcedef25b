"""TF22: LOAD! strong bot's capacity-aware static evaluation (``bot_eval``): the majority model and its use."""

from __future__ import annotations

import math
import random

import pytest

from cargobay.engine import CHANCE, Match
from cargobay.games.load.bot_eval import ADD, evaluate_cap, p_majority
from cargobay.games.load.bots import StrongBot
from cargobay.games.load.rules import GAME
from cargobay.games.load.sim import Sim, _evaluate

HAND = [f"{colour}{value}" for colour in "YRBG" for value in (1, 2, 3)]  # one 1, 2 and 3 of every colour


def test_a_lead_the_other_ship_cannot_close_is_a_sure_majority_and_a_deficit_beyond_ones_room_a_lost_one() -> None:
    for left in (1, 5, 12, 36):
        assert p_majority(1, 2, left, 0, 1) == pytest.approx(1.0)  # the other ship takes at most one more
        assert p_majority(1, 1, left, 0, 1) < 1.0  # one more there ties it
        assert p_majority(2, -2, left, 2, 5) == 0.0  # two short, room for two: a tie at best
        assert (p_majority(2, -2, left, 3, 0) > 0.0) == (left >= 3)  # three more of it take three battles
    assert p_majority(0, 1, 0, 5, 5) == 1.0 and p_majority(0, 0, 0, 5, 5) == 0.0  # the round is over


def test_with_room_to_spare_the_majority_is_the_uncapped_binomial_race() -> None:
    q, n = ADD[3], 6

    def pmf(k: int) -> float:
        return math.comb(n, k) * q**k * (1 - q) ** (n - k)

    for d in (-1, 0, 1):
        exact = sum(pmf(x) * pmf(y) for x in range(n + 1) for y in range(n + 1) if d + x - y > 0)
        # caps of 5: only 6 additions of 6 battles are cut, which is rare at q = 0.13
        assert p_majority(3, d, n, 5, 5) == pytest.approx(exact, abs=1e-4)


def test_the_evaluation_knows_a_locked_majority_where_the_old_one_guesses() -> None:
    sim = Sim()
    sim.turn = 2  # ten battles left in round 1
    sim.ships = [[1, 1, 0, 0, 0], [2, 8, 8, 8, 8]]  # I have 2 Yellow; the other ship can take none (no empty slot)
    sim.counts = [[2, 0, 0, 0], [0, 1, 0, 4]]
    sim.piles = [[6, 0, 0, 0], [0, 0, 0, 0]]
    # the yellow pile is sure to score: the cap evaluation counts all 6; the old one a share
    locked = sim.copy()
    locked.piles = [[0, 0, 0, 0], [0, 0, 0, 0]]
    assert evaluate_cap(sim, 0) - evaluate_cap(locked, 0) == pytest.approx(6.0)
    assert _evaluate(sim, 0) - _evaluate(locked, 0) < 6.0 - 0.2
    assert evaluate_cap(sim, 1) == pytest.approx(-evaluate_cap(sim, 0))


def test_the_evaluation_of_a_finished_match_is_its_margin() -> None:
    sim = Sim()
    sim.over, sim.scores = True, [30, 21]
    assert evaluate_cap(sim, 0) == _evaluate(sim, 0) == 9.0
    assert evaluate_cap(sim, 1) == -9.0


def test_the_strong_bot_names_its_evaluation() -> None:
    assert StrongBot(evaluation="cap").evaluate is evaluate_cap
    assert StrongBot(evaluation="v1").evaluate is _evaluate
    with pytest.raises(ValueError, match="evaluation"):
        StrongBot(evaluation="nope")


def test_the_fast_solver_gives_regret_matchings_row_strategy_to_the_last_bit() -> None:
    from cargobay.bots.search import regret_matching
    from cargobay.games.load.bot_solve import row_strategy

    rng = random.Random(8)
    for _ in range(25):
        n, m = rng.randint(1, 9), rng.randint(1, 9)
        payoff = [[rng.uniform(-9, 9) for _ in range(m)] for _ in range(n)]
        assert row_strategy(payoff, 120) == regret_matching(payoff, 120)[0]
    with pytest.raises(ValueError, match="at least one row"):
        row_strategy([], 10)


def test_with_distinct_loads_interchangeable_slots_are_one_option_and_cost_no_search() -> None:
    match = Match(GAME, ["a", "b"], 0)
    match.apply(CHANCE, "deal:" + ",".join(["Y0", "R0", "B0", "G0", *HAND, *HAND]))
    match.apply(0, "play:G3")
    match.apply(1, "play:B3")  # green wins: five empty slots, five loads that make the same ship
    view = GAME.view(match.state, 0)
    assert view["phase"] == "load" and len(view["legal"]) == 5
    rng = random.Random(1)
    state = rng.getstate()
    assert StrongBot(distinct_loads=True).choose(GAME, view, rng) == view["legal"][0]
    assert rng.getstate() == state  # one option left: no determinization, no rollout drew from the rng
    StrongBot(distinct_loads=False).choose(GAME, view, rng)
    assert rng.getstate() != state


def test_at_round_threes_start_a_container_lead_is_worth_the_piles_still_to_be_won() -> None:
    from cargobay.games.load.bot_eval import evaluate_round

    sim = Sim()
    sim.round, sim.turn = 3, 0  # the last round's start: piles empty, twelve battles to go
    sim.ships = [[2, 2, 1, 0, 0], [2, 1, 0, 0, 0]]
    sim.counts = [[1, 2, 0, 0], [1, 1, 0, 0]]  # one Red container ahead
    even = sim.copy()
    even.counts = [[1, 1, 0, 0], [1, 1, 0, 0]]
    # the old evaluation counts only the piles already won and the later rounds: here none of either
    assert _evaluate(sim, 0) == _evaluate(even, 0)
    lead = evaluate_round(sim, 0) - evaluate_round(even, 0)
    assert 1.0 < lead < 5.0  # a share of one round's majority worth (5), as the lead may still be lost
    assert evaluate_round(sim, 1) - evaluate_round(even, 1) == pytest.approx(-lead)
    sim.turn = 11  # one battle to go: little left to win with it
    even.turn = 11
    assert 0.0 < evaluate_round(sim, 0) - evaluate_round(even, 0) < lead / 4
    sim.over = True
    assert evaluate_round(sim, 0) == _evaluate(sim, 0)
    assert StrongBot(evaluation="round").evaluate is evaluate_round
