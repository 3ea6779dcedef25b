"""Issue 19, the property: random matches of 2-8 pages (limits.PEERS; players and spectators) of every game
dealt between pages, and odd, all honest or with one page deviating at a random step in a way picked from a
list: no honest page ever records a forfeit against an honest page, a spectator never ends the players' match,
and every dealt match that ends — played to its end, or ended early by a forfeit — runs the deck audit (at
the end, or after an early end).

Kept to a few seconds for CI: a few hypothesis examples of short prefixes of matches of at most 4 pages, and
two whole LOAD! matches (one finishes and is audited at its end; in the other a player stops, forfeits, and
the match is audited after its end). The long sweep, every game and 2-6 pages played to the end, is
``bench/many_pages.py`` (it prints its figures)."""

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
STEPS = 5  # steps of each match the CI examples play (the bench plays them to the end)
WHOLE = 10_000


@st.composite
def matches(draw: Any, most: int = 3) -> tuple[str, int, int, str, int, int]:
    game = draw(st.sampled_from(sorted(name for name, (low, _) in GAMES.items() if low <= most)))
    low, high = GAMES[game]
    players = draw(st.integers(low if game != "odd" else 2, min(high, most)))
    spectators = draw(st.integers(0, min(2, limits.PEERS[1] - players, max(0, most - players))))
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


def run(game: str, players: int, spectators: int, how: str, at: int, seed: int, steps: int = STEPS,
        deviator: int | None = None) -> dict[str, int]:
    """One match (``deviator``: the page that deviates, else a random one); asserts the property on every
    honest page; returns what happened (for the bench)."""
    owners = (0, 1, 0) if game == "odd" and players == 2 else tuple(range(players))
    peers = max(owners) + 1 + spectators
    network = Network(peers=peers, seed=seed, game=game, owners=owners, options=OPTIONS.get(game))
    rng = network.rng
    watching = [p for p in range(peers) if p not in owners]
    if how == "spectator-equivocates" and not watching:
        how = "junk"
    picked = rng.choice(watching) if how == "spectator-equivocates" else rng.randrange(peers)
    deviator = picked if deviator is None else deviator
    if how == "none":
        deviator = -1
    target = rng.choice([p for p in range(peers) if p != deviator])
    deviated = False
    honest = [peer for me, peer in enumerate(network.peers) if me != deviator]
    for _ in range(20_000):
        network.flush()
        if not deviated and deviator >= 0 and min(peer.step for peer in honest) >= at:
            deviate(network, how, deviator, target)
            deviated = True
            continue
        auditing = any(peer.dealing is not None and peer.dealing.auditing() for peer in honest)
        if (all(peer.over() for peer in honest) and not auditing) or min(peer.step for peer in honest) >= steps:
            break
        if not network.decide():
            network.pass_time(30.0)  # nobody can move: time passes (the clocks decide who stalls)
    seen = {"finished": 0, "forfeited": 0, "audited": 0, "audited-after-end": 0, "named": 0, "pages": peers}
    for me, peer in enumerate(network.peers):
        if me == deviator:
            continue
        case = (game, players, spectators, how, at, seed, me, peer.outcome)
        if peer.outcome is not None:
            assert peer.outcome["peer"] == deviator and deviator in owners, case  # never an honest page
            seen["forfeited"] += 1
            if peer.dealing is not None and any(e["decks"] for e in peer.dealing.events.values()):
                assert peer.outcome.get("audit") is not None, case  # ended early: audited after the end
                seen["audited-after-end"] += 1
                named = peer.outcome["audit"]["named"]
                assert named is None or named["peer"] == deviator, case
                assert all(lost["peer"] == deviator for lost in peer.outcome["audit"]["forfeits"]), case
                seen["named"] += named is not None
        elif peer.game.is_terminal(peer.match.state):
            seen["finished"] += 1
            if peer.dealing is not None:
                assert peer.dealing.audited is not None, case  # finished: audited at the end
                seen["audited"] += 1
    return seen


@settings(max_examples=4, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(matches())
def test_no_honest_page_is_framed_in_a_match_of_many_pages(case: tuple[str, int, int, str, int, int]) -> None:
    run(*case)


def test_whole_matches_are_audited_at_their_end_and_after_an_early_end() -> None:
    finished = run("load", 2, 0, "none", 3, 5, steps=WHOLE)
    assert finished["finished"] == 2 and finished["audited"] == 2, finished
    stopped = run("load", 2, 1, "stops", 8, 6, steps=WHOLE, deviator=1)  # a player stops after the first deal
    assert stopped["forfeited"] == 2 and stopped["audited-after-end"] == 2, stopped


def test_eight_pages_the_most_a_match_takes() -> None:
    """limits.PEERS: 8 pages. LOAD! dealt cryptographically between its 2 players, watched by 6 spectators,
    one of which proves itself a cheater: removed, the others play on and nobody honest is charged; then a
    whole match of odd between 3 players watched by 5 spectators (bench/many_pages.py plays 8-page Loot N'
    Loaded: 6 players, 2 spectators)."""
    assert limits.PEERS[1] == 8
    seen = run("load", 2, 6, "spectator-equivocates", 3, 7, steps=12)
    assert seen["pages"] == 8 and seen["forfeited"] == 0, seen
    network = Network(peers=8, seed=3, game="odd", owners=(0, 1, 2))  # 3 players, 5 spectators: a whole match
    network.play()
    assert all(peer.outcome is None and peer.over() for peer in network.peers) and network.in_step()
