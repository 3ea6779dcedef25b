"""Peers in memory play whole matches through the protocol; hostile peers never crash one."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cargobay.bots import RandomBot
from cargobay.engine import CargoBayError
from cargobay.net import MessageError, Peer, PeerViolation, Setup, commitment
from cargobay.net.messages import MAX_MESSAGE_BYTES, dump
from cargobay.registry import GAMES

MATCH = "match-0001"


def entropy_from(seed: int) -> Callable[[int], bytes]:
    rng = random.Random(seed)
    return lambda n: rng.randbytes(n)


class Network:
    """Peers joined by ordered, reliable channels (like WebRTC data channels) unless told otherwise."""

    def __init__(self, peers: int = 2, seed: int = 0, deadline: float = 60.0, salts: tuple[int, ...] = (),
                 game: str = "load", owners: tuple[int, ...] = (), options: dict[str, Any] | None = None) -> None:
        owners = owners or tuple(range(peers))
        self.setup = Setup(MATCH, game, ["human"] * len(owners), list(owners), peers, options=dict(options or {}),
                           reveal_deadline=deadline)
        salts = salts or tuple(seed * 10 + me for me in range(peers))
        self.peers = [Peer(self.setup, me, entropy_from(salts[me]), GAMES[game]) for me in range(peers)]
        self.queues: dict[tuple[int, int], list[str]] = {
            (a, b): [] for a in range(peers) for b in range(peers) if a != b
        }
        self.rng = random.Random(seed)
        self.now = 0.0
        self.refused: list[str] = []
        for me, peer in enumerate(self.peers):
            self.broadcast(me, peer.start(self.now))

    def broadcast(self, sender: int, messages: list[dict[str, Any]]) -> None:
        for message in messages:
            for (a, _b), queue in self.queues.items():
                if a == sender:
                    queue.append(dump(message))

    def deliver_one(self, a: int, b: int) -> bool:
        queue = self.queues[(a, b)]
        if not queue:
            return False
        text = queue.pop(0)
        self.broadcast(b, self.peers[b].receive(a, text, self.now))
        return True

    def flush(self) -> None:
        while any(self.deliver_one(a, b) for (a, b) in list(self.queues)):
            pass

    def decide(self, shuffle: bool = False) -> bool:
        """Every peer's bots decide for the seats that are theirs to decide; False when none could."""
        acted = False
        order = list(range(len(self.peers)))
        if shuffle:
            self.rng.shuffle(order)
        for me in order:
            peer = self.peers[me]
            for seat in peer.to_decide():
                view = peer.game.view(peer.match.state, seat)
                action = RandomBot().choose(peer.game, view, self.rng)
                self.broadcast(me, peer.choose(seat, action, self.now))
                acted = True
        return acted

    def play(self, limit: int = 2000, until: tuple[int, ...] = ()) -> None:
        """Deliver and decide until the peers ``until`` (default: all) reach the end."""
        watched = [self.peers[me] for me in until] if until else self.peers
        for _ in range(limit):
            self.flush()
            if all(peer.game.is_terminal(peer.match.state) or peer.outcome for peer in watched):
                return
            if not self.decide():
                raise AssertionError(f"stuck: {[p.waiting_for() for p in self.peers]}")
        raise AssertionError("match did not end")


@pytest.mark.parametrize("seed", range(5))
def test_three_peers_on_reordering_channels_play_a_whole_match(seed: int) -> None:
    """Three peers, each pair on its own channel; channels deliver in their own order relative to each
    other, so a reveal can overtake a commitment sent on another channel."""
    network = Network(peers=3, seed=seed, game="odd")
    for _ in range(5000):
        pairs = [pair for pair, queue in network.queues.items() if queue]
        if not pairs:
            if all(p.game.is_terminal(p.match.state) for p in network.peers):
                break
            assert network.decide(shuffle=True), [p.waiting_for() for p in network.peers]
            continue
        network.deliver_one(*network.rng.choice(pairs))
    assert all(p.game.is_terminal(p.match.state) and p.outcome is None for p in network.peers)
    assert_in_step(network)
    draws = [a for seat, a in network.peers[0].match.actions if seat == -1]
    assert len(draws) == 3


@pytest.mark.parametrize("seed", range(2))
def test_three_peers_play_loot_with_secret_picks_and_gun_cards(seed: int) -> None:
    network = Network(peers=3, seed=seed, game="loot", owners=(0, 1, 2, 0), options={"shootout": "gun cards"})
    network.play(limit=5000)
    states = [json.dumps(peer.game.state_to_json(peer.match.state), sort_keys=True) for peer in network.peers]
    assert len(set(states)) == 1 and network.peers[0].game.is_terminal(network.peers[0].match.state)
    assert not network.refused


def test_a_loot_setup_between_browsers_must_use_gun_cards() -> None:
    # reflexes can't be compared fairly between browsers: a peer offering quick-draw shootouts is refused
    with pytest.raises(ValueError, match="between browsers Loot N' Loaded plays with shootout = 'gun cards'"):
        Network(peers=2, game="loot", options={})
    with pytest.raises(ValueError, match="between browsers"):
        Network(peers=2, game="loot", options={"shootout": "quick-draw"})


def test_a_spectator_peer_follows_the_match() -> None:
    network = Network(peers=3, seed=21, owners=(0, 1))
    network.play()
    spectator = network.peers[2]
    assert spectator.my_seats() == [] and spectator.to_decide() == []
    assert spectator.game.is_terminal(spectator.match.state)
    assert_in_step(network)
    assert not any(m["type"] == "commit" for m in spectator.outbox)  # it adds nothing to the deal


def test_a_spectator_that_drops_does_not_stall_the_players() -> None:
    network = Network(peers=3, seed=22, owners=(0, 1))
    network.queues = {key: queue for key, queue in network.queues.items() if 2 not in key}  # it is gone
    network.play(until=(0, 1))
    players, spectator = network.peers[:2], network.peers[2]
    assert all(p.game.is_terminal(p.match.state) for p in players)
    assert spectator.step == 0
    network.queues.update({(a, b): [] for a in range(3) for b in range(3) if a != b and 2 in (a, b)})
    for me, peer in enumerate(network.peers):  # it comes back: everyone says where they stand
        network.broadcast(me, peer.hello())
    network.flush()
    assert spectator.game.is_terminal(spectator.match.state)
    assert_in_step(network)


@pytest.mark.parametrize(("owners", "peers"), [((0, 0), 2), ((0, 3), 3), ((0, 1), 1), ((0, 1), 9)])
def test_a_setup_needs_two_playing_peers_in_range(owners: tuple[int, ...], peers: int) -> None:
    with pytest.raises(ValueError):
        Setup(MATCH, "load", ["human", "human"], list(owners), peers)


def assert_in_step(network: Network) -> None:
    hashes = {peer.game.state_hash(peer.match.state) for peer in network.peers}
    assert len(hashes) == 1


def test_two_peers_play_a_whole_match() -> None:
    network = Network(seed=1)
    network.play()
    first, second = network.peers
    assert first.game.is_terminal(first.match.state)
    assert_in_step(network)
    assert first.match.actions == second.match.actions
    assert first.outcome is None and second.outcome is None
    assert first.game.result(first.match.state)["winners"]


def test_the_deal_depends_on_every_peers_share() -> None:
    one, other = Network(salts=(1, 2)), Network(salts=(1, 999))  # only peer 1's randomness differs
    one.flush()
    other.flush()
    assert one.peers[0].match.actions[0] != other.peers[0].match.actions[0]


def test_messages_out_of_order_and_duplicated_still_finish() -> None:
    network = Network(seed=3)
    for _ in range(3000):
        pairs = [pair for pair, queue in network.queues.items() if queue]
        if not pairs:
            if all(p.game.is_terminal(p.match.state) for p in network.peers):
                break
            assert network.decide(shuffle=True)
            continue
        a, b = network.rng.choice(pairs)
        queue = network.queues[(a, b)]
        index = network.rng.randrange(len(queue))
        text = queue[index] if network.rng.random() < 0.2 else queue.pop(index)  # dup or out of order
        try:
            network.broadcast(b, network.peers[b].receive(a, text, 0.0))
        except PeerViolation as error:
            # an honest message can only be refused as stale after a copy was already handled
            assert "stale" in str(error)
    assert all(p.game.is_terminal(p.match.state) for p in network.peers)
    assert_in_step(network)


def reach_reveals(network: Network) -> tuple[dict[str, Any], dict[str, Any]]:
    """Play up to the first simultaneous node; seat 1 commits; return seat 0's commit and reveal."""
    network.flush()  # the deal
    first, second = network.peers
    network.broadcast(1, second.choose(1, second.game.legal_actions(second.match.state, 1)[0], 0.0))
    network.deliver_one(1, 0)  # seat 1's commitment reaches peer 0 only
    sent = first.choose(0, first.game.legal_actions(first.match.state, 0)[0], 0.0)
    commit = next(m for m in sent if m["type"] == "commit")
    reveal = next(m for m in sent if m["type"] == "reveal")
    return commit, reveal


def test_a_changed_reveal_is_caught_as_cheating() -> None:
    network = Network(seed=4)
    commit, reveal = reach_reveals(network)
    second = network.peers[1]
    second.receive(0, dump(commit), 0.0)
    before = second.game.state_hash(second.match.state)
    other_card = next(a for a in second.game.legal_actions(second.match.state, 1))
    forged = {**reveal, "value": other_card if other_card != reveal["value"] else "play:Y0"}
    with pytest.raises(PeerViolation, match="does not open its commitment") as info:
        second.receive(0, dump(forged), 0.0)
    assert info.value.cheating
    assert second.outcome is not None and second.outcome["kind"] == "forfeit" and second.outcome["seats"] == [0]
    assert second.game.state_hash(second.match.state) == before


def test_a_reveal_before_all_commitments_is_refused() -> None:
    network = Network(seed=5)
    network.flush()
    first, second = network.peers
    action = first.game.legal_actions(first.match.state, 0)[0]
    sent = first.choose(0, action, 0.0)
    (commit,) = [m for m in sent if m["type"] == "commit"]
    second.receive(0, dump(commit), 0.0)
    nonce = first.node["secrets"]["0"][1]
    early = {**commit, "type": "reveal", "value": action, "nonce": nonce, "commits": {"0": commit["digest"]}}
    del early["digest"]
    with pytest.raises(PeerViolation, match="before all commitments"):
        second.receive(0, dump(early), 0.0)
    assert second.step == 1


def test_a_replayed_commitment_is_refused() -> None:
    network = Network(seed=6)
    commit, reveal = reach_reveals(network)
    network.broadcast(0, [commit, reveal])
    network.flush()
    second = network.peers[1]
    step = second.step
    # the same digest offered again at a later node (e.g. copied from an earlier battle)
    while second.node["kind"] != "simultaneous":
        network.decide()
        network.flush()
    replay = {**commit, "node": second.node["node"]}
    with pytest.raises(PeerViolation, match="replayed commitment"):
        second.receive(0, dump(replay), 0.0)
    stale = {**commit, "digest": "ab" * 32}
    with pytest.raises(PeerViolation, match="stale"):
        second.receive(0, dump(stale), 0.0)
    assert second.step >= step


def test_a_commitment_from_another_seat_or_match_does_not_open() -> None:
    digest = commitment(MATCH, 1, 0, "action", "play:G3", "00" * 32)
    assert digest != commitment(MATCH, 1, 1, "action", "play:G3", "00" * 32)
    assert digest != commitment("match-0002", 1, 0, "action", "play:G3", "00" * 32)
    assert digest != commitment(MATCH, 3, 0, "action", "play:G3", "00" * 32)


@pytest.mark.parametrize(("change", "reason"), [
    ({"match": "another-match"}, "another match"),
    ({"v": 2}, "protocol version"),
    ({"from": 1}, "signed as peer 1"),
    ({"type": "launch"}, "unknown message type"),
    ({"node": -1}, "'node'"),
    ({"digest": "XYZ"}, "'digest'"),
    ({"extra": 1}, "unexpected field"),
    ({"key": 1}, "may not commit"),
])
def test_malformed_or_foreign_messages_are_refused(change: dict[str, Any], reason: str) -> None:
    network = Network(seed=7)
    network.flush()
    first, second = network.peers
    sent = first.choose(0, first.game.legal_actions(first.match.state, 0)[0], 0.0)
    message = {**next(m for m in sent if m["type"] == "commit"), **change}
    before = second.to_json()
    with pytest.raises(CargoBayError, match=reason):
        second.receive(0, dump(message), 0.0)
    assert second.to_json() == before


def test_garbage_and_oversize_are_refused() -> None:
    peer = Network(seed=8).peers[1]
    for text in ["", "{", "[]", "null", json.dumps({"v": 1}), "x" * (MAX_MESSAGE_BYTES + 1), 42]:
        with pytest.raises(MessageError):
            peer.receive(0, text, 0.0)


@settings(max_examples=300, deadline=None)
@given(st.one_of(
    st.text(max_size=200),
    st.dictionaries(st.sampled_from(["v", "match", "type", "from", "node", "kind", "key", "digest", "value",
                                     "nonce", "commits", "seat", "action", "step", "hash", "text"]),
                    st.one_of(st.integers(-2, 70), st.text(max_size=70), st.none(),
                              st.sampled_from([1, MATCH, "commit", "reveal", "act", "chat", "hash", "share",
                                               "action", "ab" * 32])),
                    max_size=10).map(json.dumps),
))
def test_fuzzed_messages_never_crash_a_peer(text: str) -> None:
    network = Network(seed=9)
    network.flush()
    peer = network.peers[1]
    before = peer.game.state_hash(peer.match.state)
    try:
        peer.receive(0, text, 0.0)
    except CargoBayError as error:
        assert str(error)
    assert peer.game.state_hash(peer.match.state) == before


def test_a_missing_reveal_forfeits_after_the_deadline_counted_while_connected() -> None:
    network = Network(seed=10, deadline=30.0)
    network.flush()
    first, second = network.peers
    network.broadcast(0, [m for m in first.choose(0, first.game.legal_actions(first.match.state, 0)[0], 0.0)
                          if m["type"] == "commit"])  # peer 0 commits but will never reveal
    network.flush()
    second.choose(1, second.game.legal_actions(second.match.state, 1)[0], 0.0)
    second.set_connected(0, False, 1.0)
    second.tick(500.0)  # disconnected: the clock stands still
    assert second.outcome is None
    second.set_connected(0, True, 500.0)
    second.tick(520.0)
    assert second.outcome is None
    second.tick(531.0)
    assert second.outcome is not None and second.outcome["seats"] == [0] and "30 s" in second.outcome["reason"]


def test_a_desync_is_caught_at_its_step() -> None:
    network = Network(seed=11)
    network.flush()
    second = network.peers[1]
    lie = {"v": 1, "match": MATCH, "from": 0, "type": "hash", "step": 1, "hash": "cd" * 32}
    second.receive(0, dump(lie), 0.0)
    assert second.outcome is not None and second.outcome["kind"] == "desync" and second.outcome["step"] == 1


def test_an_illegal_move_from_a_peer_is_refused_with_the_rule() -> None:
    network = Network(seed=12)
    network.flush()
    first, second = network.peers
    commit = {"v": 1, "match": MATCH, "from": 0, "type": "act", "node": first.node["node"], "seat": 0,
              "action": "load:G@1"}
    with pytest.raises(PeerViolation, match="not to move alone"):
        second.receive(0, dump(commit), 0.0)


def test_save_reload_and_resume_after_a_drop() -> None:
    network = Network(seed=13)
    for _ in range(15):
        network.flush()
        network.decide()
    # peer 1 reloads its page: restored from its save; everything in flight is lost
    saved = json.loads(json.dumps(network.peers[1].to_json()))
    network.decide()  # peer 0 moves while peer 1 is away
    network.queues = {key: [] for key in network.queues}
    network.peers[1] = Peer.from_json(saved, entropy_from(77), GAMES)
    for me, peer in enumerate(network.peers):
        network.broadcast(me, peer.hello())
    network.play()
    assert_in_step(network)
    assert all(peer.game.is_terminal(peer.match.state) for peer in network.peers)


def test_a_corrupt_save_is_refused() -> None:
    network = Network(seed=14)
    network.flush()
    saved = network.peers[0].to_json()
    saved["log"]["actions"][0][1] = "deal:G0"
    with pytest.raises(ValueError):
        Peer.from_json(saved, entropy_from(1), GAMES)
    with pytest.raises(ValueError):
        Peer.from_json({"setup": {"match_id": "x"}}, entropy_from(1), GAMES)


def test_chat_is_delivered_and_limited() -> None:
    network = Network(seed=15)
    network.broadcast(0, network.peers[0].chat("alliance?"))
    network.flush()
    assert {"event": "chat", "from": 0, "text": "alliance?"} in network.peers[1].take_events()
    with pytest.raises(MessageError):
        network.peers[0].chat("x" * 501)


@pytest.mark.parametrize("action", ["load:YR@1", "load:@1", "reload:RB@1>2"])
def test_a_malformed_load_from_a_peer_is_refused_with_a_reason(action: str) -> None:
    """Issue 6: a load colour of the wrong length reached a KeyError; now it is a refused move, match untouched."""
    network = Network(seed=16)
    for _ in range(200):
        network.flush()
        state = network.peers[1].match.state
        if state.phase == "load":
            break
        network.decide()
    loader = state.loader
    receiver = network.peers[1 - loader]
    before = receiver.game.state_hash(receiver.match.state)
    message = {"v": 1, "match": MATCH, "from": loader, "type": "act", "node": receiver.node["node"], "seat": loader,
               "action": action}
    with pytest.raises(PeerViolation, match="container colour") as info:
        receiver.receive(loader, dump(message), 0.0)
    assert not info.value.cheating
    assert receiver.game.state_hash(receiver.match.state) == before
