"""Every game package has one shape (docs/adding-a-game.md, "One layout for every package"): a newcomer who opens
any of them finds the same files in the same places, under the game's one name (the package, its id in logs and
on the wire, its tests folder and its engine doc are all called the same)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from cargobay.registry import PACKAGES, SPECS

ROOT = Path(__file__).resolve().parents[2]
GAMES_DIR = ROOT / "core" / "cargobay" / "games"
EVERY_PACKAGE = ("__init__.py", "info.py", "rules.py", "svg.py")
# a full game (not the 3-seat test game odd, whose state is a dict and whose moves are two words)
FULL_GAME = (*EVERY_PACKAGE, "state.py", "actions.py", "bots.py", "howto.py")


@pytest.mark.parametrize("package", PACKAGES)
def test_a_game_has_one_name(package: str) -> None:
    spec = next(spec for spec in SPECS.values() if spec.info.id == package)  # StopIteration: id != package name
    assert spec.info.id == package
    assert (ROOT / "tests" / "games" / package / "__init__.py").is_file()
    assert (ROOT / "docs" / f"{package}-engine.md").is_file()


@pytest.mark.parametrize("package", PACKAGES)
def test_a_game_package_has_the_files_of_the_layout(package: str) -> None:
    files = {path.name for path in (GAMES_DIR / package).glob("*.py")}
    needed = EVERY_PACKAGE if package == "odd" else FULL_GAME
    assert not set(needed) - files, sorted(set(needed) - files)


@pytest.mark.parametrize("package", [p for p in PACKAGES if p != "odd"])
def test_the_state_type_lives_in_state_py(package: str) -> None:
    """The state dataclass is defined in state.py and nowhere else in the package (rules.py may re-export it)."""
    defined = {}
    for path in (GAMES_DIR / package).glob("*.py"):
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.ClassDef) and node.name.endswith("State"):
                defined[node.name] = path.name
    state_type = SPECS[package].game.new_state(SPECS[package].game.min_seats).__class__.__name__
    assert defined.get(state_type) == "state.py", (state_type, defined)


@pytest.mark.parametrize("package", [p for p in PACKAGES if p != "odd"])
def test_state_py_names_its_json_pair_to_json_and_from_json(package: str) -> None:
    """One name for the state's JSON pair in every state.py (the Game's ``state_to_json`` / ``state_from_json``
    call them); and they round-trip a first state."""
    module = importlib.import_module(f"cargobay.games.{package}.state")
    game = SPECS[package].game
    state = game.new_state(game.min_seats)
    data = module.to_json(state)
    assert data == game.state_to_json(state)
    assert module.to_json(module.from_json(data)) == data



NO_SIM = {"odd": "no bots of its own", "tf22": "its bots play on the rules' own TF22State (a copy, effects.execute)"}


def _classes(path: Path) -> list[str]:
    return [node.name for node in ast.parse(path.read_text()).body if isinstance(node, ast.ClassDef)]


@pytest.mark.parametrize("package", PACKAGES)
def test_the_bots_live_in_bots_py_and_their_fast_model_is_sim_in_sim_py(package: str) -> None:
    """Every bot the spec offers (but the platform's ``easy``) is a class of ``bots.py``; the bots' fast model is
    ``Sim`` in ``sim.py``; a search deeper than a bot's choice is in ``search.py``, named for what it searches
    (``<What>Search``); no other module is a bots' module or a model (``bots_*``, ``*sim``)."""
    spec, folder = SPECS[package], GAMES_DIR / package
    for level in spec.levels:
        if level != "easy":
            assert type(spec.bot(level)).__module__ == f"cargobay.games.{package}.bots", level
    modules = {path.stem for path in folder.glob("*.py")}
    strays = {m for m in modules if (m.startswith("bots") or m.endswith("sim")) and m not in ("bots", "sim")}
    assert not strays, strays
    if package in NO_SIM:
        assert "sim" not in modules, NO_SIM[package]
    else:
        assert "Sim" in _classes(folder / "sim.py")
    for path in folder.glob("*.py"):
        searches = [name for name in _classes(path) if name.endswith("Search")]
        assert path.name == "search.py" or not searches, (path.name, searches)
        assert "Search" not in searches, path.name  # named for what it searches
        if not path.name.startswith("svg"):  # a board's own model of the view (tf22/svg_model.Model) is the board's
            assert "Model" not in _classes(path), path.name
