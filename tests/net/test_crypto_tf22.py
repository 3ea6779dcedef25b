"""Issue 12: TF22's tide deck dealt cryptographically between in-memory pages (games/tf22/dealt.py). Whole
matches (the pile rebuilt and shuffled again after turn 16); each turn's tide is opened to all; a forecast
(a seat's active Production Units) is opened to that seat only; a spectator sees the tides turned and no
forecast; a false share in a forecast is caught and named."""

from __future__ import annotations

import pytest

from cargobay.deck import HIDDEN, PUBLIC, seat_of
from cargobay.net import Peer

from .netkit import Network, lie_in_shares


def opened(peer: Peer) -> list[tuple[int, list[str]]]:
    return [(step, action[len("open:"):].split(",")) for step, (seat, action) in enumerate(peer.match.actions)
            if seat == -1 and action.startswith("open:")]


def sight(network: Network) -> tuple[int, int]:
    """Every page saw exactly what was opened to its seats or to all: (forecast positions, tides opened)."""
    peeks = public = 0
    for me, peer in enumerate(network.peers):
        assert peer.dealing is not None
        mine = {seat for seat, owner in enumerate(peer.setup.owners) if owner == me}
        for step, faces in opened(peer):
            for position, to in enumerate(peer.dealing.events[step]["to"]):
                assert (faces[position] != HIDDEN) == (to == PUBLIC or seat_of(to) in mine), (me, step, position)
                if me == 0:
                    peeks += to <= -10
                    public += to == PUBLIC
    return peeks, public


@pytest.mark.parametrize(("peers", "seed"), [(2, 1), (3, 2)])
def test_whole_tf22_matches_deal_the_tides_cryptographically(peers: int, seed: int) -> None:
    network = Network(peers=peers, seed=seed, game="tf22", options={"crypto": True, "turns": 20})
    network.play()
    assert not network.refused and all(peer.outcome is None for peer in network.peers)
    audited = [peer.dealing.audited for peer in network.peers if peer.dealing]
    assert audited[0] and all(a == audited[0] for a in audited)
    first = network.peers[0]
    deals = [a for s, a in first.match.actions if s == -1 and a.startswith("tides:")]
    assert len(deals) == 2  # the deal, and the pile rebuilt after turn 16
    assert sum(face != HIDDEN for face in deals[0][len("tides:"):].split(",")) == 1  # only turn 2's tide
    assert set(deals[1][len("tides:"):].split(",")) == {HIDDEN}
    peeks, public = sight(network)
    assert public == 18 and peeks > 0  # turns 3-20 turned in the open; some forecasts read
    results = [peer.game.result(peer.match.state) for peer in network.peers]
    assert all(result == results[0] for result in results)


def test_a_tf22_spectator_sees_the_tides_and_no_forecast() -> None:
    network = Network(peers=3, seed=3, game="tf22", owners=(0, 1), options={"crypto": True, "turns": 8})
    network.play(until=(0, 1, 2))
    spectator = network.peers[2]
    assert spectator.outcome is None and spectator.dealing and spectator.dealing.audited
    for step, faces in opened(spectator):
        event = spectator.dealing.events[step]
        assert all((face != HIDDEN) == (to == PUBLIC) for face, to in zip(faces, event["to"], strict=True))
    assert spectator.match.state.faceup == network.peers[0].match.state.faceup


def test_a_false_share_in_a_forecast_is_caught_and_named(monkeypatch: pytest.MonkeyPatch) -> None:
    network = Network(peers=2, seed=4, game="tf22", options={"crypto": True, "turns": 20})
    cheater = network.peers[1]
    lie_in_shares(monkeypatch, cheater, lambda event: any(to <= -10 for to in event["to"]))  # a forecast
    network.play_until(lambda: network.peers[0].outcome is not None)
    outcome = network.peers[0].outcome
    assert outcome is not None and (outcome["peer"], outcome["rule"]) == (1, "false-share"), outcome
