"""Issue 12: Loot N' Loaded's item deck dealt cryptographically between in-memory pages (games/loot/dealt.py).
Whole matches; each page sees a card of the deck only when the rules show it to its seat (a location's card
and every card gained: everyone; the top cards of Tall Glass of Water, Keys of Power and Sleight of Hand:
the prompt seat only); a spectator sees only what the table shows; a false share in a peek is caught and
named; a save made mid-match restores and plays on."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from cargobay.__main__ import main
from cargobay.deck import HIDDEN, PUBLIC, seat_of
from cargobay.net import Peer
from cargobay.registry import GAMES

from .netkit import Network, lie_in_shares

PEEKERS = ["boots", "compass", "glass", "clover", "keys", "sleight", "handkerchief"]


def options(items: list[str] | None = None) -> dict[str, Any]:
    return {"shootout": "gun cards", "crypto": True, "items": items or []}


def opened(peer: Peer) -> list[tuple[int, list[str]]]:
    return [(step, action[len("open:"):].split(",")) for step, (seat, action) in enumerate(peer.match.actions)
            if seat == -1 and action.startswith("open:")]


def check_sight(network: Network) -> int:
    """Every page saw exactly the positions shown to its seats or to all; the number of private peeks."""
    peeks = 0
    for me, peer in enumerate(network.peers):
        assert peer.dealing is not None
        mine = {seat for seat, owner in enumerate(peer.setup.owners) if owner == me}
        deal = next(action for seat, action in peer.match.actions if action.startswith("deck:"))
        assert set(deal[len("deck:"):].split(",")) == {HIDDEN}  # nobody sees the deck dealt
        for step, faces in opened(peer):
            event = peer.dealing.events[step]
            for position, to in enumerate(event["to"]):
                visible = to == PUBLIC or seat_of(to) in mine
                assert (faces[position] != HIDDEN) == visible, (me, step, position, to)
                peeks += to not in (PUBLIC, -3) and me == 0
    return peeks


@pytest.mark.parametrize(("peers", "seed", "items"), [(2, 1, None), (3, 2, PEEKERS), (2, 3, PEEKERS)])
def test_whole_loot_matches_are_dealt_cryptographically(peers: int, seed: int, items: list[str] | None,
                                                       tmp_path: Path) -> None:
    network = Network(peers=peers, seed=seed, game="loot", options=options(items))
    network.play()
    assert not network.refused and all(peer.outcome is None for peer in network.peers)
    audited = [peer.dealing.audited for peer in network.peers if peer.dealing]
    assert audited[0] and all(a == audited[0] for a in audited)
    results = [peer.game.result(peer.match.state) for peer in network.peers]
    assert all(result == results[0] for result in results) and results[0]
    peeks = check_sight(network)
    replay_audited(network.peers[-1], tmp_path)
    if items:  # Tall Glass, Keys and Sleight were in the deck: some were gained and peeked with
        assert peeks > 0
        assert any(a.split(":")[0] in ("take", "trade", "put") for _, a in network.peers[0].match.actions)
        check_put_backs(network)


def replay_audited(peer: Peer, tmp_path: Path) -> None:
    """The page's saved log carries the audit's whole deals: the command line's replay checks every hidden card
    with them ("audited"), none left unchecked (core/cargobay/audited.py)."""
    log = peer.to_json()["log"]
    assert set(log["audit"]) == {"deals", "digest"}
    path = tmp_path / "peer.json"
    path.write_text(json.dumps(log))
    out = io.StringIO()
    assert main(["replay", str(path)], out) == 0
    assert "hidden cards: audited (" in out.getvalue() and "not checked" not in out.getvalue(), out.getvalue()


def check_put_backs(network: Network) -> None:
    """Ruling 7 between browsers: the random players put cards back at every depth; each put names a deck token
    (or a card every page saw: one a Sleight of Hand gave back), and a token's face stays unknown to every page
    but those of the seats that peeked at it, until the card is shown to all."""
    middle = [(seat, action.split(":")[1]) for seat, action in network.peers[0].match.actions
              if action.startswith("put:") and action.split(":")[2] not in ("0", "bottom")]
    assert middle and any(card.startswith("#") for _, card in middle)
    masked = 0
    for me, peer in enumerate(network.peers):
        crypto = peer.match.state.crypto
        assert crypto is not None
        mine = {s for s, owner in enumerate(peer.setup.owners) if owner == me}
        for seat, card in middle:
            if card.startswith("#") and card not in crypto["public"] and not mine & set(crypto["peeks"][card]):
                assert card not in crypto["known"], (me, seat, card)  # only the seats that peeked know it
                masked += 1
    assert masked


def test_a_loot_spectator_sees_no_peeked_card() -> None:
    network = Network(peers=3, seed=4, game="loot", owners=(0, 1), options=options(PEEKERS))
    network.play(until=(0, 1, 2))
    spectator = network.peers[2]
    assert spectator.outcome is None and spectator.dealing and spectator.dealing.audited
    for step, faces in opened(spectator):
        event = spectator.dealing.events[step]
        assert all((face != HIDDEN) == (to == PUBLIC) for face, to in zip(faces, event["to"], strict=True))
    crypto = spectator.match.state.crypto
    assert crypto is not None and set(crypto["known"]) <= set(crypto["public"])


def test_a_false_share_in_a_loot_peek_is_caught_and_named(monkeypatch: pytest.MonkeyPatch) -> None:
    network = Network(peers=2, seed=5, game="loot", options=options(PEEKERS))
    cheater = network.peers[1]
    lie_in_shares(monkeypatch, cheater, lambda event: any(to <= -10 for to in event["to"]), index=-1)  # a peek
    network.play_until(lambda: network.peers[0].outcome is not None)
    outcome = network.peers[0].outcome
    assert outcome is not None and (outcome["peer"], outcome["rule"]) == (1, "false-share"), outcome


def test_a_loot_save_mid_match_restores_and_plays_on() -> None:
    network = Network(peers=2, seed=6, game="loot", options=options(PEEKERS))
    network.play_until(lambda: len(opened(network.peers[1])) >= 6)
    page = network.peers[1]
    save = json.loads(json.dumps(page.to_json()))
    restored = Peer.from_json(save, GAMES)
    assert restored.state_hash() == page.state_hash()
    assert restored.match.state.crypto == page.match.state.crypto
    network.peers[1] = restored
    network.play()
    assert all(peer.outcome is None for peer in network.peers)
    assert network.peers[0].dealing.audited == restored.dealing.audited  # type: ignore[union-attr]
