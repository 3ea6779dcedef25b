"""The menu's markup has one renderer, web/ui/menuhtml.py, run by build.py (CPython, into index.html) and by ui/menu.py
(MicroPython, in the page): both give the same text for the real catalogue; its controls are native ones, each with
its id as data-id, and only the picked game's block holds the ids."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType

import pytest

from cargobay.service import handle_json

ROOT = Path(__file__).resolve().parents[2]
RENDERER = ROOT / "web" / "ui" / "menuhtml.py"
MPY = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"


def renderer() -> ModuleType:
    spec = importlib.util.spec_from_file_location("menuhtml_under_test", RENDERER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def hello() -> dict:
    answer = json.loads(handle_json('{"type": "hello"}'))
    assert answer["ok"]
    return answer["result"]


def everything(menu: ModuleType, catalogue: dict) -> dict:
    """Every piece of markup the page gets: build.py's page() and, for every game, what ui/menu.py draws."""
    games = menu.normalize(catalogue)
    out = dict(menu.page(catalogue))
    for game in games:
        out["card:" + game["id"]] = menu.card(game)
        out["setup:" + game["id"]] = menu.setup(game, True)
        out["friend:" + game["id"]] = menu.friend_seats(game, 8) + menu.friend_fixed(game)
    return out


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def tags(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = Tags()
    parser.feed(html)
    return parser.tags


def test_the_stamped_menu_has_every_game_s_set_up_with_the_picked_game_s_ids_only() -> None:
    made = renderer().page(hello())
    found = tags(made["cards"] + made["setups"])
    radios = [a for t, a in found if t == "input" and a.get("type") == "radio"]
    assert [r["value"] for r in radios] == ["load", "haul", "loot", "tf22", "teamup"]
    assert [r["value"] for r in radios if "checked" in r] == ["load"]  # the first playable game is picked
    assert all(r["name"] == "game" and r["form"] == "setup-form" for r in radios)
    ids = [a["id"] for _, a in found if "id" in a]
    assert len(ids) == len(set(ids)), ids
    assert set(ids) == {"seat-pickers", "seat-0", "seat-1", "option-pickers"}  # LOAD!'s: 2 seats, no option
    controls = [a for t, a in found if t in ("select", "input") and a.get("type") != "radio"]
    assert controls and all(a.get("data-id") for a in controls)
    names = {a["data-id"] for a in controls}
    assert {"seat-count", "seat-5", "option-turns", "option-interference", "option-items-oil", "option-mode",
            "option-setup", "option-shootout", "option-third_location"} <= names
    assert "option-crypto" not in names  # a peer-only mode is not in the local set-up
    assert 'value="tf22"]:checked) .game-setup[data-for="tf22"]{display:contents}' in made["style"]
    # Loot N' Loaded at 2 players: its seats 3-6 hide
    assert ('.game-setup[data-for="loot"]:has(select[name="seat-count"] option[value="2"]:checked) '
            ':is(.seat-pick[data-seat="2"],.seat-pick[data-seat="3"],.seat-pick[data-seat="4"],'
            '.seat-pick[data-seat="5"]){display:none}') in made["style"]


def test_text_is_escaped() -> None:
    menu = renderer()
    option = {"name": "n", "label": "<i>", "kind": "text", "default": '"q"'}
    game = menu.normalize({"games": [{"id": 'x"<', "title": "A & <b>", "blurb": "it's", "available": True,
                                      "seats": [2, 2], "bots": ["easy"], "options": [option]}]})[0]
    html = menu.card(game, True) + menu.setup(game, True)
    assert "<b>" not in html and "<i>" not in html and "A &amp; &lt;b&gt;" in html and "it&#x27;s" in html
    assert 'value="&quot;q&quot;"' in html and 'data-game="x&quot;&lt;"' in html


SCRIPT = """
import { loadMicroPython } from %(mpy)s;
import fs from "node:fs";
const out = [];
const mp = await loadMicroPython({ stdout: (t) => out.push(t), stderr: (t) => out.push("ERR " + t) });
mp.FS.mkdir("/ui");
mp.FS.writeFile("/ui/__init__.py", "");
mp.FS.writeFile("/ui/menuhtml.py", fs.readFileSync(%(renderer)s, "utf8"));
mp.FS.writeFile("/hello.json", fs.readFileSync(%(hello)s, "utf8"));
mp.runPython(`
import sys, json
sys.path.append("/")
from ui import menuhtml
catalogue = json.loads(open("/hello.json").read())
out = dict(menuhtml.page(catalogue))
for game in menuhtml.normalize(catalogue):
    out["card:" + game["id"]] = menuhtml.card(game)
    out["setup:" + game["id"]] = menuhtml.setup(game, True)
    out["friend:" + game["id"]] = menuhtml.friend_seats(game, 8) + menuhtml.friend_fixed(game)
open("/out.json", "w").write(json.dumps(out))
`);
fs.writeFileSync(%(out)s, mp.FS.readFile("/out.json", { encoding: "utf8" }));
console.log(out.join("\\n"));
"""


@pytest.mark.skipif(not (shutil.which("node") and MPY.exists()), reason="node or the vendored MicroPython missing")
def test_micropython_draws_the_same_markup_as_cpython(tmp_path: Path) -> None:
    catalogue = hello()
    (tmp_path / "hello.json").write_text(json.dumps(catalogue))
    script = tmp_path / "run.mjs"
    script.write_text(SCRIPT % {"mpy": repr(str(MPY)), "renderer": repr(str(RENDERER)),
                                "hello": repr(str(tmp_path / "hello.json")), "out": repr(str(tmp_path / "out.json"))})
    done = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "ERR" not in done.stdout, done.stdout + done.stderr
    micropython = json.loads((tmp_path / "out.json").read_text())
    cpython = everything(renderer(), catalogue)
    assert micropython.keys() == cpython.keys()
    for key, text in cpython.items():
        assert micropython[key] == text, key
