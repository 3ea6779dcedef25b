"""TF22: LOAD! bots: legality, determinism, mixed strategies, strength (fixed seeds: deterministic)."""

from __future__ import annotations

import random

import pytest

from cargobay.bots import RandomBot
from cargobay.bots.search import exploitability, regret_matching, sample_index
from cargobay.engine import CHANCE, TERMINAL, Match
from cargobay.games.load.bots import MediumBot, StrongBot
from cargobay.games.load.rules import DECK, GAME
from cargobay.games.load.sim import Sim, _evaluate, card_int, card_str
from cargobay.registry import SPECS

# a light strong bot keeps the file fast; the defaults are measured in bench/bots_eval.py
FAST_STRONG = {"determinizations": 4, "rollouts": 3, "iterations": 60, "load_rollouts": 8, "budget": 2000}


def play(bots: list, seed: int, check_views: bool = False) -> Match:
    """A full match; every bot action is checked against the seat's legal list."""
    match = Match(GAME, ["a", "b"], seed)
    while True:
        player = GAME.current_player(match.state)
        if player == TERMINAL:
            return match
        if player == CHANCE:
            match.play_chance()
            continue
        for seat in GAME.acting_seats(match.state):
            view = GAME.view(match.state, seat)
            if check_views and view["phase"] == "choose" and view["chosen"][1 - seat]:
                # the other seat has chosen: swapping its pending card for any card it still holds
                # must leave this seat's view unchanged
                other_hand = match.state.hands[1 - seat]
                pending = match.state.chosen[1 - seat]
                assert view["my_choice"] is None
                for card in sorted(set(other_hand)):
                    alt = match.state.copy()
                    alt.hands[1 - seat].remove(card)
                    alt.hands[1 - seat] = sorted([*alt.hands[1 - seat], pending])
                    alt.chosen[1 - seat] = card
                    assert GAME.view(alt, seat) == view
            action = bots[seat].choose(GAME, view, match.rng(seat))
            assert action in view["legal"], (action, view["legal"])
            match.apply(seat, action)


@pytest.mark.parametrize("level", ["medium", "strong"])
def test_bots_only_play_legal_actions(level: str) -> None:
    make = (lambda: StrongBot(**FAST_STRONG)) if level == "strong" else MediumBot
    for seed, bots in ((1, [make(), RandomBot()]), (2, [RandomBot(), make()]), (3, [make(), make()])):
        match = play(bots, seed, check_views=seed == 1)
        assert GAME.result(match.state) is not None


def test_registry_gives_the_load_bots() -> None:
    spec = SPECS["load"]
    assert spec.levels == ("easy", "medium", "strong")
    assert isinstance(spec.bot("medium"), MediumBot) and spec.bot("medium").level == "medium"
    assert isinstance(spec.bot("strong"), StrongBot) and spec.bot("strong").level == "strong"
    assert isinstance(spec.bot("easy"), RandomBot)


def test_second_seat_does_not_see_the_first_seats_pending_card() -> None:
    match = Match(GAME, ["a", "b"], 7)
    match.play_chance()
    before = GAME.view(match.state, 1)
    states = []
    for card in sorted(set(match.state.hands[0]))[:3]:
        states.append(GAME.apply(match.state, 0, f"play:{card}"))
    views = [GAME.view(state, 1) for state in states]
    assert all(view == views[0] for view in views)
    assert views[0]["chosen"] == [True, False]
    assert views[0]["hand"] == before["hand"]
    assert views[0]["legal"] == before["legal"]


@pytest.mark.parametrize("level", ["medium", "strong"])
def test_bots_are_deterministic_for_a_seed(level: str) -> None:
    def make() -> object:
        return StrongBot(**FAST_STRONG) if level == "strong" else MediumBot()

    logs = [play([make(), make()], 11).to_log() for _ in range(2)]
    assert logs[0] == logs[1]
    # and the same view + the same rng seed give the same choice, whatever came before
    match = Match(GAME, ["a", "b"], 5)
    match.play_chance()
    view = GAME.view(match.state, 0)
    bot = make()
    first = bot.choose(GAME, view, random.Random(42))  # type: ignore[attr-defined]
    bot.choose(GAME, view, random.Random(1))  # type: ignore[attr-defined]
    assert bot.choose(GAME, view, random.Random(42)) == first  # type: ignore[attr-defined]


def symmetric_match() -> Match:
    """Both seats hold one 1, 2 and 3 of every colour; the four 0s lie face down."""
    hand = [f"{colour}{value}" for colour in "YRBG" for value in (1, 2, 3)]
    match = Match(GAME, ["a", "b"], 0)
    match.apply(CHANCE, "deal:" + ",".join(["Y0", "R0", "B0", "G0", *hand, *hand]))
    return match


def test_strong_bot_plays_a_mixed_strategy() -> None:
    match = symmetric_match()
    view = GAME.view(match.state, 0)
    bot = StrongBot()
    strategy = bot.strategy(GAME, view, random.Random(3))
    assert set(strategy) <= set(view["hand"])
    assert sum(strategy.values()) == pytest.approx(1.0)
    support = [card for card, p in strategy.items() if p >= 0.05]
    assert len(support) >= 2, strategy
    assert max(strategy.values()) < 0.95
    # sampling from it over a few seeds gives more than one card
    plays = {bot.choose(GAME, view, random.Random(seed)) for seed in range(12)}
    assert len(plays) >= 2


def test_strong_bot_beats_easy() -> None:
    wins = margin = 0
    seeds = range(100, 106)
    for seed in seeds:
        me = seed % 2
        bots: list = [RandomBot(), RandomBot()]
        bots[me] = StrongBot(**FAST_STRONG)
        result = GAME.result(play(bots, seed).state)
        assert result is not None
        wins += result["winners"] == [me]
        margin += result["scores"][me] - result["scores"][1 - me]
    assert wins >= 5, wins
    assert margin / len(seeds) >= 8, margin


def test_medium_bot_beats_easy() -> None:
    wins = 0
    seeds = range(200, 210)
    for seed in seeds:
        me = seed % 2
        bots: list = [RandomBot(), RandomBot()]
        bots[me] = MediumBot()
        result = GAME.result(play(bots, seed).state)
        assert result is not None
        wins += result["winners"] == [me]
    assert wins >= 7, wins


# --- the search helpers and the compact model ---------------------------------------------------------


def test_regret_matching_solves_small_games() -> None:
    rps = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    rows, cols, value = regret_matching(rps, 3000)
    assert value == pytest.approx(0.0, abs=0.02)
    assert all(p == pytest.approx(1 / 3, abs=0.03) for p in rows + cols)
    # a dominated row gets no weight; a saddle point is found exactly
    saddle = [[3, 1], [2, 0]]
    rows, cols, value = regret_matching(saddle, 500)
    assert rows[0] > 0.99 and cols[1] > 0.99 and value == pytest.approx(1.0, abs=0.02)
    biased = [[2, -1], [-1, 1]]  # equilibrium: rows (0.4, 0.6), value 0.2
    rows, cols, value = regret_matching(biased, 3000)
    assert rows[0] == pytest.approx(0.4, abs=0.03)
    assert exploitability(biased, rows, cols) < 0.05
    assert regret_matching([[1, 2, 0]])[0] == [1.0]


def test_sample_index_follows_weights() -> None:
    rng = random.Random(0)
    counts = [0, 0, 0]
    for _ in range(3000):
        counts[sample_index([0.0, 1.0, 3.0], rng)] += 1
    assert counts[0] == 0
    assert 0.2 < counts[1] / 3000 < 0.3


def test_model_agrees_with_the_engine() -> None:
    """The bots' compact simulator resolves battles like the engine (winner, pile, round scores)."""
    rng = random.Random(5)
    assert sorted(card_str(card_int(c)) for c in DECK) == list(DECK)
    for seed in range(4):
        match = Match(GAME, ["a", "b"], seed)
        bots = [RandomBot(), RandomBot()]
        while GAME.current_player(match.state) != TERMINAL:
            if GAME.current_player(match.state) == CHANCE:
                match.play_chance()
                continue
            if GAME.acting_seats(match.state) == (0, 1):
                sim = Sim.from_state(match.state)
                a, b = (rng.choice(match.state.hands[s]) for s in (0, 1))
                sim.hands[0].remove(card_int(a))
                sim.hands[1].remove(card_int(b))
                loading = sim.battle(card_int(a), card_int(b))
                match.apply(0, f"play:{a}")
                match.apply(1, f"play:{b}")
                battle = match.state.last_battle
                if loading is None:
                    assert battle["outcome"] in ("tie", "discarded")
                else:
                    assert battle["loader"] == loading[0]
                    assert sorted(battle["colours"]) == sorted("YRBG"[r] for r in loading[1])
                continue
            for seat in GAME.acting_seats(match.state):
                view = GAME.view(match.state, seat)
                match.apply(seat, bots[seat].choose(GAME, view, match.rng(seat)))
        end = Sim.from_state(match.state)
        assert end.over
        assert _evaluate(end, 0) == pytest.approx(match.state.scores[0] - match.state.scores[1], abs=0.5)


# --- the strong bot's search options (issue 25: ordered rollouts, the exact end of a round, joint types) -----------
def test_the_exact_game_value_matches_a_grid_over_the_mixed_strategies() -> None:
    from cargobay.games.load.bots import _game_value

    grid = [i / 2000 for i in range(2001)]
    rng = random.Random(4)
    for rows, cols in ((2, 2), (2, 3), (2, 5), (3, 2), (4, 2), (1, 4), (4, 1)):
        for _ in range(10):
            m = [[rng.uniform(-5, 5) for _ in range(cols)] for _ in range(rows)]
            if rows == 2:  # the row player mixes p, 1 - p
                best = max(min(p * a + (1 - p) * b for a, b in zip(*m, strict=True)) for p in grid)
            elif cols == 2:  # the column player mixes q, 1 - q
                best = min(max(q * row[0] + (1 - q) * row[1] for row in m) for q in grid)
            else:
                best = max(min(row) for row in m) if cols == 1 else min(m[0])
            assert _game_value(m) == pytest.approx(best, abs=0.01), m
    assert _game_value([[2, -1], [-1, 1]]) == pytest.approx(0.2)  # no saddle: the mixed value
    assert _game_value([[3, 1], [2, 0]]) == 1  # a saddle point
    rps = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]  # 3 x 3 and up: regret matching
    assert _game_value(rps) == pytest.approx(0.0, abs=0.05)


def test_the_round_solved_to_its_end_is_the_last_battle_played_out() -> None:
    """One card each left: the solve is that battle, the load policy and the round's scoring."""
    from cargobay.games.load.bots import _solve_round

    sim = Sim()
    sim.turn, sim.hands = 11, [[card_int("G3")], [card_int("B3")]]
    sim.counts = [[0, 0, 1, 0], [0, 0, 1, 0]]  # blue tied; green wins the battle, then the green majority
    sim.piles = [[0, 0, 3, 0], [0, 0, 2, 0]]
    after = sim.copy()
    after.hands = [[], []]
    loading = after.battle(card_int("G3"), card_int("B3"))
    assert loading is not None and loading[0] == 0
    after.quick_load(*loading)
    after.end_battle()
    assert after.scores == [3, 0]  # the green pile (G3); blue is tied, nobody scores it
    assert _solve_round(sim, 0) == _evaluate(after, 0) == -_solve_round(sim, 1)


def test_joint_regret_matching_with_one_type_is_the_matrix_game() -> None:
    from cargobay.games.load.bots import joint_regret_matching

    biased = [[2, -1], [-1, 1]]
    rows = joint_regret_matching(biased, [(0, 1)], 3000)
    assert rows[0] == pytest.approx(0.4, abs=0.03)
    # an opponent that may only hold column 0: the row player best-responds to it
    assert joint_regret_matching([[2, -1], [-1, 1]], [(0,)], 500)[0] > 0.99


def test_the_strong_bots_options_play_a_legal_deterministic_match() -> None:
    options = {**FAST_STRONG, "ordered": True, "exact": 3, "joint": True, "types": 8, "infer": True,
               "rollout_greedy": 0.5}
    match = play([StrongBot(**options), MediumBot()], 11)  # every action checked legal
    assert GAME.result(match.state) is not None
    again = Match(GAME, ["a", "b"], 11)
    bot = StrongBot(**options)
    for seat, action in match.actions[:30]:
        if seat == 0 and action.startswith(("play:", "load:", "reload:")):
            assert bot.choose(GAME, GAME.view(again.state, 0), again.rng(0)) == action
        again.apply(seat, action)
