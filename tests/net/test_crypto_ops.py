"""Issue 12: every operation of the deck API dealt cryptographically between in-memory pages, with the test
game Peek deck (tests/crypto/deckgame.py): a new deal, a private peek and a public reveal over the current
deck, return and reshuffle, a card played from a hand. Whole matches; a page cannot see another's peek; a
false share in a peek or a reveal, and a card substituted, duplicated or dropped in a reshuffle, are caught
and their maker named; a save made after a peek restores and plays on."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cargobay.crypto import mental
from cargobay.crypto import ristretto as r
from cargobay.deck import HIDDEN, KEEP, PUBLIC
from cargobay.net import Peer
from cargobay.net.dealing import unb64
from cargobay.registry import GAMES

from ..crypto.deckgame import GAME
from . import netkit
from .netkit import Network

GAME_ID = "peekdeck"


@pytest.fixture(autouse=True)
def peekdeck(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(netkit, "GAMES", {GAME_ID: GAME, "load": GAMES["load"]})


def network(peers: int = 2, seed: int = 0, turns: int = 14, **kwargs: Any) -> Network:
    return Network(peers=peers, seed=seed, game=GAME_ID, options={"turns": turns}, **kwargs)


def chance(peer: Peer, prefix: str) -> list[list[str]]:
    return [action[len(prefix):].split(",") for seat, action in peer.match.actions
            if seat == -1 and action.startswith(prefix)]


def moves(peer: Peer) -> list[str]:
    return [action for seat, action in peer.match.actions if seat >= 0]


@pytest.mark.parametrize(("peers", "seed"), [(2, 1), (2, 2), (3, 3)])
def test_whole_matches_use_every_operation_and_every_page_sees_only_its_own(peers: int, seed: int) -> None:
    net = network(peers, seed)
    net.play()
    assert not net.refused and all(peer.outcome is None for peer in net.peers)
    audited = [peer.dealing.audited for peer in net.peers if peer.dealing]
    assert audited[0] and all(a == audited[0] for a in audited)  # every page agrees on every deck
    first = net.peers[0]
    assert {"peek", "flip", "return"} <= set(moves(first)), moves(first)
    assert any(move.startswith("play:") for move in moves(first))
    assert first.game.result(first.match.state) == net.peers[-1].game.result(net.peers[-1].match.state)
    for me, peer in enumerate(net.peers):
        assert peer.dealing is not None
        for node, event in peer.dealing.events.items():
            seen = chance(peer, event["prefix"])
            faces = next(action.split(":", 1)[1].split(",") for step, (seat, action)
                         in enumerate(peer.match.actions) if step == node)
            for position, to in enumerate(event["to"]):
                visible = to == PUBLIC or (to not in (KEEP, -2) and (to if to >= 0 else -10 - to) == me)
                assert (faces[position] != HIDDEN) == visible, (me, node, position, to)
            assert seen


def test_a_local_match_plays_the_same_operations_from_its_seed() -> None:
    from cargobay.engine import Match

    match = Match(GAME, ["human"] * 3, 7, {"turns": 14})
    import random

    rng = random.Random(7)
    while not GAME.is_terminal(match.state):
        seat = GAME.current_player(match.state)
        if seat == -1:
            match.play_chance()
        else:
            match.apply(seat, str(rng.choice(GAME.view(match.state, seat)["legal"])))
    assert all(HIDDEN not in action for _, action in match.actions if not action.startswith("see:"))
    assert HIDDEN not in match.state["deck"] and {"peek", "flip", "return"} <= {a for s, a in match.actions}
    assert Match.from_log(match.to_log(), {GAME_ID: GAME}).state == match.state


def _play_until_peek(net: Network, seat: int) -> int:
    """Play on until ``seat`` has just peeked at a card no other seat has seen; the step of its deck event."""
    peer = net.peers[seat]

    def peeked() -> bool:
        actions, state = peer.match.actions, peer.match.state
        return len(actions) > 1 and actions[-2] == (seat, "peek") and actions[-1][1].startswith("see:") and all(
            state["peeked"][other] != state["pile"][0] for other in range(state["players"]) if other != seat)

    net.play_until(peeked)
    return peer.match.step - 1


def test_a_page_cannot_unmask_the_card_another_seat_peeked_at() -> None:
    net = network(2, 4, turns=30)
    node = _play_until_peek(net, 0)
    other = net.peers[1]
    assert other.dealing is not None
    event = other.dealing.events[node]
    position = event["to"].index(-10)
    assert other.match.actions[node][1].split(",")[position].removeprefix("see:") == HIDDEN
    assert net.peers[0].match.actions[node][1].split(",")[position].removeprefix("see:") != HIDDEN
    deck = other.dealing.deck_of(node)
    published = [r.decode(unb64(other.dealing.shares_of(node, p)[position])) for p in (0, 1)
                 if position in event["share_at"][str(p)]]
    own = r.times(deck[position][0], other.dealing.secret)
    assert mental.card_of(mental.unmask(deck[position], [*published, own]), len(event["cards"])) is None
    peeker = net.peers[0]
    assert peeker.match.state["deck"][position] != HIDDEN  # the peeker saw it
    assert other.match.state["deck"][position] == HIDDEN


@pytest.mark.parametrize("what", ["peek", "flip"])
def test_a_false_share_in_a_peek_or_a_reveal_is_caught_and_named(what: str, monkeypatch: pytest.MonkeyPatch) -> None:
    net = network(2, 5, turns=30)
    cheater = net.peers[1]
    netkit.lie_in_shares(monkeypatch, cheater, lambda event: event["prefix"] == "see:" and (
        (what == "flip") == (PUBLIC in event["to"])))
    net.play_until(lambda: net.peers[0].outcome is not None)
    outcome = net.peers[0].outcome
    assert outcome is not None and (outcome["peer"], outcome["rule"]) == (1, "false-share"), outcome
    event = net.peers[0].dealing.events[max(net.peers[0].dealing.events)]  # type: ignore[union-attr]
    assert event["prefix"] == "see:" and (PUBLIC in event["to"]) == (what == "flip")


def cheat_reshuffle(net: Network, cheater: int, how: str) -> None:
    dealing = net.peers[cheater].dealing
    assert dealing is not None
    honest = dealing.shuffled

    def shuffled(peer: Peer, deck: list[mental.Cipher], seed: bytes) -> list[mental.Cipher]:
        cards = honest(peer, deck, seed)
        if len(deck) == len(GAME.new_state(2)["hands"]) * 0 + 12:
            return cards  # the first deal: honest
        if how == "substitute":  # a card of its own making (c6) instead of the top one
            cards[0] = (r.G.times(7), r.add(mental.card_point(5), dealing.joint(peer).times(7)))
        elif how == "duplicate" and len(cards) > 1:
            cards[0] = cards[1]
        elif how == "drop":
            cards = cards[:-1]
        return cards

    dealing.shuffled = shuffled  # type: ignore[method-assign]


@pytest.mark.parametrize("how", ["substitute", "duplicate"])
def test_a_card_replaced_or_duplicated_in_a_reshuffle_is_caught_and_its_shuffler_named(how: str) -> None:
    net = network(2, 6, turns=12)
    cheat_reshuffle(net, 0, how)
    net.play_until(lambda: all(peer.outcome is not None or peer.over() for peer in net.peers))
    assert any(a == "return" for a in moves(net.peers[1]))
    for peer in net.peers:
        assert peer.outcome is not None and (peer.outcome["peer"], peer.outcome["rule"]) == (0, "false-shuffle")


def test_a_card_dropped_in_a_reshuffle_is_refused_at_once() -> None:
    net = network(2, 6, turns=12)
    cheat_reshuffle(net, 0, "drop")
    net.play_until(lambda: net.peers[1].outcome is not None)
    outcome = net.peers[1].outcome
    assert outcome is not None and (outcome["peer"], outcome["rule"]) == (0, "false-deck")


def test_a_save_made_after_a_peek_restores_and_plays_on_and_holds_no_other_peek() -> None:
    net = network(2, 4, turns=30)
    node = _play_until_peek(net, 0)
    other = net.peers[1]
    save = json.loads(json.dumps(other.to_json()))
    position = other.dealing.events[node]["to"].index(-10)  # type: ignore[union-attr]
    peeked = net.peers[0].match.state["deck"][position]
    restored = Peer.from_json(save, {GAME_ID: GAME})
    assert restored.match.state["deck"][position] == HIDDEN
    assert restored.state_hash() == other.state_hash()
    texts = [text for queue in net.queues.values() for text in queue] + [t for _, t in other.outbox]
    assert all(f'"{peeked}"' not in text for text in texts)
    net.peers[1] = restored
    net.play()
    assert all(peer.outcome is None for peer in net.peers) and net.peers[0].dealing.audited  # type: ignore[union-attr]
    assert net.peers[0].dealing.audited == restored.dealing.audited  # type: ignore[union-attr]
