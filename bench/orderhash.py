#!/usr/bin/env python3
"""The card games' order check: one hash of everything the public engine API answers over seeded random matches of
LOAD!, Haul or Loot N' Loaded. An engine change that claims "identical behaviour" must leave a game's hash as it was
on the core before the change (TF22 has its own, bench/tf22_orderhash.py).

    python bench/orderhash.py --game load|haul|loot [--core DIR] [--seeds 0 60]   -> "<game> <steps> <hash>"

At every step it hashes, in order: the node (current_player, acting_seats), every seat's legal_actions list (the
acting seats' and the others', which must be empty), the whole state's JSON, the scores; every 5th step also each
seat's and a spectator's view, the legal choices of every acting seat (and of one prefix) and the legal list of
the state read back from its JSON; every 3rd step one action that is not legal there (drawn from the actions seen
so far, or a malformed one) applied: the error's type and message. After each apply the state applied to is
hashed again (a change in place would show). At the end, the result. Loot plays 2-6 seats, both shootout modes,
two locations for some 2-seat matches and the cryptographic deal for every 7th seed.

--core: the tree's core/ to import cargobay from (default: this checkout's), e.g. a copy of an older commit's for an
A/B. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("load", "haul", "loot")
MALFORMED = ("", "play:", "play:Z9", "load:G@9", "reload:G@1>1", "claim:2S", "claim:8D>X", "pick:0", "pick:x",
             "gun:bazooka", "draw:0", "steal:9:gold", "put:gold:-1", "deal:", "deck:", "coin:7", "dealer:4")


def setups(game_id: str, seed: int) -> tuple[int, dict[str, Any]]:
    """The seats and options of the match played from ``seed``."""
    if game_id != "loot":
        return (2 if game_id == "load" else 4), {}
    seats = 2 + seed % 5
    options: dict[str, Any] = {"shootout": "gun cards" if seed % 2 else "quick-draw"}
    if seats == 2 and seed % 4 == 1:
        options["third_location"] = False
    if seed % 7 == 3:
        options["crypto"] = True
    return seats, options


def order_hash(game_id: str, first: int, last: int) -> tuple[int, str]:
    from cargobay.engine import CHANCE, TERMINAL, CargoBayError
    from cargobay.registry import GAMES as REGISTRY

    game = REGISTRY[game_id]
    digest = hashlib.sha256()

    def put(value: object) -> None:
        digest.update(repr(value).encode())
        digest.update(b"\n")

    steps = 0
    for seed in range(first, last):
        rng = random.Random(seed)
        seats, options = setups(game_id, seed)
        state = game.new_state(seats, game.info.resolve_options(options))
        seen: list[str] = []
        while (player := game.current_player(state)) != TERMINAL:
            acting = game.acting_seats(state)
            put((steps, player, acting))
            legal = {seat: game.legal_actions(state, seat) for seat in range(seats)}
            put(legal)
            before = game.state_to_json(state)
            put(before)
            put(game.scores(state))
            if steps % 5 == 0:
                for seat in (*range(seats), None):
                    put(game.view(state, seat))
                for seat in acting:
                    choices = game.legal_choices(state, seat)
                    put(choices)
                    if choices.selections:
                        put(game.legal_choices(state, seat, choices.selections[0]))
                put(game.legal_actions(game.state_from_json(before), acting[0]) if acting else ())
            if steps % 3 == 0:
                _refusal(game, state, CHANCE, legal, seen, rng, put, CargoBayError)
            if player == CHANCE:
                action = game.sample_chance(state, rng)
                new = game.apply(state, CHANCE, action)
            else:
                seat = acting[0] if len(acting) == 1 else rng.choice(acting)
                action = rng.choice(legal[seat])
                if action not in seen and len(seen) < 500:
                    seen.append(action)
                new = game.apply(state, seat, action)
            put(game.state_to_json(state) == before)
            state = new
            steps += 1
        put(game.result(state))
        put(game.state_to_json(state))
    return steps, digest.hexdigest()[:16]


def _refusal(game: Any, state: Any, chance: int, legal: dict[int, list[str]], seen: list[str], rng: random.Random,
             put: Any, error_type: type[Exception]) -> None:
    """Apply one action that is not legal here (by any seat or chance) and hash how it is refused."""
    seat = rng.choice([*legal, chance])
    action = rng.choice(seen + list(MALFORMED))
    if action in legal.get(seat, ()):
        return
    try:
        game.apply(state, seat, action)
    except error_type as error:
        put((seat, action, type(error).__name__, str(error)))
        return
    put((seat, action, "accepted"))  # an action the legal list leaves out but apply takes (a hidden card, a time)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True, choices=GAMES)
    parser.add_argument("--core", default=str(ROOT / "core"))
    parser.add_argument("--seeds", nargs=2, type=int, default=[0, 60], metavar=("FIRST", "END"))
    args = parser.parse_args()
    sys.path.insert(0, args.core)
    steps, digest = order_hash(args.game, *args.seeds)
    print(args.game, steps, digest)


if __name__ == "__main__":
    main()
