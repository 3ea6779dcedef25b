"""TF22: LOAD! strong bot's search parts: its static evaluations (``bot_eval``), its matrix solver, its options."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from cargobay.engine import CHANCE, Match
from cargobay.games.load.bot_eval import evaluate_round
from cargobay.games.load.bots import StrongBot
from cargobay.games.load.rules import GAME
from cargobay.games.load.sim import Sim, _evaluate, card_int, unseen_cards

HAND = [f"{colour}{value}" for colour in "YRBG" for value in (1, 2, 3)]  # one 1, 2 and 3 of every colour


def test_the_strong_bot_names_its_evaluation() -> None:
    assert StrongBot(evaluation="round").evaluate is evaluate_round
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


def test_at_round_threes_start_a_container_lead_is_worth_the_piles_still_to_be_won() -> None:
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


def _after_one_battle() -> tuple[dict, dict]:
    """Both seats hold one 1, 2 and 3 of every colour (the 0s face down); seat 0 plays R1, seat 1 plays Y1.
    Returns seat 0's views before and after that battle (the other seat's one G3 is still in its hand)."""
    match = Match(GAME, ["a", "b"], 0)
    match.apply(CHANCE, "deal:" + ",".join(["Y0", "R0", "B0", "G0", *HAND, *HAND]))
    before = GAME.view(match.state, 0)
    match.apply(0, "play:R1")
    match.apply(1, "play:Y1")  # red beats yellow: seat 0 loads
    return before, GAME.view(match.state, 0)


def _with_g3(dets: list[Sim]) -> float:
    g3 = card_int("G3")
    return sum(g3 in det.hands[1] for det in dets) / len(dets)


def test_inference_deals_the_opponent_fewer_of_the_cards_it_would_have_played_had_it_held_them() -> None:
    before, after = _after_one_battle()
    assert after["phase"] == "load" and after["last_battle"]["cards"] == ["R1", "Y1"]
    # at battle 1, G3 looked far better for the other seat than anything else (my margin -10 against it)
    columns = sorted(set(HAND))
    matrix = [[-10.0 if card == "G3" else 0.0 for card in columns] for _ in before["hand"]]
    strategy = [1.0 / len(before["hand"])] * len(before["hand"])
    uniform = StrongBot(determinizations=200)
    inferring = StrongBot(determinizations=200, infer=True, infer_beta=2.0, infer_candidates=400)
    assert inferring.inference is not None
    inferring.inference.observe(before)
    inferring.inference.note(before, columns, matrix, strategy)
    inferring.inference.observe(after)  # it played Y1: so it most likely has no G3
    assert inferring.inference.played == {1: "Y1"}
    # 11 of the 15 unseen cards are its hand: dealt uniformly it holds the one unseen G3 about 11/15 of the time
    assert _with_g3(uniform._determinize(GAME, after, random.Random(4))) > 0.6
    assert _with_g3(inferring._determinize(GAME, after, random.Random(4))) < 0.05
    # every hand dealt is one it may hold: 11 of the unseen cards
    unseen = Counter(card_int(card) for card in unseen_cards(after).elements())
    for det in inferring._determinize(GAME, after, random.Random(5)):
        assert len(det.hands[1]) == 11 and not Counter(det.hands[1]) - unseen
    # with nothing remembered (a bot made for this decision alone) it deals as without the option
    fresh = StrongBot(determinizations=200, infer=True)
    assert [det.hands[1] for det in fresh._determinize(GAME, after, random.Random(4))] == [
        det.hands[1] for det in uniform._determinize(GAME, after, random.Random(4))
    ]


# 40 hands' log weights against six battles of evidence, printed exactly (float.hex)
LOG_WEIGHTS = """
import random
from cargobay.games.load.bot_infer import Inference
from cargobay.games.load.rules import DECK
cards = sorted(set(DECK))
local = random.Random(7)
evidence = [({c: local.uniform(-20, 20) for c in cards}, local.sample(DECK, b)) for b in range(1, 7)]
print([Inference(1.0, 8).log_weight(local.sample(DECK, 6), evidence).hex() for _ in range(40)])
"""


def test_the_inference_weighs_a_hand_the_same_whatever_the_hash_seed() -> None:
    # review L2: the sum ran over a set of strings, whose order (and so the float sum) varied with PYTHONHASHSEED
    core = str(Path(__file__).resolve().parents[3] / "core")
    outputs = set()
    for hash_seed in ("0", "1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": core}
        done = subprocess.run([sys.executable, "-c", LOG_WEIGHTS], env=env, capture_output=True, text=True,
                              check=True, timeout=60)
        outputs.add(done.stdout)
    assert len(outputs) == 1, outputs


def test_the_inferring_bot_remembers_the_round_and_forgets_it_at_the_next() -> None:
    before, after = _after_one_battle()
    bot = StrongBot(determinizations=4, rollouts=2, iterations=30, load_rollouts=4, budget=500, infer=True)
    assert bot.inference is not None
    bot.choose(GAME, before, random.Random(1))
    assert set(bot.inference.values) == {1} and set(bot.inference.values[1]) <= set(unseen_cards(before))
    bot.choose(GAME, after, random.Random(1))
    assert bot.inference.played == {1: "Y1"}
    bot.inference.observe({**after, "round": 2, "turn": 0, "phase": "choose", "last_battle": None})
    assert bot.inference.values == {} and bot.inference.played == {}


def _two_cards_left() -> Sim:
    """Round 1, two battles left, empty ships: seat 0 holds G3 and Y1, seat 1 holds G1 and R1."""
    sim = Sim()
    sim.turn = 10
    sim.hands = [[card_int("G3"), card_int("Y1")], [card_int("G1"), card_int("R1")]]
    return sim


def test_greedy_rollouts_play_the_card_that_beats_the_others_hand() -> None:
    from cargobay.games.load.bot_rollout import greedy_rollout

    # G3 beats both of the other's cards, Y1 only G1; against them R1 loses only to G3, G1 to both: greedy play is
    # G3 against R1, then Y1 against G1 (yellow beats green): seat 0 wins both battles, a green and a yellow
    for seed in range(20):
        sim = _two_cards_left()
        greedy_rollout(sim, random.Random(seed), 1.0)
        assert (sim.counts, sim.round) == ([[1, 0, 0, 1], [0, 0, 0, 0]], 2)
    outcomes = set()
    for seed in range(20):  # uniform cards: Y1 against R1 (red wins) and G3 against G1 come up too
        sim = _two_cards_left()
        sim.rollout(random.Random(seed))
        outcomes.add(tuple(map(tuple, sim.counts)))
    assert ((0, 0, 0, 1), (0, 1, 0, 0)) in outcomes


def test_the_strong_bot_rolls_out_greedily_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    from cargobay.games.load import bots

    calls: list[float] = []
    real = bots.greedy_rollout

    def counting(sim: Sim, rng: random.Random, greedy: float) -> None:
        calls.append(greedy)
        real(sim, rng, greedy)

    monkeypatch.setattr(bots, "greedy_rollout", counting)
    before, _ = _after_one_battle()
    light = {"determinizations": 4, "rollouts": 2, "iterations": 30, "load_rollouts": 4, "budget": 500}
    bots.StrongBot(**light).choose(GAME, before, random.Random(1))
    assert calls == []
    bots.StrongBot(**light, rollout_greedy=0.5).choose(GAME, before, random.Random(1))
    assert calls and set(calls) == {0.5}


def test_respond_best_responds_to_how_the_opponent_is_modelled_not_to_the_equilibrium() -> None:
    from cargobay.games.load.bot_solve import respond_to_quantal

    payoff = [[3.0, -1.0], [-1.0, 1.0]]  # the equilibrium mixes both rows (1/3, 2/3)
    assert respond_to_quantal(payoff, [(0, 1)], 0.0) == [1.0, 0.0]  # both columns alike: row 0 gains 1, row 1 none
    assert respond_to_quantal(payoff, [(1,)], 0.0) == [0.0, 1.0]  # it can only play column 1
    assert respond_to_quantal(payoff, [(0, 1)], 50.0) == [0.0, 1.0]  # it plays the column worth more to it: 1
    assert respond_to_quantal(payoff, [(0,), (1,), (1,), (1,)], 0.0) == [0.0, 1.0]  # column 0 a quarter of the time
    before, _ = _after_one_battle()
    light = {"determinizations": 4, "rollouts": 2, "iterations": 30, "load_rollouts": 4, "budget": 500}
    strategy = StrongBot(**light, respond=True).strategy(GAME, before, random.Random(2))
    assert max(strategy.values()) == 1.0 and sum(strategy.values()) == 1.0
    assert max(StrongBot(**light).strategy(GAME, before, random.Random(2)).values()) < 1.0


def _quick_load_as_computed(ship: list[int], ranks: list[int]) -> tuple[list[int], int]:
    """``Sim.quick_load``'s move computed afresh (``_quick_choice``): the ship after it, and 1 for a new container."""
    from cargobay.games.load.sim import _quick_choice

    after = ship[:]
    rank, source, target = _quick_choice(after, ranks)
    assert after == ship  # the helper leaves the ship as it was
    if source >= 0:
        after[source] ^= 1 << rank
    after[target] |= 1 << rank
    return after, int(source < 0)


def test_the_rollouts_looked_up_loads_and_jam_risks_are_the_computed_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    from cargobay.games.load import sim as model

    monkeypatch.setattr(model, "QUICK_SIZE", 64)  # small, so that the tables are also cleared on the way
    monkeypatch.setattr(model, "QUICK", {})
    monkeypatch.setattr(model, "JAMS", {})
    local = random.Random(3)
    ships = [[local.choice((0, 1, 3, 5, 7, 9, 11, 15, 2, 6)) for _ in range(5)] for _ in range(60)]
    checked = 0
    for _ in range(3):  # the first pass computes, the later ones look up (past the clearing)
        for ship in ships:
            assert model._jam_risk(ship) == model._ship_jam_risk(ship)
            for ranks in ([0], [1], [2], [3], [1, 3], [0, 2]):
                if min(ship) >= 1 << max(ranks):
                    continue  # quick_load is only asked for a colour the ship can take
                sim = Sim()
                sim.ships[1] = ship[:]
                sim.quick_load(1, ranks)
                after, new = _quick_load_as_computed(ship, ranks)
                assert sim.ships[1] == after and sum(sim.counts[1]) == new
                checked += 1
    assert checked > 500 and 0 < len(model.QUICK) <= 64 and 0 < len(model.JAMS) <= 64
