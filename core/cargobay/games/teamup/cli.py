"""``python -m cargobay solve teamup ...``: the Team UP! solver from the command line.

- ``--count-perfect``: the perfect pallets with the neutral box at corner cell (0,0) of layer 1, along the
  6-cell edge and along the 4-cell edge (colours ignored), with the time taken; and whether the rulings'
  example pallet is among them.
- ``--setup CODE``: the best score of that set-up with its card order known in advance, and the plan.
- ``--share N [--seed S]``: how many of N random set-ups (seeded) admit a perfect 25 with the order known.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from typing import TextIO

from .codes import CodeError, decode, encode
from .components import DECK
from .geometry import pid_of
from .perfect import RULINGS_PALLET, catalogue, pallet_key, parse_layers
from .solver import Problem, plan_actions, proves_perfect, solve

__all__ = ["main"]


def count_perfect(out: TextIO) -> None:
    example = pallet_key(parse_layers(RULINGS_PALLET))
    for label, orient in (("along the 6-cell edge", "h"), ("along the 4-cell edge", "v")):
        start = time.perf_counter()
        cat = catalogue(pid_of("N", orient, 0, 0))
        count = cat.count()
        counted = (time.perf_counter() - start) * 1000
        listed = example in set(cat.keys)
        print(f"neutral box at (0,0), {label}: {count} perfect pallets ({counted:.0f} ms; "
              f"{len(cat.first)} first-layer and {len(cat.upper)} upper-layer tilings)", file=out)
        if orient == "h":
            print(f"  the rulings' example pallet is {'one of them' if listed else 'NOT among them'}", file=out)


def solve_setup(code: str, budget: int | None, out: TextIO) -> int:
    try:
        spot, deck = decode(code)
    except CodeError as error:
        print(f"error: {error}")
        return 2
    start = time.perf_counter()
    solution = solve(Problem.start(spot, deck), budget)
    took = time.perf_counter() - start
    proved = "exact" if solution.exact else f"best found within {budget} nodes"
    print(f"set-up {encode(spot, deck)}: best score {solution.score} ({proved}; {solution.nodes} nodes, "
          f"{took:.2f} s)", file=out)
    for index, step in enumerate(solution.plan):
        print(f"  card {index + 1:2} {deck[index]:6} {step}", file=out)
    print(f"  actions: {' '.join(plan_actions(solution.plan))}", file=out)
    return 0


def share(count: int, seed: int, budget: int, out: TextIO) -> None:
    rng = random.Random(seed)
    found = 0
    start = time.perf_counter()
    for _ in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        found += proves_perfect(rng.randrange(8), deck, budget)
    took = time.perf_counter() - start
    print(f"{found} of {count} random set-ups admit 25 with the order known ({100 * found / count:.1f}%; "
          f"{took / count * 1000:.0f} ms each)", file=out)


def main(argv: Sequence[str], out: TextIO) -> int:
    parser = argparse.ArgumentParser(prog="python -m cargobay solve teamup", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count-perfect", action="store_true", help="count the perfect pallets")
    parser.add_argument("--setup", metavar="CODE", help="solve a set-up with its card order known")
    parser.add_argument("--share", type=int, metavar="N", help="share of N random set-ups that admit 25")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=int, default=None, help="search nodes at most (default: no limit)")
    args = parser.parse_args(list(argv))
    if not (args.count_perfect or args.setup or args.share):
        parser.print_usage(out)
        return 2
    if args.count_perfect:
        count_perfect(out)
    if args.share:
        share(args.share, args.seed, args.budget or 2_000_000, out)
    if args.setup:
        return solve_setup(args.setup, args.budget, out)
    return 0
