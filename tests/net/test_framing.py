"""Issue 11, framing: a player that told a spectator another commitment than the host made the spectator
blame the honest host (and record its forfeit 60 s later); a player that sent two pages different moves
made those honest pages blame each other; junk filled a spectator's buffer until it wedged; the host could
speak for any guest. Now every message is signed: two signed messages of one page for one decision are a
proof against that page, passed on to everyone, and nobody else is blamed."""

from __future__ import annotations

import dataclasses
import json

import pytest

from cargobay.net import Peer, PeerViolation
from cargobay.registry import GAMES

from .netkit import MATCH, Network, identity, loaded

OTHER = "ef" * 32


def test_a_player_that_tells_a_spectator_another_commitment_loses_and_the_honest_host_does_not() -> None:
    network = Network(peers=3, seed=1, owners=(0, 1, 0), hostile=(1,))  # 0 hosts, 1 cheats, 2 watches
    host, cheater, spectator = network.peers
    (_, real), = [out for out in cheater.start(0.0) if '"vcommit"' not in out[1]]
    lie = network.forge(1, {"type": "commit", "node": 0, "kind": "share", "key": 1, "digest": OTHER})
    network.inject(1, 0, real)
    network.inject(1, 2, lie)
    network.flush()  # the host reveals, naming the commitment it got, signed by the cheater
    for page in (spectator, host):  # the spectator proves it; the host learns it from the spectator's proof
        assert page.outcome is not None
        assert (page.outcome["peer"], page.outcome["rule"]) == (1, "equivocation"), page.outcome
    spectator.tick(1000.0)
    assert spectator.outcome is not None and spectator.outcome["peer"] == 1  # never the host, even later
    proof = next(text for _, text in network.inbox[1] if '"proof"' in text)
    assert {loaded(loaded(proof)[name])["digest"] for name in ("a", "b")} == {OTHER, loaded(real)["digest"]}


def test_a_player_that_sends_two_pages_different_moves_is_caught_by_both() -> None:
    network = Network(peers=3, seed=2)
    network.play_until(lambda: network.peers[0].node.kind == "seat"
                       and network.peers[0].node.keys == [1])
    network.hostile.add(1)
    node = network.peers[0].node.node
    first, second = network.peers[0].game.legal_actions(network.peers[0].match.state, 1)[:2]
    network.inject(1, 0, network.forge(1, {"type": "act", "node": node, "seat": 1, "action": first}))
    network.inject(1, 2, network.forge(1, {"type": "act", "node": node, "seat": 1, "action": second}))
    network.flush()  # each honest page's hash carries the move it got, signed by the mover
    for me in (0, 2):
        outcome = network.outcome(me)
        assert outcome is not None and (outcome["peer"], outcome["rule"]) == (1, "equivocation"), outcome


def test_junk_from_one_player_cannot_wedge_a_spectator() -> None:
    network = Network(peers=3, seed=3, owners=(0, 1, 0))
    spectator = network.peers[2]
    for index in range(3_000):
        junk = json.dumps({"v": 2, "match": MATCH, "from": 1, "type": "reveal", "node": 1 + index % 16,
                           "kind": "action", "key": 1, "value": f"pick:{index}", "nonce": "ab" * 32,
                           "commits": {}, "sig": "A" * 86})
        spectator.receive(1, junk, 0.0)
    assert len(spectator.future[1]) == 64
    network.play()
    assert spectator.game.is_terminal(spectator.match.state) and network.in_step()
    assert all(peer.outcome is None for peer in network.peers)


def test_the_host_cannot_speak_for_a_guest() -> None:
    """A host that binds a relayed link to itself can pass messages on, never make them: each is signed."""
    network = Network(peers=3, seed=4)
    network.flush()
    guest = network.peers[2]
    guest.take_events()
    before = guest.to_json()
    as_guest = json.dumps({**loaded(network.forge(0, {"type": "chat", "text": "I resign"})), "from": 1})
    with pytest.raises(PeerViolation, match="signature is not peer 1's") as info:
        guest.receive(1, as_guest, 0.0)  # on the link guest 2 believes is guest 1's
    assert info.value.cheating and guest.to_json() == before and not guest.take_events()


def test_a_host_that_lists_another_key_for_a_guest_is_caught_by_the_verification_code() -> None:
    network = Network(peers=3, seed=5)
    fake = identity(77)
    told_guest_2 = dataclasses.replace(network.setup, keys=[network.setup.keys[0], fake.public,
                                                             network.setup.keys[2]])
    assert told_guest_2.digest() != network.setup.digest()  # in the verification code (sas.py): they differ
    misled = Peer(told_guest_2, 2, network.ids[2], GAMES["odd"])
    genuine = network.forge(1, {"type": "chat", "text": "hello"})
    with pytest.raises(PeerViolation, match="signature"):
        misled.receive(1, genuine, 0.0)  # and guest 1's own messages do not verify there


def test_a_proof_with_a_forged_signature_costs_its_sender() -> None:
    network = Network(peers=3, seed=6)
    network.flush()
    real = network.forge(1, {"type": "commit", "node": 9, "kind": "action", "key": 1, "digest": OTHER})
    fake = json.dumps({**loaded(real), "digest": "12" * 32})
    proof = network.forge(2, {"type": "proof", "a": real, "b": fake})
    with pytest.raises(PeerViolation, match="forged") as info:
        network.peers[0].receive(2, proof, 0.0)
    assert info.value.cheating and (network.outcome(0) or {}).get("peer") == 2


def test_a_proof_of_messages_that_agree_is_refused_and_changes_nothing() -> None:
    network = Network(peers=3, seed=7)
    network.flush()
    real = network.forge(1, {"type": "commit", "node": 9, "kind": "action", "key": 1, "digest": OTHER})
    again = network.forge(1, {"type": "commit", "node": 10, "kind": "action", "key": 1, "digest": OTHER})
    for a, b in ((real, real), (real, again)):
        with pytest.raises(PeerViolation, match="do not conflict"):
            network.peers[0].receive(2, network.forge(2, {"type": "proof", "a": a, "b": b}), 0.0)
    assert network.outcome(0) is None


def test_a_forged_commitment_inside_a_reveal_costs_the_revealer() -> None:
    network = Network(peers=3, seed=8, hostile=(1,))
    honest = network.peers[2]
    network.send(1, network.peers[1].start(0.0))
    network.flush()
    commits = {str(k): v for k, v in honest.node.commits.items()}
    commits["2"] = [OTHER, network.ids[1].sign(b"not peer 2's commitment")]
    value, nonce = network.peers[1].node.secrets["1"]
    reveal = network.forge(1, {"type": "reveal", "node": 0, "kind": "share", "key": 1, "value": value,
                               "nonce": nonce, "commits": commits})
    with pytest.raises(PeerViolation, match="forged commitment"):
        honest.receive(1, reveal, 0.0)
    assert honest.outcome is not None and (honest.outcome["peer"], honest.outcome["rule"]) == (1, "forged")


def test_a_withheld_commitment_reaches_a_page_through_anothers_reveal() -> None:
    network = Network(peers=3, seed=9, owners=(0, 1, 0), hostile=(1,))
    _host, cheater, spectator = network.peers
    (_, commit), = [out for out in cheater.start(0.0) if '"vcommit"' not in out[1]]
    network.inject(1, 0, commit)  # the spectator never gets it from peer 1
    network.flush()
    assert "1" in spectator.node.commits  # taken from the host's reveal, signed by peer 1
    network.hostile.discard(1)
    for sender, text in network.inbox.pop(1):
        network.send(1, cheater.receive(sender, text, 0.0))
    network.play()
    assert network.in_step() and all(peer.outcome is None for peer in network.peers)


def test_a_page_cannot_be_framed_with_a_message_it_did_not_sign_for_a_past_step() -> None:
    network = Network(peers=3, seed=10)
    network.play_until(lambda: network.peers[0].step >= 5)
    honest = network.peers[0]
    node, slots = next((n, s) for n, s in sorted(honest.held.items()) if any(k.startswith("commit") for k in s))
    name, (signer, text) = next((k, v) for k, v in slots.items() if k.startswith("commit") and v[0] != 2)
    other = loaded(text)
    forged = network.forge(2, {k: other[k] for k in ("type", "node", "kind", "key")} | {"digest": OTHER})
    with pytest.raises(PeerViolation, match=f"spoke for peer {signer}"):
        honest.receive(2, forged, 0.0)
    assert honest.outcome is None and name.startswith("commit") and node < honest.step
