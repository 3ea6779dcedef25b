"""Team UP! figures: perfect pallets, the solver, the hint, and the teammates' scores. Prints, asserts nothing.

    PYTHONPATH=core python bench/teamup_eval.py [--games 200] [--orders 500] [--solves 100] [--hints 300]
                                                [--workers 2] [--seed 0] [--parts count,share,solve,hint,bots]

- count: the perfect pallets with the neutral box at (0,0), along the 6-cell and the 4-cell edge, with times.
- share: of ``--orders`` random set-ups (neutral box at a random corner and orientation, shuffled deck), the
  share that admits a perfect 25 when the order is known in advance (the exact perfect search, no budget),
  per orientation, and the search's times (median / p90 / max).
- solve: the exact best score of ``--solves`` random set-ups with the order known (``solver.solve``, budget
  3,000,000 nodes): the score distribution, how many were proved, times.
- hint: the hint's time (``hint.hint``, up to 4 playouts within ``BLIND_BUDGET`` work units) and the strong
  bot's decision time (``hint.decide``), CPython wall clock, over the decisions of ``--hints`` worth of seeded
  games (bench/teamup_hint.py has the hint's work units and the Puzzle hints off a remembered plan).
- advice: the hint button in Puzzle mode (``Game.hint``: the exact solver on the puzzle's order), followed over
  ``--hints`` puzzles: the scores (all 25 if the hint is right) and its times.
- bots: ``--games`` seeded shuffles played blind (the order unknown) by one seat of each level (``--levels``):
  mean score with a 95% interval, the share of perfect pallets, and the ratings. Easy is the random legal move
  (it stops at random, so it scores badly). Decision times are CPU time. Every level plays the same shuffles, so
  the pairs are compared too: the mean paired difference (strong - medium, ...) with its 95% interval, and how
  often one scores more.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "core"))

from cargobay.engine import CHANCE, Match
from cargobay.games.teamup import SPEC
from cargobay.games.teamup.codes import neutral_footprint
from cargobay.games.teamup.components import DECK, rating
from cargobay.games.teamup.geometry import pid_of
from cargobay.games.teamup.hint import decide, hint
from cargobay.games.teamup.perfect import catalogue
from cargobay.games.teamup.rules import GAME
from cargobay.games.teamup.sim import CARD_INDEX, Sim
from cargobay.games.teamup.solver import Problem, proves_perfect, solve


def spread(values: list[float], unit: str = "ms", scale: float = 1000.0) -> str:
    ordered = sorted(values)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return (f"median {statistics.median(ordered) * scale:.1f} {unit}, p90 {p90 * scale:.1f} {unit}, "
            f"max {ordered[-1] * scale:.1f} {unit}")


def random_setup(seed: int) -> tuple[int, list[str]]:
    rng = random.Random(f"teamup-eval/{seed}")
    deck = list(DECK)
    rng.shuffle(deck)
    return rng.randrange(8), deck


def part_count() -> None:
    for label, orient in (("along the 6-cell edge", "h"), ("along the 4-cell edge", "v")):
        start = time.perf_counter()
        count = catalogue(pid_of("N", orient, 0, 0)).count()
        print(f"perfect pallets, neutral box at (0,0) {label}: {count} ({(time.perf_counter() - start) * 1000:.0f} ms)")


def _share_one(seed: int) -> tuple[int, bool, float]:
    spot, deck = random_setup(seed)
    start = time.perf_counter()
    found = proves_perfect(spot, deck, budget=10**9)
    return spot, found, time.perf_counter() - start


def part_share(orders: int, workers: int) -> None:
    with multiprocessing.Pool(workers) as pool:
        results = pool.map(_share_one, range(orders))
    found = sum(ok for _, ok, _ in results)
    print(f"random set-ups that admit 25 with the order known: {found} of {orders} ({100 * found / orders:.1f}%)")
    for orient in "hv":
        some = [ok for spot, ok, _ in results if neutral_footprint(spot)[0] == orient]
        edge = "6-cell" if orient == "h" else "4-cell"
        print(f"  neutral box along the {edge} edge: {sum(some)} of {len(some)} ({100 * sum(some) / len(some):.1f}%)")
    print(f"  perfect search time: {spread([t for _, _, t in results])}")


def _solve_one(seed: int) -> tuple[int, bool, int, float]:
    spot, deck = random_setup(seed)
    start = time.perf_counter()
    solution = solve(Problem.start(spot, deck), budget=3_000_000)
    return solution.score, solution.exact, solution.nodes, time.perf_counter() - start


def part_solve(count: int, workers: int) -> None:
    with multiprocessing.Pool(workers) as pool:
        results = pool.map(_solve_one, range(count))
    scores = Counter(score for score, _, _, _ in results)
    proved = sum(exact for _, exact, _, _ in results)
    print(f"exact best score of {count} random set-ups (order known): proved {proved} of {count}")
    print("  scores: " + ", ".join(f"{score}: {n}" for score, n in sorted(scores.items(), reverse=True)))
    print(f"  solve time: {spread([t for *_, t in results], 's', 1.0)}; nodes median "
          f"{statistics.median(n for _, _, n, _ in results):.0f}, max {max(n for _, _, n, _ in results)}")


def part_hint(games: int) -> None:
    hint_times, decide_times = [], []
    for seed in range(games):
        match = Match(GAME, ["strong"], seed)
        match.play_chance()
        rng = random.Random(seed)
        while not GAME.is_terminal(match.state):
            view = GAME.view(match.state, 0)
            start = time.perf_counter()
            advice = hint(view, rng, samples=4)
            hint_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            table = Sim.from_view(view)
            card = view["card"] if view["phase"] == "place" else None
            if card:
                table.unseen[CARD_INDEX[card]] += 1
            decide(table, card)
            decide_times.append(time.perf_counter() - start)
            match.apply(0, advice.action)
    print(f"hint (decision + 4 playouts for the expected score), {len(hint_times)} decisions: {spread(hint_times)}")
    print(f"strong bot's decision alone: {spread(decide_times)}")


def _bot_game(job: tuple[str, int]) -> tuple[str, int, list[float]]:
    level, seed = job
    match = Match(GAME, [level], seed)
    bot = SPEC.bot(level)
    times = []
    while not GAME.is_terminal(match.state):
        if GAME.current_player(match.state) == CHANCE:
            match.play_chance()
            continue
        view = GAME.view(match.state, 0)
        start = time.process_time()  # CPU time (this worker's): the machine may be shared
        action = bot.choose(GAME, view, match.rng("bot", 0))
        times.append(time.process_time() - start)
        match.apply(0, action)
    return level, GAME.scores(match.state)[0], times


def part_bots(games: int, workers: int, seed: int, levels: tuple[str, ...] = ("easy", "medium", "strong")) -> None:
    jobs = [(level, seed + index) for level in levels for index in range(games)]
    with multiprocessing.Pool(workers) as pool:
        results = pool.map(_bot_game, jobs)
    for level in levels:
        scores = [score for lvl, score, _ in results if lvl == level]
        times = [t for lvl, _, ts in results if lvl == level for t in ts]
        mean = statistics.mean(scores)
        half = 1.96 * statistics.stdev(scores) / len(scores) ** 0.5
        ratings = Counter(rating(score) for score in scores)
        print(f"{level:6} blind over {len(scores)} shuffles: mean {mean:.2f} "
              f"(95% {mean - half:.2f}..{mean + half:.2f}), median {statistics.median(scores):.0f}, "
              f"perfect {100 * scores.count(25) / len(scores):.1f}%, decision {spread(times)}")
        print("        ratings: " + ", ".join(f"{name} {ratings[name]}" for name in
                                             ("perfect", "almost perfect", "excellent", "good", "on the right path",
                                              "you can do better")))
    by_level = {level: [score for lvl, score, _ in results if lvl == level] for level in levels}
    for better, worse in zip(levels[1:], levels[:-1], strict=True):
        paired(better, worse, by_level[better], by_level[worse])


def paired(better: str, worse: str, ours: list[int], theirs: list[int]) -> None:
    """The same shuffles played by two levels: the mean difference with its 95% interval (normal), and the wins."""
    diffs = [a - b for a, b in zip(ours, theirs, strict=True)]
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("inf")
    more, same = sum(d > 0 for d in diffs), sum(d == 0 for d in diffs)
    print(f"paired, {better} - {worse} over the same {len(diffs)} shuffles: mean {mean:+.2f} "
          f"(95% {mean - half:+.2f}..{mean + half:+.2f}); {better} scores more in {more}, the same in {same}, "
          f"less in {len(diffs) - more - same}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--orders", type=int, default=500)
    parser.add_argument("--solves", type=int, default=100)
    parser.add_argument("--hints", type=int, default=20, help="games whose every decision is hinted")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--parts", default="count,share,solve,hint,bots")
    parser.add_argument("--levels", default="easy,medium,strong", help="the bots part's levels, weakest first")
    args = parser.parse_args()
    parts = args.parts.split(",")
    if "count" in parts:
        part_count()
    if "share" in parts:
        part_share(args.orders, args.workers)
    if "solve" in parts:
        part_solve(args.solves, args.workers)
    if "hint" in parts:
        part_hint(args.hints)
    if "advice" in parts:  # the hint button in Puzzle mode: bench/teamup_hint.py's (one copy)
        from teamup_hint import part_puzzle

        part_puzzle(args.hints)
    if "bots" in parts:
        part_bots(args.games, args.workers, args.seed, tuple(args.levels.split(",")))


if __name__ == "__main__":
    main()
