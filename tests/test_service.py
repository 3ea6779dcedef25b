"""The worker's message contract (worker/PROTOCOL.md), exercised in CPython."""

from __future__ import annotations

import json
from collections import Counter
from html import escape
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cargobay.games.load.rules import DECK
from cargobay.service import MAX_REQUEST_BYTES, PROTOCOL, Service, handle_json


def ask(service: Service, **request: Any) -> dict[str, Any]:
    return service.handle({"v": PROTOCOL, "id": 1, **request})


def ok(service: Service, **request: Any) -> dict[str, Any]:
    answer = ask(service, **request)
    assert answer["ok"], answer
    return answer["result"]


def failed(service: Service, **request: Any) -> str:
    answer = ask(service, **request)
    assert not answer["ok"], answer
    return str(answer["error"])


def test_hello_lists_the_catalogue() -> None:
    result = ok(Service(), type="hello")
    assert result["protocol"] == PROTOCOL
    games = {g["id"]: g for g in result["games"]}
    assert list(games) == ["load", "odd", "haul", "loot", "tf22", "teamup"]
    assert [g["id"] for g in result["games"] if g["available"] and g["listed"]] == ["load", "haul", "loot", "tf22",
                                                                                   "teamup"]
    assert games["odd"]["listed"] is False and games["odd"]["seats"] == [3, 3]
    assert games["odd"]["options"] == [{"name": "rounds", "label": "Rounds", "kind": "int", "default": 3,
                                        "min": 1, "max": 9}]
    assert games["load"]["bots"] == ["easy", "medium", "strong"] and games["odd"]["bots"] == ["easy"]
    assert games["teamup"]["cooperative"] is True and games["teamup"]["bots"] == ["easy", "medium", "strong"]
    # a peer-only mode is in the catalogue (the friend set-up shows it fixed) but not in the local menu
    for game in ("loot", "tf22"):
        crypto = [o for o in games[game]["options"] if o["name"] == "crypto"]
        assert crypto and crypto[0]["menu"] is False and games[game]["peer_options"]["crypto"] is True
    assert all("menu" not in o for o in games["load"]["options"] + games["haul"]["options"])


def offered(snap: dict[str, Any], action: str) -> bool:
    """The board offers ``action``: as a complete action, or by the first pick of its selection step."""
    if f'data-action="{escape(action)}"' in snap["svg"]:
        return True
    head = action.rpartition(">")[0] if action.startswith("reload:") else action.partition("+")[0]
    return f'data-select="{escape(head)}"' in snap["svg"]


def play_human_vs_bot(service: Service, bot: str = "easy", seed: int = 5) -> dict[str, Any]:
    snap = ok(service, type="new_match", game="load", seats=["human", bot], seed=seed)
    while not snap["over"]:
        humans = [entry["seat"] for entry in snap["to_act"] if entry["kind"] == "human"]
        if humans:
            assert snap["viewer"] == humans[0]
            action = snap["view"]["legal"][0]
            assert offered(snap, action)
            snap = ok(service, type="act", seat=humans[0], action=action)
        else:
            snap = ok(service, type="step")
    return snap


def test_a_whole_match_through_the_contract() -> None:
    service = Service()
    snap = play_human_vs_bot(service)
    assert snap["view"]["result"]["winners"]
    assert snap["log"]["actions"] and snap["step"] == len(snap["log"]["actions"])
    assert "game-over" in snap["svg"]


def test_resume_replays_the_log_to_the_same_hash() -> None:
    service = Service()
    snap = ok(service, type="new_match", game="load", seats=["human", "medium"], seed=11)
    for _ in range(6):
        if snap["view"]["legal"]:
            snap = ok(service, type="act", seat=0, action=snap["view"]["legal"][-1])
        else:
            snap = ok(service, type="step")
    other = Service()
    resumed = ok(other, type="resume", log=json.loads(json.dumps(snap["log"])))
    assert resumed["hash"] == snap["hash"] and resumed["step"] == snap["step"]
    assert resumed["svg"] == snap["svg"]


def test_the_bot_does_not_see_the_humans_pending_card() -> None:
    service = Service()
    snap = ok(service, type="new_match", game="load", seats=["human", "easy"], seed=1)
    snap = ok(service, type="step")  # the deal
    first = snap["view"]["legal"][0]
    assert service.local is not None
    table = service.local.table
    view_of_bot = table.game.view(table.match.state, 1)
    snap = ok(service, type="act", seat=0, action=first)
    assert table.game.view(table.match.state, 1)["my_choice"] is None
    assert view_of_bot["chosen"] == [False, False]


@pytest.mark.parametrize(("request_", "error_type"), [
    ({"type": "nope"}, "ProtocolError"),
    ({"type": "act", "seat": 0, "action": "play:G3"}, "ProtocolError"),  # no match yet
    ({"type": "new_match", "game": "chess", "seats": ["human", "easy"]}, "UnknownGameError"),
    ({"type": "new_match", "game": "load", "seats": ["human", "god"]}, "SetupError"),
    ({"type": "new_match", "game": "load", "seats": ["human"]}, "SetupError"),
    ({"type": "new_match", "game": "load", "seats": ["human", "easy"], "options": {"no": 1}}, "SetupError"),
    ({"type": "new_match", "game": "load", "seats": ["human", "easy"], "seed": -1}, "ProtocolError"),
    ({"type": "new_match", "game": "load", "seats": "human,easy"}, "ProtocolError"),
    ({"type": "resume", "log": {"game": "load", "seats": ["human", "easy"], "actions": [[0, "play:G3"]]}},
     "LogError"),
    ({"type": "resume", "log": []}, "ProtocolError"),
    ({"type": "act", "v": PROTOCOL - 1}, "ProtocolError"),
    ({"type": "p2p_restore", "save": {"setup": {}}}, "StateError"),
])
def test_bad_requests_are_answered_with_errors(request_: dict[str, Any], error_type: str) -> None:
    answer = Service().handle({"v": PROTOCOL, **request_})
    assert answer["ok"] is False
    assert answer["error"]["type"] == error_type and answer["error"]["message"]


@pytest.mark.parametrize("setup", [
    {"match_id": "x"},
    {"match_id": "abcdefgh12", "game": "load", "seats": ["human", "human"], "owners": [0, 1], "peers": 9},
    {"match_id": "abcdefgh12", "game": "load", "seats": ["human", "human"], "owners": [0, 0], "peers": 2},
])
def test_a_bad_peer_setup_is_a_setup_error(setup: dict[str, Any]) -> None:
    service = Service()
    key = ok(service, type="p2p_identity", fresh=True)["key"]
    answer = ask(service, type="p2p_start", setup={**setup, "keys": [key, key]}, me=0, now=0)
    assert answer["error"]["type"] == "SetupError", answer


def test_errors_leave_the_match_untouched() -> None:
    service = Service()
    snap = ok(service, type="new_match", game="load", seats=["human", "easy"], seed=2)
    snap = ok(service, type="step")  # the deal
    snap = ok(service, type="step")  # the bot chooses its card; now only the human is to act
    assert snap["to_act"] == [{"seat": 0, "kind": "human"}]
    for bad in [
        {"type": "act", "seat": 0, "action": "play:Z9"},
        {"type": "act", "seat": 1, "action": snap["view"]["legal"][0]},  # the bot's seat
        {"type": "act", "seat": 7, "action": "play:G3"},
        {"type": "act", "seat": "0", "action": "play:G3"},
        {"type": "step"},  # only the human is to act
        {"type": "resume", "log": {"game": "load"}},
    ]:
        answer = ask(service, **bad)
        assert answer["ok"] is False, bad
        assert ok(service, type="snapshot")["hash"] == snap["hash"]


def test_handle_json_refuses_garbage_and_oversize() -> None:
    assert json.loads(handle_json("{not json"))["error"]["type"] == "ProtocolError"
    assert json.loads(handle_json("x" * (MAX_REQUEST_BYTES + 1)))["error"]["type"] == "ProtocolError"
    assert json.loads(handle_json("[" * 100_000))["ok"] is False
    assert json.loads(handle_json('{"v":1,"type":"hello"}'))["ok"] is True


@settings(max_examples=200, deadline=None)
@given(st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(
        ["v", "type", "game", "seats", "seed", "seat", "action", "log", "actions", "prefix", "options", "wide"]),
        inner, max_size=5),
    max_leaves=20,
))
def test_fuzzed_requests_never_crash(request_: Any) -> None:
    """Any request is answered; a bad one is refused with a typed error, never an engine bug (InternalError)."""
    answer = json.loads(handle_json(json.dumps(request_)))
    assert isinstance(answer["ok"], bool)
    assert answer["ok"] or answer["error"]["type"] != "InternalError", answer["error"]


FIELDS = ["v", "game", "seats", "seed", "seat", "action", "log", "actions", "prefix", "options", "wide", "step",
          "viewer", "setup", "me", "from", "text", "now", "save", "peer", "connected", "fresh", "secret"]
LEAF = st.none() | st.booleans() | st.integers(-3, 10) | st.text(max_size=12) | st.sampled_from(
    ["load", "haul", "loot", "tf22", "teamup", "odd", "human", "easy", "play:G3", "draw:1"])


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(Service().handlers)), st.dictionaries(st.sampled_from(FIELDS), st.recursive(
    LEAF, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(FIELDS), inner, max_size=4),
    max_leaves=10), max_size=6))
def test_every_request_type_refuses_fuzzed_fields_with_a_typed_error(kind: str, fields: dict[str, Any]) -> None:
    """Each request type with fuzzed fields, on a fresh page and on one with a match: refused, never a bug."""
    for service in (Service(), started()):
        answer = service.handle({**fields, "v": PROTOCOL, "type": kind})
        assert answer["ok"] or answer["error"]["type"] != "InternalError", answer["error"]


def started() -> Service:
    service = Service()
    ok(service, type="new_match", game="load", seats=["human", "easy"], seed=1)
    return service


def test_a_bug_is_an_internal_error_with_its_traceback_not_a_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A KeyError inside the engine is no refusal: the answer says InternalError and carries the traceback."""
    service = Service()

    def broken(request: dict[str, Any]) -> dict[str, Any]:
        return {}["no such key"]  # type: ignore[no-any-return]

    monkeypatch.setitem(service.handlers, "hello", broken)
    answer = service.handle({"v": PROTOCOL, "type": "hello"})
    assert answer["ok"] is False
    assert answer["error"]["type"] == "InternalError"
    assert answer["error"]["message"] == "KeyError: 'no such key'"
    assert "in broken" in answer["error"]["traceback"]
    refused = service.handle({"v": PROTOCOL, "type": "new_match", "game": "load", "seats": ["human"]})
    assert refused["error"]["type"] == "SetupError" and "traceback" not in refused["error"]


def keyed(setup: dict[str, Any], services: list[Service]) -> dict[str, Any]:
    """The setup with every page's public key (as the pages exchange them in their connection codes)."""
    return {**setup, "keys": [ok(service, type="p2p_identity", fresh=True)["key"] for service in services]}


def p2p_pair(seats: tuple[str, str] = ("human", "human")) -> tuple[list[Service], list[list[str]]]:
    services = [Service(), Service()]
    setup = keyed({"match_id": "pair-match-01", "game": "load", "seats": list(seats), "owners": [0, 1],
                   "peers": 2}, services)
    outboxes: list[list[str]] = [[], []]
    for me, service in enumerate(services):
        outboxes[me].extend(ok(service, type="p2p_start", setup=setup, me=me, now=0)["send"])
    return services, outboxes


def p2p_flush(services: list[Service], outboxes: list[list[str]]) -> list[dict[str, Any]]:
    snaps: list[dict[str, Any]] = []
    while any(outboxes):
        for me in (0, 1):
            while outboxes[me]:
                text = outboxes[me].pop(0)
                snap = ok(services[1 - me], type="p2p_receive", **{"from": me}, text=text, now=1)
                assert snap["refused"] is None, snap["refused"]
                outboxes[1 - me].extend(snap["send"])
                snaps.append(snap)
    return snaps


def test_two_pages_play_a_whole_match_peer_to_peer() -> None:
    services, outboxes = p2p_pair(("human", "easy"))
    p2p_flush(services, outboxes)
    for _ in range(500):
        snaps = [ok(service, type="p2p_snapshot") for service in services]
        if all(snap["over"] for snap in snaps):
            break
        for me, snap in enumerate(snaps):
            if snap["bots_to_decide"]:
                outboxes[me].extend(ok(services[me], type="p2p_bots", now=2)["send"])
            elif snap["to_decide"]:
                assert snap["view"]["legal"], snap["view"]
                action = snap["view"]["legal"][-1]
                assert offered(snap, action)
                outboxes[me].extend(ok(services[me], type="p2p_choose", seat=snap["viewer"], action=action,
                                       now=2)["send"])
        p2p_flush(services, outboxes)
    final = [ok(service, type="p2p_snapshot") for service in services]
    assert final[0]["hash"] == final[1]["hash"] and final[0]["over"] and final[0]["outcome"] is None
    assert final[0]["view"]["result"]["winners"]
    for now in (3, 4, 5):  # the 1 Hz tick after the end answers no save (issue 6: 90 KB a tick)
        assert ok(services[0], type="p2p_tick", now=now)["save"] is None


def test_a_committed_choice_shows_face_down_and_the_other_side_sees_only_that_it_chose() -> None:
    services, outboxes = p2p_pair()
    p2p_flush(services, outboxes)
    snap = ok(services[0], type="p2p_snapshot")
    card = snap["view"]["legal"][0]
    mine = ok(services[0], type="p2p_choose", seat=0, action=card, now=1)
    assert mine["view"]["my_choice"] == card.split(":")[1] and mine["view"]["legal"] == []
    outboxes[0].extend(mine["send"])
    p2p_flush(services, outboxes)
    theirs = ok(services[1], type="p2p_snapshot")
    assert '<g class="choice" data-player="0">' in theirs["svg"]  # committed: a card back, unseen
    assert "data-card" not in theirs["svg"].split('class="choice" data-player="0"')[1].split("</g>")[0]
    assert card.split(":")[1] not in json.dumps(theirs["view"]["piles"])
    assert theirs["view"]["legal"]  # still free to choose


def test_hostile_peer_messages_are_reported_not_raised() -> None:
    services, _ = p2p_pair()
    for text in ["garbage", json.dumps({"v": 1, "match": "other-match-1", "from": 0, "type": "chat", "text": "x"})]:
        snap = ok(services[1], type="p2p_receive", **{"from": 0}, text=text, now=0)
        assert snap["refused"]["message"]
    answer = ask(services[1], type="p2p_receive", **{"from": 0}, text=7, now=0)
    assert answer["ok"] is False


def test_p2p_save_restores_after_a_reload() -> None:
    services, outboxes = p2p_pair()
    p2p_flush(services, outboxes)
    snap = ok(services[1], type="p2p_snapshot")
    reloaded = Service()
    again = ok(reloaded, type="p2p_restore", save=json.loads(json.dumps(snap["save"])))
    assert again["hash"] == snap["hash"] and again["step"] == snap["step"]
    broken = json.loads(json.dumps(snap["save"]))
    broken["log"]["actions"] = []
    assert ask(Service(), type="p2p_restore", save=broken)["ok"] is False


def test_bench_requests_do_the_work_they_name() -> None:
    service = Service()
    result = ok(service, type="bench", what="playouts", game="load", count=3)
    assert result["playouts"] == 3 and result["actions"] > 3 * 100
    result = ok(service, type="bench", what="bot", game="load", level="medium", count=1)
    assert result["decisions"] >= 36
    assert ask(service, type="bench", what="playouts", game="load", count=0)["ok"] is False


def test_a_spectator_page_sees_only_public_information() -> None:
    services = [Service(), Service(), Service()]
    setup = keyed({"match_id": "watch-match-01", "game": "load", "seats": ["human", "human"], "owners": [0, 1],
                   "peers": 3}, services)
    outboxes: list[list[str]] = [ok(s, type="p2p_start", setup=setup, me=me, now=0)["send"]
                                 for me, s in enumerate(services)]
    while any(outboxes):
        for me in range(3):
            while outboxes[me]:
                text = outboxes[me].pop(0)
                for other in range(3):
                    if other != me:
                        snap = ok(services[other], type="p2p_receive", **{"from": me}, text=text, now=1)
                        if "duplicate" in snap:
                            continue  # (a text passed on that this page had: answered in short)
                        assert snap["refused"] is None
                        outboxes[other].extend(snap["send"])
    watch = ok(services[2], type="p2p_snapshot")
    assert watch["viewer"] is None and watch["to_decide"] == [] and watch["view"]["hand"] is None
    assert watch["step"] == 1 and "data-action" not in watch["svg"]


def test_hot_seat_covers_the_board_between_players() -> None:
    service = Service()
    ok(service, type="new_match", game="load", seats=["human", "human"], seed=4)
    snap = ok(service, type="step")  # the deal
    assert snap["handoff"] == 0 and snap["view"]["hand"] is None and "play:" not in snap["svg"]
    assert 'data-action="show" data-seat="0"' in snap["svg"]
    assert ask(service, type="act", seat=0, action="play:G0")["error"]["message"].startswith("pass the device")
    assert ask(service, type="act", seat=1, action="show")["ok"] is False
    snap = ok(service, type="act", seat=0, action="show")
    assert snap["handoff"] is None and snap["view"]["hand"]
    card = snap["view"]["legal"][0]
    snap = ok(service, type="act", seat=0, action=card)
    assert snap["handoff"] == 1 and snap["view"]["hand"] is None  # seat 1's hand waits for seat 1
    assert "play:" not in snap["svg"] and 'data-handoff="1"' in snap["svg"]
    snap = ok(service, type="act", seat=1, action="show")
    assert snap["viewer"] == 1 and snap["view"]["my_choice"] is None and snap["view"]["chosen"] == [True, False]


def test_one_human_never_sees_a_cover() -> None:
    snap = play_human_vs_bot(Service())
    assert snap["handoff"] is None


# --- the selection step and bad input, through the contract ------------------------------------------------

NEIL = ["R2", "R3", "Y0", "G0", "G1", "G1", "G2", "G2", "G3", "G3", "Y1", "Y1"]
BUZZ = ["B2", "B3", "B1", "R0", "R1", "R1", "Y2", "Y2", "Y3", "Y3", "B0", "B2"]
FACE_DOWN = sorted((Counter(DECK) - Counter(NEIL + BUZZ)).elements())
RULEBOOK_RELOAD = [  # the rulebook's Reload example: Buzz (seat 1) wins with Blue twice
    [-1, "deal:" + ",".join(FACE_DOWN + NEIL + BUZZ)],
    [0, "play:R2"], [1, "play:B2"], [1, "load:B@1"], [0, "play:R3"], [1, "play:B3"],
]


def buzz_must_reload(service: Service) -> dict[str, Any]:
    log = {"game": "load", "seats": ["easy", "human"], "seed": 0, "actions": RULEBOOK_RELOAD}
    snap = ok(service, type="resume", log=log)
    assert snap["viewer"] == 1 and "reload:B@1>2" in snap["view"]["legal"]
    return snap


def test_a_reload_is_picked_then_placed_through_the_service() -> None:
    service = Service()
    snap = buzz_must_reload(service)
    assert snap["selection"] == "" and 'data-select="reload:B@1"' in snap["svg"]
    assert 'data-action="reload:B@1&gt;2"' not in snap["svg"]
    picked = ok(service, type="select", seat=1, prefix="reload:B@1")
    assert picked["selection"] == "reload:B@1" and picked["hash"] == snap["hash"]
    for target in (2, 3, 4, 5):
        assert f'data-action="reload:B@1&gt;{target}"' in picked["svg"]
    assert 'data-select=""' in picked["svg"]  # "Keep it in place"
    back = ok(service, type="select", seat=1, prefix="")
    assert back["selection"] == "" and back["svg"] == snap["svg"]
    ok(service, type="select", seat=1, prefix="reload:B@1")
    done = ok(service, type="act", seat=1, action="reload:B@1>2")
    assert done["view"]["ships"][1] == [[], ["B"], [], [], []] and done["selection"] == ""


@pytest.mark.parametrize("prefix", ["reload:B@2", "reload:G@1", "load:B@2", "reload:", "x" * 50])
def test_an_unknown_prefix_is_refused_and_changes_nothing(prefix: str) -> None:
    service = Service()
    buzz_must_reload(service)
    snap = ok(service, type="select", seat=1, prefix="reload:B@1")
    answer = ask(service, type="select", seat=1, prefix=prefix)
    assert answer["ok"] is False and answer["error"]["type"] == "IllegalActionError"
    after = ok(service, type="snapshot")
    assert after["selection"] == "reload:B@1" and after["hash"] == snap["hash"] and after["svg"] == snap["svg"]
    assert ask(service, type="select", seat=0, prefix="reload:B@1")["ok"] is False  # the bot's seat


@pytest.mark.parametrize("action", ["load:YR@1", "load:@1", "reload:RB@1>2"])
def test_a_wrong_length_colour_is_an_invalid_action_through_the_service(action: str) -> None:
    service = Service()
    snap = buzz_must_reload(service)
    answer = ask(service, type="act", seat=1, action=action)
    assert answer["ok"] is False and answer["error"]["type"] == "InvalidActionError", answer
    assert "colour" in answer["error"]["message"]
    assert ok(service, type="snapshot")["hash"] == snap["hash"]


def test_a_reload_to_its_own_slot_and_a_play_while_loading_say_why_through_the_service() -> None:
    service = Service()
    buzz_must_reload(service)
    same = ask(service, type="act", seat=1, action="reload:B@1>1")["error"]
    assert same["type"] == "IllegalActionError" and "Ruling 2" in same["message"]
    play = ask(service, type="act", seat=1, action="play:B1")["error"]
    assert "seat 1 must load first" in play["message"]


def test_a_gift_in_odd_one_out_is_two_picks_through_the_service() -> None:
    service = Service()
    snap = ok(service, type="new_match", game="odd", seats=["human", "easy", "easy"], seed=3,
              options={"rounds": 1})
    assert snap["log"]["options"] == {"rounds": 1}
    while not snap["over"]:
        if snap["view"]["legal"] and snap["view"]["phase"] == "give":
            break
        snap = ok(service, type="act", seat=0, action="pick:0") if snap["view"]["legal"] else ok(service, type="step")
    assert 'data-select="give:1"' in snap["svg"] and 'data-action="give:1+2"' not in snap["svg"]
    before = snap["view"]["scores"][1]
    answer = ask(service, type="select", seat=0, prefix="give:0")  # not to oneself
    assert answer["ok"] is False and ok(service, type="snapshot")["selection"] == ""
    picked = ok(service, type="select", seat=0, prefix="give:1")
    assert picked["selection"] == "give:1" and 'data-action="give:1+2"' in picked["svg"]
    done = ok(service, type="act", seat=0, action="give:1+2")
    assert done["over"] and done["view"]["scores"][1] == before + 2 and done["selection"] == ""


def test_odd_one_out_options_are_checked() -> None:
    for options in ({"rounds": 0}, {"rounds": "2"}, {"colour": "red"}):
        answer = ask(Service(), type="new_match", game="odd", seats=["human", "easy", "easy"], options=options)
        assert answer["ok"] is False and answer["error"]["message"]


def mesh_flush(services: list[Service], outboxes: list[list[str]]) -> None:
    while any(outboxes):
        for me, outbox in enumerate(outboxes):
            while outbox:
                text = outbox.pop(0)
                for other, service in enumerate(services):
                    if other != me:
                        snap = ok(service, type="p2p_receive", **{"from": me}, text=text, now=1)
                        assert snap["refused"] is None, snap["refused"]
                        outboxes[other].extend(snap["send"])


def test_a_gift_is_picked_then_sent_between_three_pages() -> None:
    services = [Service(), Service(), Service()]
    setup = keyed({"match_id": "odd-match-0001", "game": "odd", "seats": ["human"] * 3, "owners": [0, 1, 2],
                   "peers": 3, "options": {"rounds": 1}}, services)
    outboxes = [ok(s, type="p2p_start", setup=setup, me=me, now=0)["send"] for me, s in enumerate(services)]
    mesh_flush(services, outboxes)
    for me, service in enumerate(services):  # everyone picks 0: nobody is the odd one out
        outboxes[me].extend(ok(service, type="p2p_choose", seat=me, action="pick:0", now=1)["send"])
    mesh_flush(services, outboxes)
    snap = ok(services[0], type="p2p_snapshot")
    assert snap["to_decide"] == [0] and 'data-select="give:2"' in snap["svg"]
    assert ask(services[0], type="p2p_select", seat=0, prefix="give:0")["ok"] is False
    assert ask(services[1], type="p2p_select", seat=1, prefix="give:2")["ok"] is False  # not seat 1's turn
    picked = ok(services[0], type="p2p_select", seat=0, prefix="give:2")
    assert picked["selection"] == "give:2" and picked["send"] == [] and picked["hash"] == snap["hash"]
    assert 'data-action="give:2+1"' in picked["svg"] and 'data-action="give:2+2"' in picked["svg"]
    outboxes[0].extend(ok(services[0], type="p2p_choose", seat=0, action="give:2+1", now=2)["send"])
    mesh_flush(services, outboxes)
    final = [ok(service, type="p2p_snapshot") for service in services]
    assert all(snap["over"] and snap["view"]["scores"] == [0, 0, 1] for snap in final)
    assert len({snap["hash"] for snap in final}) == 1 and final[0]["selection"] == ""


def test_a_peer_snapshot_carries_the_save_only_when_it_changed() -> None:
    services, outboxes = p2p_pair()
    p2p_flush(services, outboxes)
    assert ok(services[0], type="p2p_snapshot")["save"] is not None  # asked for: always full
    assert ok(services[0], type="p2p_tick", now=1)["save"] is None  # nothing changed
    card = ok(services[0], type="p2p_snapshot")["view"]["legal"][0]
    assert ok(services[0], type="p2p_choose", seat=0, action=card, now=1)["save"] is not None
    assert ok(services[0], type="p2p_tick", now=2)["save"] is None


def test_relay_sign_signs_with_the_match_key_under_its_own_domain() -> None:
    from cargobay.net.signing import verify

    service = Service()
    assert "p2p_identity first" in failed(service, type="p2p_relay_sign", text="hi")
    key = ok(service, type="p2p_identity", fresh=True)["key"]
    signed = ok(service, type="p2p_relay_sign", text='{"t":"hello"}')
    assert signed["key"] == key
    assert verify(key, b'cargobay-relay/1\n{"t":"hello"}', signed["sig"])
    assert not verify(key, b'{"t":"hello"}', signed["sig"])  # never the signature of the bare text (a game message)
    assert "at most 3000" in failed(service, type="p2p_relay_sign", text="x" * 3001)
    assert "'text'" in failed(service, type="p2p_relay_sign", text=5)
