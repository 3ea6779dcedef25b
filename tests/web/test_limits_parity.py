"""One source of truth between page and engine: the limits (core/cargobay/limits.py) travel in the engine's
``hello``; the page's fall-backs (web/ui/limits.py, used until the engine answers) are the same values, and the
page's checks (web/p2p/mesh.py's setup check, web/ui/records.py's import) accept exactly what the engine does."""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))

from p2p import mesh
from ui import limits as page_limits
from ui import records, text

from cargobay import limits
from cargobay.engine import CargoBayError, Match
from cargobay.net import Setup
from cargobay.net.messages import MATCH_ID
from cargobay.registry import GAMES
from cargobay.service import MAX_REQUEST_BYTES, Service, handle_json

ROOT = Path(__file__).resolve().parents[2]
KEYS = [f"{k:064x}" for k in range(1, 11)]


@pytest.fixture(autouse=True)
def fresh_page_limits() -> Iterator[None]:
    saved = copy.deepcopy(page_limits.LIMITS)
    yield
    page_limits.LIMITS.clear()
    page_limits.LIMITS.update(saved)


def test_the_engine_sends_its_limits_and_the_page_starts_with_the_same() -> None:
    hello = Service().hello({})
    assert hello["limits"] == limits.limits()
    assert json.loads(json.dumps(hello["limits"])) == page_limits.LIMITS
    from p2p import room  # the relay's bound on a page index is the page's peer limit (it has no copy of its own)

    offer = {"t": "offer", "re": "abcdefgh", "code": "CB1.x", "to": limits.PEERS[1] - 1}
    assert limits.PEERS[1] == 8 and room.body_problem(offer) is None
    assert room.body_problem({**offer, "to": limits.PEERS[1]}) == "an offer for no page"


def setup(peers: int, deadline: float = 60) -> dict[str, Any]:
    return {"match_id": "abcdefgh12", "game": "load", "seats": ["human", "human"], "owners": [0, 1],
            "peers": peers, "reveal_deadline": deadline, "keys": KEYS[:peers]}


def engine_accepts(data: dict[str, Any]) -> bool:
    try:
        Setup.from_json(data)
    except CargoBayError:
        return False
    return True


@pytest.mark.parametrize("peers", range(10))
def test_page_and_engine_agree_on_the_number_of_pages(peers: int) -> None:
    assert (mesh.setup_problem(setup(peers)) is None) == engine_accepts(setup(peers))


@pytest.mark.parametrize("deadline", [0, 0.5, 1, 4, 5, 60, 3600, 3600.5, 3601])
def test_page_and_engine_agree_on_the_reveal_deadline(deadline: float) -> None:
    assert (mesh.setup_problem(setup(2, deadline)) is None) == engine_accepts(setup(2, deadline))


@pytest.mark.parametrize("match_id", ["abcdefgh", "a" * 64, "a" * 65, "abcdefg", "abc-_DEF9", "abcdefg!", "ab cdefgh",
                                      "abcdéfgh"])
def test_page_and_engine_agree_on_match_ids(match_id: str) -> None:
    assert page_limits.valid_match_id(match_id) == bool(MATCH_ID.fullmatch(match_id))


def test_the_page_uses_what_the_engine_sent() -> None:
    """The fall-backs are only fall-backs: limits from the hello replace them (here a narrower engine)."""
    assert mesh.setup_problem(setup(4)) is None
    page_limits.use({**limits.limits(), "peers": [2, 3], "clocks": {**limits.limits()["clocks"],
                     "reveal_deadline": {"default": 30, "low": 10, "high": 20}}})
    assert mesh.setup_problem(setup(4)) == "a match is between 2 and 3 pages"
    assert mesh.setup_problem(setup(3, 30)) == "the reveal deadline must be 10..20 seconds"
    page_limits.use({**limits.limits(), "log_format": "other-log"})
    assert "not a match log" in str(records.parse_import(json.dumps({"format": "cargobay-log", "game": "load",
                                                                       "actions": []}))[1])
    page_limits.use({**limits.limits(), "max_request_bytes": 10})
    assert "larger than a match log can be (10 characters)" in str(records.parse_import("x" * 11)[1])


def test_the_request_limit_is_the_one_the_page_checks_imports_against() -> None:
    assert page_limits.LIMITS["max_request_bytes"] == MAX_REQUEST_BYTES
    assert json.loads(handle_json(" " * (MAX_REQUEST_BYTES + 1)))["error"]["type"] == "ProtocolError"
    log = Match(GAMES["load"], ["easy", "easy"], 1).to_log()
    assert log["format"] == page_limits.LIMITS["log_format"]
    assert records.parse_import(json.dumps(log))[1] is None


# --- no second copy: every page, worker and glue file takes the shared values from one place -----------------------
WEB = ROOT / "web"
PAGE_FILES = sorted([*WEB.rglob("*.py"), *WEB.rglob("*.js"), *WEB.rglob("*.mjs"), *(ROOT / "worker").rglob("*.mjs")])


OWN_PLACES = (WEB / "ui" / "limits.py", WEB / "ui" / "text.py")  # the fall-backs; the page's one base64url alphabet


def literal_copies(value: object) -> list[str]:
    """Where a page, worker or glue file spells out a shared limit itself (the page's fall-backs aside)."""
    spelled = {str(value), f"{value:_}", f'"{value}"'} if isinstance(value, int) else {f'"{value}"', f"'{value}'"}
    pattern = re.compile("|".join(rf"(?<![\w.]){re.escape(text)}(?![\w.])" for text in spelled))
    return [f"{path.relative_to(ROOT)}:{number}" for path in PAGE_FILES if path not in OWN_PLACES
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]


@pytest.mark.parametrize("name", ["max_request_bytes", "max_message_bytes", "max_channel_text", "log_format",
                                  "match_id_chars"])
def test_no_page_or_worker_file_keeps_its_own_copy_of_a_shared_limit(name: str) -> None:
    assert literal_copies(limits.limits()[name]) == []


def test_the_glue_gets_the_channel_text_limit_stamped_from_the_one_source() -> None:
    import build

    glue = (WEB / "p2p-glue.js").read_text(encoding="utf-8")
    assert "export const MAX_CHANNEL_TEXT = __MAX_CHANNEL_TEXT__;" in glue
    assert build.limit_tokens() == {"__MAX_CHANNEL_TEXT__": str(limits.MAX_CHANNEL_TEXT)}


def test_the_page_has_one_short_and_one_query_parser() -> None:
    defined = {name: sorted(str(path.relative_to(WEB)) for path in WEB.rglob("*.py")
                            if re.search(rf"^def {name}\(", path.read_text(encoding="utf-8"), re.MULTILINE))
               for name in ("short", "query", "unquote")}
    assert defined == {"short": ["ui/text.py"], "query": ["ui/text.py"], "unquote": ["ui/text.py"]}


QUERIES = ["", "?", "?game=load", "?game=load&game=haul", "?seats=human%2Cmedium&x", "?a=%C3%A9t%C3%A9+x",
           "?bad=%zz&odd=%4", "?k%20ey=v%3Dw&=empty", "?embed=e1&origin=http%3A%2F%2F127.0.0.1%3A8000&theme=dark"]


@pytest.mark.skipif(not shutil.which("node"), reason="node missing")
def test_the_page_reads_a_query_as_the_browser_does() -> None:
    """ui/text.query against URLSearchParams (the JavaScript files' parser; a repeated key: the last wins)."""
    script = ("const qs = JSON.parse(process.argv[1]);"
              "console.log(JSON.stringify(qs.map((q) => Object.fromEntries(new URLSearchParams(q)))));")
    done = subprocess.run(["node", "-e", script, json.dumps(QUERIES)], capture_output=True, text=True, timeout=60,
                          check=True)
    assert [text.query(q) for q in QUERIES] == json.loads(done.stdout)
