"""Bots for TF22: LOAD! (``medium`` and ``strong``; ``easy`` is the shared random bot).

Both bots see only their seat's view and draw randomness only from the ``random.Random`` handed to
``choose``, so a match replays exactly from its seed.

Internally they simulate on a compact model of the game (``Sim``): a card is an int
``rank * 4 + value`` with the colour rank in stacking order (Y=0, R=1, B=2, G=3), a ship slot is a
4-bit mask of the colours in it (a slot holds each colour at most once and stacks in rank order, so
the mask is the slot; its top is the highest bit; colour ``c`` may go on it iff ``mask < 1 << c``).
The shared supply (10 per colour) can never run out with two 5-slot ships, and a reload is legal only
when a load of the same colour is, so "may load or reload" is just ``min(ship) < 1 << c``.

- ``MediumBot``: a one-ply heuristic. Card: the expected value, over the opponent's possible
  cards (the unseen cards, by multiplicity), of a static evaluation after the battle and the
  winner's best load, minus the worth of the card kept in hand. Load: the static evaluation of each
  legal option.
- ``StrongBot``: information-set search for the simultaneous, hidden-hand choice. It samples
  determinizations of the opponent's hand (``game.determinize``), fills a payoff matrix (my distinct
  cards x the opponent's possible cards) with rollouts to the end of the round (random cards, a cheap
  jam-aware load policy, exact round scoring, then the static evaluation of the future: majorities,
  stacks, jams), blended half and half with the static evaluation after the battle and the loader's
  best static load, solves the matrix
  game restricted to each determinization's hand with regret matching, averages the mixed
  strategies and samples its card from the average. Loads are chosen by rollouts over
  determinizations with common random numbers.

The static evaluation (``_evaluate``) estimates the final score margin from one seat's side: the
points so far, this round's pile values weighted by the probability of holding the majority at the
round's end (a normal approximation of the container-count difference), the worth of majorities in
the rounds still to come, the expected +3 bonus of (partial) Yellow-Red-Blue-Green stacks, and a
"jam" term: a colour the ship can no longer take (no slot whose top is below it) turns each later
win in that colour into the other player's Joker, so each such colour costs about 0.45 points per
battle left in the game (less when only one or two slots still take it; none when a top of that
colour can simply be reloaded).
Measured: this term alone turns the static load choice from no better than random (-2 points a game)
into +22 points a game against random loads.
"""

from __future__ import annotations

import random
from typing import Any

from ...bots import forced
from ...bots.search import argmax_ties, purify, regret_matching, sample_index
from ...engine import Game
from .bot_eval import Evaluate, evaluate_round
from .bot_infer import Inference
from .bot_rollout import greedy_rollout
from .bot_solve import respond_to_quantal, row_strategy
from .bot_win import win_of
from .sim import (
    WIN,
    Sim,
    _best_load_static,
    _evaluate,
    _sim_from_view,
    card_int,
    card_str,
    parse_load,
    unseen_cards,
)

# --- medium --------------------------------------------------------------------------------------
HAND_WORTH = 1.5  # points a card kept in hand is worth per unit of its win probability


class MediumBot:
    """``medium``: one-ply expected value of each card against the unseen cards, static loads."""

    level = "medium"

    def __init__(self, hand_worth: float = HAND_WORTH) -> None:
        self.hand_worth = hand_worth

    def choose(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> str:
        only = forced(view)
        if only is not None:
            return only
        if view["phase"] == "load":
            return self._load(view, rng)
        return self._card(view, rng)

    def card_values(self, view: dict[str, Any]) -> dict[str, float]:
        """Expected evaluation of each card in hand (higher is better)."""
        seat = view["seat"]
        base = _sim_from_view(view)
        unseen = unseen_cards(view)
        total = sum(unseen.values())
        mine = sorted(set(view["hand"]))
        values: dict[str, float] = {}
        for card in mine:
            a = card_int(card)
            expected = 0.0
            win_prob = 0.0
            for other_card, weight in unseen.items():
                b = card_int(other_card)
                sim = base.copy()
                sim.hands[seat].remove(a)
                sim.hands[1 - seat].pop()
                pair = (a, b) if seat == 0 else (b, a)
                winner = WIN[pair[0]][pair[1]]
                if winner == seat:
                    win_prob += weight
                loading = sim.battle(*pair)
                if loading is None:
                    sim.end_battle()
                    value = _evaluate(sim, seat)
                else:
                    value, _ = _best_load_static(sim, loading[0], loading[1], seat)
                expected += weight * value
            values[card] = expected / total - self.hand_worth * win_prob / total
        return values

    def _card(self, view: dict[str, Any], rng: random.Random) -> str:
        values = self.card_values(view)
        cards = list(values)
        index = argmax_ties([values[c] for c in cards], rng, 1e-6)
        return f"play:{cards[index]}"

    def _load(self, view: dict[str, Any], rng: random.Random) -> str:
        seat = view["seat"]
        base = _sim_from_view(view)
        legal = view["legal"]
        values = []
        for action in legal:
            rank, source, target = parse_load(action)
            sim = base.copy()
            sim.put(seat, rank, source, target)
            sim.end_battle()
            values.append(_evaluate(sim, seat))
        return str(legal[argmax_ties(values, rng, 1e-6)])


# --- strong --------------------------------------------------------------------------------------
# the strong bot as it was before issue 25 (bench/bots_eval.py's ``v1``, the baseline of ``--pairs strong-v1``)
V1: dict[str, Any] = {
    "determinizations": 8, "rollouts": 6, "iterations": 120, "load_rollouts": 24, "load_candidates": 5,
    "budget": 6000, "static_weight": 0.5, "load_static_weight": 0.0,
    "joint": False, "types": 0, "ordered": False, "exact": 0, "evaluation": "v1", "fast_solve": False,
    "infer": False, "rollout_greedy": 0.0, "respond": False,
}
# the strong bot's static evaluations: ``v1`` = ``sim._evaluate``; ``round`` = ``bot_eval.evaluate_round``
# ``win`` / ``round-win``: those as the expected result, -1..1 (``bot_win.win_of``; not measured against ``V1`` yet)
WIN_BASES: dict[str, Evaluate] = {"win": _evaluate, "round-win": evaluate_round}
EVALUATIONS: dict[str, Evaluate] = {"v1": _evaluate, "round": evaluate_round,
                                    **{name: win_of(base) for name, base in WIN_BASES.items()}}


def _keys(seed: int) -> tuple[list[float], list[float]]:
    """Per seat, a random rank for each of the 16 card ints (an ordered rollout's order of play)."""
    local = random.Random(seed)
    return [local.random() for _ in range(16)], [local.random() for _ in range(16)]


def _ordered_rollout(sim: Sim, key: tuple[list[float], list[float]]) -> None:
    """To the end of the round like ``Sim.rollout``, each seat playing its hand in the order of its ``key``."""
    h0 = sorted(sim.hands[0], key=key[0].__getitem__, reverse=True)
    h1 = sorted(sim.hands[1], key=key[1].__getitem__, reverse=True)
    sim.hands = [h0, h1]
    battle, quick_load, end_battle = sim.battle, sim.quick_load, sim.end_battle
    while h0:
        loading = battle(h0.pop(), h1.pop())
        if loading is not None:
            quick_load(*loading)
        end_battle()


def _solve_round(sim: Sim, seat: int, evaluate: Evaluate = _evaluate) -> float:
    """``seat``'s value of the rest of the round with both hands known: per battle the zero-sum matrix game of
    the distinct cards (solved exactly for 2 x 2 and smaller, else by regret matching), then the evaluation."""
    if sim.over or not sim.turn or not sim.hands[0]:
        return evaluate(sim, seat)
    mine = sorted(set(sim.hands[0]))
    theirs = sorted(set(sim.hands[1]))
    matrix = []
    for a in mine:
        row = []
        for b in theirs:
            child = sim.copy()
            child.hands[0].remove(a)
            child.hands[1].remove(b)
            loading = child.battle(a, b)
            if loading is not None:
                child.quick_load(*loading)
            child.end_battle()
            row.append(_solve_round(child, seat, evaluate))
        matrix.append(row)
    sign = 1.0 if seat == 0 else -1.0  # the matrix's rows are seat 0's cards
    return sign * _game_value([[sign * v for v in row] for row in matrix])


def _game_value(m: list[list[float]]) -> float:
    """The value of a zero-sum matrix game for the row player (maximising)."""
    n, k = len(m), len(m[0])
    if n == 1:
        return min(m[0])
    if k == 1:
        return max(row[0] for row in m)
    lower = max(min(row) for row in m)
    upper = min(max(m[i][j] for i in range(n)) for j in range(k))
    if lower >= upper - 1e-12:  # a saddle point
        return lower
    if n == 2:
        return _two_rows(m[0], m[1])
    if k == 2:  # the column player's game, transposed
        return -_two_rows([-row[0] for row in m], [-row[1] for row in m])
    return regret_matching(m, 60)[2]


def _two_rows(top: list[float], bottom: list[float]) -> float:
    """max over p of min over columns of p * top + (1 - p) * bottom: at p = 0, 1 or where two columns cross."""
    points = [0.0, 1.0]
    k = len(top)
    for j in range(k):
        for other in range(j + 1, k):
            slope = (top[j] - bottom[j]) - (top[other] - bottom[other])
            if slope:
                p = (bottom[other] - bottom[j]) / slope
                if 0.0 < p < 1.0:
                    points.append(p)
    return max(min(p * a + (1 - p) * b for a, b in zip(top, bottom, strict=True)) for p in points)


def joint_regret_matching(payoff: list[list[float]], types: list[tuple[int, ...]], iterations: int) -> list[float]:
    """My mixed strategy in the matrix game where the opponent is one of ``types`` (equally likely; each the
    columns, i.e. the cards, of one hand it may hold) and plays knowing its hand: RM+ with linear averaging, my
    one strategy against a strategy per type (a Bayesian game; the opponent's per-type equilibria give the mix of
    columns I face). Per iteration one product each way over the whole matrix, however many types."""
    n, m = len(payoff), len(payoff[0])
    columns = [[payoff[i][j] for i in range(n)] for j in range(m)]
    share = 1.0 / len(types)
    x = [1.0 / n] * n
    regret_r = [0.0] * n
    sum_r = [0.0] * n
    ys = [[1.0 / len(cols)] * len(cols) for cols in types]
    regrets = [[0.0] * len(cols) for cols in types]
    rows = range(n)
    for t in range(1, iterations + 1):
        mix = [0.0] * m
        for cols, y in zip(types, ys, strict=True):
            for j, p in zip(cols, y, strict=True):
                mix[j] += share * p
        u_r = [sum(a * b for a, b in zip(payoff[i], mix, strict=True)) for i in rows]
        against = [-sum(a * b for a, b in zip(columns[j], x, strict=True)) for j in range(m)]
        v_r = sum(a * b for a, b in zip(u_r, x, strict=True))
        for i in rows:
            sum_r[i] += t * x[i]
            r = regret_r[i] + u_r[i] - v_r
            regret_r[i] = r if r > 0 else 0.0
        for k, cols in enumerate(types):
            y, regret = ys[k], regrets[k]
            u = [against[j] for j in cols]
            v = sum(a * b for a, b in zip(u, y, strict=True))
            total = 0.0
            for index in range(len(cols)):
                r = regret[index] + u[index] - v
                regret[index] = r if r > 0 else 0.0
                total += regret[index]
            ys[k] = [r / total for r in regret] if total > 0 else [1.0 / len(cols)] * len(cols)
        total = sum(regret_r)
        x = [r / total for r in regret_r] if total > 0 else [1.0 / n] * n
    total = sum(sum_r)
    return [v / total for v in sum_r]


class StrongBot:
    """``strong``: determinized matrix games solved for a mixed strategy; rollout-based loads.

    ``determinizations``: opponent hands sampled per decision; ``rollouts``: rollouts per cell of the
    payoff matrix (a cell is my card x an opponent card); ``iterations``: regret-matching iterations
    per matrix game; ``load_rollouts``: rollouts per load option; ``load_candidates``: load options
    kept (by the static evaluation) for rollouts; ``budget``: simulated battles per card decision
    (caps the rollouts per cell early in a round); ``static_weight``: share of a cell's value taken
    from the static evaluation after the battle and the loader's best static load (the rest from the
    rollouts; 0.5 measured clearly stronger than pure rollouts, whose random card play is noisy);
    ``load_static_weight``: the same blend for load options (0 by default: 0.5 measured the same,
    1.0, i.e. medium's static loads, clearly weaker).
    Search options (issue 25; off by default, as ``V1``, because none has measured stronger yet: see
    ``bench/bots_eval.py --pairs x-v1 --x-params ...``): ``ordered``: each rollout plays both hands in one random
    order of the cards, the same in every cell (common random numbers that survive the cells' one-card
    difference); ``exact``: with at most this many cards in hand the rest of the round is solved per
    determinization as a sequence of exactly solved matrix games (3 costs about what the rollouts cost; 4 doubles
    the mean and the p95); ``joint`` / ``types``: one regret-matching solve of the Bayesian game in which the
    opponent is one of the sampled hands (``types`` more hands drawn from the unseen cards) instead of one solve per
    determinization averaged (with ``evaluation="round"``, ``types=24``: 48.8% of 40 paired, at 0.95-0.98 of
    ``V1``'s mean CPU); ``evaluation``: the static evaluation (a bench argument: an unknown name is a plain
    ``ValueError``), ``"v1"`` (``sim._evaluate``) or ``"round"``
    (``bot_eval.evaluate_round``: ``_evaluate`` plus the worth of a container lead for the piles still to be won in
    the current round, which ``_evaluate`` leaves out: at round 3's start it values a lead at nothing; 53.0%
    [43.3-62.5] of 100 paired matches against ``V1``; with ``static_weight=0.75`` 56.7% [47.7-65.2] of a 120-match
    screen, 58.9% of 180 with 60 more, then 49.4% of 240 more on fresh seeds: 53.5% [48.7-58.2] of all 420, level
    with ``V1``, at 0.75-0.79 of its CPU a decision (mean and p95); ``static_weight=0.9``: 45.0% of 60. So not the
    default: issue 25, session 7).
    (Dropped in session 8, both measured no stronger: ``evaluation="cap"``, majorities that know how many more of
    a colour a ship can take, 44% of 100 paired matches; ``distinct_loads``, one load option per resulting ship.)
    ``infer`` / ``infer_beta`` / ``infer_candidates`` (``bot_infer``): the opponent's hand in each determinization
    drawn by what its plays this round make likely (a softmax of its card values, with inverse temperature
    ``infer_beta`` per point, taken from this bot's own payoff matrices), resampled from ``infer_candidates``
    uniform hands; it needs the same bot object to see the match's views in turn (else uniform, as without it).
    Measured (issue 25, session 8): ``infer_beta=0.3``, 47.5% [37-58] of 80 paired matches against ``V1`` at 0.75 of
    its CPU (the plays carry little: 0.03 nats a play, see ``respond``). ``rollout_greedy`` (``bot_rollout``): the
    share of rollout cards played by a one-step heuristic (the card that beats most of the other's hand where its
    colour can be loaded) instead of uniformly; 0.5 costs 1.3x a rollout (0.97 / 1.06 of ``V1``'s CPU, mean / p95),
    so it was measured with ``budget=4300, load_rollouts=18`` (0.85 / 0.81): 46% [33-60] of 50 paired, margin -9.4.
    ``respond`` / ``respond_beta`` (``bot_solve.respond_to_quantal``): instead of the equilibrium, the pure best
    card against an opponent who plays each card of its (determinized) hand with probability proportional to
    ``exp(respond_beta * its worth)``; measured (issue 25, session 8) the strong bot's plays are that hard to
    predict from its hand: a softmax of the card values gains 0.03 nats a play over uniform. It measured weaker:
    42% [29-56] of 50 paired matches, margin -6.0 (at 0.59 of ``V1``'s CPU): the equilibrium's mixing matters.
    Session 9, since ``quick_load`` and ``_jam_risk`` look their answers up (the same choices at about 0.72 of the
    CPU): the same CPU buys more samples. Paired screens against ``V1`` on the same 40 deals (seeds 9100-9139), CPU
    a decision as a ratio to ``V1``'s in the same run (``V1`` with the look-ups too): ``budget=12000, rollouts=12,
    determinizations=12, load_rollouts=48`` (twice the samples) 55.0% [44.1-65.4] of 80, margin +0.75, at 1.15 / 1.20
    (mean / p95), then 47.5% [40.7-54.4] of 200 on fresh deals (seeds 9140-9239): 49.6% [43.8-55.5] of all 280;
    ``budget=18000, rollouts=18, determinizations=16, load_rollouts=72`` 53.8% [42.9-64.3] of 80, margin +3.7, at
    1.60 / 1.71; ``evaluation="round", static_weight=0.75, budget=10000, rollouts=10, determinizations=12,
    load_rollouts=40`` 47.5% [36.9-58.3] of 80 at 1.06. More samples alone do not reach 60%: none is the default.
    ``evaluation="win"`` / ``"round-win"`` with ``win_factor`` (``bot_win``, issue 25, session 10): the evaluation
    as the expected result of the match (-1..1: a probit of the margin, its scale per battle left fitted on
    self-play outcomes by ``bench/load_win_fit.py``) instead of the margin, since a match is won, not scored; not
    screened against ``V1`` yet (session 10 ran out of time), so off.
    ``fast_solve`` (on by default since issue 25, session 6; ``V1`` has it off, to measure against the old cost):
    ``bot_solve.row_strategy`` in place of ``regret_matching`` for the per-determinization solves, the same
    strategies to the last bit (the goldens did not change) in about 75-78% of the CPU a decision.
    Level with ``V1``, not stronger (so not the default): ``{"exact": 3, "ordered": True, "distinct_loads": True,
    "load_rollouts": 96, "determinizations": 12, "budget": 8000}`` (``distinct_loads`` since dropped) won 50.3%
    [45.0-55.6] of 340 paired matches at about 0.90 of ``V1``'s CPU a decision (``bench/bots_eval.py --paired
    --pairs x-v1``, issue 25, session 6).
    The old defaults measured 59-66 ms of CPU a decision on average, p95 160-180 ms, in CPython (2 matches, issue
    25); with ``fast_solve`` 47.5 / 137 ms against 63.9 / 178 ms for ``V1`` over the same 213 views.
    Strength and time are counts, never clock readings, so a decision is a function of the view
    and the rng alone (with ``infer``, also of the views the bot was shown before in the round).
    """

    level = "strong"

    def __init__(
        self,
        determinizations: int = 8,
        rollouts: int = 6,
        iterations: int = 120,
        load_rollouts: int = 24,
        load_candidates: int = 5,
        budget: int = 6000,
        static_weight: float = 0.5,
        load_static_weight: float = 0.0,
        joint: bool = False,
        types: int = 0,
        ordered: bool = False,
        exact: int = 0,
        evaluation: str = "v1",
        fast_solve: bool = True,
        infer: bool = False,
        infer_beta: float = 1.0,
        infer_candidates: int = 32,
        rollout_greedy: float = 0.0,
        respond: bool = False,
        respond_beta: float = 0.2,
        win_factor: float = 1.0,
    ) -> None:
        self.determinizations = max(1, determinizations)
        self.rollouts = max(1, rollouts)
        self.iterations = max(1, iterations)
        self.load_rollouts = max(1, load_rollouts)
        self.load_candidates = max(1, load_candidates)
        self.budget = max(1, budget)
        self.static_weight = min(1.0, max(0.0, static_weight))
        self.load_static_weight = min(1.0, max(0.0, load_static_weight))
        self.joint = joint
        self.types = max(0, types)
        self.ordered = ordered
        self.exact = exact
        if evaluation not in EVALUATIONS:
            raise ValueError(f"evaluation {evaluation!r}: one of {sorted(EVALUATIONS)}")
        self.evaluation = evaluation
        self.fast_solve = fast_solve
        self.inference = Inference(infer_beta, infer_candidates) if infer else None
        self.rollout_greedy = min(1.0, max(0.0, rollout_greedy))
        self.respond = respond
        self.respond_beta = respond_beta
        self.evaluate: Evaluate = EVALUATIONS[evaluation]
        if win_factor != 1.0 and evaluation in WIN_BASES:
            self.evaluate = win_of(WIN_BASES[evaluation], win_factor)

    def choose(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> str:
        if self.inference is not None:
            self.inference.observe(view)
        only = forced(view)
        if only is not None:
            return only
        if view["phase"] == "load":
            return self._load(game, view, rng)
        strategy = self.strategy(game, view, rng)
        cards = list(strategy)
        index = sample_index([strategy[c] for c in cards], rng)
        return f"play:{cards[index]}"

    # --- the card -----------------------------------------------------------------------------
    def _determinize(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> list[Sim]:
        determinize = game.determinize
        seat = view["seat"]
        size = len(view["hand"])
        hands = None if self.inference is None else self.inference.hands(view, self.determinizations, rng)
        if hands is not None:  # the opponent's hands its plays make likely, the rest of the position as dealt
            base = Sim.from_state(determinize(view, rng))
            inferred = []
            for hand in hands:
                sim = base.copy()
                sim.hands[1 - seat] = hand
                inferred.append(sim)
            return inferred
        dets = []
        for _ in range(self.determinizations):
            sim = Sim.from_state(determinize(view, rng))
            # both hands hold as many cards; guard against a sampler that deals the opponent a
            # pending (already chosen) card twice
            opp = sim.hands[1 - seat]
            while len(opp) > size:
                opp.pop(rng.randrange(len(opp)))
            dets.append(sim)
        return dets

    def payoff_matrix(
        self, game: Game[Any], view: dict[str, Any], rng: random.Random
    ) -> tuple[list[str], list[str], list[list[float]], list[Sim]]:
        """(my cards, opponent cards, payoff[i][j] = my expected margin, the determinizations)."""
        seat = view["seat"]
        other = 1 - seat
        dets = self._determinize(game, view, rng)
        mine = sorted(set(view["hand"]))
        theirs = sorted({card_str(c) for det in dets for c in det.hands[other]})
        # rollouts per cell: at most ``rollouts``, fewer when cells x battles to play exceed the budget
        battles = len(view["hand"]) - 1
        cells = len(mine) * len(theirs)
        rollouts = 1 if battles == 0 else max(1, min(self.rollouts, self.budget // (cells * battles)))
        seeds = [rng.getrandbits(48) for _ in range(rollouts)]
        # ordered rollouts: rollout k gives every card of each seat a random rank and plays the hands in that
        # order, the same in every cell, so cells whose hands differ by one card play nearly the same battles
        keys = [_keys(seed) for seed in seeds] if self.ordered else []
        exact = len(view["hand"]) <= self.exact
        mine_i = [card_int(c) for c in mine]
        theirs_i = [card_int(c) for c in theirs]
        matrix = []
        for a in mine_i:
            row = []
            for b in theirs_i:
                total = 0.0
                if exact:
                    row.append(self._exact_cell(dets, seat, a, b))
                    continue
                for k in range(rollouts):
                    # common random numbers: rollout k uses the same determinization and seed in
                    # every cell, so cells differ by the cards, not by the luck of the draw
                    sim = dets[k % len(dets)].copy()
                    opp = sim.hands[other]
                    if self.ordered:
                        key = keys[k]
                        if b in opp:
                            opp.remove(b)
                        else:  # condition on the opponent holding b: b for the card it would play last
                            opp.remove(max(opp, key=key[other].__getitem__))
                        sim.hands[seat].remove(a)
                        loading = sim.battle(*((a, b) if seat == 0 else (b, a)))
                        if loading is not None:
                            sim.quick_load(*loading)
                        sim.end_battle()
                        if not sim.over and sim.turn:
                            _ordered_rollout(sim, key)
                        total += self.evaluate(sim, seat)
                        continue
                    local = random.Random(seeds[k])
                    if b in opp:
                        opp.remove(b)
                    else:  # condition this determinization on the opponent holding b
                        opp.pop(local.randrange(len(opp)))
                    sim.hands[seat].remove(a)
                    pair = (a, b) if seat == 0 else (b, a)
                    loading = sim.battle(*pair)
                    if loading is not None:
                        sim.quick_load(*loading)
                    sim.end_battle()
                    if not sim.over and sim.turn:
                        self._rollout(sim, local)
                    total += self.evaluate(sim, seat)
                value = total / rollouts
                if self.static_weight:
                    value = (1 - self.static_weight) * value + self.static_weight * self._static_cell(
                        dets[0], seat, a, b
                    )
                row.append(value)
            matrix.append(row)
        return mine, theirs, matrix, dets

    def _rollout(self, sim: Sim, rng: random.Random) -> None:
        if self.rollout_greedy:
            greedy_rollout(sim, rng, self.rollout_greedy)
        else:
            sim.rollout(rng)

    def _exact_cell(self, dets: list[Sim], seat: int, a: int, b: int) -> float:
        """The cell's value averaged over the determinizations, the rest of the round played as the equilibrium
        of each battle's matrix game (exact below ``exact`` cards; the loads by the cheap policy), then the
        static evaluation; blended with the static cell like the rollouts."""
        total = 0.0
        other = 1 - seat
        for det in dets:
            sim = det.copy()
            opp = sim.hands[other]
            if b in opp:
                opp.remove(b)
            else:
                opp.pop()
            sim.hands[seat].remove(a)
            loading = sim.battle(*((a, b) if seat == 0 else (b, a)))
            if loading is not None:
                sim.quick_load(*loading)
            sim.end_battle()
            total += _solve_round(sim, seat, self.evaluate)
        value = total / len(dets)
        if self.static_weight:
            value = (1 - self.static_weight) * value + self.static_weight * self._static_cell(dets[0], seat, a, b)
        return value

    def _static_cell(self, det: Sim, seat: int, a: int, b: int) -> float:
        """The battle, the loader's best load by the static evaluation, then the evaluation."""
        sim = det.copy()
        other = sim.hands[1 - seat]
        if b in other:
            other.remove(b)
        else:
            other.pop()
        sim.hands[seat].remove(a)
        loading = sim.battle(*((a, b) if seat == 0 else (b, a)))
        if loading is None:
            sim.end_battle()
            return self.evaluate(sim, seat)
        return _best_load_static(sim, loading[0], loading[1], seat, self.evaluate)[0]

    def strategy(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> dict[str, float]:
        """The mixed strategy over the cards in hand (probabilities summing to 1)."""
        seat = view["seat"]
        other = 1 - seat
        mine, theirs, matrix, dets = self.payoff_matrix(game, view, rng)
        index = {card: j for j, card in enumerate(theirs)}
        if self.joint:
            types = [tuple(sorted({index[card_str(c)] for c in det.hands[other]})) for det in dets]
            if self.types:  # more hands it may hold, drawn from the same cards (the columns are these cards)
                pool = sorted(unseen_cards(view).elements())
                size = min(len(pool), len(dets[0].hands[other]))
                for _ in range(self.types):
                    cols = tuple(sorted({index[c] for c in rng.sample(pool, size) if c in index}))
                    if cols:
                        types.append(cols)
            if len(mine) == 1:
                return {mine[0]: 1.0}
            strategy = purify(joint_regret_matching(matrix, types, self.iterations))
            if self.inference is not None:
                self.inference.note(view, theirs, matrix, strategy)
            return dict(zip(mine, strategy, strict=True))
        if self.respond:  # not the equilibrium: the best card against a model of how the opponent plays
            hands = [tuple(sorted({index[card_str(c)] for c in det.hands[other]})) for det in dets]
            strategy = respond_to_quantal(matrix, hands, self.respond_beta)
            if self.inference is not None:
                self.inference.note(view, theirs, matrix, strategy)
            return dict(zip(mine, strategy, strict=True))
        total = [0.0] * len(mine)
        solved: dict[tuple[int, ...], list[float]] = {}
        for det in dets:
            columns = tuple(sorted({index[card_str(c)] for c in det.hands[other]}))
            if columns not in solved:
                sub = [[row[j] for j in columns] for row in matrix]
                solved[columns] = (
                    row_strategy(sub, self.iterations) if self.fast_solve else regret_matching(sub, self.iterations)[0]
                )
            for i, p in enumerate(solved[columns]):
                total[i] += p
        strategy = purify([p / len(dets) for p in total])
        if self.inference is not None:
            self.inference.note(view, theirs, matrix, strategy)
        return dict(zip(mine, strategy, strict=True))

    # --- loads --------------------------------------------------------------------------------
    def _load(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> str:
        seat = view["seat"]
        legal = [str(action) for action in view["legal"]]
        base = _sim_from_view(view)
        scored = []
        for action in legal:
            rank, source, target = parse_load(action)
            sim = base.copy()
            sim.put(seat, rank, source, target)
            sim.end_battle()
            scored.append((self.evaluate(sim, seat), action))
        scored.sort(key=lambda item: -item[0])
        candidates = [action for _, action in scored[: self.load_candidates]]
        static = [value for value, _ in scored[: self.load_candidates]]
        if len(candidates) == 1 or sum(view["hand_counts"]) == 0 or self.load_static_weight >= 1.0:
            return candidates[0]
        dets = self._determinize(game, view, rng)
        seeds = [rng.getrandbits(48) for _ in range(self.load_rollouts)]
        values = []
        for action in candidates:
            rank, source, target = parse_load(action)
            total = 0.0
            for k in range(self.load_rollouts):
                sim = dets[k % len(dets)].copy()
                sim.put(seat, rank, source, target)
                sim.end_battle()
                if not sim.over and sim.turn:
                    self._rollout(sim, random.Random(seeds[k]))
                total += self.evaluate(sim, seat)
            values.append(total / self.load_rollouts)
        if self.load_static_weight:
            w = self.load_static_weight
            values = [(1 - w) * v + w * st for v, st in zip(values, static, strict=True)]
        return candidates[argmax_ties(values, rng, 1e-9)]
