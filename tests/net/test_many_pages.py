"""Issue 19: matches of three or more pages. What an outside audit reproduced against the protocol of issue 11
and 12 with a third page (a player or a spectator), each played here by a hostile in-process page: no honest
page records a forfeit against an honest player, a page with no seat cannot end the players' match, and
every end runs the deck audit."""

from __future__ import annotations

from typing import Any

from cargobay.net import Peer

from .netkit import Network

FALSE = "cd" * 32


def loot(**more: Any) -> dict[str, Any]:
    return {"shootout": "gun cards", "crypto": True, "items": [], **more}


def forfeits(peer: Peer) -> tuple[int, str] | None:
    return None if peer.outcome is None else (peer.outcome["peer"], peer.outcome["rule"])


# --- 3: a spectator ends the match -------------------------------------------------------------------------
def test_a_spectator_that_equivocates_leaves_and_the_players_play_on() -> None:
    network = Network(peers=3, seed=11, owners=(0, 1, 0), hostile=(2,))  # peer 2 watches, and cheats
    network.play_until(lambda: all(peer.step >= 2 for peer in network.peers[:2]))
    a = network.forge(2, {"type": "hash", "step": 1, "hash": "ab" * 32})
    b = network.forge(2, {"type": "hash", "step": 1, "hash": FALSE})
    proof = network.forge(2, {"type": "proof", "a": a, "b": b})
    for player in (0, 1):
        network.inject(2, player, proof)
        assert network.peers[player].outcome is None
        assert any(event["event"] == "removed" and event["peer"] == 2 for event in network.peers[player].events)
    network.play(until=(0, 1))
    assert all(peer.outcome is None and peer.game.is_terminal(peer.match.state) for peer in network.peers[:2])
    assert network.in_step(0, 1)


# --- 9: six honest pages cannot finish a deal ----------------------------------------------------------------
def test_six_honest_pages_finish_a_loot_deal() -> None:
    network = Network(peers=6, seed=1, game="loot", options=loot())
    network.play_until(lambda: all(any(action.startswith("deck:") for _, action in peer.match.actions)
                                   for peer in network.peers))
    assert not network.refused and all(peer.outcome is None for peer in network.peers)
    for peer in network.peers:
        assert peer.dealing is not None
        assert all(len(text) < 1000 for event in peer.dealing.events.values() for text in event["texts"])
