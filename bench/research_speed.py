"""Raw speed of random matches: the native engine against the OpenSpiel and PettingZoo adapters.

    python bench/research_speed.py [--seconds 3] [--games load,haul,...] [--json]

Each side plays whole random matches for ``--seconds`` and counts:
- native: ``Game`` API, chance by ``sample_chance``, each pending seat a random legal action (no ``undo``);
- openspiel: a ``pyspiel`` state, random chance outcome / random legal id per ``apply_action`` (a shuffle is
  its card-by-card draws; a TF22 move its selection steps), simultaneous games in their default form;
- pettingzoo: ``env.step`` with a random id from the action mask (chance drawn natively per event).
Printed: steps per second (each library's own step) and cargobay actions per second (the actions the match log
records, chance events included), so the adapters are compared with the engine per real action. No assertions.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "core"))

import numpy as np
import pyspiel

import cargobay.openspiel  # noqa: F401  (registers the games)
from cargobay.engine import CHANCE, TERMINAL
from cargobay.pettingzoo import env
from cargobay.registry import GAMES
from cargobay.research.steps import HIDDEN_PICKS

IDS = ("load", "haul", "loot", "teamup", "tf22")


def native(game_id: str, seconds: float) -> tuple[int, int, float]:
    game = GAMES[game_id]
    rng = random.Random(0)
    steps = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(game.min_seats, game.info.resolve_options({}))
        while game.current_player(state) != TERMINAL:
            if game.current_player(state) == CHANCE:
                state = game.apply(state, CHANCE, game.sample_chance(state, rng))
            else:
                seat = game.acting_seats(state)[0]
                legal = [a for a in game.legal_actions(state, seat) if a not in HIDDEN_PICKS]
                state = game.apply(state, seat, rng.choice(legal or game.legal_actions(state, seat)))
            steps += 1
            actions += 1
    return steps, actions, time.perf_counter() - start


def openspiel(game_id: str, seconds: float) -> tuple[int, int, float]:
    game = pyspiel.load_game(f"cargobay_{game_id}")
    rng = random.Random(0)
    steps = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.randrange(len(state.chance_outcomes())))
            elif state.is_simultaneous_node():
                state.apply_actions([rng.choice(state.legal_actions(p)) if state.legal_actions(p) else 0
                                     for p in range(game.num_players())])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        actions += len(state.node.log)
    return steps, actions, time.perf_counter() - start


def pettingzoo(game_id: str, seconds: float) -> tuple[int, int, float]:
    e = env(game_id)
    rng = np.random.default_rng(0)
    steps = actions = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        e.reset(seed=seed)
        seed += 1
        while not all(e.terminations.values()):
            mask = e.observe(e.agent_selection)["action_mask"]
            e.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
        actions += len(e.node.log)
    return steps, actions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", default=",".join(IDS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for game_id in args.games.split(","):
        row: dict[str, Any] = {"game": game_id}
        for name, run in (("native", native), ("openspiel", openspiel), ("pettingzoo", pettingzoo)):
            steps, actions, elapsed = run(game_id, args.seconds)
            row[name] = {"steps_per_s": steps / elapsed, "actions_per_s": actions / elapsed}
        if args.json:
            print(json.dumps(row), flush=True)
        else:
            sides = ("native", "openspiel", "pettingzoo")
            cells = "  ".join(f"{name} {row[name]['steps_per_s']:8.0f} steps/s "
                              f"{row[name]['actions_per_s']:8.0f} actions/s" for name in sides)
            print(f"{game_id:7} {cells}", flush=True)


if __name__ == "__main__":
    main()
