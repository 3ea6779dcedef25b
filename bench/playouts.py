"""Random playouts per second for every registered game, in this interpreter (CPython here).

    python bench/playouts.py [--seconds 2] [--game tf22] [--json] [--no-browser] [--no-build]

Then the same in the browser: the built site's Pyodide worker runs the playouts (the service's
``bench`` request) and the page times the request with performance.now().

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
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game (repeatable)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--no-browser", action="store_true", help="CPython only")
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    args = parser.parse_args(argv)
    results = [measure(game, args.seconds) for game in GAMES.values() if not args.game or game.id in args.game]
    browser = [] if args.no_browser else measure_browser(results, args.no_build)
    if args.json:
        print(
            json.dumps(
                {
                    "python": platform.python_implementation() + " " + platform.python_version(),
                    "results": results,
                    "browser": browser,
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
    if browser:
        print("random playouts, Pyodide in Chromium (worker; page round trip included)")
        for r in browser:
            rates = f"{r['playouts_per_second']:8.1f} playouts/s  {r['actions_per_second']:9.1f} actions/s"
            print(f"  {r['game']:<8} {rates}")


def measure_browser(cpython: list[dict[str, Any]], no_build: bool) -> list[dict[str, Any]]:
    """As many playouts per game as CPython managed in --seconds, run in the browser's worker."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from engine_speed import run_browser

    work = [{"type": "bench", "what": "playouts", "game": r["game"], "count": max(1, min(10_000, r["playouts"]))}
            for r in cpython]
    out = []
    for request, (result, ms) in zip(work, run_browser(work, no_build), strict=True):
        seconds = ms / 1000
        out.append({"game": request["game"], "playouts": result["playouts"], "seconds": round(seconds, 3),
                    "playouts_per_second": round(result["playouts"] / seconds, 1),
                    "actions_per_second": round(result["actions"] / seconds, 1)})
    return out


if __name__ == "__main__":
    main()
