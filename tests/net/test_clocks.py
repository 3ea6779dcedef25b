"""Issue 11, stall: only the reveal had a clock, and only while connected; a connected page that never
committed a card or a deal share, or won a battle and never loaded, held the match forever. Now every
decision has a clock agreed in the setup (clocks.py), counted on every request, shown for every player."""

from __future__ import annotations

import contextlib
import json

from cargobay.net import Peer
from cargobay.registry import GAMES

from .netkit import Network, run_clock


def test_a_page_that_never_commits_its_deal_share_forfeits() -> None:
    network = Network(seed=1, hostile=(1,), reveal_deadline=20)
    honest = network.peers[0]
    network.flush()
    assert honest.waiting_for() == {"phase": "commit", "keys": [1]}
    assert {e["peer"]: e["owes"] for e in honest.clock_status()} == {0: None, 1: "auto"}
    run_clock(honest, 19.0)
    assert honest.outcome is None
    run_clock(honest, 21.0)
    assert honest.outcome is not None and (honest.outcome["peer"], honest.outcome["rule"]) == (1, "reveal-time")


def test_a_player_that_never_commits_its_card_runs_out_of_time() -> None:
    network = Network(seed=2, time_bank=100, time_increment=5)
    network.play_until(lambda: network.peers[0].node.kind == "simultaneous")
    network.hostile.add(1)  # from here peer 1 stays connected and silent
    network.decide(only=(0,))
    network.flush()
    honest = network.peers[0]
    assert honest.waiting_for() == {"phase": "commit", "keys": [1]}
    status = {e["peer"]: e for e in honest.clock_status()}
    assert status[1]["owes"] == "decide" and status[0]["owes"] is None
    assert status[0]["bank"] == 110.0  # peer 0 decided for its two seats: two increments
    run_clock(honest, 50.0)
    assert {e["peer"]: e["bank"] for e in honest.clock_status()}[1] == 50.0
    run_clock(honest, 100.5)
    assert honest.outcome is not None and (honest.outcome["peer"], honest.outcome["rule"]) == (1, "time")
    assert "time bank" in honest.outcome["reason"]


def test_a_player_to_move_alone_that_never_moves_runs_out_of_time() -> None:
    """Like winning a battle in LOAD! and never loading: the seat to move alone holds the match up."""
    network = Network(seed=3, time_bank=60, time_increment=0)
    network.play_until(lambda: network.peers[0].node.kind == "seat"
                       and network.setup.owners[network.peers[0].node.keys[0]] == 1)
    network.hostile.add(1)
    honest = network.peers[0]
    run_clock(honest, 59.0)
    assert honest.outcome is None
    run_clock(honest, 61.0)
    assert honest.outcome is not None and (honest.outcome["peer"], honest.outcome["rule"]) == (1, "time")


def test_time_runs_on_every_message_even_while_a_peer_floods_the_page() -> None:
    network = Network(seed=4, hostile=(1,), reveal_deadline=10)
    honest = network.peers[0]
    network.flush()
    for index in range(30):  # no tick at all: only chat lines, one a second
        network.now = float(index)
        with contextlib.suppress(Exception):
            honest.receive(1, network.forge(1, {"type": "chat", "text": f"hello {index}"}), network.now)
    assert honest.outcome is not None and honest.outcome["rule"] == "reveal-time"


def test_while_a_player_is_away_the_match_is_paused_and_only_its_allowance_runs() -> None:
    network = Network(seed=5, time_bank=100, away_allowance=500)
    network.play_until(lambda: network.peers[0].node.kind == "simultaneous")
    honest = network.peers[0]
    honest.tick(0.0)
    honest.set_connected(1, False, 0.0)
    run_clock(honest, 300.0)
    status = {e["peer"]: e for e in honest.clock_status()}
    assert honest.outcome is None and status[1]["away_left"] == 200.0 and status[1]["bank"] == 100.0
    assert status[0]["bank"] == 100.0  # my own clock stands still while the match is paused
    honest.set_connected(1, True, 300.0)
    run_clock(honest, 350.0)
    status = {e["peer"]: e for e in honest.clock_status()}
    assert status[1]["bank"] == 50.0 and status[0]["bank"] == 50.0  # both to choose: both clocks run


def test_a_spectator_has_no_clock_and_holds_no_one_up() -> None:
    network = Network(peers=3, seed=6, owners=(0, 1, 0), hostile=(2,))
    network.play()
    assert all(peer.outcome is None for peer in network.peers[:2])
    assert [entry["peer"] for entry in network.peers[0].clock_status()] == [0, 1]


def test_the_clocks_are_saved_and_restored() -> None:
    network = Network(seed=7, time_bank=100)
    network.play_until(lambda: network.peers[0].node.kind == "simultaneous")
    honest = network.peers[0]
    honest.tick(0.0)
    run_clock(honest, 40.0)
    restored = Peer.from_json(json.loads(json.dumps(honest.to_json())), GAMES)
    assert restored.clock_status() == honest.clock_status()
    restored.tick(1000.0)  # the first tick after a restore counts nothing: the page was closed
    assert restored.clock_status() == honest.clock_status()
    run_clock(restored, 1010.0)
    assert {e["peer"]: e["bank"] for e in restored.clock_status()} == {0: 50.0, 1: 50.0}


def test_a_page_does_not_charge_another_for_its_own_pause() -> None:
    """Issue 19: a throttled tab or a starved CPU runs nothing for 40 s; the other page's commitment came at
    once and waited in the channel. Handling it after the pause, a page charged the other player the whole 40 s
    first (``reveal-time`` at a 30 s step deadline: an honest player framed). Now of a gap between two runs a
    page charges others at most clocks.PAUSE; the time it was running still counts in full (run_clock)."""
    network = Network(seed=1, reveal_deadline=30)
    network.now = 40.0  # neither page ran since the start: each gets the other's first messages now
    network.flush()
    assert all(peer.outcome is None for peer in network.peers), [peer.outcome for peer in network.peers]
    network.play()
    assert all(peer.outcome is None for peer in network.peers)
    # a page that keeps running charges a page that stalls for every second of it
    from cargobay.net.clocks import PAUSE

    network = Network(seed=1, hostile=(1,), reveal_deadline=30)
    honest = network.peers[0]
    network.flush()
    honest.tick(29.0)  # one gap: only PAUSE of it is the staller's
    assert {e["peer"]: e["auto_left"] for e in honest.clock_status()}[1] == 30 - PAUSE
    run_clock(honest, 55.0)
    assert honest.outcome is None
    run_clock(honest, 57.0)
    assert honest.outcome is not None and (honest.outcome["peer"], honest.outcome["rule"]) == (1, "reveal-time")
