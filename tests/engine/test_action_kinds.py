"""Bots and boards read an action's kind from the game's action types (``actions.parse`` and its classes), not
from the text's prefix (``action.startswith("play:")``): the parser is the one grammar. A ratchet: the places
left are listed below with the reason each stays; a new prefix test on an action kind fails here."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from cargobay.registry import PACKAGES

GAMES_DIR = Path(__file__).resolve().parents[2] / "core" / "cargobay" / "games"
# file -> the prefix tests on action kinds that stay, and why
LEFT = {
    # TF22's parser keeps no cache (its action space, a move per unit and hex, is far larger than the other games'):
    # a parse costs ~30 times a prefix test, so the bots' inner loops (every legal action of every searched
    # position) keep the prefix
    "tf22/bots.py": 1,
    "tf22/search.py": 7,
    # the TF22 board's picks: one actor's moves out of every legal action, per render (the same cost)
    "tf22/svg_map.py": 2,
    "tf22/svg_picks.py": 1,
    # Loot's put-back steps mix actions (put:gold:3) with the selection steps that lead to them (put:gold,
    # put:gold:deeper), which the parser does not read
    "loot/svg_prompt.py": 3,
    # a solver plan's step (place:..., face-down, stop), not an action: face-down has no action
    "teamup/hint.py": 1,
}


def _kinds(package: str) -> set[str]:
    grammar = "".join(importlib.import_module(f"cargobay.games.{package}.actions").GRAMMAR)
    return set(re.findall(r"\b([a-z]+):", grammar)) - {"v"}  # (Team UP!'s "@v:" is an orientation)


def _bot_and_board_files(package: str) -> list[Path]:
    names = ("bots.py", "sim.py", "search.py", "hint.py")
    return sorted(p for p in (GAMES_DIR / package).glob("*.py") if p.name in names or p.name.startswith("svg"))


@pytest.mark.parametrize("package", [p for p in PACKAGES if p != "odd"])
def test_bots_and_boards_read_action_kinds_from_the_parser(package: str) -> None:
    kinds = "|".join(sorted(_kinds(package)))
    test = re.compile(rf"""startswith\(\(?f?["']({kinds}):""")
    for path in _bot_and_board_files(package):
        key = f"{package}/{path.name}"
        found = len(test.findall(path.read_text()))
        assert found <= LEFT.get(key, 0), f"{key}: {found} prefix tests on action kinds (use actions.parse)"
        assert found >= LEFT.get(key, 0), f"{key}: fewer prefix tests than listed in LEFT: lower its count"
