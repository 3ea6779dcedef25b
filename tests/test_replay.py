"""The replay viewer's service request (core/cargobay/replay.py): any match log stepped forward and back, the board
at each step as each seat or a spectator saw it, the same states as playing the log; bad logs refused with the
first bad entry named; nothing clickable on a replayed board."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cargobay.engine import Match
from cargobay.registry import SPECS
from cargobay.replay import CHECKPOINT, Replay, ReplayError
from cargobay.service import PROTOCOL, Service, handle_json
from cargobay.table import Table

GOLDEN = Path(__file__).resolve().parent / "games"
GAMES = {game_id: spec.game for game_id, spec in SPECS.items()}


def golden(game: str, name: str) -> dict[str, Any]:
    return dict(json.loads((GOLDEN / game / "golden" / f"{name}.json").read_text())["log"])


def played(game: str, seats: list[str], seed: int) -> dict[str, Any]:
    table = Table.new(SPECS[game], seats, seed)
    while not table.is_over():
        table.step()
    return table.match.to_log()


def ask(service: Service, **request: Any) -> dict[str, Any]:
    return dict(json.loads(handle_json(json.dumps({"v": PROTOCOL, **request}), service)))


@pytest.mark.parametrize(
    ("game", "log"),
    [
        ("load", lambda: golden("load", "easy-vs-medium-seed-1")),
        ("haul", lambda: golden("haul", "easy-seed-1")),
        ("loot", lambda: golden("loot", "easy-4-seats-seed-2")),
        ("load", lambda: played("load", ["medium", "easy"], 5)),
    ],
)
def test_every_step_is_the_state_the_log_reaches(game: str, log: Any) -> None:
    data = log()
    replay = Replay.open(data, SPECS)
    assert replay.steps == len(data["actions"]) > CHECKPOINT
    match = Match(GAMES[game], data["seats"], data["seed"], data["options"])
    hashes = [GAMES[game].state_hash(match.state)]
    for seat, action in data["actions"]:
        match.apply(seat, action)
        hashes.append(GAMES[game].state_hash(match.state))
    # forward, backward and jumping about give the same boards as playing the log
    for step in [*range(replay.steps + 1), *reversed(range(replay.steps + 1)), 0, replay.steps, CHECKPOINT + 1]:
        frame = replay.frame(step)
        assert frame["hash"] == hashes[step] and frame["step"] == step
        assert (frame["move"] is None) == (step == 0)
    end = replay.frame()
    assert end["over"] is True and end["step"] == replay.steps == end["steps"]
    assert end["result"] == GAMES[game].result(match.state)
    assert [end["move"]["seat"], end["move"]["action"]] == list(data["actions"][-1])


def test_each_seat_sees_its_own_hand_and_a_spectator_none() -> None:
    replay = Replay.open(golden("load", "easy-vs-medium-seed-1"), SPECS)
    step = 10
    spectator = replay.frame(step, None)
    seats = [replay.frame(step, seat) for seat in range(2)]
    assert spectator["viewer"] is None and [f["viewer"] for f in seats] == [0, 1]
    assert len({json.dumps(f["view"], sort_keys=True) for f in [spectator, *seats]}) == 3  # three different views
    assert len({f["hash"] for f in [spectator, *seats]}) == 1  # of one state
    for frame in [spectator, *seats]:
        assert "data-action=" not in frame["svg"] and "data-select=" not in frame["svg"]  # nothing to click
        assert frame["view"].get("legal", []) == []
    assert replay.frame(step, 1)["labels"] == {"0": "Ada (Easy bot)", "1": "Ben (Medium bot)"}


def test_a_match_between_browsers_replays_from_its_log() -> None:
    from cargobay.net import Identity, Peer, Setup

    # a peer's save carries the match log the replay viewer opens
    keys = [Identity(bytes([n]) * 32) for n in (1, 2)]
    setup = Setup.from_json({"match_id": "abcdefgh12", "game": "load", "seats": ["human", "human"],
                             "owners": [0, 1], "peers": 2, "keys": [k.public for k in keys]})
    peer = Peer(setup, 0, keys[0], GAMES["load"])
    log = peer.to_json()["log"]
    frame = Replay.open(log, SPECS).frame(None, 0)
    assert frame["game"] == "load" and frame["steps"] == len(log["actions"])


@pytest.mark.parametrize(
    ("log", "words"),
    [
        ([1, 2], "field 'log' is missing or of the wrong type"),
        ({"format": "something-else", "game": "load"}, "not a match log"),
        ({"game": "chess", "seats": [], "actions": []}, "unknown game 'chess'"),
        ({"game": "load", "seats": ["human", "easy"], "seed": 1, "actions": [[-1, "deal"], [0, "fly"]]}, "entry 0"),
        ({"game": "load", "seats": ["human"], "seed": 1, "actions": []}, "seats"),
    ],
)
def test_a_bad_log_is_refused_with_a_reason(log: Any, words: str) -> None:
    service = Service()
    answer = ask(service, type="replay", log=log)
    assert answer["ok"] is False and words in answer["error"]["message"], answer
    assert ask(service, type="replay", step=0)["error"]["message"].startswith("no replay")


def test_the_service_request_steps_and_keeps_the_open_replay() -> None:
    service = Service()
    log = golden("haul", "easy-seed-1")
    first = ask(service, type="replay", log=log, step=0)
    assert first["ok"] and first["result"]["step"] == 0 and first["result"]["mode"] == "replay"
    steps = first["result"]["steps"]
    later = ask(service, type="replay", step=steps, viewer=1)
    assert later["ok"] and later["result"]["over"] and later["result"]["viewer"] == 1
    for bad in ({"step": steps + 1}, {"step": -1}, {"viewer": 9}, {"step": "3"}):
        answer = ask(service, type="replay", **bad)
        assert answer["ok"] is False and answer["error"]["type"] in ("ReplayError", "ProtocolError"), answer
    assert ask(service, type="replay")["result"]["step"] == steps  # the default frame is the end
    # the local match of the same page is untouched by replays
    ask(service, type="new_match", game="load", seats=["human", "easy"], seed=3)
    before = ask(service, type="snapshot")["result"]["hash"]
    ask(service, type="replay", log=golden("load", "medium-vs-strong-seed-2"), step=4)
    assert ask(service, type="snapshot")["result"]["hash"] == before


def test_frames_out_of_range_raise() -> None:
    replay = Replay.open(golden("load", "easy-vs-medium-seed-1"), SPECS)
    with pytest.raises(ReplayError):
        replay.frame(replay.steps + 1)
    with pytest.raises(ReplayError):
        replay.frame(0, 2)


def test_a_log_with_cards_its_page_never_saw_replays_for_that_page_and_says_why_not_for_others() -> None:
    # A page of a match dealt cryptographically between browsers logs the cards it never saw as "?": its
    # replay shows its own seat and the public view; another seat's view is refused with the reason.
    log = golden("load", "easy-vs-medium-seed-1")
    seat, deal = log["actions"][0]
    cards = deal.split(":", 1)[1].split(",")
    masked = ["?" if i < 4 or i >= 16 else card for i, card in enumerate(cards)]
    log["actions"][0] = [seat, "deal:" + ",".join(masked)]
    replay = Replay.open(log, SPECS)
    assert replay.masked and replay.frame(5, 0)["viewer"] == 0 and replay.frame(5, None)["viewer"] is None
    with pytest.raises(ReplayError, match="does not hold seat 2's cards"):
        replay.frame(5, 1)
    assert not Replay.open(golden("load", "easy-vs-medium-seed-1"), SPECS).masked


@pytest.mark.parametrize(("game", "seats"), [("load", ["easy", "medium"]), ("haul", ["easy"] * 4),
                                             ("tf22", ["easy", "easy"])])
def test_a_replayed_move_is_said_in_the_words_its_seat_s_board_gave_it(game: str, seats: list[str]) -> None:
    """Issue 20 item 10: a replay caption says the move as the seat's own board named it ("Load Red onto slot 3"),
    not its code ("load:R@3"); chance steps have no words."""
    replay = Replay.open(played(game, seats, 3), SPECS)
    said = 0
    for step in range(1, min(replay.steps, 40) + 1):
        move = replay.frame(step)["move"]
        if move["by"] == "chance":
            assert move["words"] == ""
            continue
        assert move["words"] and move["action"] not in move["words"], move
        said += 1
    assert said >= 5
    if game == "load":
        first = next(replay.frame(s)["move"] for s in range(1, 40) if replay.frame(s)["move"]["by"] != "chance")
        assert first["words"].startswith("Play "), first
