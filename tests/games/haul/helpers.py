"""Haul test set-ups: a chosen deal, or a table laid out by hand (trailers, hands, tokens)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cargobay.engine import CHANCE, Match
from cargobay.games.haul.rules import DECK, GAME, HaulState

EMPTY: list[list[str]] = [[], [], [], []]

# seat 0 holds the Hearts, seat 1 the Diamonds, seat 2 the Spades, seat 3 the Clubs
HANDS = [
    ["2H", "3H", "4H", "5H", "6H", "7H", "8H"],
    ["3D", "4D", "5D", "6D", "7D", "8D", "9D"],
    ["4S", "5S", "6S", "7S", "8S", "9S", "10S"],
    ["5C", "6C", "7C", "8C", "9C", "10C", "JC"],
]


def dealt(hands: Sequence[Sequence[str]] = HANDS, dealer: int = 3) -> Match:
    """A match with the first Dealer chosen and ``hands`` dealt (seat 0 first); dealer 3: seat 0 leads."""
    cards = [card for hand in hands for card in hand]
    assert sorted(cards) == sorted(DECK)
    match = Match(GAME, ["human"] * 4, 0)
    match.apply(CHANCE, f"dealer:{dealer}")
    match.apply(CHANCE, "deal:" + ",".join(cards))
    return match


def table(
    hands: Sequence[Sequence[str]],
    trailers: Sequence[Sequence[Sequence[str]]] | None = None,
    *,
    leader: int = 0,
    tokens: Sequence[int] = (2, 2, 2, 2),
    load: int = 0,
    haul: int = 1,
    scores: Sequence[int] = (0, 0, 0, 0),
    hauls: Sequence[dict[str, Any]] = (),
) -> HaulState:
    """A Load about to be played, laid out by hand (only what a test needs: the rest of the deck is elsewhere)."""
    return GAME.state_from_json({
        "phase": "play", "dealer": (leader - 1) % 4, "haul": haul, "load": load, "leader": leader,
        "hands": [list(hand) for hand in hands], "played": [], "order": [], "remaining": [], "resolutions": [],
        "trailers": [[list(slot) for slot in trailer] for trailer in (trailers or [EMPTY] * 4)],
        "discards": [], "tokens": list(tokens), "scores": list(scores), "hauls": list(hauls), "last_load": None,
    })


def play(state: HaulState, *cards: str) -> HaulState:
    """Each seat to play, in turn, plays the next of ``cards``."""
    for card in cards:
        state = GAME.apply(state, GAME.current_player(state), f"play:{card}")
    return state


def resolve(state: HaulState, *actions: str) -> HaulState:
    """The seats to resolve, in turn, take ``actions``."""
    for action in actions:
        state = GAME.apply(state, GAME.current_player(state), action)
    return state
