#!/usr/bin/env python3
"""The long sweep of issue 19's property (tests/net/test_many_pages_property.py keeps a few seconds of it for
CI): random matches of every game dealt between pages, and odd, 2-8 pages (players and up to 2 spectators),
all honest or with one page deviating at a random step (a spectator's self-equivocation, junk, an audit asked
on one page, stopping), each played to its end. Every match asserts the property on every honest page (no
honest page charged, a spectator never ends the match, every dealt end audited: at the end, or after an
early end). Prints how the matches ended and how long they took.

    python bench/many_pages.py [--matches 40] [--seed 1] [--steps 10000]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "core"))
sys.path.insert(0, str(ROOT))

from tests.net.test_many_pages_property import DEVIATIONS, GAMES, run  # noqa: E402

from cargobay import limits  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=10_000, help="steps played of each match (default: to the end)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    totals: Counter[str] = Counter()
    by_game: dict[str, list[float]] = {}
    start = time.perf_counter()
    for index in range(args.matches):
        game = rng.choice(sorted(GAMES))
        low, high = GAMES[game]
        players = rng.randint(2 if game == "odd" else low, high)
        spectators = rng.randint(0, min(2, limits.PEERS[1] - players))
        how, at, seed = rng.choice(DEVIATIONS), rng.randint(1, 30), rng.randrange(10_000)
        t0 = time.perf_counter()
        seen = run(game, players, spectators, how, at, seed, steps=args.steps)
        elapsed = time.perf_counter() - t0
        by_game.setdefault(game, []).append(elapsed)
        totals.update({key: value for key, value in seen.items() if key != "pages"})
        totals["matches"] += 1
        totals[f"pages={seen['pages']}"] += 1
        print(f"{index + 1:3} {game:5} {players} players + {spectators} watching, {how:24} at {at:2}: "
              f"{elapsed:6.1f} s  { {k: v for k, v in seen.items() if v and k != 'pages'} }", flush=True)
    print(f"\n{totals['matches']} matches in {time.perf_counter() - start:.0f} s; honest pages that finished: "
          f"{totals['finished']} (audited at the end: {totals['audited']}), that recorded the deviator's forfeit: "
          f"{totals['forfeited']} (audited after the end: {totals['audited-after-end']}, a false deck named: "
          f"{totals['named']}); no honest page was charged (asserted)")
    print("pages per match: " + ", ".join(f"{k[6:]}: {v}" for k, v in sorted(totals.items()) if k.startswith("pages=")))
    for game, times in sorted(by_game.items()):
        print(f"  {game:5} {len(times):3} matches, {sum(times) / len(times):6.1f} s each (max {max(times):.1f} s)")


if __name__ == "__main__":
    main()
