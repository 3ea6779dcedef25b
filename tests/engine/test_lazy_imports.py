"""The engine imports a game's rules only when that game is played: booting (the catalogue, ``hello``) imports
no game's rules, and resuming or replaying one game's log imports no other game's rules (registry.GAMES is lazy).
Each check runs in a fresh interpreter, since this test process has imported every game already."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("load", "odd", "haul", "loot", "tf22", "teamup")
RULE_MODULES = ("rules", "actions", "state", "bots", "svg")

SCRIPT = """
import json, sys
from cargobay.service import handle_json
from cargobay.engine import Match
requests = json.loads(sys.argv[1])
for request in requests:
    answer = json.loads(handle_json(json.dumps(request)))
    assert answer["ok"], answer
print(json.dumps(sorted(name for name in sys.modules if name.startswith("cargobay.games."))))
"""


def imported_after(requests: list[dict[str, object]]) -> set[str]:
    done = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(requests)], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "core")}, check=False)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout))


def rule_modules(game: str) -> set[str]:
    return {f"cargobay.games.{game}.{name}" for name in RULE_MODULES}


def test_booting_the_engine_imports_no_games_rules() -> None:
    imported = imported_after([{"v": 2, "type": "hello"}])
    for game in GAMES:
        assert not imported & rule_modules(game), (game, sorted(imported & rule_modules(game)))


@pytest.mark.parametrize("kind", ["resume", "replay"])
def test_resuming_or_replaying_one_game_imports_no_other_games_rules(kind: str) -> None:
    log = json.loads((ROOT / "tests" / "games" / "load" / "golden" / "easy-vs-medium-seed-1.json").read_text())["log"]
    imported = imported_after([{"v": 2, "type": "hello"}, {"v": 2, "type": kind, "log": log}])
    assert "cargobay.games.load.rules" in imported
    for game in GAMES[1:]:
        assert not imported & rule_modules(game), (game, sorted(imported & rule_modules(game)))


def test_a_spec_declares_what_it_loads() -> None:
    """What a game loads is declared in its spec ("module:NAME"), not found by naming convention."""
    from cargobay.registry import SPECS
    from cargobay.spec import lazy_spec

    assert {game: sorted(spec.commands) for game, spec in SPECS.items() if spec.commands} == {"teamup": ["solve"]}
    assert callable(SPECS["teamup"].commands["solve"]())
    with pytest.raises(ValueError, match="'rules' is not 'module:NAME'"):
        lazy_spec(SPECS["load"].info, "cargobay.games.load", rules="rules")
    odd = lazy_spec(SPECS["load"].info, "cargobay.games.load", rules="rules:NO_SUCH_GAME")
    with pytest.raises(AttributeError, match="NO_SUCH_GAME"):
        _ = odd.game


HTML_SCRIPT = """
import json, sys
from cargobay.service import handle_json
for game, seats in json.loads(sys.argv[1]).items():
    answer = json.loads(handle_json(json.dumps({"v": 2, "type": "new_match", "game": game, "seats": seats, "seed": 1})))
    assert answer["ok"] and "<svg" in json.dumps(answer), (game, answer)
print(json.dumps(sorted(name for name in sys.modules if name == "html" or name.startswith("html."))))
"""


def test_drawing_every_game_s_board_imports_no_html_module() -> None:
    """The boards escape their text with render.svg.escape: the standard ``html`` module loads ``html.entities``
    (0.2-1.3 s of a game's first Start in the browser, measured by the s7 cold-start work)."""
    seats = {"load": ["human", "strong"], "haul": ["human", "easy", "easy", "easy"], "loot": ["human", "strong"],
             "teamup": ["human"], "tf22": ["human", "strong"]}
    done = subprocess.run([sys.executable, "-c", HTML_SCRIPT, json.dumps(seats)], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "core")}, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


REPLAY_SCRIPT = """
import json, sys
from cargobay.service import handle_json
for request in json.loads(sys.argv[1]):
    answer = json.loads(handle_json(json.dumps(request)))
    assert answer["ok"] and "<svg" in json.dumps(answer), (request.get("step"), answer)
print(json.dumps(sorted(name for name in sys.modules if name == "html" or name.startswith("html."))))
"""


def test_the_replay_viewer_imports_no_html_module() -> None:
    """A replay's frames (the board at a step, and the words of the step's action, read back from the board's
    labels: replay.py) escape and unescape with render.svg too."""
    log = json.loads((ROOT / "tests" / "games" / "load" / "golden" / "easy-vs-medium-seed-1.json").read_text())["log"]
    requests = [{"v": 2, "type": "replay", "log": log, "step": 3, "viewer": 0},
                {"v": 2, "type": "replay", "step": 8, "viewer": 1}, {"v": 2, "type": "replay", "viewer": None}]
    done = subprocess.run([sys.executable, "-c", REPLAY_SCRIPT, json.dumps(requests)], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "core")}, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
