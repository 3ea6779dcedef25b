"""The command line checks what it can before and while it plays: ``--log`` paths, peer match logs (cards dealt
as ``?``), hidden Loot decks in plain matches."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from cargobay.__main__ import main
from cargobay.engine import CHANCE, IllegalActionError
from cargobay.games.load.rules import DECK as LOAD_DECK
from cargobay.games.loot.rules import GAME as LOOT

NOT_CHECKED = "hidden cards: not checked (peer match log without the audit)"


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out)
    return code, out.getvalue()


def test_play_log_to_a_missing_folder_is_refused_before_the_match(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, text = run("play", "load", "--seats", "easy,easy", "--log", str(tmp_path / "nowhere" / "match.json"))
    assert code == 2 and "winner" not in text  # nothing was played
    assert "does not exist" in capsys.readouterr().err
    code, _ = run("play", "load", "--seats", "easy,easy", "--log", str(tmp_path))
    assert code == 2 and "is a folder" in capsys.readouterr().err


def _masked(game: str, seats: str, seed: int, tmp_path: Path, hands: Any) -> dict[str, Any]:
    """A bot match's log as seat 0's page of a match between browsers saves it: the others' cards are ``?``."""
    log = tmp_path / "full.json"
    assert run("play", game, "--seats", seats, "--seed", str(seed), "--log", str(log))[0] == 0
    data = json.loads(log.read_text())
    for entry in data["actions"]:
        if entry[0] == CHANCE and entry[1].startswith("deal:"):
            cards = entry[1][5:].split(",")
            entry[1] = "deal:" + ",".join(card if hands(index) else "?" for index, card in enumerate(cards))
    return data


def _replay(data: dict[str, Any], tmp_path: Path) -> tuple[int, str]:
    path = tmp_path / "peer.json"
    path.write_text(json.dumps(data))
    return run("replay", str(path))


def test_a_peer_haul_log_replays_and_says_what_it_did_not_check(tmp_path: Path) -> None:
    data = _masked("haul", "easy,easy,easy,easy", 1, tmp_path, lambda index: index < 7)  # seat 0's hand
    code, text = _replay(data, tmp_path)
    assert code == 0 and "winner" in text and NOT_CHECKED in text


def test_a_peer_haul_log_playing_a_card_twice_in_one_deal_is_refused(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    data = _masked("haul", "easy,easy,easy,easy", 1, tmp_path, lambda index: index < 7)
    actions = data["actions"]
    plays = [i for i, (seat, action) in enumerate(actions) if action.startswith("play:") and seat != 0]
    first, later = plays[0], plays[3]  # both in the first Haul, by seats whose cards this log never saw
    actions[later] = [actions[later][0], actions[first][1]]
    code, _ = _replay(data, tmp_path)
    err = capsys.readouterr().err
    assert code == 1 and f"entry {later}" in err
    assert "already seen in this deal" in err and "The Deck: 28 cards, each dealt once a Haul" in err


def test_a_peer_haul_log_cannot_play_one_card_112_times(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The outside check's log: J of clubs played by every hidden hand, again and again."""
    data = _masked("haul", "easy,easy,easy,easy", 1, tmp_path, lambda index: False)
    data["actions"] = list(data["actions"][:2]) + [
        [(2 + index) % 4, "play:JC"] for index in range(112)]
    code, _ = _replay(data, tmp_path)
    err = capsys.readouterr().err
    assert code == 1 and "entry 3" in err and "already seen" in err


def test_a_peer_load_log_playing_more_of_a_card_than_the_deck_holds_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _masked("load", "easy,easy", 2, tmp_path, lambda index: index < 16)  # face down + seat 0's hand
    code, text = _replay(data, tmp_path)
    assert code == 0 and NOT_CHECKED in text
    actions = data["actions"]
    deal = next(action[5:].split(",") for seat, action in actions if action.startswith("deal:"))
    known = deal[:16]  # every copy of ``card`` is face down or in seat 0's hand
    card = next(c for c in known if known.count(c) == LOAD_DECK.count(c))
    first = next(i for i, (seat, action) in enumerate(actions) if seat == 1 and action.startswith("play:"))
    actions[first] = [1, f"play:{card}"]
    code, _ = _replay(data, tmp_path)
    err = capsys.readouterr().err
    assert code == 1 and "already seen in this round's deal" in err


def test_a_plain_loot_match_refuses_a_deck_of_unseen_cards(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    state = LOOT.new_state(2, {})
    with pytest.raises(IllegalActionError, match="only a match dealt cryptographically"):
        LOOT.apply(state, CHANCE, "deck:" + ",".join(["?"] * 60))
    path = tmp_path / "loot.json"
    path.write_text(json.dumps({"format": "cargobay-log", "version": 1, "game": "loot", "seats": ["easy", "easy"],
                                "seed": 0, "options": {}, "actions": [[-1, "deck:?,?,?"]]}))
    code, _ = run("replay", str(path))
    assert code == 1 and "unseen" in capsys.readouterr().err
