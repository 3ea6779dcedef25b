"""The quick-draw's pure page module (web/ui/shootout.py) under CPython, and the same under MicroPython (the
page's interpreter, the vendored wasm in Node): who draws at this screen, keys, actions, the overlay's words.
The snapshots are the engine's own (a Loot N' Loaded shootout through cargobay.session)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from tests.games.loot.helpers import deck

from cargobay.engine import CHANCE
from cargobay.registry import get_spec
from cargobay.session import LocalSession

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "web"))

from ui.shootout import (  # noqa: E402
    TIMEOUT_MS,
    WAIT_MS,
    draw_action,
    human_shooters,
    key_of,
    outcome,
    reaction,
    resolved,
    title,
)

MPY = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"


def shootout(seats: list[str]) -> LocalSession:
    """Seats 0 and 1 tie on Valiant over the Gold at location 1: a quick-draw shootout."""
    local = LocalSession.new(get_spec("loot"), seats, 1, {"shootout": "quick-draw"})
    match = local.table.match
    match.apply(CHANCE, deck(len(seats), ["gold", "oil", "totem", "compass", "totem", "oil"]))
    for seat, action in ((0, "pick:1"), (1, "pick:1"), (0, "gun:valiant"), (1, "gun:valiant")):
        match.apply(seat, action)
    return local


def test_the_human_shooters_of_this_screen_and_their_keys() -> None:
    alone = shootout(["human", "easy"])
    snap = alone.snapshot()
    assert human_shooters(snap) == [0] and title(snap) == "Shootout! You v Ben (Easy bot)."
    both = shootout(["human", "human"]).snapshot()
    assert human_shooters(both) == [0, 1] and title(both) == "Shootout! Player 1 v Player 2."
    assert [key_of(i) for i in range(7)] == ["F", "J", "A", "L", "V", "N", None]
    assert human_shooters({**snap, "mode": "p2p"}) == []  # between browsers: gun cards, no quick-draw
    assert human_shooters({**snap, "reflex": False}) == []  # the game says whether a node is a reflex node
    assert human_shooters(None) == [] and human_shooters({"mode": "local"}) == []
    alone.act(0, "draw:250")
    assert human_shooters(alone.snapshot()) == []  # drawn: only the bot is to act


def test_a_reaction_time_makes_the_action() -> None:
    assert reaction(None, 500.0) is None and reaction(1000.0, 999.9) is None
    assert reaction(1000.0, 1231.4) == pytest.approx(231.4)
    assert [draw_action(ms) for ms in (None, 0.2, 231.4, 3000, 12345)] == [
        "draw:early", "draw:1", "draw:231", "draw:3000", "draw:9999"]


def play(local: LocalSession, *draws: tuple[int, str]) -> dict[str, Any]:
    for seat, action in draws:
        local.act(seat, action)
    while local.table.to_act() and not local.table.humans_to_act():
        local.step()
    return local.snapshot()


def test_the_outcome_words_come_from_the_resolved_shootout() -> None:
    local = shootout(["human", "human"])  # (asked only once this screen's shooters have drawn)
    local.act(0, "draw:231")
    assert not resolved(local.snapshot(), [0, 1])  # seat 1 still draws
    snap = play(local, (1, "draw:284"))
    assert resolved(snap, [0, 1])
    assert outcome(snap, [0, 1]) == "Player 1 hits the bottle first (231 ms v 284 ms)"
    early = play(shootout(["human", "human"]), (0, "draw:early"), (1, "draw:900"))
    assert outcome(early, [0, 1]) == "Player 1: too early! Player 2 hits the bottle first (900 ms v too early)"
    void = play(shootout(["human", "human"]), (0, "draw:early"), (1, "draw:early"))
    assert resolved(void, [0, 1])  # both draw again
    assert outcome(void, [0, 1]) == "Too early, everyone! Nobody hits first: draw again."
    tie = play(shootout(["human", "human"]), (0, "draw:250"), (1, "draw:250"))
    assert outcome(tie, [0, 1]) == "A tie (250 ms v 250 ms): draw again."
    me = shootout(["human", "easy"])
    snap = play(me, (0, "draw:early"))
    words = outcome(snap, [0])
    assert words.startswith("Too early! "), words
    assert "Ben (Easy bot) hits the bottle first" in words or "Nobody hits first" in words, words
    you = play(shootout(["human", "easy"]), (0, "draw:1"))
    assert outcome(you, [0]).startswith("You hit the bottle first (1 ms v "), outcome(you, [0])


MPY_SCRIPT = """
import { loadMicroPython } from %(mpy)s;
import fs from "node:fs";
const out = [];
const mp = await loadMicroPython({ stdout: (t) => out.push(t), stderr: (t) => out.push("ERR " + t) });
mp.FS.mkdir("/ui");
mp.FS.writeFile("/ui/__init__.py", "");
mp.FS.writeFile("/ui/shootout.py", fs.readFileSync(%(module)s, "utf8"));
mp.FS.writeFile("/snaps.json", %(snaps)s);
mp.runPython(`
import sys, json
sys.path.append("/")
from ui.shootout import human_shooters, outcome, draw_action, reaction, resolved, title
with open("/snaps.json") as f:
    before, after = json.load(f)
print(human_shooters(before), title(before))
print(draw_action(reaction(1000.0, 1231.4)), draw_action(reaction(None, 3.0)), draw_action(12345))
print(resolved(after, [0, 1]), outcome(after, [0, 1]))
`);
console.log(out.join("\\n"));
"""


@pytest.mark.skipif(not (shutil.which("node") and MPY.exists()), reason="node or the vendored MicroPython missing")
def test_the_module_runs_under_micropython(tmp_path: Path) -> None:
    local = shootout(["human", "human"])
    before = local.snapshot()
    after = play(local, (0, "draw:231"), (1, "draw:284"))
    snaps = json.dumps([{k: before[k] for k in ("mode", "view", "labels", "to_act", "over", "reflex")},
                        {k: after[k] for k in ("mode", "view", "labels", "to_act", "over", "reflex")}])
    script = tmp_path / "run.mjs"
    script.write_text(MPY_SCRIPT % {"mpy": repr(str(MPY)), "module": repr(str(ROOT / "web" / "ui" / "shootout.py")),
                                    "snaps": json.dumps(snaps)})
    done = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:3] == [
        "[0, 1] Shootout! Player 1 v Player 2.",
        "draw:231 draw:early draw:9999",
        "True Player 1 hits the bottle first (231 ms v 284 ms)",
    ], done.stdout


def test_a_shootout_nobody_presses_in_is_over_within_5_s() -> None:
    """Issue 20 item 10: a newcomer who does not press waited up to 7 s (1.5-4 s for DRAW!, then 3 s) and took it
    for a hang (measured in the browser: 7.2 s from the Duel Gun to the outcome, e2e/test_newcomer.py
    ::test_loot_quick_draw_duel_pause_measured). DRAW! still comes at a random moment of at least 1 s, and a
    slow press (bots draw around 270 ms) still counts."""
    low, high = WAIT_MS
    assert 1000 <= low < high and high + TIMEOUT_MS <= 5000 and TIMEOUT_MS >= 2000
    assert draw_action(TIMEOUT_MS) == f"draw:{TIMEOUT_MS}"
