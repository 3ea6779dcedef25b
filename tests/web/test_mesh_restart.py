"""ICE restarts of an existing link signalled through another page of the mesh (web/p2p/mesh.py's "restart"
envelope) under CPython, with a hostile page: a restart for a link that does not exist, from the wrong page,
replayed, oversized, flooded. Each is refused as the message of the page it came on (never an honest page's),
and nothing is passed on or taken. The page checks the signature (restart_text) before it acts on the effect."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))

from p2p.mesh import MAX_RESTART_TEXT, RESTART_RATE, RESTART_WINDOW_MS, Effect, Mesh, restart_text

SETUP = {"match_id": "abcdefgh12", "game": "load", "seats": ["human", "human", "human"], "owners": [0, 1, 2],
         "peers": 3}
CODE = "CB1.AwAE" + "o" * 120
SIG = "s" * 86
REF = "r" * 32


def page(me: int, peers: int = 3) -> Mesh:
    """Page `me` of a started match, linked (open) with every other page."""
    mesh = Mesh("host" if me == 0 else "guest", lambda code: "offer")
    mesh.me = me
    mesh.setup, mesh.started = {**SETUP, "peers": peers, "owners": list(range(peers)),
                                "seats": ["human"] * peers}, True
    for peer in range(peers):
        if peer != me:
            mesh.bind(peer, f"L{peer}", "invite" if me < peer else "reply", False, 0)
            mesh.links[peer].state = "open"
    return mesh


def restart(to: int, frm: int, n: int = 1, **extra) -> dict:  # type: ignore[no-untyped-def]
    return {"k": "restart", "to": to, "from": frm, "n": n, "code": CODE, "sig": SIG, **extra}


def send(mesh: Mesh, peer: int, envelope: object, now: int = 1000) -> list[Effect]:
    return mesh.on_text(peer, json.dumps(envelope), now)


def refused(effects: list[Effect], peer: int) -> str:
    assert [e.kind for e in effects] == ["refuse"], effects
    assert effects[0].peer == peer  # (the page it came on pays, nobody else)
    return str(effects[0].reason)


def test_a_page_passes_a_restart_on_between_two_pages_it_links_and_the_target_takes_it() -> None:
    relay, target = page(2), page(1)
    envelope = restart(1, 0)
    [effect] = send(relay, 0, envelope)
    assert effect == Effect("restart_relay", 0, to=1, envelope=envelope, signed=restart_text("abcdefgh12", envelope))
    assert effect.signed == "restart/1\nabcdefgh12\n0\n1\n1\n-\n" + CODE
    [taken] = send(target, 2, envelope)
    assert taken.kind == "restart_in" and taken.peer == 0 and taken.via == 2
    answer = restart(0, 1, 5, re=REF)
    [back] = send(relay, 1, answer)
    assert back.kind == "restart_relay" and back.to == 0 and back.signed.split("\n")[5] == REF
    # over the link's own channel: the sender is the peer it came on
    [direct] = send(page(1), 0, restart(1, 0, 7))
    assert direct.kind == "restart_in" and direct.via == 0


def test_a_restart_for_a_link_that_does_not_exist_is_refused() -> None:
    assert "no link of the match" in refused(send(page(2), 0, restart(5, 0)), 0)  # no page 5
    assert "no link of the match" in refused(send(page(2), 0, restart(0, 0)), 0)  # a page with itself
    target = page(1)
    del target.links[0]  # page 1 has no link with page 0 (any more)
    assert "a link this page does not have" in refused(send(target, 2, restart(1, 0)), 2)
    target = page(1)
    target.links[0].state = "closed"
    assert "a link this page does not have" in refused(send(target, 2, restart(1, 0)), 2)
    before = page(2)
    before.started = False
    assert "before the match began" in refused(send(before, 0, restart(1, 0)), 0)
    # a relay page not linked with the target cannot carry it: nothing is passed on (and nobody is blamed)
    lonely = page(2)
    lonely.links[1].state = "connecting"
    assert send(lonely, 0, restart(1, 0)) == []


def test_a_restart_from_the_wrong_page_is_refused_as_the_message_of_the_page_it_came_on() -> None:
    relay = page(2, peers=4)
    # page 0 asks page 2 to pass on to page 3 a restart "from" page 1: refused as page 0's, nothing passed on
    assert "does not come from its sender" in refused(send(relay, 0, restart(3, 1)), 0)
    assert "does not come from its sender" in refused(send(relay, 0, restart(0, 1)), 0)
    # at the target it is taken only as the page it came on's claim: the signature check decides (restart_in
    # names `via`, the page that pays for a forgery); see restarting.py's restart_in
    [claim] = send(page(1), 2, restart(1, 0))
    assert claim.kind == "restart_in" and claim.via == 2 and claim.peer == 0


def test_a_replayed_restart_is_refused() -> None:
    relay = page(2)
    assert send(relay, 0, restart(1, 0, 10))[0].kind == "restart_relay"
    assert "a replay" in refused(send(relay, 0, restart(1, 0, 10)), 0)
    assert "a replay" in refused(send(relay, 0, restart(1, 0, 9)), 0)
    assert send(relay, 0, restart(1, 0, 11))[0].kind == "restart_relay"
    target = page(1)
    assert send(target, 2, restart(1, 0, 10))[0].kind == "restart_in"
    assert "a replay" in refused(send(target, 2, restart(1, 0, 10)), 2)
    # the same restart by another way (its own channel) is not a replay: the page skips the copy by its ref
    assert send(target, 0, restart(1, 0, 10))[0].kind == "restart_in"


@pytest.mark.parametrize(("envelope", "reason"), [
    ({**restart(1, 0), "extra": 1}, "must be"),
    ({k: v for k, v in restart(1, 0).items() if k != "sig"}, "must be"),
    (restart(1, 0, sig="short"), "without a signature"),
    (restart(1, 0, code="CB2.xyz"), "without a Cargo Bay code"),
    (restart(1, 0, code="CB1.a b"), "without a Cargo Bay code"),
    (restart(1, 0, re="short"), "names no offer"),
    (restart("1", 0), "not numbers"),
    (restart(1, True), "not numbers"),
    (restart(1, 0, -1), "not numbers"),
])
def test_a_malformed_restart_is_refused(envelope: dict, reason: str) -> None:  # type: ignore[type-arg]
    assert reason in refused(send(page(2), 0, envelope), 0)


def test_an_oversized_restart_is_refused_before_anything_else() -> None:
    big = restart(1, 0, code="CB1." + "x" * 580, re=REF)
    big["sig"] = SIG
    text = json.dumps(big) + " " * (MAX_RESTART_TEXT + 1 - len(json.dumps(big)))
    effects = page(2).on_text(0, text, 1000)
    assert "restart message of " + str(MAX_RESTART_TEXT + 1) in refused(effects, 0)


def test_a_flood_is_cut_at_the_rate_and_costs_only_its_sender() -> None:
    relay = page(2)
    passed = [send(relay, 0, restart(1, 0, n), now=1000 + n)[0].kind for n in range(1, 30)]
    assert passed[:RESTART_RATE] == ["restart_relay"] * RESTART_RATE
    assert set(passed[RESTART_RATE:]) == {"refuse"}
    assert "more than" in refused(send(relay, 0, restart(1, 0, 99), now=2000), 0)
    # the honest page 1's restarts through the same page still go: the flood used up page 0's allowance only
    assert send(relay, 1, restart(0, 1, 1), now=2000)[0].kind == "restart_relay"
    # and page 0's allowance comes back after the window
    assert send(relay, 0, restart(1, 0, 500), now=1000 + RESTART_WINDOW_MS + 100)[0].kind == "restart_relay"


def test_restart_text_binds_match_pages_number_offer_and_code() -> None:
    one = restart_text("abcdefgh12", restart(1, 0, 3))
    assert len({one, restart_text("abcdefgh13", restart(1, 0, 3)), restart_text("abcdefgh12", restart(2, 0, 3)),
                restart_text("abcdefgh12", restart(1, 2, 3)), restart_text("abcdefgh12", restart(1, 0, 4)),
                restart_text("abcdefgh12", restart(1, 0, 3, re=REF)),
                restart_text("abcdefgh12", restart(1, 0, 3, code=CODE + "x"))}) == 7
    assert not one.startswith("{")  # (never a relay room message, which is JSON, under the same domain)
