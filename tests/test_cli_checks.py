"""The command line checks what it can before and while it plays: ``--log`` paths, peer match logs (cards dealt
as ``?``), hidden Loot decks in plain matches."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from cargobay.__main__ import main
from cargobay.audited import digest
from cargobay.engine import CHANCE, IllegalActionError
from cargobay.games.load.rules import DECK as LOAD_DECK
from cargobay.games.loot.rules import GAME as LOOT

NOT_CHECKED = "hidden cards: not checked (peer match log without the audit)"
AUDITED = "hidden cards: audited (the match's audit unmasked"


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


def _audited(data: dict[str, Any], full: list[list[Any]]) -> dict[str, Any]:
    """``data`` (a masked log) with the audit a peer match's pages keep once every deck is checked: every deal
    step's whole action and the digest of the whole match (core/cargobay/audited.py, net/audit.py)."""
    deals = {str(i): action for i, (seat, action) in enumerate(full) if seat == CHANCE and action.startswith("deal:")}
    return {**data, "audit": {"deals": deals, "digest": digest(full)}}


def _haul(tmp_path: Path) -> tuple[dict[str, Any], list[list[Any]]]:
    data = _masked("haul", "easy,easy,easy,easy", 1, tmp_path, lambda index: index < 7)  # seat 0's hand
    full = json.loads((tmp_path / "full.json").read_text())["actions"]
    return data, full


def test_an_audited_peer_log_replays_with_every_deal_whole(tmp_path: Path) -> None:
    data, full = _haul(tmp_path)
    code, text = _replay(_audited(data, full), tmp_path)
    assert code == 0 and AUDITED in text and NOT_CHECKED not in text


def test_an_audited_peer_log_catches_a_hidden_card_that_the_plain_replay_cannot(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Seat 1 plays a card that was really dealt face down out of the round: seat 0's log alone cannot tell (the
    card was never seen), the audit's whole deal can."""
    data = _masked("load", "easy,easy", 2, tmp_path, lambda index: 4 <= index < 16)  # seat 0's hand only
    full = json.loads((tmp_path / "full.json").read_text())["actions"]
    deal_at = next(i for i, (seat, action) in enumerate(full) if action.startswith("deal:"))
    aside = full[deal_at][1][5:].split(",")[:4]  # the round's 4 cards face down
    plays = [i for i, (seat, action) in enumerate(data["actions"]) if seat == 1 and action.startswith("play:")]
    found = None
    for index in plays[:12]:  # the first round: a face-down card instead, with the same outcome for the log
        for card in aside:
            tampered = json.loads(json.dumps(data))
            if tampered["actions"][index][1] == f"play:{card}":
                continue
            tampered["actions"][index] = [1, f"play:{card}"]
            if _replay(tampered, tmp_path)[0] == 0:
                found = tampered, index
                break
        if found:
            break
    capsys.readouterr()
    assert found is not None, "no undetectable face-down card found for the test"
    tampered, index = found
    code, text = _replay(tampered, tmp_path)
    assert code == 0 and NOT_CHECKED in text  # without the audit: accepted, and said so
    code, _ = _replay(_audited(tampered, full), tmp_path)
    err = capsys.readouterr().err
    assert code == 1 and "replayed with the audit's whole deals" in err and f"entry {index}" in err


def test_an_audit_that_is_not_this_logs_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, full = _haul(tmp_path)
    audited = _audited(data, full)
    step, action = next(iter(audited["audit"]["deals"].items()))
    cards = action[5:].split(",")
    cards[0], cards[1] = cards[1], cards[0]  # seat 0's own cards, as its log shows them, differ
    wrong = {**audited, "audit": {**audited["audit"], "deals": {step: "deal:" + ",".join(cards)}}}
    assert _replay(wrong, tmp_path)[0] == 1
    assert "where this log saw" in capsys.readouterr().err
    forged = {**audited, "audit": {**audited["audit"], "digest": "0" * 64}}
    assert _replay(forged, tmp_path)[0] == 1
    assert "digest" in capsys.readouterr().err
