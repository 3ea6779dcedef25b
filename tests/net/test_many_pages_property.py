"""Issue 19, the property: random matches of 2-6 pages (limits.PEERS; players and spectators) of every game
dealt between pages, and odd, all honest or with one page deviating at a random step in a way picked from a
list: no honest page ever records a forfeit against an honest page, a spectator never ends the players' match,
and every match that finishes is audited. The count is kept modest for CI (hypothesis, 8 examples, the first
steps of each match)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cargobay import limits
from cargobay.crypto.ristretto import scalar_to_bytes

from .netkit import Network

GAMES = {"odd": (3, 3), "load": (2, 2), "haul": (4, 4), "loot": (2, 6), "tf22": (2, 4)}
OPTIONS: dict[str, dict[str, Any]] = {"loot": {"shootout": "gun cards", "crypto": True, "items": []},
                                      "tf22": {"crypto": True}}
DEVIATIONS = ("none", "spectator-equivocates", "junk", "audit-asked-on-one-page", "stops")
STEPS = 8  # steps played of each match (a whole match of 6 pages dealt cryptographically takes minutes)


@st.composite
def matches(draw: Any) -> tuple[str, int, int, str, int, int]:
    game = draw(st.sampled_from(sorted(GAMES)))
    low, high = GAMES[game]
    players = draw(st.integers(low if game != "odd" else 2, high))
    spectators = draw(st.integers(0, min(2, limits.PEERS[1] - players)))
    return (game, players, spectators, draw(st.sampled_from(DEVIATIONS)), draw(st.integers(1, STEPS - 2)),
            draw(st.integers(0, 10_000)))


def deviate(network: Network, how: str, deviator: int, target: int) -> None:
    peer = network.peers[deviator]
    network.hostile.add(deviator)  # from now on it does only what this function does
    if how == "spectator-equivocates":
        a, b = (network.forge(deviator, {"type": "hash", "step": 1, "hash": h * 32}) for h in ("ab", "cd"))
        proof = network.forge(deviator, {"type": "proof", "a": a, "b": b})
        for other in range(len(network.peers)):
            if other != deviator:
                network.queues[(deviator, other)].append(proof)
    elif how == "junk":
        for index in range(12):
            junk = {"v": 2, "match": network.setup.match_id, "from": deviator, "type": "shares", "node": peer.step,
                    "on": "", "shares": "", "proof": "A" * 86, "sig": "A" * 86, "x": index}
            network.queues[(deviator, target)].append(json.dumps(junk))
            network.queues[(deviator, target)].append(network.forge(deviator, {"type": "chat", "text": "x" * 400}))
    elif how == "audit-asked-on-one-page" and peer.dealing is not None:
        seeds = {str(node): peer.identity.derive(peer.setup.match_id, "shuffle", node)
                 for node, event in sorted(peer.dealing.events.items())
                 if deviator in event["order"][:len(event["decks"])]}
        network.queues[(deviator, target)].append(network.forge(deviator, {
            "type": "audit", "node": peer.step, "early": True, "seeds": seeds,
            "secret": scalar_to_bytes(peer.dealing.secret).hex()}))
    # "stops": it sends nothing more (the clocks charge it)


def run(game: str, players: int, spectators: int, how: str, at: int, seed: int) -> bool:
    owners = (0, 1, 0) if game == "odd" and players == 2 else tuple(range(players))
    peers = max(owners) + 1 + spectators
    network = Network(peers=peers, seed=seed, game=game, owners=owners, options=OPTIONS.get(game))
    rng = network.rng
    watching = [p for p in range(peers) if p not in owners]
    if how == "spectator-equivocates" and not watching:
        how = "junk"
    deviator = rng.choice(watching) if how == "spectator-equivocates" else rng.randrange(peers)
    if how == "none":
        deviator = -1
    target = rng.choice([p for p in range(peers) if p != deviator])
    deviated = False
    for _ in range(400):
        network.flush()
        honest = [peer for me, peer in enumerate(network.peers) if me != deviator]
        if not deviated and deviator >= 0 and min(peer.step for peer in honest) >= at:
            deviate(network, how, deviator, target)
            deviated = True
            continue
        if all(peer.over() for peer in honest) or min(peer.step for peer in honest) >= STEPS:
            break
        if not network.decide():
            network.now += 30.0  # nobody can move: time passes (the clocks decide who stalls)
            for me, peer in enumerate(network.peers):
                if me not in network.hostile:
                    peer.tick(network.now)
    for me, peer in enumerate(network.peers):
        if me == deviator:
            continue
        if peer.outcome is not None:
            case = (game, players, spectators, how, at, seed, me, peer.outcome)
            assert peer.outcome["peer"] == deviator and deviator in owners, case
        elif peer.game.is_terminal(peer.match.state) and peer.dealing is not None:
            assert peer.dealing.audited is not None
    return deviated


@settings(max_examples=8, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(matches())
def test_no_honest_page_is_framed_in_a_match_of_many_pages(case: tuple[str, int, int, str, int, int]) -> None:
    run(*case)


def test_the_most_pages_all_honest_and_with_a_spectator_that_equivocates() -> None:
    run("loot", limits.PEERS[1], 0, "none", 1, 3)
    run("odd", 3, limits.PEERS[1] - 3, "spectator-equivocates", 2, 4)
