"""Issue 11, escape: no loss can be escaped for free. A false hash or resume loses its sender the match (it
used to end the match as a "desync" with no loser, even a finished one); a spectator's hash changes nothing
for the players; leaving costs the match after the away allowance; reveals go in a turning order, and a
page that saw the others' reveals and stops forfeits."""

from __future__ import annotations

import pytest

from cargobay.net import PeerViolation

from .netkit import Network, loaded, run_clock

FALSE = "cd" * 32


def at_step(network: Network, step: int) -> None:
    network.play_until(lambda: all(peer.step >= step for peer in network.peers))


def test_a_false_hash_loses_the_match_for_its_sender() -> None:
    network = Network(seed=1)
    at_step(network, 4)
    honest = network.peers[0]
    step = honest.step
    network.inject(1, 0, network.forge(1, {"type": "hash", "step": step, "hash": FALSE}))
    assert honest.outcome is not None
    assert (honest.outcome["kind"], honest.outcome["peer"], honest.outcome["rule"]) == ("forfeit", 1, "diverged")
    assert honest.outcome["seats"] == [1] and "false hash" in honest.outcome["reason"]


def test_a_false_hash_after_a_one_seat_move_names_the_move_and_still_loses() -> None:
    """The hash of a one-seat step carries the signed move its sender applied: the same move, another hash:
    its sender lies; a move its mover never signed: its sender forged it."""
    for forge_act, rule in ((False, "diverged"), (True, "forged")):
        network = Network(seed=2)
        network.play_until(lambda network=network: network.peers[0].node.kind == "seat")
        honest = network.peers[0]
        node = honest.node.node
        assert network.setup.owners[honest.node.keys[0]] == 0
        network.decide()  # peer 0 moves; its hash of the next step carries its signed move
        seat, action, sig = loaded(honest.hash_texts[node + 1])["act"]
        assert (seat, action) == (honest.match.actions[node][0], honest.match.actions[node][1])
        claimed = "give:1+2" if forge_act and action != "give:1+2" else "give:1+1" if forge_act else action
        network.inject(1, 0, network.forge(1, {"type": "hash", "step": node + 1, "hash": FALSE,
                                                "act": [seat, claimed, sig]}))
        assert honest.outcome is not None and (honest.outcome["peer"], honest.outcome["rule"]) == (1, rule)


def test_a_false_hash_after_the_end_changes_nothing() -> None:
    network = Network(seed=3)
    network.play()
    honest = network.peers[0]
    result = honest.game.result(honest.match.state)
    for step in (honest.step, honest.step + 1):
        with pytest.raises(PeerViolation, match="after the end"):
            honest.receive(1, network.forge(1, {"type": "hash", "step": step, "hash": FALSE}), network.now)
    assert honest.outcome is None and honest.game.result(honest.match.state) == result


def test_a_false_resume_loses_the_match_for_its_sender() -> None:
    network = Network(seed=4)
    at_step(network, 3)
    honest = network.peers[0]
    network.inject(1, 0, network.forge(1, {"type": "resume", "step": honest.step, "hash": FALSE}))
    assert honest.outcome is not None and (honest.outcome["peer"], honest.outcome["rule"]) == (1, "diverged")


def test_a_spectators_hash_never_ends_the_players_match() -> None:
    network = Network(peers=3, seed=5, owners=(0, 1, 0))  # peer 2 watches
    at_step(network, 3)
    for player in (0, 1):
        peer = network.peers[player]
        with pytest.raises(PeerViolation, match="compared by no one"):
            peer.receive(2, network.forge(2, {"type": "hash", "step": peer.step, "hash": FALSE}), network.now)
        network.inject(2, player, network.forge(2, {"type": "resume", "step": peer.step, "hash": FALSE}))
        assert peer.outcome is None
    network.play()
    assert all(peer.outcome is None for peer in network.peers) and network.in_step()


def test_hashes_count_once_per_peer_and_step_and_only_for_steps_reached() -> None:
    network = Network(seed=6)
    at_step(network, 3)
    honest = network.peers[0]
    ahead = network.forge(1, {"type": "hash", "step": honest.step + 1, "hash": FALSE})
    network.inject(1, 0, ahead)  # a step not reached: held, not compared
    assert honest.outcome is None
    far = network.forge(1, {"type": "hash", "step": honest.step + 500, "hash": FALSE})
    network.inject(1, 0, far)  # far ahead: dropped
    assert honest.outcome is None and len(honest.future[1]) == 1
    network.play_until(lambda: honest.step > network.peers[1].step or honest.outcome is not None)
    assert honest.outcome is not None and honest.outcome["rule"] == "diverged"  # compared once reached


def test_a_player_that_leaves_forfeits_after_the_away_allowance() -> None:
    """Dropping the channel (or a "bye", which the page turns into a closed link) paused the match forever."""
    network = Network(seed=7, away_allowance=30)
    at_step(network, 2)
    honest = network.peers[0]
    honest.set_connected(1, False, 100.0)
    run_clock(honest, 129.0)
    assert honest.outcome is None
    status = {entry["peer"]: entry for entry in honest.clock_status()}
    assert status[1]["connected"] is False and status[1]["away_left"] == 1.0
    honest.set_connected(1, True, 129.5)  # back for a while: the allowance is per match, not per drop
    honest.set_connected(1, False, 140.0)
    run_clock(honest, 141.6)
    assert honest.outcome is not None and (honest.outcome["peer"], honest.outcome["rule"]) == (1, "away")
    assert "30" in str(honest.clocks.setup.away_allowance) and "disconnected" in honest.outcome["reason"]


def test_see_the_deal_then_abort_forfeits() -> None:
    """The honest page reveals its deal share; the cheater computes the deal and never reveals: it loses."""
    network = Network(seed=8, hostile=(1,))
    cheater, honest = network.peers[1], network.peers[0]
    network.send(1, cheater.start(0.0))  # the cheater commits to its share like anyone
    network.flush()
    revealed = [text for _, text in network.inbox[1] if '"reveal"' in text]
    assert honest.node.order == [0, 1] and revealed  # step 0: peer 0 reveals first
    deadline = network.setup.reveal_deadline
    run_clock(honest, deadline - 1)
    assert honest.outcome is None
    run_clock(honest, deadline + 1)
    assert honest.outcome is not None and (honest.outcome["peer"], honest.outcome["rule"]) == (1, "reveal-time")


def test_reveals_go_in_a_turning_order() -> None:
    """A page reveals only once the pages before it in this step's order have: at odd steps peer 1 is first,
    so a cheater is the last to reveal only every other time."""
    network = Network(seed=9, hostile=(1,))
    cheater, honest = network.peers[1], network.peers[0]
    network.send(1, cheater.start(0.0))
    network.flush()
    for sender, text in network.inbox[1]:
        network.send(1, cheater.receive(sender, text, 0.0))
    network.inbox[1].clear()
    network.flush()  # the deal is made (step 1): a simultaneous pick, peer 1 reveals first
    assert honest.step == 1 and honest.node.order[0] == 1
    seats = honest.to_decide()
    for seat in seats:
        network.send(0, honest.choose(seat, honest.game.legal_actions(honest.match.state, seat)[0], 0.0))
    network.send(1, cheater.choose(1, "pick:0", 0.0))
    network.flush()  # every commitment is in at the honest page
    assert honest.waiting_for() == {"phase": "reveal", "keys": [1]}
    assert not any('"reveal"' in text for _, text in network.inbox[1])  # the honest page waits its turn
    for sender, text in network.inbox[1]:
        network.send(1, cheater.receive(sender, text, 0.0))
    network.flush()
    assert any('"reveal"' in text for _, text in network.inbox[1])  # its turn came after peer 1's reveal
    assert honest.step == 4  # the three picks are played
