"""Team UP! hint budgets: counted work (never the clock), remembered plans for a known order, determinism."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cargobay.engine import Match
from cargobay.games.teamup import SPEC, solver
from cargobay.games.teamup import sim as sim_module
from cargobay.games.teamup.hint import hint
from cargobay.games.teamup.rules import GAME
from cargobay.games.teamup.search import SHAPE_PIDS
from cargobay.games.teamup.sim import FLEX_COST, RANK_COST, Sim, Work
from cargobay.games.teamup.solver import HINT_BUDGET, Problem, planned, proves_perfect, puzzle_setup

from .helpers import play, started

MAX_CHARGE = FLEX_COST + 10_000 // 4  # more than the largest single charge (filtering every stack: 1 per 4)


def _views(seed: int, count: int) -> list[dict[str, Any]]:
    """The views of a seeded blind game played by the medium bot, from its first decisions on."""
    match = Match(GAME, ["medium"], seed)
    match.play_chance()
    bot = SPEC.bot("medium")
    views = []
    while not GAME.is_terminal(match.state) and len(views) < count:
        view = GAME.view(match.state, 0)
        views.append(view)
        match.apply(0, bot.choose(GAME, view, random.Random(0)))
    return views


def _greedy_work(view: dict[str, Any]) -> int:
    """The work of the part a hint always does: reading the position and the greedy's own choice."""
    work = Work()
    table = Sim.from_view(view, work)
    if view["phase"] == "place":
        table.unseen[sim_module.CARD_INDEX[view["card"]]] += 1
        table.choose(view["card"])
    return work.spent


def test_the_greedy_off_the_aim_is_counted_too() -> None:
    """With no reachable full layer left to keep, the greedy ranks every placement by its local rank (a scan
    of every footprint for dead cells) after checking every footprint of the card: both are work."""
    views = [view for view in _views(5, 60) if view["phase"] == "place"]
    checked = 0
    for view in views:
        table = Sim.from_view(view, Work())
        table.unseen[sim_module.CARD_INDEX[view["card"]]] += 1
        moves = table.moves(view["card"])
        if len(moves) < 2 or any(m.z < table.floor for m in moves):
            continue  # the aim's branch (charged through ``flexibility``)
        footprints = sum(len(SHAPE_PIDS[m.shape]) for m in {m.shape: m for m in moves}.values())
        work = Work()
        table.work = work
        table.choose(view["card"])
        assert work.spent >= footprints + RANK_COST * len(moves)
        checked += 1
    assert checked >= 3


def test_the_blind_hint_stays_within_its_work_budget() -> None:
    limit = 8_000
    cut = 0
    for view in _views(4, 12) + _views(7, 12):
        free = hint(view, random.Random(1), work=None)
        found = hint(view, random.Random(1), work=limit)
        # the decision within the limit (the greedy's own choice always made), the playouts within a third more
        assert found.work_spent <= max(limit, _greedy_work(view)) + limit // 3 + 2 * MAX_CHARGE
        assert found.action in view["legal"] or (found.action == "" and not view["legal"][0].startswith("place"))
        if free.work_spent > limit + MAX_CHARGE:
            cut += 1
            assert found.work_spent < free.work_spent
    assert cut >= 5  # the budget did cut the work of several of these hints


def test_a_budget_cut_keeps_the_answer_so_far() -> None:
    view = next(v for v in _views(4, 12) if v["phase"] == "place" and len(v["legal"]) > 3)
    tiny = hint(view, random.Random(1), work=1)
    assert tiny.action in view["legal"] and tiny.expected is None  # the greedy's choice, no playout ended
    assert hint(view, random.Random(1)).expected is not None


def test_the_blind_hint_is_the_same_for_the_same_state() -> None:
    views = _views(9, 10)
    first = [hint(view, random.Random(3)) for view in views]
    sim_module._AIMS.clear()  # what is cached must not change the answer nor the work counted
    again = [hint(view, random.Random(3)) for view in reversed(views)][::-1]
    assert [(h.action, h.expected, h.work_spent, h.options) for h in first] == \
        [(h.action, h.expected, h.work_spent, h.options) for h in again]


def _follow_puzzle(seed: int) -> int:
    """A Puzzle followed by the hint button to the end: the score."""
    match = Match(GAME, ["human"], seed, {"mode": "puzzle"})
    match.play_chance()
    while not GAME.is_terminal(match.state):
        advice = GAME.hint(match.state, 0)
        assert advice is not None and advice["known"]
        match.apply(0, str(advice["action"]))
    return GAME.scores(match.state)[0]


@pytest.mark.parametrize("seed", [0, 3, 11])
def test_puzzle_hints_follow_the_proof_to_25(seed: int) -> None:
    assert _follow_puzzle(seed) == 25


def test_the_proof_of_a_puzzle_is_remembered_and_its_hints_are_look_ups() -> None:
    solver._PLANS.clear()
    spot, deck = puzzle_setup(random.Random("remembered"))
    assert proves_perfect(spot, deck)
    problem = Problem.start(spot, deck)
    first = planned(problem, budget=0)  # no search allowed: only a remembered plan can answer
    assert first.exact and first.perfect and first.score == 25 and first.nodes == 0
    state = started(list(deck), spot, mode="challenge")
    for step in first.plan:  # every position along the plan is a look-up too, drawn or not
        view = GAME.view(state, 0)
        assert planned(Problem.from_view(view, view["upcoming"]), budget=0).plan[0] == step
        state = play(state, "draw")
        if step.startswith("place:"):
            view = GAME.view(state, 0)
            assert planned(Problem.from_view(view, [view["card"], *view["upcoming"]]), budget=0).plan[0] == step
            state = play(state, step)
    assert GAME.scores(state)[0] == 25


def test_without_a_remembered_plan_the_known_hint_searches_within_its_node_budget() -> None:
    spot, deck = puzzle_setup(random.Random("forgotten"))
    solver._PLANS.clear()  # a reloaded page: the proof is not remembered
    problem = Problem.start(spot, deck)
    found = planned(problem)
    assert found.nodes <= HINT_BUDGET + 1 and found.score == 25
    assert planned(problem, budget=0).nodes == 0  # remembered now
    solver._PLANS.clear()
    cut = solver.solve(Problem.start(spot, deck), budget=1)
    assert cut.nodes == 2 and not cut.exact  # the search stopped at its budget (one node over it)
