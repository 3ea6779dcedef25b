"""The worker's message contract (worker/PROTOCOL.md), exercised in CPython."""

from __future__ import annotations

import json
from html import escape
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cargobay.service import MAX_REQUEST_BYTES, Service, handle_json


def ask(service: Service, **request: Any) -> dict[str, Any]:
    return service.handle({"v": 1, "id": 1, **request})


def ok(service: Service, **request: Any) -> dict[str, Any]:
    answer = ask(service, **request)
    assert answer["ok"], answer
    return answer["result"]


def test_hello_lists_the_five_games() -> None:
    result = ok(Service(), type="hello")
    assert [g["id"] for g in result["games"]] == ["load", "haul", "loot", "teamup", "tf22"]
    assert [g["available"] for g in result["games"]] == [True, False, False, False, False]


def play_human_vs_bot(service: Service, bot: str = "easy", seed: int = 5) -> dict[str, Any]:
    snap = ok(service, type="new_match", game="load", seats=["human", bot], seed=seed)
    while not snap["over"]:
        humans = [entry["seat"] for entry in snap["to_act"] if entry["kind"] == "human"]
        if humans:
            assert snap["viewer"] == humans[0]
            action = snap["view"]["legal"][0]
            assert f'data-action="{escape(action)}"' in snap["svg"]
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
    table = service.table
    assert table is not None
    view_of_bot = table.game.view(table.match.state, 1)
    snap = ok(service, type="act", seat=0, action=first)
    assert table.game.view(table.match.state, 1)["my_choice"] is None
    assert view_of_bot["chosen"] == [False, False]


@pytest.mark.parametrize(("request_", "error_type"), [
    ({"type": "nope"}, "ProtocolError"),
    ({"type": "act", "seat": 0, "action": "play:G3"}, "ProtocolError"),  # no match yet
    ({"type": "new_match", "game": "chess", "seats": ["human", "easy"]}, "ProtocolError"),
    ({"type": "new_match", "game": "load", "seats": ["human", "god"]}, "ValueError"),
    ({"type": "new_match", "game": "load", "seats": ["human"]}, "ValueError"),
    ({"type": "new_match", "game": "load", "seats": ["human", "easy"], "seed": -1}, "ProtocolError"),
    ({"type": "new_match", "game": "load", "seats": "human,easy"}, "ProtocolError"),
    ({"type": "resume", "log": {"game": "load", "seats": ["human", "easy"], "actions": [[0, "play:G3"]]}},
     "LogError"),
    ({"type": "resume", "log": []}, "ProtocolError"),
    ({"type": "hello", "v": 2}, "ProtocolError"),
])
def test_bad_requests_are_answered_with_errors(request_: dict[str, Any], error_type: str) -> None:
    answer = Service().handle({"v": 1, **request_})
    assert answer["ok"] is False
    assert answer["error"]["type"] == error_type and answer["error"]["message"]


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
        ["v", "type", "game", "seats", "seed", "seat", "action", "log", "actions"]), inner, max_size=5),
    max_leaves=20,
))
def test_fuzzed_requests_never_crash(request_: Any) -> None:
    answer = json.loads(handle_json(json.dumps(request_)))
    assert isinstance(answer["ok"], bool)


def p2p_pair(seats: tuple[str, str] = ("human", "human")) -> tuple[list[Service], list[list[str]]]:
    setup = {"match_id": "pair-match-01", "game": "load", "seats": list(seats), "owners": [0, 1], "peers": 2}
    services = [Service(), Service()]
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
                assert f'data-action="{escape(action)}"' in snap["svg"]
                outboxes[me].extend(ok(services[me], type="p2p_choose", seat=snap["viewer"], action=action,
                                       now=2)["send"])
        p2p_flush(services, outboxes)
    final = [ok(service, type="p2p_snapshot") for service in services]
    assert final[0]["hash"] == final[1]["hash"] and final[0]["over"] and final[0]["outcome"] is None
    assert final[0]["view"]["result"]["winners"]


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
    assert theirs["view"]["chosen"][0] is True
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
    setup = {"match_id": "watch-match-01", "game": "load", "seats": ["human", "human"], "owners": [0, 1],
             "peers": 3}
    services = [Service(), Service(), Service()]
    outboxes: list[list[str]] = [ok(s, type="p2p_start", setup=setup, me=me, now=0)["send"]
                                 for me, s in enumerate(services)]
    while any(outboxes):
        for me in range(3):
            while outboxes[me]:
                text = outboxes[me].pop(0)
                for other in range(3):
                    if other != me:
                        snap = ok(services[other], type="p2p_receive", **{"from": me}, text=text, now=1)
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
