"""Random playouts per second for every registered game, in this interpreter (CPython here).

    PYTHONPATH=core python bench/playouts.py [--seconds 2] [--json]

A playout starts from ``new_state``, samples chance events with ``sample_chance`` and lets every
acting seat pick a uniformly random legal action until the game ends, through the public engine API
(apply copies the state, legal_actions recomputed each step). No assertions.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "core"))

from cargobay.engine import Game
from cargobay.engine import random_playout as playout
from cargobay.registry import GAMES


def measure(game: Game, seconds: float, seed: int = 0) -> dict[str, Any]:
    rng = random.Random(seed)
    playout(game, rng)  # warm-up
    count = steps = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        steps += playout(game, rng)
        count += 1
        elapsed = time.perf_counter() - start
    return {
        "game": game.id,
        "playouts": count,
        "seconds": round(elapsed, 3),
        "playouts_per_second": round(count / elapsed, 1),
        "actions_per_second": round(steps / elapsed, 1),
        "actions_per_playout": round(steps / count, 1),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time spent per game")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    results = [measure(game, args.seconds) for game in GAMES.values()]
    if args.json:
        print(
            json.dumps(
                {
                    "python": platform.python_implementation() + " " + platform.python_version(),
                    "results": results,
                },
                indent=2,
            )
        )
        return
    print(f"random playouts, {platform.python_implementation()} {platform.python_version()}")
    for r in results:
        print(
            f"  {r['game']:<8} {r['playouts_per_second']:8.1f} playouts/s  "
            f"{r['actions_per_second']:9.1f} actions/s  ({r['actions_per_playout']} actions per playout)"
        )


if __name__ == "__main__":
    main()
