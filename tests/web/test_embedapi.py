"""The embed's event API (web/ui/embedapi.py) under CPython, and the same under MicroPython (the page's
interpreter, the vendored wasm in Node): the set-up from the embed URL, commands checked (bad ones refused with a
reason), and the numbered events a match's snapshots make."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cargobay.service import Service

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "web"))

from ui import embedapi, text  # noqa: E402

MPY = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"
# the catalogue as the page's menu normalizes it (ui/menu.py: normalize), the fields the embed reads
GAMES = [{"id": g["id"], "title": g["title"], "seats": g["seats"], "available": g["available"],
          "listed": g.get("listed", True), "bots": g["bots"]}
         for g in Service().handle({"type": "hello"})["result"]["games"]]


def cmd(**fields: object) -> dict[str, object]:
    return {"cargobay": "command", "v": 1, **fields}


def test_the_query_and_origins() -> None:
    assert text.query("?game=load&seats=human%2Cmedium&options=%7B%22a%22%3A1%7D&x") == {
        "game": "load", "seats": "human,medium", "options": '{"a":1}', "x": ""}
    assert text.unquote("%C3%A9t%C3%A9+x%zz") == "été x%zz"
    assert embedapi.origin_of("http://127.0.0.1:8000/a/b?c#d") == "http://127.0.0.1:8000"
    assert embedapi.origin_of("") == "" and embedapi.origin_of("nonsense") == ""


def test_the_set_up_from_the_embed_url() -> None:
    setup, theme, problem = embedapi.setup_from({"game": "haul", "seats": "human, strong,easy,easy", "seed": "7",
                                                 "theme": "dark"}, GAMES)
    assert problem is None and theme == "dark"
    assert setup == {"game": "haul", "seats": ["human", "strong", "easy", "easy"], "seed": 7, "options": {}}
    default, theme, problem = embedapi.setup_from({}, GAMES)
    assert default is not None and default["game"] == "load" and default["seats"] == ["human", "medium"]
    assert theme == "light" and problem is None
    assert embedapi.setup_from({"game": "chess"}, GAMES)[2] == "no playable game 'chess'"
    _, _, problem = embedapi.setup_from({"game": "load", "seats": "human"}, GAMES)
    assert problem == "TF22: LOAD! takes 2 seats"
    assert "no seat kind 'grandmaster'" in embedapi.setup_from({"seats": "human,grandmaster"}, GAMES)[2]
    assert embedapi.setup_from({"seed": "x"}, GAMES)[2] == "the seed is a whole number"
    assert embedapi.setup_from({"options": "{oops"}, GAMES)[2] == "options are a JSON object"


def test_commands_are_checked() -> None:
    setup = {"game": "load", "seats": ["human", "easy"], "seed": 3, "options": {}}
    assert embedapi.command(cmd(type="theme", theme="dark"), GAMES, setup) == ("theme", "dark", None)
    _, fresh, problem = embedapi.command(cmd(type="set_seats", seats="strong,easy"), GAMES, setup)
    assert problem is None and fresh == {"game": "load", "seats": ["strong", "easy"], "seed": None, "options": {}}
    _, fresh, problem = embedapi.command(cmd(type="new_match", game="loot", seed=5), GAMES, setup)
    assert problem is None and fresh is not None and fresh["game"] == "loot" and fresh["seed"] == 5
    assert len(fresh["seats"]) == 2
    assert embedapi.command(json.dumps(cmd(type="new_match")), GAMES, setup)[2] is None  # JSON text is fine
    for data, words in [
        ("not json", "JSON object"),
        ([1], '{"cargobay": "command"'),
        ({"type": "theme"}, '{"cargobay": "command"'),
        (cmd(type="theme", v=2), "version 2 is not supported"),
        (cmd(type="fly"), "unknown command 'fly'"),
        (cmd(type="theme", theme="pink"), "light or dark"),
        (cmd(type="set_seats"), "needs seats"),
        (cmd(type="set_seats", seats=[1, 2]), "list of seat kinds"),
        (cmd(type="new_match", game="chess"), "no playable game 'chess'"),
        (cmd(type="new_match", options=[1]), "options are an object"),
        ("x" * 30000, "at most"),
    ]:
        assert words in str(embedapi.command(data, GAMES, setup)[2]), data


def snap(actions: list[list[object]], over: bool = False) -> dict[str, object]:
    return {"game": "load", "title": "TF22: LOAD!", "step": len(actions), "over": over,
            "log": {"seats": ["human", "easy"], "seed": 4, "options": {}, "actions": actions},
            "result": {"scores": [3, 9], "winners": [1]} if over else None}


def test_events_are_numbered_and_tell_every_move_once() -> None:
    events = embedapi.Events("e1")
    first = events.started(snap([[-1, "deal:x"]]), {"seats": ["human", "easy"]})
    assert [e["type"] for e in first] == ["match_started"]  # the deal was before the match was told
    more = events.after(snap([[-1, "deal:x"], [0, "play:A"], [1, "play:B"]]))
    assert [(e["type"], e["step"], e["by"]) for e in more] == [("move", 2, "human"), ("move", 3, "easy")]
    assert events.after(snap([[-1, "deal:x"], [0, "play:A"], [1, "play:B"]])) == []
    end = events.after(snap([[-1, "deal:x"], [0, "play:A"], [1, "play:B"]], over=True))
    assert [e["type"] for e in end] == ["ended"] and end[0]["scores"] == [3, 9] and end[0]["winners"] == [1]
    assert events.after(snap([[0, "a"]], over=True)) == []  # ended once
    second = events.started(snap([]), {"seats": ["human", "easy"]})
    assert second[0]["match"] == 2 and second[0]["seq"] == 5 and second[0]["embed"] == "e1"
    error = events.event("error", {"command": "fly", "reason": "no"})
    assert error == {"cargobay": "event", "v": 1, "embed": "e1", "seq": 6, "type": "error", "command": "fly",
                     "reason": "no"}


SCRIPT = """
import { loadMicroPython } from %(mpy)s;
import fs from "node:fs";
const out = [];
const mp = await loadMicroPython({ stdout: (t) => out.push(t), stderr: (t) => out.push("ERR " + t) });
mp.FS.mkdir("/ui");
mp.FS.writeFile("/ui/__init__.py", "");
mp.FS.writeFile("/ui/embedapi.py", fs.readFileSync(%(api)s, "utf8"));
mp.FS.writeFile("/ui/text.py", fs.readFileSync(%(text)s, "utf8"));
mp.FS.writeFile("/games.json", fs.readFileSync(%(games)s, "utf8"));
mp.runPython(`
import sys, json
sys.path.append("/")
from ui import embedapi
games = json.loads(open("/games.json").read())
from ui import text
print(text.query("?seats=human%%2Ceasy&t=%%C3%%A9")["t"])
setup, theme, problem = embedapi.setup_from({"game": "haul", "seats": "human,easy,easy,easy"}, games)
print(setup["seats"], problem)
print(embedapi.command('{"cargobay": "command", "v": 1, "type": "fly"}', games, setup)[2])
ev = embedapi.Events("m")
print([e["type"] for e in ev.started({"log": {"seats": ["human"], "actions": [[0, "a"]]}, "over": True,
                                      "result": {"scores": [1]}}, setup)])
pe = embedapi.PeerEvents(embedapi.Events("p"), True)
told = pe.on_snap({"game": "load", "step": 2, "over": True, "result": {"scores": [1, 2]},
                   "save": {"setup": {"match_id": "m1"}, "log": {"seats": ["human", "human"],
                                                                 "actions": [[-1, "deal:A,B"], [0, "play:A"]]}}})
refused = embedapi.peer_command('{"cargobay": "command", "v": 1, "type": "set_seats"}')[2]
print([(e["type"], e.get("action")) for e in told], refused)
`);
console.log(out.join("\\n"));
"""


@pytest.mark.skipif(not (shutil.which("node") and MPY.exists()), reason="node or the vendored MicroPython missing")
def test_the_api_runs_under_micropython(tmp_path: Path) -> None:
    script = tmp_path / "run.mjs"
    (tmp_path / "games.json").write_text(json.dumps(GAMES))
    script.write_text(SCRIPT % {"mpy": repr(str(MPY)), "api": repr(str(ROOT / "web" / "ui" / "embedapi.py")),
                                "games": repr(str(tmp_path / "games.json")),
                                "text": repr(str(ROOT / "web" / "ui" / "text.py"))})
    done = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:5] == [
        "é", "['human', 'easy', 'easy', 'easy'] None", "unknown command 'fly' (new_match, set_seats, theme)",
        "['match_started', 'ended']",
        ("[('match_started', None), ('move', None), ('move', 'play:A'), ('ended', None)] set_seats is not available in"
        " a match between browsers (a peer invite fixes the game and the seats)")], done.stdout


def test_a_peer_invite_tells_the_host_page_its_match_without_a_hidden_card() -> None:
    """A whole LOAD! match between two pages (tests/test_service.py's drivers): the events page 0 (the embed)
    makes of the peer snapshots it applies are match_started, a move per step in order, then ended with the
    scores; every deal is told without its cards (the other seat's hand), every seat's move as its log has it."""
    from tests.test_service import ok, p2p_flush, p2p_pair

    services, outboxes = p2p_pair(("human", "easy"))
    peer = embedapi.PeerEvents(embedapi.Events("f1"), hidden=True)
    told: list[dict[str, Any]] = []
    real = services[0].handle

    def watched(request: dict[str, Any]) -> Any:  # every snapshot page 0 applies
        answer = real(request)
        if answer.get("ok") and request.get("type") != "p2p_identity":
            told.extend(peer.on_snap(answer["result"]))
        return answer

    services[0].handle = watched  # type: ignore[method-assign]
    p2p_flush(services, outboxes)
    for _ in range(500):
        snaps = [ok(service, type="p2p_snapshot") for service in services]
        if all(s["over"] for s in snaps):
            break
        for me, s in enumerate(snaps):
            if s["bots_to_decide"]:
                outboxes[me].extend(ok(services[me], type="p2p_bots", now=2)["send"])
            elif s["to_decide"]:
                outboxes[me].extend(ok(services[me], type="p2p_choose", seat=s["viewer"],
                                       action=s["view"]["legal"][-1], now=2)["send"])
        p2p_flush(services, outboxes)
    final = ok(services[0], type="p2p_snapshot")
    log = final["save"]["log"]
    assert final["over"] and told[0]["type"] == "match_started" and told[-1]["type"] == "ended"
    assert [e["seq"] for e in told] == list(range(1, len(told) + 1))
    moves = [e for e in told if e["type"] == "move"]
    assert [m["step"] for m in moves] == list(range(1, len(log["actions"]) + 1))
    chance = [m for m in moves if m["seat"] == -1]
    assert chance and all(m["action"] is None and m["by"] == "chance" for m in chance)
    assert [[m["seat"], m["action"]] for m in moves if m["seat"] >= 0] == [a for a in log["actions"] if a[0] >= 0]
    deals = [a[1] for service in services for a in ok(service, type="p2p_snapshot")["save"]["log"]["actions"]
             if a[0] < 0]
    assert deals and all(deal not in json.dumps(told) for deal in deals)  # neither page's view of a deal
    assert told[-1]["scores"] == final["result"]["scores"] and told[-1]["winners"] == final["result"]["winners"]
    assert [e["type"] for e in told].count("ended") == 1 and told[0]["seats"] == ["human", "easy"]


def test_a_peer_invite_takes_the_theme_and_refuses_new_matches() -> None:
    assert embedapi.peer_command(cmd(type="theme", theme="dark")) == ("theme", "dark", None)
    for kind in ("new_match", "set_seats"):
        got = embedapi.peer_command(json.dumps(cmd(type=kind, seats="human,easy")))
        assert got[:2] == (kind, None) and "not available in a match between browsers" in str(got[2])
    assert "unknown command 'fly'" in str(embedapi.peer_command(cmd(type="fly"))[2])
    assert "light or dark" in str(embedapi.peer_command(cmd(type="theme", theme="pink"))[2])
    assert embedapi.PeerEvents(embedapi.Events("x"), True).on_snap({"save": None, "over": False}) == []


def test_a_peer_invite_set_up_is_checked() -> None:
    assert embedapi.peer_problem({"game": "load", "seats": "human,friend"}, GAMES) is None
    assert embedapi.peer_problem({"game": "haul", "seats": "you,friend,easy,friend"}, GAMES) is None
    for params, words in [({"game": "chess", "seats": "human,friend"}, "no playable game 'chess'"),
                          ({"game": "load", "seats": "human,friend,friend"}, "takes 2 seats"),
                          ({"game": "load", "seats": "human,wizard"}, "no seat kind 'wizard'"),
                          ({"game": "load", "seats": "human,easy"}, "has a friend seat")]:
        assert words in str(embedapi.peer_problem(params, GAMES)), params
