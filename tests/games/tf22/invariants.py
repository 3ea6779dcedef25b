"""TF22 hooks for the generic contract test (see tests/games/hooks.py)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from cargobay.games.tf22.board import NEIGHBOURS, ORE_START
from cargobay.games.tf22.fire import grounded, zones
from cargobay.games.tf22.legal import interference_pairs
from cargobay.games.tf22.state import TF22State
from cargobay.games.tf22.tides import DECK
from cargobay.games.tf22.units import ACCEPTS, CAPACITY, size
from cargobay.tokens import face

# the contract's random matches play a short variant (take-off in turn 4): a 20-turn match checked at every node
# would take minutes; tests/games/tf22/test_playouts.py plays whole 20-turn matches
PLAYOUT_OPTIONS = {"turns": 4}
CHECK_EVERY = 3


def check_state(state: TF22State) -> None:
    """Cargo within capacity, nothing created from nothing, the deck whole, Pontoons grounded, RCUs apart."""
    pieces, derived = state.pieces, state.derived
    for carrier, items in derived.cargo.items():
        kind = pieces[carrier].kind
        assert all(pieces[item].kind in ACCEPTS[kind] for item in items), f"{kind} {carrier} carries what it may not"
        if kind in CAPACITY:
            used = sum(size(pieces[item].kind, len(derived.cargo.get(item, ()))) for item in items)
            assert used <= CAPACITY[kind], f"{kind} {carrier} is over capacity"
    ore = sum(1 for piece in pieces.values() if piece.kind == "ore")
    assert ore + sum(row[0] for row in state.freight) <= len(ORE_START)
    assert all(count >= 0 for count in state.reserve.values())
    assert all(points >= 0 for points in state.ap) and all(0 <= points <= 10 for points in state.saved)
    assert all(0 <= count <= 2 for count in state.shots.values())
    cards = Counter(face(state, card) or card for card in state.deck) + Counter(state.faceup)  # crypto: tokens
    assert not cards - Counter(DECK), "tide cards appeared"
    if state.faceup:
        assert len(state.deck) + len(state.faceup) == len(DECK)
    assert all(known <= len(state.deck) for known in state.known)
    assert grounded(state) == set(derived.pontoon.values()), "a Pontoon out of contact with the surface stayed"
    for seat in range(state.seats):
        if state.phase not in ("play", "interfere") or seat != state.seat:
            assert not interference_pairs(state, seat), f"seat {seat} ended its move with RCUs side by side"
    for cell in derived.lander:
        occupant = derived.top.get(cell)
        assert occupant is None or pieces[occupant].kind == "turret"
    if state.breach >= 0:
        breacher = pieces[state.breach]
        assert state.phase == "play" and breacher.hex in zones(state).enemy(state.seat)
    for cell in derived.top:
        assert all(n >= 0 for n in NEIGHBOURS[cell])
    assert state.turn <= state.turns


def hidden_variants(state: TF22State, seat: int, rng: random.Random) -> Iterator[TF22State]:
    """The face-down tide cards the seat has not seen, in another order."""
    seen = state.known[seat]
    if len(state.deck) - seen < 2:
        return
    for _ in range(2):
        rest = state.deck[seen:]
        rng.shuffle(rest)
        variant = state.copy()
        variant.deck = state.deck[:seen] + rest
        yield variant
