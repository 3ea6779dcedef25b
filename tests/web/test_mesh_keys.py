"""Issue 11 on the page: every connection code carries its page's public signing key (p2p.js), and the mesh
(web/p2p/mesh.py) pins it. The host cannot bind a relayed code to a guest whose key it does not carry, and a
guest refuses a setup that lists other keys than the codes it saw (or not its own)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))

from p2p.mesh import Mesh, setup_problem

KEYS = ["0" * 64, "1" * 64, "2" * 64]
SETUP = {"match_id": "abcdefgh12", "game": "anygame", "seats": ["human", "human"], "owners": [0, 1], "peers": 3,
         "keys": KEYS, "time_bank": 600, "time_increment": 15, "away_allowance": 180}


def code_of(key: str) -> str:
    return "CB1.AQAB" + key[0] * 100  # the fake code's key is its first character, repeated


def key_of(code: str) -> str:
    return code[8] * 64


def guest(me: int) -> Mesh:
    mesh = Mesh("guest", lambda code: "offer", key_of)
    mesh.key = KEYS[me]
    mesh.bind(0, "L0", "reply", False, 0)
    mesh.on_open(0, 10)
    assert mesh.pin(0, code_of(KEYS[0])) == KEYS[0]  # the invite the guest answered
    return mesh


def test_the_setup_may_carry_keys_and_the_clocks() -> None:
    assert setup_problem(SETUP) is None
    assert setup_problem({**SETUP, "keys": ["zz"]}) == "the keys are not a list of public keys"


def test_a_guest_refuses_a_setup_with_another_key_for_the_host_or_itself() -> None:
    mesh = guest(1)
    for keys, reason in (([KEYS[2], KEYS[1], KEYS[0]], "another key for Player 1"),
                         ([KEYS[0], KEYS[2], KEYS[1]], "another key for this page"),
                         ([KEYS[0], KEYS[1]], "no key for every page")):
        (effect,) = mesh.on_text(0, json.dumps({"k": "setup", "setup": {**SETUP, "keys": keys}, "you": 1}))
        assert effect.kind == "refuse" and reason in effect.reason, effect
    (effect,) = mesh.on_text(0, json.dumps({"k": "setup", "setup": SETUP, "you": 1}))
    assert effect.kind == "start"


def test_a_relayed_code_must_carry_the_key_pinned_for_its_guest() -> None:
    mesh = guest(1)
    mesh.on_text(0, json.dumps({"k": "lobby", "you": 1}))
    first = mesh.on_text(0, json.dumps({"k": "signal", "to": 1, "from": 2, "code": code_of(KEYS[2])}))
    assert [e.kind for e in first] == ["reply"] and mesh.keys[2] == KEYS[2]
    (effect,) = mesh.on_text(0, json.dumps({"k": "signal", "to": 1, "from": 2, "code": code_of("9" * 64)}))
    assert effect.kind == "refuse" and "does not carry Spectator 1's key" in effect.reason


def test_the_host_relays_only_codes_with_the_senders_own_key() -> None:
    mesh = Mesh("host", lambda code: "offer", key_of)
    mesh.lobby, mesh.setup = True, dict(SETUP)
    for peer in (1, 2):
        mesh.bind(peer, f"L{peer}", "invite", False, 0)
        mesh.links[peer].state = "open"
        mesh.keys[peer] = KEYS[peer]
    (effect,) = mesh.on_text(1, json.dumps({"k": "signal", "to": 2, "from": 1, "code": code_of(KEYS[2])}))
    assert effect.kind == "refuse" and "another key" in effect.reason
    (effect,) = mesh.on_text(1, json.dumps({"k": "signal", "to": 2, "from": 1, "code": code_of(KEYS[1])}))
    assert effect.kind == "send" and effect.peer == 2


def test_a_restored_mesh_pins_the_saved_setups_keys() -> None:
    mesh = Mesh("guest", lambda code: "offer", key_of)  # a reloaded page: a fresh mesh, then the save
    mesh.restore({**SETUP, "keys": [KEYS[0], KEYS[1], "not a key"]}, 1)
    assert (mesh.role, mesh.me, mesh.started) == ("guest", 1, True) and mesh.keys == {0: KEYS[0], 1: KEYS[1]}
    mesh = Mesh("guest", lambda code: "offer", key_of)
    mesh.restore(SETUP, 1)
    mesh.bind(0, "L0", "reply", False, 0)
    mesh.on_open(0, 10)
    (effect,) = mesh.on_text(0, json.dumps({"k": "signal", "to": 1, "from": 2, "code": code_of(KEYS[2])}))
    assert effect.kind == "reply"  # the saved setup's key for page 2 ...
    (effect,) = mesh.on_text(0, json.dumps({"k": "signal", "to": 1, "from": 2, "code": code_of("9" * 64)}))
    assert effect.kind == "refuse"  # ... and no other
    host = Mesh("guest", lambda code: "offer", key_of)
    host.restore(SETUP, 0)
    assert host.role == "host" and host.me == 0 and host.keys == dict(enumerate(KEYS))
    assert host.pin(1, code_of(KEYS[2])) is None  # a code for page 1 must carry the key the save lists
