"""The page-side peer protocol (web/p2p/mesh.py) under CPython: envelopes, validation, relay, early buffer,
including hostile input. The module is the one MicroPython runs on the page."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))

from p2p.mesh import (
    MAX_EARLY,
    Accept,
    Closed,
    Connected,
    HostStart,
    Lobby,
    MakeInvite,
    Mesh,
    Receive,
    Reply,
    Send,
    Start,
    setup_problem,
    valid_code,
)
from ui.limits import LIMITS

CODE = "CB1.AQAB" + "x" * 100
SETUP = {"match_id": "abcdefgh12", "game": "anygame", "seats": ["human", "human"], "owners": [0, 1], "peers": 2}


def kinds(effects):  # type: ignore[no-untyped-def]
    return [e.kind for e in effects]


def text(obj) -> str:  # type: ignore[no-untyped-def]
    return json.dumps(obj)


def guest(me: int = 1, kind: str = "answer") -> Mesh:
    mesh = Mesh("guest", lambda code: kind)
    mesh.me = me
    mesh.bind(0, "L0", "reply", False, 0)
    mesh.on_open(0, 10)
    return mesh


def host(*guests: int) -> Mesh:
    mesh = Mesh("host", lambda code: None)
    mesh.lobby = True
    mesh.setup = dict(SETUP)
    for peer in guests:
        mesh.bind(peer, f"L{peer}", "invite", False, 0)
        mesh.links[peer].state = "open"
    return mesh


# --------------------------------------------------------------------------------------- setup rules
def test_setup_structure_only_any_game_and_bot_seats() -> None:
    assert setup_problem(SETUP) is None
    assert setup_problem({**SETUP, "game": "haul", "seats": ["human", "medium", "human"], "owners": [0, 0, 1]}) is None
    assert setup_problem({**SETUP, "options": {"rounds": 3}, "reveal_deadline": 5}) is None


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"extra": 1}, "the setup has unexpected fields ['extra']"),
        ({"match_id": "short"}, "the match id is not 8-64 letters, digits, - or _"),
        ({"match_id": "bad id with spaces"}, "the match id is not 8-64 letters, digits, - or _"),
        ({"match_id": 12345678}, "the match id is not 8-64 letters, digits, - or _"),
        ({"game": ""}, "the game is not named"),
        ({"game": 3}, "the game is not named"),
        ({"peers": 1}, "a match is between 2 and 8 pages"),
        ({"peers": 9}, "a match is between 2 and 8 pages"),
        ({"peers": True}, "a match is between 2 and 8 pages"),
        ({"seats": "human"}, "the seats are not a list of seat kinds"),
        ({"seats": []}, "the seats are not a list of seat kinds"),
        ({"seats": ["human", 1]}, "the seats are not a list of seat kinds"),
        ({"owners": [0]}, "the owners are not one page index per seat"),
        ({"owners": [0, 2]}, "the owners are not one page index per seat"),
        ({"owners": [0, True]}, "the owners are not one page index per seat"),
        ({"owners": [0, "1"]}, "the owners are not one page index per seat"),
        ({"options": []}, "the options are not an object"),
        ({"reveal_deadline": 0.5}, "the reveal deadline must be 1..3600 seconds"),
        ({"reveal_deadline": 3601}, "the reveal deadline must be 1..3600 seconds"),
        ({"reveal_deadline": True}, "the reveal deadline must be 1..3600 seconds"),
    ],
)
def test_setup_problems(change: dict[str, object], problem: str) -> None:
    """Each malformed part of a setup is refused with its own reason (not merely some reason)."""
    assert setup_problem({**SETUP, **change}) == problem
    assert setup_problem("setup") == "the setup is not an object"


def test_codes() -> None:
    assert valid_code(CODE)
    for bad in ("", "CB1.", "CB2.AQAB", "CB1.AQ=B", "CB1." + "A" * 600, 42, None, "CB1.A\u00e9"):
        assert not valid_code(bad)


# --------------------------------------------------------------------------------------- envelopes
@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("not json", "not a JSON"),
        ("[1, 2]", "unknown kind"),
        ('{"k": "hack"}', "unknown kind"),
        ('{"k": "bye", "x": 1}', "unknown kind"),
        ('{"k": "peer", "t": 5}', "game message must be"),
        ('{"k": "peer", "t": "x", "from": 1}', "game message must be"),
        ("[" * 5000 + "]" * 5000, ""),
    ],
)
def test_hostile_envelopes_are_refused(raw, reason) -> None:  # type: ignore[no-untyped-def]
    mesh = guest()
    effects = mesh.on_text(0, raw)
    assert kinds(effects) == ["refuse"] and reason in effects[0].reason
    assert not mesh.started


def test_oversized_and_non_text() -> None:
    mesh = guest()
    assert kinds(mesh.on_text(0, "x" * (LIMITS["max_channel_text"] + 1))) == ["refuse"]
    assert kinds(mesh.on_text(0, None)) == ["refuse"]  # type: ignore[arg-type]
    assert "at most" in mesh.on_oversize(0, 99999)[0].reason
    assert kinds(mesh.on_text(0, text({"k": "signal", "to": 1, "from": 2, "code": "CB1." + "A" * 990}))) == ["refuse"]


def test_bye_closes_that_link() -> None:
    assert guest().on_text(0, '{"k": "bye"}') == [Closed(0, "left (closed or reloaded the page)")]


# --------------------------------------------------------------------------------------- setup and lobby
def test_guest_starts_on_the_hosts_setup_once() -> None:
    mesh = guest()
    assert mesh.on_text(0, text({"k": "setup", "setup": SETUP, "you": 1})) == [Start(SETUP, 1)]
    assert mesh.started_as(SETUP, 1) == []
    assert mesh.on_text(0, text({"k": "setup", "setup": SETUP, "you": 1})) == []  # the same setup again
    other = {**SETUP, "match_id": "zzzzzzzz99"}
    assert "different match" in mesh.on_text(0, text({"k": "setup", "setup": other, "you": 1}))[0].reason


def test_setup_from_a_non_host_or_at_the_host_is_refused() -> None:
    mesh = guest(me=2)
    mesh.bind(1, "L1", "reply", True, 0)
    assert "only the host" in mesh.on_text(1, text({"k": "setup", "setup": SETUP, "you": 2}))[0].reason
    assert "this page is the host" in host(1).on_text(1, text({"k": "setup", "setup": SETUP}))[0].reason


def test_setup_with_a_wrong_index_or_bad_structure() -> None:
    mesh = guest(me=2)
    moved = text({"k": "setup", "setup": {**SETUP, "peers": 3}, "you": 1})
    assert "another peer index" in mesh.on_text(0, moved)[0].reason
    assert "not in the match" in mesh.on_text(0, text({"k": "setup", "setup": SETUP, "you": 5}))[0].reason
    assert "the host's setup" in mesh.on_text(0, text({"k": "setup", "setup": {**SETUP, "peers": 9}}))[0].reason
    assert "nothing else" in mesh.on_text(0, text({"k": "setup", "setup": SETUP, "you": 1, "x": 0}))[0].reason


def test_lobby() -> None:
    mesh = Mesh("guest", lambda c: None)
    mesh.bind(0, "L0", "reply", False, 0)
    assert mesh.on_text(0, text({"k": "lobby", "you": 2})) == [Lobby(2)]
    assert mesh.me == 2 and mesh.lobby
    assert "another peer index" in mesh.on_text(0, text({"k": "lobby", "you": 3}))[0].reason
    assert kinds(mesh.on_text(0, text({"k": "lobby", "you": 0}))) == ["refuse"]
    assert kinds(mesh.on_text(0, text({"k": "lobby", "you": True}))) == ["refuse"]
    assert "only the host" in mesh.on_text(3, text({"k": "lobby", "you": 2}))[0].reason


# --------------------------------------------------------------------------------------- game messages
def test_early_messages_are_kept_bounded_and_handed_over() -> None:
    mesh = guest(me=1)
    for n in range(MAX_EARLY):
        assert mesh.on_text(2, text({"k": "peer", "t": f"m{n}"})) == []
    assert "too many" in mesh.on_text(2, text({"k": "peer", "t": "flood"}))[0].reason
    assert len(mesh.early) == MAX_EARLY
    mesh.on_text(0, text({"k": "setup", "setup": {**SETUP, "peers": 3}, "you": 1}))
    effects = mesh.started_as({**SETUP, "peers": 3}, 1)
    assert effects[0] == Receive(2, "m0") and len(effects) == MAX_EARLY and mesh.early == []


def test_early_messages_from_pages_outside_the_match_are_dropped() -> None:
    mesh = guest()
    mesh.on_text(4, text({"k": "peer", "t": "from outside"}))
    assert mesh.started_as(SETUP, 1) == []


def test_host_refuses_game_messages_before_the_start_then_receives() -> None:
    mesh = host(1)
    assert "before the match" in mesh.on_text(1, text({"k": "peer", "t": "x"}))[0].reason
    mesh.host_started(SETUP)
    assert mesh.on_text(1, text({"k": "peer", "t": "x"})) == [Receive(1, "x")]


# --------------------------------------------------------------------------------------- the relay
def test_host_forwards_a_code_unchanged_only_from_its_sender() -> None:
    mesh = host(1, 2)
    envelope = {"k": "signal", "to": 2, "from": 1, "code": CODE}
    assert mesh.on_text(1, text(envelope)) == [Send(2, envelope)]
    assert "does not come from its sender" in mesh.on_text(2, text(envelope))[0].reason  # forged from
    assert "no other guest" in mesh.on_text(1, text({**envelope, "to": 1}))[0].reason
    assert "no other guest" in mesh.on_text(1, text({**envelope, "to": 0}))[0].reason
    assert "not a Cargo Bay code" in mesh.on_text(1, text({**envelope, "code": "hello"}))[0].reason
    assert "must be" in mesh.on_text(1, text({**envelope, "extra": 1}))[0].reason
    assert mesh.on_text(1, text({**envelope, "to": 3})) == []  # guest 3 is not connected: dropped


def test_host_relinks_two_guests_on_request() -> None:
    mesh = host(1, 2)
    assert mesh.on_text(1, text({"k": "signal", "to": 0, "from": 1, "again": 2})) == [
        Send(1, {"k": "signal", "to": 1, "from": 2})
    ]
    assert kinds(mesh.on_text(1, text({"k": "signal", "to": 0, "from": 1, "again": 1}))) == ["refuse"]
    assert mesh.on_text(1, text({"k": "signal", "to": 0, "from": 1, "again": 4})) == []


def test_a_new_guest_gets_the_others_to_invite_it() -> None:
    mesh = host(1, 2)
    mesh.bind(3, "L3", "invite", False, 0)
    effects = mesh.on_open(3, 50)
    assert Send(3, {"k": "lobby", "you": 3}) in effects
    assert Send(1, {"k": "signal", "to": 1, "from": 3}) in effects
    assert Send(2, {"k": "signal", "to": 2, "from": 3}) in effects


def test_host_starts_at_its_first_guest_without_a_lobby_and_sends_the_setup() -> None:
    mesh = Mesh("host", lambda c: None)
    mesh.setup = dict(SETUP)
    mesh.bind(1, "L1", "invite", False, 0)
    assert mesh.on_open(1, 5) == [HostStart(1)]
    assert mesh.host_started(SETUP) == [Send(1, {"k": "setup", "setup": SETUP, "you": 1})]
    assert mesh.on_open(1, 9) == [Send(1, {"k": "setup", "setup": SETUP, "you": 1}), Connected(1)]


def test_guest_acts_on_relayed_signals() -> None:
    mesh = guest(me=1)
    assert mesh.on_text(0, text({"k": "signal", "to": 1, "from": 2})) == [MakeInvite(2)]
    mesh.bind(2, "L2", "invite", True, 100)
    assert mesh.on_text(0, text({"k": "signal", "to": 1, "from": 2}), now_ms=200) == []  # invite on its way
    assert mesh.on_text(0, text({"k": "signal", "to": 1, "from": 2, "code": CODE})) == [Accept(2, CODE)]


def test_crossed_invites_the_lower_index_wins() -> None:
    low = guest(me=1, kind="offer")
    low.bind(2, "L2", "invite", True, 0)
    assert low.on_text(0, text({"k": "signal", "to": 1, "from": 2, "code": CODE})) == []
    high = guest(me=2, kind="offer")
    high.bind(1, "L1", "invite", True, 0)
    assert high.on_text(0, text({"k": "signal", "to": 2, "from": 1, "code": CODE})) == [Reply(1, CODE)]


@pytest.mark.parametrize(
    ("envelope", "reason"),
    [
        ({"k": "signal", "to": 2, "from": 3}, "for another page"),
        ({"k": "signal", "to": 1, "from": 1}, "no other guest"),
        ({"k": "signal", "to": 1, "from": 0}, "no other guest"),
        ({"k": "signal", "to": 1, "from": 2, "code": "CB1.!!"}, "not a Cargo Bay code"),
        ({"k": "signal", "to": 1, "from": 2, "again": 3}, "must be"),
    ],
)
def test_guest_refuses_bad_relayed_signals(envelope, reason) -> None:  # type: ignore[no-untyped-def]
    effects = guest(me=1).on_text(0, text(envelope))
    assert kinds(effects) == ["refuse"] and reason in effects[0].reason


def test_only_the_host_relays() -> None:
    mesh = guest(me=1)
    mesh.bind(2, "L2", "reply", True, 0)
    effects = mesh.on_text(2, text({"k": "signal", "to": 1, "from": 2, "code": CODE}))
    assert "only the host relays" in effects[0].reason


def test_a_guest_that_loses_another_guest_asks_the_host() -> None:
    mesh = guest(me=1)
    mesh.bind(2, "L2", "reply", True, 0)
    mesh.on_open(2, 1)
    assert mesh.on_closed(2) == [Send(0, {"k": "signal", "to": 0, "from": 1, "again": 2})]
    assert mesh.on_closed(0) == []


def test_link_table() -> None:
    mesh = Mesh("host", lambda c: None)
    assert mesh.bind(1, "A", "invite", False, 0) is None
    assert mesh.bind(1, "B", "invite", False, 0) == "A"
    assert mesh.link_of("B").peer == 1 and mesh.link_of("A") is None
    assert mesh.next_guest_slot() == 2
    assert mesh.unbind("B") == 1 and mesh.links == {}
    mesh.setup = {**SETUP, "seats": ["human", "easy", "human"], "owners": [0, 0, 1], "peers": 3}
    assert [mesh.peer_name(p) for p in range(3)] == ["Player 1", "Player 2", "Spectator 1"]


def test_a_relayed_invite_never_replaces_a_live_link_but_replaces_one_lost_on_the_other_side() -> None:
    """Issue 19, attack 6: a hostile host relays to guest 1 a genuine, signed invite of guest 2 (an old one it
    kept) while the two guests are linked: guest 1 used to answer it at once, closing its live link with
    guest 2 (both then paused, each charging the other's away allowance). Now guest 1 asks the open link
    first: guest 2 answers over it and the invite is refused; only a link that does not answer (lost on the
    other side: a one-sided drop, a reload) is replaced, PROBE_MS later."""
    from p2p.mesh import PROBE_MS, Probe, Refuse

    one, two = guest(me=1, kind="offer"), guest(me=2, kind="offer")
    one.bind(2, "L2", "reply", True, 0)
    one.on_open(2, 1)
    two.bind(1, "L1", "invite", True, 0)
    two.on_open(1, 1)
    relayed = text({"k": "signal", "to": 1, "from": 2, "code": CODE})  # the host replays guest 2's old code
    effects = one.on_text(0, relayed)
    assert effects == [Send(2, {"k": "ping", "n": 1}), Probe(2, 1)] and one.links[2].lid == "L2"
    (pong,) = two.on_text(1, text(effects[0].envelope))
    assert pong == Send(1, {"k": "pong", "n": 1})
    (refused,) = one.on_text(2, text(pong.envelope))
    assert refused == Refuse(0, refused.reason) and "alive" in refused.reason
    assert one.probe_due(2, 1) == [] and one.links[2].lid == "L2"  # never answered: the live link stays
    # guest 2 lost the link on its side (no pong comes): its new invite replaces the link, PROBE_MS later
    assert PROBE_MS <= 5000
    effects = one.on_text(0, relayed)
    assert kinds(effects) == ["send", "probe"]
    assert one.on_text(2, text({"k": "pong", "n": 1})) == []  # a stale pong answers nothing
    assert one.probe_due(2, effects[1].n) == [Reply(2, CODE)]
    one.links[2].state = "closed"
    assert one.on_text(0, relayed) == [Reply(2, CODE)]  # a link closed here: replaced at once


def test_a_host_invites_up_to_seven_guests() -> None:
    """limits.PEERS: 8 pages, the host and 7 guests (a peer index 1-7; the setup check takes 8)."""
    mesh = host(*range(1, 7))
    assert mesh.next_guest_slot() == 7
    mesh = host(*range(1, 8))
    assert mesh.next_guest_slot() is None
    eight = {**SETUP, "peers": 8, "seats": ["human"] * 6, "owners": [0, 1, 2, 3, 4, 5]}
    assert setup_problem(eight) is None and setup_problem({**eight, "peers": 9}) is not None
