"""Fit the LOAD! strong bot's win-probability scale (``bot_win.WIN_SCALE``) on self-play outcomes.

    PYTHONPATH=core python bench/load_win_fit.py [--games 2000] [--seed 0] [--levels medium,medium] [--workers 1]
                                                 [--data positions.json]

Plays ``--games`` seeded matches between the two ``--levels`` (bench names as in ``bots_eval.py``: ``medium``,
``strong``, ``v1``, ...) and records, before every battle, the static evaluation ``sim._evaluate`` from seat 0's
side (an estimate of the final score margin), its five parts, the battles left in the game ``L`` (1-36), seat 0's
result (1 a win, 1/2 a tie, 0 a loss) and the final margin. Per ``L`` it fits, by maximum likelihood, the scale
``s`` of the probit model ``P(win) = Phi(evaluation / s(L))``, then ``s(L)^2 = a + b * L`` over all positions at
once (maximum likelihood again, coordinate-wise golden-section searches on log a and log b: a per-``L`` fit of the
first battles, where the evaluation says little yet, runs to the search's bound), and prints the smooth table as
``bot_win.WIN_SCALE`` holds it. For information it also prints least-squares weights of the evaluation's parts for
the final margin (1 = as ``_evaluate`` weighs them; not used by any bot yet) and the scale such a reweighted
evaluation would have. ``--data`` keeps the played positions (read instead of playing when the file exists).
Everything is drawn from the seeds: the same arguments print the same tables. No assertions.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "core"))

from cargobay.engine import CHANCE, TERMINAL, Match
from cargobay.games.load.rules import GAME, HAND_SIZE, ROUNDS
from cargobay.games.load.sim import FUT, JAM_WORTH, P_MAJ, STACK, Sim, _evaluate, _jam_risk

GAME_LEFT = HAND_SIZE * ROUNDS


def _bot(level: str) -> Any:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bots_eval import load_bot

    return load_bot(level)


def terms(sim: Sim, seat: int) -> tuple[float, ...]:
    """``_evaluate``'s parts for ``seat`` (they sum to it): score, piles by majority chance, later majorities, jams,
    stacks."""
    other = 1 - seat
    left = HAND_SIZE - sim.turn
    rounds = ROUNDS - sim.round
    mine, theirs = sim.counts[seat], sim.counts[other]
    piles = future = 0.0
    for rank in range(4):
        d = mine[rank] - theirs[rank]
        piles += P_MAJ[d + 5][left] * sim.piles[seat][rank] - P_MAJ[5 - d][left] * sim.piles[other][rank]
        if rounds:
            future += FUT[d + 5][left][rounds]
    game_left = left + HAND_SIZE * rounds
    jam = -JAM_WORTH * game_left * (_jam_risk(sim.ships[seat]) - _jam_risk(sim.ships[other])) if game_left else 0.0
    stack = sum(STACK[m][game_left] for m in sim.ships[seat]) - sum(STACK[m][game_left] for m in sim.ships[other])
    return float(sim.scores[seat] - sim.scores[other]), piles, future, jam, stack


def play(job: tuple[str, str, int]) -> list[tuple[Any, ...]]:
    """One match: (battles left in the game, seat 0's evaluation, seat 0's result, its final margin, the
    evaluation's parts) before each battle."""
    first, second, seed = job
    bots = [_bot(first), _bot(second)]
    match = Match(GAME, [first, second], seed)
    points: list[tuple[int, float, tuple[float, ...]]] = []
    while True:
        state = match.state
        player = GAME.current_player(state)
        if player == TERMINAL:
            break
        if player == CHANCE:
            match.play_chance()
            continue
        if state.phase == "choose" and state.chosen == [None, None]:
            left = HAND_SIZE - state.turn + HAND_SIZE * (ROUNDS - state.round)
            sim = Sim.from_state(state)
            points.append((left, _evaluate(sim, 0), terms(sim, 0)))
        for seat in GAME.acting_seats(state):
            view = GAME.view(match.state, seat)
            match.apply(seat, bots[seat].choose(GAME, view, match.rng(seat)))
    result = GAME.result(match.state)
    assert result is not None
    winners = result["winners"]
    y = 0.5 if len(winners) == 2 else (1.0 if winners == [0] else 0.0)
    margin = result["scores"][0] - result["scores"][1]
    return [(left, value, y, margin, parts) for left, value, parts in points]


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def log_loss(samples: list[tuple[float, float]], scale: float) -> float:
    """Mean negative log-likelihood of the results under P(win) = Phi(evaluation / scale)."""
    total = 0.0
    for value, y in samples:
        p = min(1 - 1e-12, max(1e-12, _phi(value / scale)))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(samples)


def fit_scale(samples: list[tuple[float, float]], low: float = 0.5, high: float = 200.0) -> float:
    """The maximum-likelihood scale (golden-section search on log(scale))."""
    return math.exp(_golden(lambda v: log_loss(samples, math.exp(v)), math.log(low), math.log(high), 60))


def _golden(f: Any, a: float, b: float, steps: int = 40) -> float:
    """The minimum of ``f`` on [a, b] (golden-section search)."""
    ratio = (math.sqrt(5) - 1) / 2
    c, d = b - ratio * (b - a), a + ratio * (b - a)
    fc, fd = f(c), f(d)
    for _ in range(steps):
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - ratio * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + ratio * (b - a)
            fd = f(d)
    return (a + b) / 2


def smooth(by_left: dict[int, list[tuple[float, float]]]) -> tuple[float, float]:
    """(a, b) of s(L)^2 = a + b * L maximising the likelihood of every position's result."""

    def loss(log_a: float, log_b: float) -> float:
        a, b = math.exp(log_a), math.exp(log_b)
        return sum(log_loss(samples, math.sqrt(a + b * left)) * len(samples) for left, samples in by_left.items())

    log_a, log_b = math.log(10.0), math.log(10.0)
    for _ in range(4):
        log_a = _golden(lambda v, b=log_b: loss(v, b), math.log(0.01), math.log(1e4), 30)
        log_b = _golden(lambda v, a=log_a: loss(a, v), math.log(0.01), math.log(1e3), 30)
    return math.exp(log_a), math.exp(log_b)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--levels", default="medium,medium")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--data", type=Path, default=None,
                        help="JSON file of the played positions: read if it exists (nothing is played), else written")
    args = parser.parse_args(argv)
    first, second = args.levels.split(",")
    jobs = [(first, second, args.seed + i) for i in range(args.games)]
    if args.data is not None and args.data.exists():
        matches = [[(p[0], p[1], p[2], p[3], tuple(p[4])) for p in points]
                   for points in json.loads(args.data.read_text())]
    elif args.workers > 1:
        with multiprocessing.Pool(args.workers) as pool:
            matches = pool.map(play, jobs, chunksize=4)
    else:
        matches = [play(job) for job in jobs]
    if args.data is not None and not args.data.exists():
        args.data.write_text(json.dumps(matches))
    by_left: dict[int, list[tuple[float, float]]] = {}
    for points in matches:
        for left, value, y, *_ in points:
            by_left.setdefault(left, []).append((value, y))
    wins = sum(points[0][2] for points in matches if points) / len(matches)
    print(f"{args.games} matches {first} vs {second}, seeds {args.seed}-{args.seed + args.games - 1}; "
          f"seat 0's result {wins:.3f}")
    fits: dict[int, tuple[float, int]] = {}
    print("  L   positions  s(L) fitted  log-loss (1/2: 0.693)")
    for left in sorted(by_left):
        samples = by_left[left]
        scale = fit_scale(samples)
        fits[left] = (scale, len(samples))
        print(f"  {left:2d}  {len(samples):8d}  {scale:11.2f}  {log_loss(samples, scale):.3f}")
    a, b = smooth(by_left)
    table = [0.0] + [math.sqrt(max(1.0, a + b * left)) for left in range(1, GAME_LEFT + 1)]
    print(f"s(L)^2 = {a:.2f} + {b:.3f} L (maximum likelihood over all positions)")
    loss_fit = sum(log_loss(by_left[left], table[left]) * len(by_left[left]) for left in by_left)
    count = sum(len(samples) for samples in by_left.values())
    print(f"log-loss of the smooth table over all {count} positions: {loss_fit / count:.4f}")
    print("WIN_SCALE = (" + ", ".join(f"{s:.2f}" for s in table) + ")")
    weights = fit_weights(matches)
    print("WEIGHTS = (  # (piles, future majorities, jams, stacks) by L, fitted on L-2..L+2 in the same round")
    for left, row in enumerate(weights):
        print(f"    ({', '.join(f'{w:.3f}' for w in row)}),  # L {left}")
    print(")")
    fitted: dict[int, list[tuple[float, float]]] = {}
    for points in matches:
        for left, _, y, _, parts in points:
            value = parts[0] + sum(w * p for w, p in zip(weights[left], parts[1:], strict=True))
            fitted.setdefault(left, []).append((value, y))
    a, b = smooth(fitted)
    table = [0.0] + [math.sqrt(max(1.0, a + b * left)) for left in range(1, GAME_LEFT + 1)]
    loss_fit = sum(log_loss(fitted[left], table[left]) * len(fitted[left]) for left in fitted)
    print(f"the fitted evaluation: s(L)^2 = {a:.2f} + {b:.3f} L, log-loss {loss_fit / count:.4f}")
    print("FIT_SCALE = (" + ", ".join(f"{s:.2f}" for s in table) + ")")


def _round_of(left: int) -> int:
    return (left - 1) // HAND_SIZE


def fit_weights(matches: list[list[tuple[Any, ...]]]) -> list[tuple[float, ...]]:
    """Per L, the least-squares weights of the four parts for the final margin minus the score."""
    weights: list[tuple[float, ...]] = [(1.0, 1.0, 1.0, 1.0)]
    for left in range(1, GAME_LEFT + 1):
        near = {lft for lft in range(left - 2, left + 3) if lft >= 1 and _round_of(lft) == _round_of(left)}
        rows = [(parts[1:], margin - parts[0]) for points in matches for lft, _, _, margin, parts in points
                if lft in near]
        weights.append(tuple(1.0 if math.isnan(w) else w for w in solve(rows)))
    return weights


def solve(rows: list[tuple[tuple[float, ...], float]]) -> list[float]:
    """Least squares without an intercept (the game is symmetric) by the normal equations; a part that is zero in
    every row gets nan."""
    k = len(rows[0][0])
    xtx = [[sum(p[i] * p[j] for p, _ in rows) for j in range(k)] for i in range(k)]
    xty = [sum(p[i] * m for p, m in rows) for i in range(k)]
    active = [i for i in range(k) if xtx[i][i] > 1e-9]
    a = [[xtx[i][j] for j in active] + [xty[i]] for i in active]
    n = len(active)
    for c in range(n):  # Gauss-Jordan
        pivot = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[pivot] = a[pivot], a[c]
        for r in range(n):
            if r != c:
                f = a[r][c] / a[c][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c], strict=True)]
    weights = [float("nan")] * k
    for c, i in enumerate(active):
        weights[i] = a[c][n] / a[c][c]
    return weights


if __name__ == "__main__":
    main()
