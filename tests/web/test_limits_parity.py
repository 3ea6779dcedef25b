"""One source of truth between page and engine: the limits (core/cargobay/limits.py) travel in the engine's
``hello``; the page's fall-backs (web/ui/limits.py, used until the engine answers) are the same values, and the
page's checks (web/p2p/mesh.py's setup check, web/ui/records.py's import) accept exactly what the engine does."""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))

from p2p import mesh
from ui import limits as page_limits
from ui import records

from cargobay import limits
from cargobay.engine import CargoBayError, Match
from cargobay.net import Setup
from cargobay.net.messages import MATCH_ID
from cargobay.registry import GAMES
from cargobay.service import MAX_REQUEST_BYTES, Service, handle_json

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
    from p2p import room

    assert room.MAX_PEERS == limits.PEERS[1] == 8  # (the relay's bound on a page index, too)


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
