"""Golden replays (tests/golden.py): every recorded log still replays to its recorded end, for every game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cargobay.registry import SPECS
from tests.golden import GAMES_DIR, expected, golden_files, record
from tests.golden_regen import regenerate

FILES = golden_files()


def test_every_game_has_golden_replays() -> None:
    games = {path.relative_to(GAMES_DIR).parts[0] for path in FILES}
    assert games == set(SPECS)
    for game_id in SPECS:
        recipes = [path for path in FILES if path.parts[-3] == game_id]
        hand_written = [p for p in recipes if json.loads(p.read_text())["recipe"] is None]
        assert len(recipes) >= 3 and hand_written, game_id


@pytest.mark.parametrize("path", FILES, ids=[path.relative_to(GAMES_DIR).as_posix() for path in FILES])
def test_golden_replay(path: Path) -> None:
    data = json.loads(path.read_text())
    assert data["log"]["game"] == path.parts[-3]
    assert expected(data["log"]) == data["expected"], (
        f"{path.name} no longer replays to its recorded end: a rules change? "
        "If on purpose, run `python -m tests.golden_regen` and review the diff"
    )
    recipe = data["recipe"]
    if recipe is not None:
        assert data["log"]["seats"] == recipe["seats"] and data["log"]["seed"] == recipe["seed"]
        assert data["expected"]["winners"] is not None, "a recorded bot match is played to the end"
        if not SPECS[data["log"]["game"]].info.cooperative:
            assert data["expected"]["winners"], "a competitive match has a winner"


def test_bots_still_record_the_same_matches() -> None:
    """The bots are deterministic for a seed: re-recording changes no golden file (a bot change must regenerate)."""
    assert regenerate(check=True) == []


def test_record_is_deterministic() -> None:
    assert record("odd", ["easy"] * 3, 4, {}) == record("odd", ["easy"] * 3, 4, {})
