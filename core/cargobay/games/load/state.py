"""The state of a TF22: LOAD! match and its JSON form (checked field by field on the way in)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...checks import choice as _choice
from ...checks import integer as _int
from ...deck import HIDDEN
from ...engine import JSON, InvalidActionError, StateError
from .actions import COLOURS, SLOTS, parse_card

__all__ = ["HAND_SIZE", "PHASES", "ROUNDS", "STACK_RANK", "LoadState", "from_json", "to_json"]

STACK_RANK = {colour: rank for rank, colour in enumerate(COLOURS)}
ROUNDS = 3
HAND_SIZE = 12
PHASES = ("deal", "choose", "load", "end")


@dataclass
class LoadState:
    """A match of LOAD!; mutable inside ``LoadGame`` only, which copies before it changes one (``copy``: every
    list new, for a caller that changes the copy; ``sharing``: the engine's own, lists shared)."""

    round: int = 0  # 1..3 once dealt
    turn: int = 0  # battles resolved this round
    phase: str = "deal"  # deal | choose | load | end
    hands: list[list[str]] = field(default_factory=lambda: [[], []])
    chosen: list[str | None] = field(default_factory=lambda: [None, None])
    piles: list[list[str]] = field(default_factory=lambda: [[], []])
    face_down: list[str] = field(default_factory=list)  # the 4 unseen cards of the round
    discarded: list[str] = field(default_factory=list)  # both-unable cards this round (seen)
    ships: list[list[list[str]]] = field(default_factory=lambda: [[[] for _ in range(SLOTS)] for _ in range(2)])
    scores: list[int] = field(default_factory=lambda: [0, 0])
    rounds: list[JSON] = field(default_factory=list)  # scoring breakdown per round
    bonus: list[int] | None = None
    loader: int | None = None  # seat that must load now
    load_colours: list[str] = field(default_factory=list)
    last_battle: JSON | None = None
    last_load: JSON | None = None

    def copy(self) -> LoadState:
        # (field by field past the dataclass __init__: a random playout copies the state at every action; every
        # list is new, as before; the round breakdowns and the last battle/load are shared, never changed in place)
        new = object.__new__(LoadState)
        data = self.__dict__.copy()
        data["hands"] = [hand[:] for hand in self.hands]
        data["chosen"] = self.chosen[:]
        data["piles"] = [pile[:] for pile in self.piles]
        data["face_down"] = self.face_down[:]
        data["discarded"] = self.discarded[:]
        data["ships"] = [[slot[:] for slot in ship] for ship in self.ships]
        data["scores"] = self.scores[:]
        data["rounds"] = self.rounds[:]
        data["bonus"] = None if self.bonus is None else self.bonus[:]
        data["load_colours"] = self.load_colours[:]
        new.__dict__ = data
        return new

    def sharing(self) -> LoadState:
        """A copy sharing every list with this state: the engine gives the copy new lists for what an action changes
        (never changing a list in place), so one action copies only what it changes."""
        new = object.__new__(LoadState)
        new.__dict__ = self.__dict__.copy()
        return new


def to_json(state: LoadState) -> JSON:
    return {
        "round": state.round,
        "turn": state.turn,
        "phase": state.phase,
        "hands": [list(hand) for hand in state.hands],
        "chosen": list(state.chosen),
        "piles": [list(pile) for pile in state.piles],
        "face_down": list(state.face_down),
        "discarded": list(state.discarded),
        "ships": [[list(slot) for slot in ship] for ship in state.ships],
        "scores": list(state.scores),
        "rounds": list(state.rounds),
        "bonus": state.bonus,
        "loader": state.loader,
        "load_colours": list(state.load_colours),
        "last_battle": state.last_battle,
        "last_load": state.last_load,
    }

def from_json(data: Mapping[str, Any]) -> LoadState:
    try:
        state = LoadState(
            round=_int(data["round"], 0, ROUNDS),
            turn=_int(data["turn"], 0, HAND_SIZE),
            phase=_choice(data["phase"], PHASES),
            hands=[_cards(hand) for hand in _pair(data["hands"])],
            chosen=[None if card is None else parse_card(card) for card in _pair(data["chosen"])],
            piles=[_cards(pile) for pile in _pair(data["piles"])],
            face_down=_cards(data["face_down"]),
            discarded=_cards(data["discarded"]),
            ships=[_ship(ship) for ship in _pair(data["ships"])],
            scores=[_int(score, 0, 10_000) for score in _pair(data["scores"])],
            rounds=list(data["rounds"]),
            bonus=None if data["bonus"] is None else [_int(b, 0, 15) for b in _pair(data["bonus"])],
            loader=None if data["loader"] is None else _int(data["loader"], 0, 1),
            load_colours=[_choice(c, tuple(COLOURS)) for c in data["load_colours"]],
            last_battle=data["last_battle"],
            last_load=data["last_load"],
        )
    except (KeyError, TypeError, ValueError) as error:
        raise StateError(f"not a TF22: LOAD! state: {error}") from error
    if (state.phase == "load") != (state.loader is not None):
        raise StateError("a loader is set exactly when the phase is load")
    return state


def _pair(value: Any) -> list[Any]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError("expected a pair")
    return value


def _cards(values: Iterable[Any]) -> list[str]:
    if not isinstance(values, list):
        raise ValueError("expected a list of cards")
    try:
        return [value if value == HIDDEN else parse_card(value) for value in values]
    except InvalidActionError as error:
        raise ValueError(str(error)) from error


def _ship(ship: Any) -> list[list[str]]:
    if not isinstance(ship, list) or len(ship) != SLOTS:
        raise ValueError("a ship has 5 slots")
    slots = []
    for slot in ship:
        if not isinstance(slot, list) or any(c not in COLOURS for c in slot):
            raise ValueError("a slot is a list of colours")
        if any(STACK_RANK[a] >= STACK_RANK[b] for a, b in itertools.pairwise(slot)):
            raise ValueError(f"slot {slot} breaks the stacking rule")
        slots.append(list(slot))
    return slots
