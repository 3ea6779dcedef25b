"""The relay's room protocol (web/p2p/room.py) under CPython: who invites whom through the relay, and that old
messages replayed (after a reload, when the relay's nonces are forgotten) or bodies a sender may not send change
nothing. The module is the one MicroPython runs on the page."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))

from p2p.mesh import Mesh
from p2p.room import HELLO_EVERY_MS, OFFER_PENDING_MS, Room, body_problem, brokers_problem, ref, split_fragment

OFFER = "CB1.AgAE" + "o" * 120
OFFER2 = "CB1.AgAE" + "p" * 120
ANSWER = "CB1.AgEE" + "a" * 120
SETUP = {"match_id": "abcdefgh12", "game": "load", "seats": ["human", "human", "human"], "owners": [0, 1, 2],
         "peers": 3}


def kind_of(code: str) -> str:
    return "offer" if code.startswith("CB1.AgAE") else "answer"


def tokens():  # type: ignore[no-untyped-def]
    counter = itertools.count(1)
    return lambda: f"token{next(counter):04d}"


def mesh(role: str, started: bool = True, open_peers: tuple[int, ...] = ()) -> Mesh:
    m = Mesh(role, kind_of)
    m.me = 0 if role == "host" else 1
    m.setup, m.started = dict(SETUP), started
    for peer in open_peers:
        m.bind(peer, f"L{peer}", "invite", False, 0)
        m.links[peer].state = "open"
    return m


def test_split_fragment_and_ref() -> None:
    assert split_fragment("CB1.abc&r=k.t.1&b=ws%3A") == ("CB1.abc", "r=k.t.1&b=ws%3A")
    assert split_fragment(" CB1.abc ") == ("CB1.abc", "")
    assert ref(OFFER) == OFFER[4:36] and ref(OFFER) != ref(ANSWER)


@pytest.mark.parametrize(("text", "problem"), [
    ("", None),
    ("wss://broker.example:8084/mqtt\nws://127.0.0.1:9001", None),
    ("# a comment\n\nwss://b.example/mqtt", None),
    ("https://b.example/", "relay line 1"),
    ("wss://b.example/\nbroker.example", "relay line 2"),
    ("wss://user@b.example/", "relay line 1"),
    ("wss://b.example/ x", "relay line 1"),
    ("wss:///path", "relay line 1"),
])
def test_brokers_are_websocket_addresses(text: str, problem: str | None) -> None:
    found = brokers_problem(text)
    assert (found is None) if problem is None else (found is not None and found.startswith(problem))


@pytest.mark.parametrize("body", [
    None, [], "hello", {"t": "hello"}, {"t": "hello", "n": "short"}, {"t": "hello", "n": "token0001", "x": 1},
    {"t": "offer", "to": 1, "code": OFFER}, {"t": "offer", "to": 1, "re": "token0001", "code": "CB2.x"},
    {"t": "offer", "to": 9, "re": "token0001", "code": OFFER}, {"t": "answer", "to": True, "re": "token0001",
                                                              "code": ANSWER},
    {"t": "offer", "to": 1, "re": "bad token!", "code": OFFER}, {"t": "move", "action": "x"},
    {"t": "answer", "to": 0, "re": "token0001", "code": "CB1." + "x" * 700},
])
def test_malformed_bodies_are_ignored_and_counted(body: object) -> None:
    assert body_problem(body) is not None
    room = Room(0, tokens())
    assert room.on_body(mesh("host"), 1, body, 0) == [] and room.ignored == 1


def test_a_reloaded_guest_asks_and_the_host_invites_it_back() -> None:
    guest_room, host_room = Room(1, tokens()), Room(0, tokens())
    guest_mesh, host_mesh = mesh("guest"), mesh("host")
    [(kind, token)] = guest_room.on_back(guest_mesh, 0)
    assert kind == "hello"
    assert host_room.on_body(host_mesh, 1, {"t": "hello", "n": token}, 0) == [("offer", 1, token)]
    assert host_room.on_body(host_mesh, 1, {"t": "hello", "n": token}, 100) == []  # already on its way
    host_mesh.bind(1, "L1", "invite", False, 0)
    host_room.invite_made(1, OFFER)
    offer = {"t": "offer", "to": 1, "re": token, "code": OFFER}
    assert guest_room.on_body(guest_mesh, 0, offer, 200) == [("reply", 0, OFFER, ref(OFFER))]
    answer = {"t": "answer", "to": 0, "re": ref(OFFER), "code": ANSWER}
    assert host_room.on_body(host_mesh, 1, answer, 300) == [("accept", 1, ANSWER)]

    # Every message of that exchange replayed later changes nothing (the relay's nonce memory aside).
    host_mesh.links[1].state = "open"
    guest_mesh.bind(0, "L0", "reply", False, 0)
    guest_mesh.links[0].state = "open"
    assert host_room.on_body(host_mesh, 1, {"t": "hello", "n": token}, OFFER_PENDING_MS + 400) == []  # link open
    assert guest_room.on_body(guest_mesh, 0, offer, 500) == []  # that hello was answered already
    assert host_room.on_body(host_mesh, 1, answer, 600) == []  # that invite was answered already
    assert guest_room.ignored == 1 and host_room.ignored == 0


def test_a_hello_replaces_an_open_link_only_if_written_after_it_opened() -> None:
    host_room, host_mesh = Room(0, tokens()), mesh("host", open_peers=(1,))
    host_room.on_open(1, 1_000_000.0)
    hello = {"t": "hello", "n": "token0001"}
    assert host_room.on_body(host_mesh, 1, hello, 0, sent_at=999_000.0) == []  # older than the link: a replay
    assert host_room.on_body(host_mesh, 1, hello, 0) == []  # (no time: kept)
    # the guest reloaded after the link opened, and its bye never came: the host invites it again
    assert host_room.on_body(host_mesh, 1, hello, 0, sent_at=1_004_000.0) == [("offer", 1, "token0001")]


def test_replays_after_a_reload_are_refused_by_the_protocol() -> None:
    # The guest reloaded: a fresh Room, which never said the old hello: the old offer is not taken.
    guest_room = Room(1, tokens())
    guest_mesh = mesh("guest")
    assert guest_room.on_body(guest_mesh, 0, {"t": "offer", "to": 1, "re": "oldtoken99", "code": OFFER}, 0) == []
    assert guest_room.ignored == 1
    # The host waits for the answer to a new invite: an answer to the old one is not taken.
    host_room, host_mesh = Room(0, tokens()), mesh("host")
    host_mesh.bind(1, "L1", "invite", False, 0)
    host_room.invite_made(1, OFFER2)
    old = {"t": "answer", "to": 0, "re": ref(OFFER), "code": ANSWER}
    assert host_room.on_body(host_mesh, 1, old, 0) == [] and host_room.ignored == 1
    assert host_room.on_body(host_mesh, 1, {**old, "re": ref(OFFER2)}, 0) == [("accept", 1, ANSWER)]


def test_who_may_say_what() -> None:
    host_room, host_mesh = Room(0, tokens()), mesh("host")
    guest_room, guest_mesh = Room(1, tokens()), mesh("guest")
    hello = {"t": "hello", "n": "token0001"}
    assert host_room.on_body(host_mesh, 0, hello, 0) == [] and host_room.ignored == 1  # "from" myself
    assert host_room.on_body(host_mesh, 3, hello, 0) == [] and host_room.ignored == 2  # not a page of the match
    assert host_room.on_body(mesh("host", started=False), 1, hello, 0) == []  # before the start: the link's invite
    # only the host offers, and only for one of this guest's hellos
    [(_, token)] = guest_room.on_back(guest_mesh, 0)
    assert guest_room.on_body(guest_mesh, 2, {"t": "offer", "to": 1, "re": token, "code": OFFER}, 0) == []
    assert guest_room.on_body(guest_mesh, 0, {"t": "offer", "to": 1, "re": token, "code": ANSWER}, 0) == []
    assert guest_room.ignored == 2
    assert guest_room.on_body(guest_mesh, 0, {"t": "offer", "to": 2, "re": token, "code": OFFER}, 0) == []  # not mine
    assert guest_room.ignored == 2
    # an answer goes to the host only, for an invite waiting for it
    assert guest_room.on_body(guest_mesh, 2, {"t": "answer", "to": 1, "re": ref(OFFER), "code": ANSWER}, 0) == []
    assert host_room.on_body(host_mesh, 1, {"t": "answer", "to": 0, "re": ref(OFFER), "code": ANSWER}, 0) == []


def test_hellos_are_paced_and_the_host_says_it_is_back() -> None:
    guest_room, guest_mesh = Room(1, tokens()), mesh("guest")
    assert [a[0] for a in guest_room.on_tick(guest_mesh, 0)] == ["hello"]
    assert guest_room.on_tick(guest_mesh, HELLO_EVERY_MS - 1) == []
    assert [a[0] for a in guest_room.on_tick(guest_mesh, HELLO_EVERY_MS)] == ["hello"]
    guest_mesh.bind(0, "L0", "reply", False, 0)
    guest_mesh.links[0].state = "open"
    assert guest_room.on_tick(guest_mesh, 10 * HELLO_EVERY_MS) == []  # linked: quiet
    host_room, host_mesh = Room(0, tokens()), mesh("host")
    [(kind, token)] = host_room.on_back(host_mesh, 0)
    assert kind == "hello" and host_room.hellos == []  # (the host takes no offers)
    guest_mesh.links[0].state = "closed"
    assert [a[0] for a in guest_room.on_body(guest_mesh, 0, {"t": "hello", "n": token}, 30_000)] == ["hello"]
    assert host_room.on_tick(host_mesh, 50_000) == []


# ------------------------------------------------------------------------------- ICE restarts (issue 18/21)
@pytest.mark.parametrize("body", [
    {"t": "restart", "to": 1},
    {"t": "restart", "to": 1, "code": OFFER, "x": 1},
    {"t": "restart", "to": 1, "code": "CB2." + "o" * 40},
    {"t": "restart", "to": 1, "code": "CB1." + "o" * 700},
    {"t": "restart", "to": 9, "code": OFFER},
    {"t": "restart", "to": "1", "code": OFFER},
    {"t": "restart", "to": 1, "code": ANSWER, "re": "short"},
    {"t": "restart", "to": 1, "code": ANSWER, "re": "r" * 31 + "!"},
])
def test_malformed_restarts_are_ignored_and_counted(body: object) -> None:
    assert body_problem(body) is not None
    room = Room(1, tokens())
    assert room.on_body(mesh("guest", open_peers=(0,)), 0, body, 0) == [] and room.ignored == 1


def test_a_restart_goes_between_any_two_pages_of_the_match_on_a_link_they_have() -> None:
    offer, answer = {"t": "restart", "to": 2, "code": OFFER}, {"t": "restart", "to": 1, "code": ANSWER,
                                                                 "re": ref(OFFER)}
    assert body_problem(offer) is None and body_problem(answer) is None
    guest2 = mesh("guest", open_peers=(0, 1))
    guest2.me = 2
    assert Room(2, tokens()).on_body(guest2, 1, offer, 0, 5000) == [("restart", 1, OFFER, None, 5000)]
    guest1 = mesh("guest", open_peers=(0, 2))
    assert Room(1, tokens()).on_body(guest1, 2, answer, 0) == [("restart", 2, ANSWER, ref(OFFER), None)]
    # for another page: not this page's business (not counted)
    room = Room(1, tokens())
    assert room.on_body(guest1, 2, {"t": "restart", "to": 0, "code": OFFER}, 0) == [] and room.ignored == 0


def test_a_restart_for_no_link_or_of_the_wrong_kind_or_before_the_match_is_ignored() -> None:
    cases = [
        (mesh("guest", open_peers=(0,)), 2, {"t": "restart", "to": 1, "code": OFFER}),  # no link with page 2
        (mesh("guest", started=False, open_peers=(0,)), 0, {"t": "restart", "to": 1, "code": OFFER}),
        (mesh("guest", open_peers=(0,)), 0, {"t": "restart", "to": 1, "code": ANSWER}),  # an answer without re
        (mesh("guest", open_peers=(0,)), 0, {"t": "restart", "to": 1, "code": OFFER, "re": ref(OFFER)}),
    ]
    closed = mesh("guest", open_peers=(0,))
    closed.links[0].state = "closed"
    cases.append((closed, 0, {"t": "restart", "to": 1, "code": OFFER}))
    for m, sender, body in cases:
        room = Room(1, tokens())
        assert room.on_body(m, sender, body, 0) == [] and room.ignored == 1, body


def test_while_a_link_comes_back_by_a_restart_no_hello_replaces_it() -> None:
    host_mesh = mesh("host", open_peers=(1,))
    host_mesh.links[1].state = "connecting"  # (its path dropped: the page restarts ICE on it)
    host_room = Room(0, tokens())
    hello = {"t": "hello", "n": "token0001"}
    assert host_room.on_body(host_mesh, 1, hello, 0, held=[1]) == []
    assert host_room.on_body(host_mesh, 1, hello, 0) == [("offer", 1, "token0001")]  # (the fallback, after)
    guest_mesh = mesh("guest", open_peers=(0,))
    guest_mesh.links[0].state = "connecting"
    guest_room = Room(1, tokens())
    assert guest_room.on_tick(guest_mesh, 10_000, held=[0]) == []
    assert guest_room.on_tick(guest_mesh, 10_000) == [("hello", "token0001")]
