"""The warm-up plan (worker/warm_plan.py) as the engine worker plays it: in a fresh interpreter, after the engine's
boot (`cargobay.service`), each piece of a game's plan runs exactly one module's body (so a request waits behind one
module at most), and a first match of every bot level imports nothing the plan left out. The plan is recorded in
one interpreter for all games, so a module one game left attached to its parent package once hid another game's
import of it (TF22's `dealt` piece ran three bodies): review s7, finding 3."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

REPLAY = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from cargobay.service import PROTOCOL, Service
service = Service()
games = {g["id"]: g for g in service.handle({"type": "hello"})["result"]["games"]}
out = {}
for game, names in json.loads(sys.argv[2]).items():
    bodies = {}
    for name in names:
        before = set(sys.modules)
        __import__(name)
        bodies[name] = sorted(set(sys.modules) - before)
    low, high = games[game]["seats"]
    late = {}
    for level in games[game].get("bots") or []:
        seats = ["human"] + [level] * max(1, low - 1) if high > 1 else [level]
        before = set(sys.modules)
        answer = service.handle({"type": "new_match", "v": PROTOCOL, "game": game, "seats": seats, "seed": 0})
        assert answer["ok"], answer
        late[level] = sorted(set(sys.modules) - before)
    out[game] = {"bodies": bodies, "late": late}
print(json.dumps(out))
"""


def run(*args: str) -> str:
    done = subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.fixture(scope="module")
def plan() -> dict[str, list[str]]:
    made: dict[str, list[str]] = json.loads(run(str(ROOT / "worker" / "warm_plan.py"), str(ROOT / "core")))
    return made


def test_the_plan_covers_every_playable_game(plan: dict[str, list[str]]) -> None:
    assert set(plan) == {"load", "haul", "loot", "tf22", "teamup"}
    assert all(plan.values())


def test_each_piece_runs_one_module_body_and_a_first_match_imports_nothing_more(plan: dict[str, list[str]]) -> None:
    # one fresh interpreter per game: each game's list must be complete on its own
    for game, names in plan.items():
        played = json.loads(run("-c", REPLAY, str(ROOT / "core"), json.dumps({game: names})))[game]
        several = {name: new for name, new in played["bodies"].items() if new != [name]}
        assert several == {}, f"{game}: pieces that run other modules' bodies too"
        assert all(late == [] for late in played["late"].values()), f"{game}: {played['late']}"
