"""Peers in memory play whole matches through the protocol; hostile input never crashes one.
The exploits of issue 11 each have their file: test_escape, test_clocks, test_bounds, test_signing, test_framing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cargobay.engine import CargoBayError
from cargobay.limits import PEERS
from cargobay.net import MessageError, Peer, PeerViolation, Setup, commitment
from cargobay.net.messages import MAX_MESSAGE_BYTES
from cargobay.registry import GAMES

from .netkit import MATCH, Network, loaded


@pytest.mark.parametrize("seed", range(4))
def test_three_peers_on_reordering_channels_play_a_whole_match(seed: int) -> None:
    """Three peers, each pair on its own channel; channels deliver in their own order relative to each
    other, so a reveal can overtake a commitment sent on another channel."""
    network = Network(peers=3, seed=seed)
    for _ in range(5000):
        pairs = [pair for pair, queue in network.queues.items() if queue]
        if not pairs:
            if all(p.over() for p in network.peers):
                break
            assert network.decide(shuffle=True), [p.waiting_for() for p in network.peers]
            continue
        network.deliver_one(*network.rng.choice(pairs))
    assert all(p.game.is_terminal(p.match.state) and p.outcome is None for p in network.peers)
    assert network.in_step() and not network.refused
    draws = [a for seat, a in network.peers[0].match.actions if seat == -1]
    assert len(draws) == 3


def test_two_peers_play_a_whole_load_match() -> None:
    network = Network(seed=1, game="load")
    network.play()
    first, second = network.peers
    assert first.game.is_terminal(first.match.state) and network.in_step()
    moves = [[action for seat, action in peer.match.actions if seat >= 0] for peer in network.peers]
    assert moves[0] == moves[1]  # the deals differ: each page's log shows only its own hand (tests/crypto)
    assert first.dealing and second.dealing and first.dealing.audited == second.dealing.audited
    assert first.outcome is None and second.outcome is None and not network.refused
    assert first.game.result(first.match.state)["winners"]


def test_three_peers_play_loot_with_secret_picks_and_gun_cards() -> None:
    network = Network(peers=3, seed=0, game="loot", owners=(0, 1, 2, 0),
                      options={"shootout": "gun cards", "crypto": True})  # crypto: the deck dealt (issue 12)
    network.play(limit=5000)
    assert network.in_step() and network.peers[0].game.is_terminal(network.peers[0].match.state)
    assert not network.refused


def test_a_loot_setup_between_browsers_must_use_gun_cards() -> None:
    # reflexes can't be compared fairly between browsers: a peer offering quick-draw shootouts is refused
    with pytest.raises(ValueError, match="between browsers Loot N' Loaded plays with shootout = 'gun cards'"):
        Network(peers=2, game="loot", options={})


def test_a_spectator_peer_follows_the_match() -> None:
    network = Network(peers=3, seed=21, owners=(0, 1, 0))
    network.play()
    spectator = network.peers[2]
    assert spectator.my_seats() == [] and spectator.to_decide() == []
    assert spectator.game.is_terminal(spectator.match.state) and network.in_step()
    assert not any('"commit"' in text for _, text in spectator.outbox)  # it adds nothing to the deal
    assert not spectator.hash_texts  # nor hashes: nobody compares them


def test_a_spectator_that_drops_does_not_stall_the_players() -> None:
    network = Network(peers=3, seed=22, owners=(0, 1, 0))
    network.queues = {key: queue for key, queue in network.queues.items() if 2 not in key}  # it is gone
    network.play(until=(0, 1))
    spectator = network.peers[2]
    assert all(p.game.is_terminal(p.match.state) for p in network.peers[:2]) and spectator.step == 0
    network.queues.update({(a, b): [] for a in range(3) for b in range(3) if a != b and 2 in (a, b)})
    for me, peer in enumerate(network.peers):  # it comes back: everyone says where they stand
        network.send(me, peer.hello(network.now))
    network.flush()
    assert spectator.game.is_terminal(spectator.match.state) and network.in_step()


@pytest.mark.parametrize(("owners", "peers"), [((0, 0, 0), 2), ((0, 3, 1), 3), ((0, 1, 2), 9)])
def test_a_setup_needs_two_playing_peers_in_range(owners: tuple[int, ...], peers: int) -> None:
    keys = [f"{k:064x}" for k in range(max(peers, 1))]
    with pytest.raises(ValueError, match=rf"at least two peers play|{PEERS[0]}-{PEERS[1]} peers"):
        Setup(MATCH, "odd", ["human"] * 3, list(owners), peers, keys=keys)


def test_the_deal_depends_on_every_peers_share() -> None:
    one, other = Network(salts=(1, 2), game="load"), Network(salts=(1, 999), game="load")  # peer 1 differs
    one.flush()
    other.flush()
    assert one.peers[0].match.actions[0] != other.peers[0].match.actions[0]


def test_messages_out_of_order_and_duplicated_still_finish() -> None:
    network = Network(seed=3)
    for _ in range(4000):
        pairs = [pair for pair, queue in network.queues.items() if queue]
        if not pairs:
            if all(p.over() for p in network.peers):
                break
            assert network.decide(shuffle=True)
            continue
        a, b = network.rng.choice(pairs)
        queue = network.queues[(a, b)]
        index = network.rng.randrange(len(queue))
        text = queue[index] if network.rng.random() < 0.2 else queue.pop(index)  # dup or out of order
        network.send(b, network.peers[b].receive(a, text, 0.0))  # an honest message is never refused
    assert all(p.game.is_terminal(p.match.state) for p in network.peers) and network.in_step()


def test_a_commitment_from_another_seat_or_match_does_not_open() -> None:
    digest = commitment(MATCH, 1, 0, "action", "play:G3", "00" * 32)
    assert digest != commitment(MATCH, 1, 1, "action", "play:G3", "00" * 32)
    assert digest != commitment("match-0002", 1, 0, "action", "play:G3", "00" * 32)
    assert digest != commitment(MATCH, 3, 0, "action", "play:G3", "00" * 32)


def commit_of(network: Network, me: int) -> dict[str, Any]:
    network.flush()
    peer = network.peers[me]
    outs = peer.choose(me, peer.game.legal_actions(peer.match.state, me)[0], network.now)
    return loaded(next(text for _, text in outs if '"commit"' in text))


@pytest.mark.parametrize(("change", "reason"), [
    ({"match": "another-match"}, "another match"),
    ({"v": 1}, "protocol version"),
    ({"from": 2}, "signed as peer 2"),
    ({"from": 1}, "as this page's own"),
    ({"type": "launch"}, "unknown message type"),
    ({"node": -1}, "'node'"),
    ({"digest": "XYZ"}, "'digest'"),
    ({"extra": 1}, "unexpected field"),
    ({"sig": "x"}, "signature"),
    ({"digest": "ab" * 32}, "signature is not peer 0's"),
])
def test_malformed_forged_or_foreign_messages_are_refused(change: dict[str, Any], reason: str) -> None:
    network = Network(seed=7, peers=3)
    message = {**commit_of(network, 0), **change}
    receiver = network.peers[1]
    before = receiver.to_json()
    with pytest.raises(CargoBayError, match=reason):
        receiver.receive(0, json.dumps(message), 0.0)
    assert receiver.to_json() == before


def test_garbage_and_oversize_are_refused() -> None:
    peer = Network(seed=8).peers[1]
    for text in ["", "{", "[]", "null", json.dumps({"v": 2}), "x" * (MAX_MESSAGE_BYTES + 1), 42]:
        with pytest.raises(MessageError):
            peer.receive(0, text, 0.0)


@settings(max_examples=200, deadline=None)
@given(st.one_of(
    st.text(max_size=200),
    st.dictionaries(st.sampled_from(["v", "match", "type", "from", "node", "kind", "key", "digest", "value",
                                     "nonce", "commits", "seat", "action", "step", "hash", "text", "sig", "a",
                                     "b", "act"]),
                    st.one_of(st.integers(-2, 70), st.text(max_size=70), st.none(),
                              st.sampled_from([2, MATCH, "commit", "reveal", "act", "chat", "hash", "share",
                                               "resume", "proof", "action", "ab" * 32, "A" * 86])),
                    max_size=12).map(json.dumps),
))
def test_fuzzed_messages_never_crash_a_peer(text: str) -> None:
    network = Network(seed=9)
    network.flush()
    peer = network.peers[1]
    before = peer.game.state_hash(peer.match.state)
    try:
        peer.receive(0, text, 0.0)
    except CargoBayError as error:
        assert str(error)  # noqa: PT017 (accepted, or refused with a reason)
    assert peer.game.state_hash(peer.match.state) == before


def test_an_illegal_move_from_a_peer_is_refused_with_the_rule() -> None:
    network = Network(seed=12)
    network.play_until(lambda: network.peers[1].node.kind == "seat")
    mover = network.peers[1].node.keys[0]
    owner = network.setup.owners[mover]
    receiver = network.peers[1 - owner]
    text = network.forge(owner, {"type": "act", "node": receiver.node.node, "seat": mover,
                                 "action": f"give:{mover}+1"})
    with pytest.raises(PeerViolation, match="refused move") as info:
        receiver.receive(owner, text, 0.0)
    assert not info.value.cheating and receiver.outcome is None


def test_save_reload_and_resume_after_a_drop() -> None:
    network = Network(seed=13, game="load")
    for _ in range(15):
        network.flush()
        network.decide()
    saved = json.loads(json.dumps(network.peers[1].to_json()))  # peer 1 reloads its page
    network.decide()  # peer 0 moves while peer 1 is away
    network.queues = {key: [] for key in network.queues}  # everything in flight is lost
    network.peers[1] = Peer.from_json(saved, GAMES)
    for me, peer in enumerate(network.peers):
        network.send(me, peer.hello(network.now))
    network.play()
    assert network.in_step() and all(peer.game.is_terminal(peer.match.state) for peer in network.peers)
    assert not network.refused


def test_a_corrupt_save_is_refused() -> None:
    network = Network(seed=14)
    network.flush()
    saved = network.peers[0].to_json()
    saved["log"]["actions"][0][1] = "draw:9"
    with pytest.raises(ValueError, match="not a saved peer match: entry 0: 'draw:9' is not an action"):
        Peer.from_json(saved, GAMES)
    with pytest.raises(ValueError, match="not a saved peer match: bad setup"):
        Peer.from_json({"setup": {"match_id": "x"}}, GAMES)


def test_chat_is_delivered_and_limited() -> None:
    network = Network(seed=15)
    network.send(0, network.peers[0].chat("alliance?", network.now))
    network.flush()
    assert {"event": "chat", "from": 0, "text": "alliance?"} in network.peers[1].take_events()
    with pytest.raises(MessageError):
        network.peers[0].chat("x" * 501, network.now)


@pytest.mark.parametrize("action", ["load:YR@1", "load:@1", "reload:RB@1>2"])
def test_a_malformed_load_from_a_peer_is_refused_with_a_reason(action: str) -> None:
    """Issue 6: a load colour of the wrong length reached a KeyError; now it is a refused move, match untouched."""
    network = Network(seed=16, game="load")
    network.play_until(lambda: network.peers[1].match.state.phase == "load")
    loader = network.peers[1].match.state.loader
    receiver = network.peers[1 - loader]
    before = receiver.game.state_hash(receiver.match.state)
    text = network.forge(loader, {"type": "act", "node": receiver.node.node, "seat": loader, "action": action})
    with pytest.raises(PeerViolation, match="container colour") as info:
        receiver.receive(loader, text, 0.0)
    assert not info.value.cheating
    assert receiver.game.state_hash(receiver.match.state) == before
