"""The engine contract (tests/engine/test_contract.py) over many random matches: CI checks a few per game.

    python bench/contract_sweep.py [--matches 200] [-k haul]

Runs that module's random-playout test with CARGOBAY_CONTRACT_EXAMPLES=<matches> under pytest and prints the
seconds per game; a failing match is printed by hypothesis with its seed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="random matches per game (CI: 5)")
    parser.add_argument("-k", default="", help="a pytest -k expression over the game ids, e.g. haul")
    args = parser.parse_args()
    env = dict(os.environ, CARGOBAY_CONTRACT_EXAMPLES=str(args.matches))
    expression = "random_playouts_keep_the_contract" + (f" and ({args.k})" if args.k else "")
    start = time.perf_counter()
    code = subprocess.call(
        [sys.executable, "-m", "pytest", "tests/engine/test_contract.py", "-q", "-p", "no:cacheprovider",
         "-k", expression, "--durations=0", "--durations-min=0.5"], cwd=ROOT, env=env)
    print(f"{args.matches} random matches per game: exit {code} in {time.perf_counter() - start:.0f} s")
    return code


if __name__ == "__main__":
    sys.exit(main())
