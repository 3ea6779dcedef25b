"""Team UP! hint times and work: the blind hint (card order unknown) and the known-order hint (Puzzle mode),
CPython wall clock over every decision of seeded games, with the work each used. Prints, asserts nothing.

    PYTHONPATH=core python bench/teamup_hint.py [--games 20] [--puzzles 20] [--bots 200] [--workers 1]
                                                [--parts blind,puzzle,deviate,bots] [--work N]

- blind: ``hint.hint`` (4 playouts within ``BLIND_BUDGET`` work units) at every decision of ``--games`` seeded
  games played by following it: time and work units (median / p90 / max), how many hints had no estimate
  (no playout ended within the budget), the final scores.
- puzzle: the hint button (``Game.hint``) in Puzzle mode followed to the end over ``--puzzles`` puzzles: the
  scores (all 25 if the hint is right) and its times (the puzzle's proof is remembered: look-ups).
- deviate: Puzzle mode where the medium bot (blind) plays the first 1-8 cards, then the hint is followed: the
  first hint off the remembered plan is a search within ``HINT_BUDGET`` nodes; times, nodes, proved or not,
  final scores.
- bots: the strong bot (its decisions are the hint without playouts, same work budget) blind over ``--bots``
  shuffles: mean score with a 95% interval.
"""

from __future__ import annotations

import argparse
import inspect
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
from cargobay.games.teamup import hint as hint_module
from cargobay.games.teamup.rules import GAME

WORK_ARG = "work" in inspect.signature(hint_module.hint).parameters  # False on the code before the budgets


def spread(values: list[float], unit: str = "ms", scale: float = 1000.0) -> str:
    ordered = sorted(values)
    if not ordered:
        return "none"
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return (f"median {statistics.median(ordered) * scale:.1f} {unit}, p90 {p90 * scale:.1f} {unit}, "
            f"max {ordered[-1] * scale:.1f} {unit}")


def part_blind(games: int, work: int | None) -> None:
    times, units, scores, cold = [], [], [], []
    none = 0
    spots: set[int] = set()
    for seed in range(games):
        match = Match(GAME, ["human"], seed)
        match.play_chance()
        rng = random.Random(seed)
        while not GAME.is_terminal(match.state):
            view = GAME.view(match.state, 0)
            start = time.perf_counter()
            found = (hint_module.hint(view, rng, samples=4, work=work) if WORK_ARG
                     else hint_module.hint(view, rng, samples=4))
            elapsed = time.perf_counter() - start
            if match.state.spot in spots:
                times.append(elapsed)
                units.append(float(getattr(found, "work_spent", 0)))
            else:  # the first hint on this neutral box spot builds its stacks of layer tilings (perfect.py)
                spots.add(match.state.spot)
                cold.append(elapsed)
            none += found.expected is None and view["phase"] == "place"
            match.apply(0, found.action)
        scores.append(GAME.scores(match.state)[0])
    print(f"blind hint, {len(times)} decisions over {games} games: {spread(times)}")
    slow = sorted(zip(times, units, strict=True), reverse=True)[:5]
    print("  slowest: " + ", ".join(f"{t * 1000:.0f} ms ({u:.0f} units)" for t, u in slow))
    print(f"  the first hint on each of {len(cold)} neutral box spots (building its catalogue's stacks): "
          f"{spread(cold)}")
    print(f"  work units: {spread(units, 'units', 1.0)}; placement hints without an estimate: {none}")
    print(f"  following the hint: mean score {statistics.mean(scores):.2f}, scores {sorted(scores)}")


def part_puzzle(puzzles: int) -> None:
    times, scores = [], []
    for seed in range(puzzles):
        match = Match(GAME, ["human"], seed, {"mode": "puzzle"})
        match.play_chance()
        while not GAME.is_terminal(match.state):
            start = time.perf_counter()
            advice = GAME.hint(match.state, 0)
            times.append(time.perf_counter() - start)
            assert advice is not None
            match.apply(0, str(advice["action"]))
        scores.append(GAME.scores(match.state)[0])
    print(f"Puzzle mode followed by the hint button over {puzzles} puzzles: scores {dict(Counter(scores))}; "
          f"Game.hint {spread(times)} over {len(times)} decisions")


def part_deviate(puzzles: int) -> None:
    from cargobay.games.teamup.solver import HINT_BUDGET, Problem, planned

    first_times, nodes, proved, scores, later = [], [], 0, [], []
    for seed in range(puzzles):
        match = Match(GAME, ["human"], seed, {"mode": "puzzle"})
        match.play_chance()
        medium = SPEC.bot("medium")
        blind_cards = 1 + seed % 8
        while match.state.drawn < blind_cards and not GAME.is_terminal(match.state):
            match.apply(0, medium.choose(GAME, GAME.view(match.state, 0), random.Random(0)))
        first = True
        while not GAME.is_terminal(match.state):
            view = GAME.view(match.state, 0)
            state = match.state
            cards = list(state.deck[state.drawn:])
            if view["phase"] == "place":
                cards = [str(view["card"]), *cards]
            start = time.perf_counter()
            solution = planned(Problem.from_view(view, cards), HINT_BUDGET)
            elapsed = time.perf_counter() - start
            if first:
                first_times.append(elapsed)
                nodes.append(float(solution.nodes))
                proved += solution.exact
                first = False
            else:
                later.append(elapsed)
            step = solution.plan[0]
            if view["phase"] == "draw":
                match.apply(0, "stop" if step == "stop" else "draw")
            else:
                match.apply(0, step if step.startswith("place:") else str(view["legal"][0]))
        scores.append(GAME.scores(match.state)[0])
    print(f"Puzzle, the medium bot plays 1-8 cards first, then the known-order hint ({puzzles} puzzles):")
    print(f"  first hint off the plan: {spread(first_times)}; nodes {spread(nodes, 'nodes', 1.0)}; "
          f"proved {proved} of {puzzles}")
    print(f"  the hints after it: {spread(later)}; final scores {dict(Counter(scores))}")


def _bot_game(seed: int) -> int:
    match = Match(GAME, ["strong"], seed)
    bot = SPEC.bot("strong")
    while not GAME.is_terminal(match.state):
        if GAME.current_player(match.state) == CHANCE:
            match.play_chance()
            continue
        match.apply(0, bot.choose(GAME, GAME.view(match.state, 0), match.rng("bot", 0)))
    return GAME.scores(match.state)[0]


def part_bots(games: int, workers: int) -> None:
    with multiprocessing.Pool(workers) as pool:
        scores = pool.map(_bot_game, range(games))
    mean = statistics.mean(scores)
    half = 1.96 * statistics.stdev(scores) / len(scores) ** 0.5
    print(f"strong bot blind over {games} shuffles: mean {mean:.2f} (95% {mean - half:.2f}..{mean + half:.2f}), "
          f"perfect {100 * scores.count(25) / games:.1f}%")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--puzzles", type=int, default=20)
    parser.add_argument("--bots", type=int, default=200)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--work", type=int, default=getattr(hint_module, "BLIND_BUDGET", None))
    parser.add_argument("--parts", default="blind,puzzle,deviate,bots")
    args = parser.parse_args()
    parts = args.parts.split(",")
    if "blind" in parts:
        part_blind(args.games, args.work)
    if "puzzle" in parts:
        part_puzzle(args.puzzles)
    if "deviate" in parts:
        part_deviate(args.puzzles)
    if "bots" in parts:
        part_bots(args.bots, args.workers)


if __name__ == "__main__":
    main()
