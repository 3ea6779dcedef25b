#!/usr/bin/env python3
"""TF22's order check: one hash of every actor's unit_actions list (in order), every legal_actions list, every 7th
step's legal_choices and every state's JSON, over seeded random matches. An engine change that claims "identical
behaviour" must leave it unchanged (it was 37d91c4a91de0ab7 over seeds 0-29, 5,284 steps, from session 6 to 8).

    python bench/tf22_orderhash.py [--core DIR] [--seeds 0 30]   -> "<steps> <hash>"

--core: the tree's core/ to import cargobay from (default: this checkout's), e.g. a copy of main's for an A/B.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def order_hash(first: int, last: int) -> tuple[int, str]:
    from cargobay.engine import CHANCE, TERMINAL
    from cargobay.games.tf22 import legal
    from cargobay.games.tf22.rules import GAME

    digest = hashlib.sha256()
    steps = 0
    for seed in range(first, last):
        rng = random.Random(seed)
        state = GAME.new_state(2 + seed % 3, {"turns": 20 if seed % 10 == 0 else 4})
        while (player := GAME.current_player(state)) != TERMINAL:
            if player == CHANCE:
                state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
                continue
            for seat in GAME.acting_seats(state):
                actions = GAME.legal_actions(state, seat)
                digest.update(repr(actions).encode())
                for pid in sorted(legal.actors(state, seat)):
                    digest.update(repr((pid, legal.unit_actions(state, seat, pid))).encode())
                if steps % 7 == 0:
                    digest.update(repr(GAME.legal_choices(state, seat)).encode())
                digest.update(repr(GAME.state_to_json(state)).encode())
                state = GAME.apply(state, seat, rng.choice(actions))
                steps += 1
    return steps, digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--core", default=str(ROOT / "core"))
    parser.add_argument("--seeds", nargs=2, type=int, default=[0, 30], metavar=("FIRST", "END"))
    args = parser.parse_args()
    sys.path.insert(0, args.core)
    steps, digest = order_hash(*args.seeds)
    print(steps, digest)


if __name__ == "__main__":
    main()
