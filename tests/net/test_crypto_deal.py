"""Issue 12: hidden cards dealt cryptographically between in-memory peers (LOAD!, Haul). Whole matches;
a page that tries to unmask a card it was not dealt cannot; a card dropped, duplicated or replaced in a
shuffle, a false share, a lying reveal are caught and their maker named; every page agrees on the deck at
the end; no save and no message of a page holds another page's unplayed cards."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cargobay.crypto import mental, proofs
from cargobay.crypto import ristretto as r
from cargobay.deck import HIDDEN
from cargobay.net import Peer
from cargobay.net.dealing import unb64
from cargobay.registry import GAMES

from .netkit import Network


def deals(peer: Peer) -> list[list[str]]:
    return [action.split(":", 1)[1].split(",") for seat, action in peer.match.actions if seat == -1
            and action.startswith("deal:")]


def until_dealt(network: Network, rounds: int = 1) -> None:
    network.play_until(lambda: all(len(deals(p)) >= rounds for p in network.peers if p.my_seats()))


@pytest.mark.parametrize("seed", [1, 2])
def test_two_pages_play_whole_load_matches_dealt_cryptographically(seed: int) -> None:
    network = Network(seed=seed, game="load")
    network.play()
    first, second = network.peers
    assert first.outcome is None and second.outcome is None and not network.refused
    assert first.dealing and second.dealing and first.dealing.audited
    assert first.dealing.audited == second.dealing.audited  # every page agrees on every deck at the end
    for me, peer in enumerate(network.peers):
        for deal in deals(peer):  # each page's log holds its own hand only
            own = range(4 + 12 * me, 16 + 12 * me)
            assert all((card != HIDDEN) == (index in own) for index, card in enumerate(deal))
    whole = first.dealing.audited["deals"]
    assert len(whole) == 3 and all(sorted(cards) == sorted(GAMES["load"].deck_event(  # type: ignore[attr-defined]
        GAMES["load"].new_state(2)).cards) for cards in whole.values())
    assert first.game.result(first.match.state) == second.game.result(second.match.state)


def test_a_spectator_sees_only_what_the_table_shows() -> None:
    network = Network(peers=3, seed=3, game="load", owners=(0, 1))
    until_dealt(network)
    spectator = network.peers[2]
    assert spectator.node.kind == "choose" or spectator.step >= 1
    assert all(card == HIDDEN for card in deals(spectator)[0])
    assert spectator.match.state.hands == [[HIDDEN] * 12, [HIDDEN] * 12]
    network.play(until=(0, 1, 2))
    assert spectator.dealing and spectator.dealing.audited == network.peers[0].dealing.audited  # type: ignore[union-attr]
    assert spectator.outcome is None


def test_a_page_cannot_unmask_a_card_it_was_not_dealt() -> None:
    network = Network(seed=4, game="load")
    until_dealt(network)
    me = network.peers[0]
    assert me.dealing is not None
    node = next(iter(me.dealing.events))
    deck, event = me.dealing.deck(node), me.dealing.events[node]
    for position in [*range(4), *range(16, 28)]:  # the face-down cards and the other hand
        published = [r.decode(unb64(text)) for player, shares in event["shares"].items()
                     for at, text in zip(event["share_at"][player], _chunks(shares), strict=True) if at == position]
        own = r.times(deck[position][0], me.dealing.secret)  # all this page holds, and its own share
        assert mental.card_of(mental.unmask(deck[position], [*published, own]), 28) is None
    assert me.match.state.hands[1] == [HIDDEN] * 12 and me.match.state.face_down == [HIDDEN] * 4


def _chunks(text: str) -> list[str]:
    from cargobay.net.dealing import _chunks as chunks

    return chunks(text)


def cheat_shuffle(network: Network, cheater: int, how: str) -> None:
    dealing = network.peers[cheater].dealing
    assert dealing is not None
    honest = dealing.shuffled

    def shuffled(peer: Peer, deck: list[mental.Cipher], seed: bytes) -> list[mental.Cipher]:
        cards = honest(peer, deck, seed)
        joint = dealing.joint(peer)
        if how == "substitute":  # a G3 of its own making where another card was
            cards[20] = (r.G.times(5), r.add(mental.card_point(27), joint.times(5)))
        elif how == "duplicate":
            cards[20] = cards[21]
        elif how == "drop":
            cards = cards[:-1]
        return cards

    dealing.shuffled = shuffled  # type: ignore[method-assign]


@pytest.mark.parametrize("how", ["substitute", "duplicate"])
def test_a_card_replaced_or_duplicated_in_a_shuffle_is_caught_and_its_shuffler_named(how: str) -> None:
    network = Network(seed=5, game="load")
    cheat_shuffle(network, 0, how)
    network.play()
    for peer in network.peers:
        assert peer.outcome is not None, how
        assert (peer.outcome["peer"], peer.outcome["rule"]) == (0, "false-shuffle"), peer.outcome


def test_a_card_dropped_in_a_shuffle_is_refused_at_once() -> None:
    network = Network(seed=6, game="load")
    cheat_shuffle(network, 0, "drop")
    network.flush()
    honest = network.peers[1]
    assert honest.outcome is not None and (honest.outcome["peer"], honest.outcome["rule"]) == (0, "false-deck")


def test_a_lying_reveal_is_caught_and_named() -> None:
    network = Network(seed=7, game="load")
    until_dealt(network)
    liar = network.peers[1]
    assert liar.dealing is not None
    honest_cards = liar.dealing.cards_for

    def cards_for(peer: Peer, seat: int, action: str) -> list[list[Any]] | None:
        cards = honest_cards(peer, seat, action)
        if not cards:
            return cards
        event = liar.dealing.events[max(liar.dealing.events)]  # type: ignore[union-attr]
        face = action.split(":")[1]
        other = next(int(p) for p, index in event["mine"].items() if event["cards"][index] != face)
        share, proof = proofs.prove_same_log(liar.dealing.secret, liar.dealing.deck(  # type: ignore[union-attr]
            max(liar.dealing.events))[other][0], f"cargobay-deal/1|{liar.setup.match_id}|"  # type: ignore[union-attr]
            f"{max(liar.dealing.events)}|card|{other}".encode())  # type: ignore[union-attr]
        from cargobay.net.dealing import b64

        return [[other, b64(r.encode(share)), b64(proof)]]  # another card of its hand, proven, under this name

    liar.dealing.cards_for = cards_for  # type: ignore[method-assign]
    network.play_until(lambda: network.peers[0].outcome is not None)
    outcome = network.peers[0].outcome
    assert outcome is not None and (outcome["peer"], outcome["rule"]) == (1, "false-card"), outcome
    assert "holds another card" in outcome["why"]


def test_a_page_that_shows_a_card_of_another_hand_is_caught() -> None:
    network = Network(seed=8, game="load")
    until_dealt(network)
    thief = network.peers[1]
    assert thief.dealing is not None
    node = max(thief.dealing.events)

    def cards_for(peer: Peer, seat: int, action: str) -> list[list[Any]] | None:
        from cargobay.net.dealing import b64

        share, proof = proofs.prove_same_log(thief.dealing.secret, thief.dealing.deck(node)[5][0],  # type: ignore[union-attr]
                                             f"cargobay-deal/1|{thief.setup.match_id}|{node}|card|5".encode())
        return [[5, b64(r.encode(share)), b64(proof)]]  # position 5 is seat 0's

    thief.dealing.cards_for = cards_for  # type: ignore[method-assign]
    network.play_until(lambda: network.peers[0].outcome is not None)
    outcome = network.peers[0].outcome
    assert outcome is not None and (outcome["peer"], outcome["rule"]) == (1, "false-card")
    assert "not in seat 1's hand" in outcome["why"]


def test_a_false_decryption_share_at_a_deal_is_caught_and_named(monkeypatch: pytest.MonkeyPatch) -> None:
    network = Network(seed=9, game="load", hostile=(1,))
    cheater = Peer(network.setup, 1, network.ids[1], GAMES["load"])
    assert cheater.dealing is not None
    honest = proofs.prove_shares

    def false_shares(secret: int, points: Any, context: bytes) -> tuple[list[r.Point], bytes]:
        shares, proof = honest(secret, points, context)
        if secret == cheater.dealing.secret:  # type: ignore[union-attr]
            shares[3] = r.add(shares[3], r.BASE)  # one share that unmasks another card
        return shares, proof

    monkeypatch.setattr(proofs, "prove_shares", false_shares)
    network.hostile.clear()
    network.peers[1] = cheater
    network.send(1, cheater.start(0.0))
    network.play_until(lambda: network.peers[0].outcome is not None)
    outcome = network.peers[0].outcome
    assert outcome is not None and (outcome["peer"], outcome["rule"]) == (1, "false-share")


def test_an_audit_asked_for_with_no_cheat_costs_the_asker_the_match() -> None:
    network = Network(seed=10, game="load")
    until_dealt(network)
    asker = network.peers[1]
    assert asker.dealing is not None
    asker.dealing.ask_audit(asker, "I want to see the cards", asked_by=1)
    network.send(1, asker.advance(network.now))
    network.flush()
    for peer in network.peers:
        assert peer.outcome is not None and (peer.outcome["peer"], peer.outcome["rule"]) == (1, "false-alarm")


def test_no_save_and_no_message_of_a_page_holds_the_other_hand() -> None:
    network = Network(seed=11, game="load")
    received: list[str] = []
    original = network.deliver_one

    def deliver_one(a: int, b: int) -> bool:
        queue = network.queues[(a, b)]
        if queue and b == 0:
            received.append(queue[0])
        return original(a, b)

    network.deliver_one = deliver_one  # type: ignore[method-assign]
    network.play_until(lambda: network.peers[0].step >= 10)  # the first round, some battles in
    me, other = network.peers
    unplayed = list(other.match.state.hands[1])
    assert HIDDEN not in unplayed and me.match.state.hands[1] == [HIDDEN] * len(unplayed)
    save = me.to_json()
    for deal in [action for seat, action in save["log"]["actions"] if seat == -1]:
        faces = deal.split(":")[1].split(",")
        assert faces[16:] == [HIDDEN] * 12 and faces[:4] == [HIDDEN] * 4
    assert save["dealing"]["events"]["0"]["mine"].keys() <= {str(p) for p in range(4, 16)}
    played = [card for battle in [me.match.state.piles[0], me.match.state.piles[1]] for card in battle]
    for text in received:  # a card's face travels in the clear only as the move that plays it
        message = json.loads(text)
        assert "deal:" not in text
        if message["type"] in ("reveal", "act") and message.get("cards"):
            card = str(message.get("value") or message.get("action")).split(":")[1]
            assert card in played or card in [c for c in me.match.state.chosen if c], card
        else:
            assert "play:" not in json.dumps({k: v for k, v in message.items() if k not in ("a", "b")}) or \
                message["type"] in ("reveal", "act")


def test_a_page_restored_from_its_save_mid_deal_plays_on() -> None:
    network = Network(seed=12, game="load")
    network.play_until(lambda: network.peers[0].step >= 30)
    for me, peer in enumerate(network.peers):
        network.peers[me] = Peer.from_json(json.loads(json.dumps(peer.to_json())), GAMES)
    network.play()
    first, second = network.peers
    assert first.outcome is None and first.dealing and first.dealing.audited == second.dealing.audited  # type: ignore[union-attr]


def test_a_page_saved_before_the_first_move_of_a_deal_restores() -> None:
    """A reload in the first seconds of a match (the first deal under way, or dealt and no move made yet), and
    at the deal of a later round: each page's save restores (it was refused as "inconsistent with its log": the
    step's hash was recorded before the deal's decks arrived, and the check counted them)."""
    network = Network(seed=3, game="load")

    def restores() -> None:
        for peer in network.peers:
            restored = Peer.from_json(json.loads(json.dumps(peer.to_json())), GAMES)
            assert restored.state_hash() == peer.state_hash() == restored.hashes[restored.step]

    mid_deal = 0
    while network.peers[0].node.kind.value == "deal" and any(network.deliver_one(a, b) for a, b in network.queues):
        mid_deal += 1
        if mid_deal % 3 == 0:
            restores()  # the first deal under way
    rounds: set[int] = set()

    def at_rest() -> bool:  # (every message delivered: dealt, a move awaited)
        round_ = network.peers[0].match.state.round
        if network.peers[0].node.kind.value != "deal" and round_ not in rounds:
            rounds.add(round_)
            restores()  # dealt, before the round's first move
        return len(rounds) >= 2

    network.play_until(at_rest)
    assert mid_deal > 6 and len(rounds) == 2 and not network.refused, (mid_deal, rounds, network.refused)


@pytest.mark.parametrize(("peers", "owners"), [(2, (0, 1, 0, 1)), (4, (0, 1, 2, 3))])
def test_whole_haul_matches_are_dealt_cryptographically(peers: int, owners: tuple[int, ...]) -> None:
    network = Network(peers=peers, seed=13, game="haul", owners=owners)
    network.play(limit=6000)
    pages = network.peers
    assert all(page.outcome is None for page in pages) and not network.refused and network.in_step()
    assert all(page.dealing and page.dealing.audited == pages[0].dealing.audited for page in pages)  # type: ignore[union-attr]
    assert len(pages[0].dealing.audited["deals"]) == 4  # type: ignore[index,union-attr]
    for me, page in enumerate(pages):
        seats = [seat for seat, owner in enumerate(owners) if owner == me]
        for deal in deals(page):
            assert all((card != HIDDEN) == (index // 7 in seats) for index, card in enumerate(deal))


def test_a_shuffler_that_shows_a_spectator_another_deck_is_proven_and_nobody_else_blamed() -> None:
    network = Network(peers=3, seed=14, game="load", owners=(0, 1), hostile=(0,))
    cheater = Peer(network.setup, 0, network.ids[0], GAMES["load"])
    (_, key), = [out for out in cheater.start(0.0) if '"vcommit"' not in out[1]]
    network.flush()
    sent = [text for sender, got in network.inbox[0] for _, text in cheater.receive(sender, got, 0.0)]
    shuffle = next(text for text in sent if '"shuffle"' in text)
    real = json.loads(shuffle)
    assert real["type"] == "shuffle" and cheater.dealing is not None
    other = mental.shuffle(mental.fresh_deck(28), cheater.dealing.joint(cheater), b"x" * 32)
    from cargobay.net.dealing import b64

    payload = b64(mental.pack(other))
    import hashlib

    lie = network.forge(0, {"type": "shuffle", "node": 0, "digest": hashlib.sha256(mental.pack(other)).hexdigest(),
                            "prev": "", "payload": payload})
    for to, text in ((1, key), (2, key), (1, shuffle), (2, lie)):
        network.inject(0, to, text)
    network.flush()  # player 1 shuffles on the real deck and names it: the spectator holds another one
    for page in network.peers[1:]:
        assert page.outcome is not None and (page.outcome["peer"], page.outcome["rule"]) == (0, "equivocation")
