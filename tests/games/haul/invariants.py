"""Haul hooks for the generic contract test (see tests/games/hooks.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from cargobay.games.haul.rules import (
    DECK,
    LOADS,
    SEATS,
    TOKENS,
    HaulState,
    finishing_order,
    sort_cards,
    trailer_points,
)


def check_state(state: HaulState) -> None:
    """Every card in exactly one place; tokens only spent; hands shrink together; trailers well formed."""
    assert all(0 <= count <= TOKENS for count in state.tokens)
    if state.phase in ("play", "resolve"):
        places = [*(card for hand in state.hands for card in hand),
                  *(card for trailer in state.trailers for slot in trailer for card in slot), *state.discards]
        places += [card for _, card in state.played] if state.phase == "play" else state.remaining
        assert sorted(places) == sorted(DECK), "a card is missing or in two places"
        played = {seat for seat, _ in state.played}
        for seat in range(SEATS):
            assert len(state.hands[seat]) == LOADS - state.load - (seat in played)
    if state.phase == "resolve":
        assert state.order == finishing_order(state.played)
        assert len(state.remaining) + len(state.resolutions) == SEATS
    if state.haul and state.phase in ("deal", "end"):
        on_trailers = [card for trailer in state.trailers for slot in trailer for card in slot]
        assert sorted(on_trailers + state.discards) == sorted(DECK), "a scored Haul lost a card"
        assert not any(state.hands) and not state.remaining and not state.played
    for trailer in state.trailers:
        for slot in trailer:
            assert len({card[:-1] for card in slot}) <= 1, "a Heavy Load holds one rank only"
    for haul in state.hauls:
        assert haul["scores"] == [trailer_points(trailer) for trailer in haul["trailers"]]
    assert state.scores == [sum(haul["scores"][seat] for haul in state.hauls) for seat in range(SEATS)]


def hidden_variants(state: HaulState, seat: int, rng: random.Random) -> Iterator[HaulState]:
    """The other three hands reshuffled among themselves (same sizes)."""
    if state.phase not in ("play", "resolve"):
        return
    others = [other for other in range(SEATS) if other != seat]
    pool = [card for other in others for card in state.hands[other]]
    for _ in range(2):
        rng.shuffle(pool)
        variant = state.copy()
        start = 0
        for other in others:
            size = len(state.hands[other])
            variant.hands[other] = sort_cards(pool[start : start + size])
            start += size
        yield variant
