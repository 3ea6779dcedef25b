"""The state of a Team UP! game and its JSON form (checked field by field on the way in; the pallet is rebuilt
from the discards by the rules, ``rules._replay``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...checks import boolean as _bool
from ...checks import choice as _choice
from ...checks import integer as _int
from ...checks import listed as _list
from ...engine import JSON, InvalidActionError, StateError
from .actions import parse_box
from .codes import CodeError, decode
from .components import BOX_COUNTS, CARD_KINDS, DECK, LAYERS
from .geometry import ORIENTS, Pallet
from .info import INFO, MODES

__all__ = ["PHASES", "TeamUpState", "from_json", "to_json"]

PHASES = ("setup", "draw", "place", "end")


@dataclass
class TeamUpState:
    """A game of Team UP!; mutable inside ``TeamUpGame`` only, which copies before it changes one."""

    seats: int = 1
    mode: str = "game"
    phase: str = "setup"
    code: str = ""  # the set-up code ("" before the set-up)
    spot: int = 0  # the neutral box's spot (codes.neutral_footprint)
    deck: tuple[str, ...] = ()  # the 36 cards, top first
    drawn: int = 0  # cards drawn so far (in "place", the last drawn is being played)
    boxes: list[tuple[str, str, int, int, int]] = field(default_factory=list)  # (box, orient, x, y, layer 0-4)
    discards: list[tuple[str, bool]] = field(default_factory=list)  # (card, face up), in play order
    stopped: bool = False
    pallet: Pallet = field(default_factory=Pallet.empty, compare=False)

    def copy(self) -> TeamUpState:
        return TeamUpState(self.seats, self.mode, self.phase, self.code, self.spot, self.deck, self.drawn,
                           list(self.boxes), list(self.discards), self.stopped, self.pallet)

    @property
    def card(self) -> str | None:
        """The drawn card being played."""
        return self.deck[self.drawn - 1] if self.phase == "place" else None

    def stock(self) -> Counter[str]:
        """Boxes not on the pallet yet, by name."""
        left = Counter(BOX_COUNTS)
        left.subtract(box for box, *_ in self.boxes)
        return left

    def face_down(self) -> int:
        return sum(1 for _, up in self.discards if not up)


def to_json(state: TeamUpState) -> JSON:
    return {
        "seats": state.seats, "mode": state.mode, "phase": state.phase, "code": state.code, "spot": state.spot,
        "deck": list(state.deck), "drawn": state.drawn,
        "boxes": [list(entry) for entry in state.boxes],
        "discards": [[card, up] for card, up in state.discards], "stopped": state.stopped,
    }

def from_json(data: Mapping[str, Any]) -> TeamUpState:
    """The state, its fields and set-up code checked; its pallet is rebuilt (and checked) by the rules."""
    try:
        state = TeamUpState(
            seats=_int(data["seats"], *INFO.seats),
            mode=_choice(data["mode"], MODES),
            phase=_choice(data["phase"], PHASES),
            code=str(data["code"]),
            spot=_int(data["spot"], 0, 7),
            deck=tuple(_choice(card, tuple(CARD_KINDS)) for card in _list(data["deck"])),
            drawn=_int(data["drawn"], 0, len(DECK)),
            boxes=[_box(entry) for entry in _list(data["boxes"])],
            discards=[(_choice(entry[0], tuple(CARD_KINDS)), _bool(entry[1])) for entry in _list(data["discards"])],
            stopped=_bool(data["stopped"]),
        )
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise StateError(f"not a Team UP! state: {error}") from error
    if state.phase == "setup":
        if state.deck or state.drawn or state.boxes or state.discards or state.code or state.stopped:
            raise StateError("nothing is dealt or played before the set-up")
        return state
    try:
        spot, deck = decode(state.code)
    except CodeError as error:
        raise StateError(str(error)) from error
    if (spot, deck) != (state.spot, state.deck):
        raise StateError("the set-up code does not match the neutral box and the deck")
    return state


def _box(entry: Any) -> tuple[str, str, int, int, int]:
    box, orient, x, y, z = _list(entry)
    try:
        parse_box(box)
    except InvalidActionError as error:
        raise ValueError(str(error)) from error
    return box, _choice(orient, ORIENTS), _int(x, 0, 5), _int(y, 0, 3), _int(z, 0, LAYERS - 1)
