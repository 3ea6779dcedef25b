"""Golden replays: recorded match logs with their expected final state, checked by tests/engine/test_golden.py.

Each ``tests/games/<game>/golden/<name>.json`` holds ``log`` (a match log), ``expected`` (``step``, ``hash``,
``scores``, ``winners``: None when the log stops before the end) and ``recipe``: the bot seats, seed and
options that recorded the log, or None for a hand-written log (kept as written). A rules change that alters
an old match makes the test fail loudly. Regenerate ON PURPOSE only (a deliberate rules or bot change),
then review the diff::

    PYTHONPATH=core python -m tests.golden_regen            # rewrite every golden file
    PYTHONPATH=core python -m tests.golden_regen --check    # only report which would change
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cargobay.engine import Match
from cargobay.registry import GAMES, SPECS
from cargobay.table import Table

GAMES_DIR = Path(__file__).resolve().parent / "games"

# (game, file name, seats, seed, options): the bot-vs-bot matches recorded
RECIPES: tuple[tuple[str, str, list[str], int, dict[str, Any]], ...] = (
    ("load", "easy-vs-medium-seed-1", ["easy", "medium"], 1, {}),
    ("load", "medium-vs-strong-seed-2", ["medium", "strong"], 2, {}),
    ("load", "strong-vs-easy-seed-3", ["strong", "easy"], 3, {}),
    ("odd", "easy-seed-1", ["easy", "easy", "easy"], 1, {}),
    ("odd", "easy-5-rounds-seed-2", ["easy", "easy", "easy"], 2, {"rounds": 5}),
    ("haul", "easy-seed-1", ["easy"] * 4, 1, {}),
    ("haul", "easy-seed-2", ["easy"] * 4, 2, {}),
    ("loot", "easy-2-seats-seed-1", ["easy"] * 2, 1, {}),
    ("loot", "easy-4-seats-seed-2", ["easy"] * 4, 2, {}),
    ("loot", "easy-6-seats-seed-3", ["easy"] * 6, 3, {}),
    ("loot", "easy-5-seats-gun-cards-chosen-items", ["easy"] * 5, 4,
     {"shootout": "gun cards", "items": ["totem", "jewels", "oil", "flower", "glass", "gold", "keys", "cat",
                                         "sleight", "letter"]}),
    ("loot", "easy-2-seats-two-locations", ["easy"] * 2, 5, {"third_location": False}),
    ("tf22", "easy-2-seats-seed-1", ["easy"] * 2, 1, {}),
    ("tf22", "easy-4-seats-8-turns-seed-2", ["easy"] * 4, 2, {"turns": 8}),
    ("tf22", "medium-vs-easy-6-turns-seed-3", ["medium", "easy"], 3, {"turns": 6}),
    ("tf22", "medium-3-seats-5-turns-mountains-seed-4", ["medium"] * 3, 4, {"turns": 5, "interference": "mountains"}),
    ("teamup", "medium-strong-3-seats-seed-1", ["medium", "strong", "medium"], 1, {}),
    ("teamup", "strong-challenge-seed-2", ["strong"], 2, {"mode": "challenge", "setup": "4FTHM6-BPS49N-BJVVKE"}),
    ("teamup", "medium-puzzle-seed-3", ["medium", "medium"], 3, {"mode": "puzzle"}),
    ("teamup", "easy-5-seats-seed-108", ["easy"] * 5, 108, {}),
)


def golden_files() -> list[Path]:
    return sorted(GAMES_DIR.glob("*/golden/*.json"))


def record(game_id: str, seats: list[str], seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """Play a bot-only match to the end and return its log."""
    table = Table.new(SPECS[game_id], seats, seed, options)
    table.play_out()
    assert table.is_over()
    return table.match.to_log()


def expected(log: dict[str, Any]) -> dict[str, Any]:
    """What replaying ``log`` gives now."""
    match = Match.from_log(log, GAMES)
    game, state = match.game, match.state
    result = game.result(state)
    return {"step": match.step, "hash": game.state_hash(state), "scores": game.scores(state),
            "winners": None if result is None else result["winners"]}


def golden(log: dict[str, Any], recipe: dict[str, Any] | None, note: str) -> dict[str, Any]:
    return {"note": note, "recipe": recipe, "expected": expected(log), "log": log}


def dump(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1) + "\n"
