"""The saved-match records of the page (web/ui/records.py) under CPython, and the same under MicroPython (the
page's interpreter, the vendored wasm in Node): records made from snapshots, checked (corrupt, foreign and other
versions refused with a reason), progress in words, and match logs exported and imported in the --log format."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cargobay.engine import Match
from cargobay.registry import SPECS

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "web"))

from ui import records  # noqa: E402

MPY = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"
LOG = json.loads((ROOT / "tests" / "games" / "load" / "golden" / "easy-vs-medium-seed-1.json").read_text())["log"]


def local_snap(over: bool = False) -> dict[str, object]:
    return {"game": "load", "title": "TF22: LOAD!", "step": 12, "over": over, "log": LOG,
            "result": {"scores": [6, 60], "winners": [1]} if over else None}


def test_a_local_record_round_trips_and_reads_well() -> None:
    record = records.make("local", "abc", local_snap(True), LOG, {"setup": {"game": "load"}}, 100.5)
    assert record["seats"] == ["Easy bot", "Medium bot"] and record["created"] == record["updated"] == 100.5
    back, problem = records.check(json.dumps(record))
    assert problem is None and back == record
    assert records.progress(back) == "finished after 12 steps, scores 6 / 60, won by Medium bot (seat 2)"
    assert records.progress({**back, "over": False}) == "step 12, unfinished"
    later = records.make("local", "abc", local_snap(), LOG, {}, 200.0, {"created": 100.5})
    assert later["created"] == 100.5 and later["updated"] == 200.0
    assert records.log_of(back) == LOG


def test_a_peer_record_keeps_its_save_until_the_end_then_only_the_log() -> None:
    save = {"setup": {"match_id": "Ab/cd 12", "game": "load", "seats": ["human", "human"], "owners": [0, 1]},
            "me": 1, "log": LOG, "secret": "x"}
    assert records.peer_id(save) == "p2p-Abcd12-1" and records.peer_id({"me": 0}) is None
    playing = records.make("p2p", "p2p-x", {"game": "load", "step": 3}, save, {"chat": []}, 1.0)
    assert playing["save"] == save and "log" not in playing and playing["seats"] == ["Friend", "You"]
    done = records.make("p2p", "p2p-x", {"game": "load", "over": True,
                                         "outcome": {"reason": "ran out of time"}}, save, {}, 2.0)
    assert "save" not in done and done["log"] == LOG and "ran out of time" in records.progress(done)
    assert records.check(json.dumps(done))[1] is None


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (None, "missing"),
        ("{not json", "not JSON"),
        ("[1]", "not a saved match"),
        (json.dumps({"format": "chess-save", "v": 1}), "not a Cargo Bay save"),
        (json.dumps({"format": "cargobay-save", "v": 2}), "another version"),
        (json.dumps({"format": "cargobay-save", "v": 1, "mode": "local", "id": "a", "game": "load"}), "missing"),
        (json.dumps({"format": "cargobay-save", "v": 1, "mode": "tv", "id": "a", "game": "load"}), "no mode"),
    ],
)
def test_corrupt_foreign_and_other_versions_are_refused_with_a_reason(text: str | None, words: str) -> None:
    record, problem = records.check(text)
    assert record is None and problem is not None and words in problem


def test_saves_from_before_are_read_once() -> None:
    data, problem = records.legacy("local", json.dumps({"setup": {}, "log": LOG, "step": 3, "over": False}))
    assert problem is None and data["log"] == LOG
    assert records.legacy("p2p", "{oops")[1].startswith("not JSON")
    assert records.legacy("p2p", json.dumps({"save": 3}))[1] == "not a saved match"


def test_export_is_the_command_line_format_and_import_takes_it_back() -> None:
    text = records.export_text(LOG)
    assert list(json.loads(text)) == ["format", "version", "game", "seats", "seed", "options", "actions"]
    games = {game_id: spec.game for game_id, spec in SPECS.items()}
    Match.from_log(json.loads(text), games)  # the CLI's reader takes it
    assert records.parse_import(text) == (LOG, None)
    wrapped = json.dumps({"note": "golden", "log": LOG})  # a golden test file, or a saved record, holds one
    assert records.parse_import(wrapped)[0] == LOG
    saved = records.make("local", "abc", local_snap(), LOG, {}, 1.0)
    assert records.parse_import(json.dumps(saved))[0] == LOG
    for bad, words in [("nope", "not JSON"), ("[]", "not a match log"), ('{"format": "pgn"}', "format 'pgn'"),
                       ('{"game": "load"}', "no game or actions"), ("x" * 1_000_001, "larger")]:
        assert words in records.parse_import(bad)[1]
    name = records.export_name({"game": "load", "id": "k1"}, "Friday: the big one!")
    assert name == "cargobay-friday-the-big-one.json"
    assert records.export_name({"game": "load", "id": "k1"}, "") == "cargobay-load-k1.json"


def test_an_imported_record_resumes_as_a_local_match() -> None:
    frame = {"game": "load", "title": "TF22: LOAD!", "steps": 40, "over": False, "result": None}
    record = records.imported("id1", LOG, frame, 5.0)
    assert record["imported"] is True and record["mode"] == "local" and record["step"] == 40
    assert record["setup"]["seats"] == LOG["seats"] and records.check(json.dumps(record))[1] is None


def test_newest_first() -> None:
    assert [r["id"] for r in records.ordered([{"id": "a", "updated": 1.0}, {"id": "b", "updated": 3.0},
                                              {"id": "c"}])] == ["b", "a", "c"]


SCRIPT = """
import { loadMicroPython } from %(mpy)s;
import fs from "node:fs";
const out = [];
const mp = await loadMicroPython({ stdout: (t) => out.push(t), stderr: (t) => out.push("ERR " + t) });
mp.FS.mkdir("/ui");
mp.FS.writeFile("/ui/__init__.py", "");
mp.FS.writeFile("/ui/records.py", fs.readFileSync(%(records)s, "utf8"));
mp.FS.writeFile("/ui/limits.py", fs.readFileSync(%(limits)s, "utf8"));
mp.FS.writeFile("/ui/text.py", fs.readFileSync(%(text)s, "utf8"));
mp.FS.writeFile("/log.json", fs.readFileSync(%(log)s, "utf8"));
mp.runPython(`
import sys, json
sys.path.append("/")
from ui import records
log = json.loads(open("/log.json").read())["log"]
snap = {"game": "load", "step": 4, "over": True, "result": {"scores": [1, 2], "winners": [1]}}
rec = records.make("local", "abc", snap, log, {}, 1764543727.25)
print(records.check(json.dumps(rec))[0]["updated"])
print(records.progress(rec))
print(records.check("{bad")[1])
print(records.parse_import(records.export_text(log))[0]["seed"] == log["seed"])
print(records.export_name(rec, "Ünïcode night"))
`);
console.log(out.join("\\n"));
"""


@pytest.mark.skipif(not (shutil.which("node") and MPY.exists()), reason="node or the vendored MicroPython missing")
def test_records_run_under_micropython(tmp_path: Path) -> None:
    script = tmp_path / "run.mjs"
    script.write_text(SCRIPT % {"mpy": repr(str(MPY)), "records": repr(str(ROOT / "web" / "ui" / "records.py")),
                                "limits": repr(str(ROOT / "web" / "ui" / "limits.py")),
                                "text": repr(str(ROOT / "web" / "ui" / "text.py")),
                                "log": repr(str(ROOT / "tests" / "games" / "load" / "golden" /
                                                "easy-vs-medium-seed-1.json"))})
    done = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:5] == [
        "1764543727.25", "finished after 4 steps, scores 1 / 2, won by Medium bot (seat 2)", "not JSON (damaged)",
        "True", "cargobay-n-code-night.json"], done.stdout
