"""The state of a Haul match and its JSON form (checked field by field on the way in)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...checks import choice as _choice
from ...checks import integer as _int
from ...checks import listed as _list
from ...deck import HIDDEN
from ...engine import JSON, InvalidActionError, StateError
from .actions import RANK, SUIT, SUIT_NAMES, SUITS, parse_card

__all__ = ["HAULS", "LOADS", "PHASES", "SEATS", "TOKENS", "HaulState", "Trailer", "from_json", "to_json"]

SEATS = 4
HAULS = 4
LOADS = 7  # one per card in hand
TOKENS = 2
PHASES = ("dealer", "deal", "play", "resolve", "end")

Trailer = list[list[str]]  # four slots (H, D, S, C), each exposed card first, then the tucked ones


@dataclass
class HaulState:
    """A match of Haul; mutable inside ``HaulGame`` only, which copies before it changes one (``copy``: every list
    new, for a caller that changes the copy; ``sharing``: the engine's own, lists shared)."""

    phase: str = "dealer"
    dealer: int | None = None
    haul: int = 0  # Hauls dealt (1..4 once playing)
    load: int = 0  # Loads finished in this Haul
    leader: int | None = None
    hands: list[list[str]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    played: list[list[Any]] = field(default_factory=list)  # [seat, card] in play order
    order: list[int] = field(default_factory=list)  # finishing order (seats, first place first)
    remaining: list[str] = field(default_factory=list)  # the Load's cards not yet resolved
    resolutions: list[JSON] = field(default_factory=list)  # this Load's resolutions so far
    trailers: list[Trailer] = field(default_factory=lambda: [[[] for _ in SUITS] for _ in range(SEATS)])
    discards: list[str] = field(default_factory=list)
    tokens: list[int] = field(default_factory=lambda: [TOKENS] * SEATS)
    scores: list[int] = field(default_factory=lambda: [0] * SEATS)
    hauls: list[JSON] = field(default_factory=list)  # per Haul: dealer, scores, trailers
    last_load: JSON | None = None

    def copy(self) -> HaulState:
        # (field by field past the dataclass __init__: a random playout copies the state at every action; every
        # list is new, as before; the resolutions, the Haul records and the last Load are shared, never changed)
        new = object.__new__(HaulState)
        data = self.__dict__.copy()
        data["hands"] = [hand[:] for hand in self.hands]
        data["played"] = [entry[:] for entry in self.played]
        data["order"] = self.order[:]
        data["remaining"] = self.remaining[:]
        data["resolutions"] = self.resolutions[:]
        data["trailers"] = [[slot[:] for slot in trailer] for trailer in self.trailers]
        data["discards"] = self.discards[:]
        data["tokens"] = self.tokens[:]
        data["scores"] = self.scores[:]
        data["hauls"] = self.hauls[:]
        new.__dict__ = data
        return new

    def sharing(self) -> HaulState:
        """A copy sharing every list with this state: the engine gives the copy new lists for what an action changes
        (never changing a list in place), so one action copies only what it changes."""
        new = object.__new__(HaulState)
        new.__dict__ = self.__dict__.copy()
        return new


def to_json(state: HaulState) -> JSON:
    return {
        "phase": state.phase,
        "dealer": state.dealer,
        "haul": state.haul,
        "load": state.load,
        "leader": state.leader,
        "hands": [list(hand) for hand in state.hands],
        "played": [list(entry) for entry in state.played],
        "order": list(state.order),
        "remaining": list(state.remaining),
        "resolutions": list(state.resolutions),
        "trailers": [[list(slot) for slot in trailer] for trailer in state.trailers],
        "discards": list(state.discards),
        "tokens": list(state.tokens),
        "scores": list(state.scores),
        "hauls": list(state.hauls),
        "last_load": state.last_load,
    }

def from_json(data: Mapping[str, Any]) -> HaulState:
    try:
        state = HaulState(
            phase=_choice(data["phase"], PHASES),
            dealer=None if data["dealer"] is None else _int(data["dealer"], 0, SEATS - 1),
            haul=_int(data["haul"], 0, HAULS),
            load=_int(data["load"], 0, LOADS),
            leader=None if data["leader"] is None else _int(data["leader"], 0, SEATS - 1),
            hands=[_cards(hand) for hand in _seats(data["hands"])],
            played=[[_int(entry[0], 0, SEATS - 1), parse_card(entry[1])] for entry in _list(data["played"])],
            order=[_int(seat, 0, SEATS - 1) for seat in _list(data["order"])],
            remaining=_cards(data["remaining"]),
            resolutions=[dict(record) for record in _list(data["resolutions"])],
            trailers=[_trailer(trailer) for trailer in _seats(data["trailers"])],
            discards=_cards(data["discards"]),
            tokens=[_int(count, 0, TOKENS) for count in _seats(data["tokens"])],
            scores=[_int(score, 0, 10_000) for score in _seats(data["scores"])],
            hauls=[dict(haul) for haul in _list(data["hauls"])],
            last_load=None if data["last_load"] is None else dict(data["last_load"]),
        )
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise StateError(f"not a Haul state: {error}") from error
    if (state.phase in ("play", "resolve")) != (state.leader is not None):
        raise StateError("a leader is set exactly while a Load is played or resolved")
    if (state.phase == "resolve") != (len(state.played) == SEATS) or len(state.played) > SEATS:
        raise StateError("all four cards are played exactly when the Load is resolved")
    if state.phase == "resolve" and sorted(state.order) != list(range(SEATS)):
        raise StateError("a Load being resolved has a finishing order of the four seats")
    if state.phase != "dealer" and state.dealer is None:
        raise StateError("the Dealer is chosen before the first deal")
    return state


def _seats(value: Any) -> list[Any]:
    if not isinstance(value, list) or len(value) != SEATS:
        raise ValueError("expected one entry per seat")
    return value


def _cards(values: Any) -> list[str]:
    try:
        return [value if value == HIDDEN else parse_card(value) for value in _list(values)]
    except InvalidActionError as error:
        raise ValueError(str(error)) from error


def _trailer(trailer: Any) -> Trailer:
    if not isinstance(trailer, list) or len(trailer) != len(SUITS):
        raise ValueError("a trailer has 4 slots (Hearts, Diamonds, Spades, Clubs)")
    slots = []
    for suit, slot in zip(SUITS, trailer, strict=True):
        cards = _cards(slot)
        if cards and (SUIT[cards[0]] != suit or any(RANK[card] != RANK[cards[0]] for card in cards)):
            raise ValueError(f"the {SUIT_NAMES[suit]} slot {cards} is not a {SUIT_NAMES[suit]} card and its Heavy Load")
        slots.append(cards)
    return slots
