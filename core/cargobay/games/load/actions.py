"""TF22: LOAD! actions as small values with a string form that round-trips (python-chess's ``Move``).

Strings stay the wire format (logs, peers, the page); the rules, the board and the bots parse them here,
in one place, so a malformed action is one clear ``InvalidActionError`` everywhere.

>>> parse("reload:G@1>3")
Reload(colour='G', source=1, target=3)
>>> str(parse("load:Y@2")), str(parse("play:B0"))
('load:Y@2', 'play:B0')
"""

from __future__ import annotations

from dataclasses import dataclass

from ...deck import HIDDEN, parse_faces
from ...engine import InvalidActionError

COLOURS = "YRBG"  # stacking order, bottom to top
COLOUR_NAMES = {"G": "Green", "B": "Blue", "R": "Red", "Y": "Yellow"}
SLOTS = 5
GRAMMAR = "deal:<28 cards>, play:G3, load:G@2 or reload:G@1>3"


def parse_card(text: str) -> str:
    """Check a card code such as ``G3``.

    >>> parse_card("B2")
    'B2'
    """
    if len(text) != 2 or text[0] not in COLOURS or text[1] not in "0123":
        raise InvalidActionError(f"{text!r} is not a card (a colour G/B/R/Y and a value 0-3, e.g. G3)")
    return text


def _colour(action: str, text: str) -> str:
    if len(text) != 1 or text not in COLOURS:
        raise InvalidActionError(f"{action!r}: a container colour is one of G, B, R, Y (e.g. load:G@2)")
    return text


def _slot(action: str, text: str) -> int:
    if len(text) != 1 or text not in "12345":
        raise InvalidActionError(f"{action!r}: slots are numbered 1 to {SLOTS}")
    return int(text)


@dataclass(frozen=True)
class Deal:
    """Chance: the 28 cards in shuffled order (4 face down, 12 to seat 0, 12 to seat 1)."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "deal:" + ",".join(self.cards)


@dataclass(frozen=True)
class Play:
    """A seat's secret card at a battle."""

    card: str

    def __str__(self) -> str:
        return f"play:{self.card}"


@dataclass(frozen=True)
class Load:
    """A new container of ``colour`` from the supply onto ``slot`` (1-5)."""

    colour: str
    slot: int

    def __str__(self) -> str:
        return f"load:{self.colour}@{self.slot}"


@dataclass(frozen=True)
class Reload:
    """The ``colour`` container on top of slot ``source`` moved onto slot ``target`` (1-5)."""

    colour: str
    source: int
    target: int

    def __str__(self) -> str:
        return f"reload:{self.colour}@{self.source}>{self.target}"

    @property
    def picked(self) -> str:
        """The partial action of picking the container up: ``reload:G@1`` (the page's selection step)."""
        return f"reload:{self.colour}@{self.source}"


Action = Deal | Play | Load | Reload


def parse(action: object) -> Action:
    """The action an action string names; InvalidActionError (saying the grammar) if it names none.

    >>> parse("load:YR@1")
    Traceback (most recent call last):
    ...
    cargobay.engine.InvalidActionError: 'load:YR@1': a container colour is one of G, B, R, Y (e.g. load:G@2)
    """
    if not isinstance(action, str):
        raise InvalidActionError(f"an action is a string, not {type(action).__name__}")
    known = _PARSED.get(action)
    if known is not None:
        return known
    kind, colon, arg = action.partition(":")
    if not colon:
        raise InvalidActionError(f"{action!r} is not an action of TF22: LOAD! ({GRAMMAR})")
    if kind == "deal":  # a card this page did not see is HIDDEN (a peer match's cryptographic deal)
        return Deal(parse_faces(arg, _DEALT, parse_card))
    move = _parse_move(action, kind, arg)
    if len(_PARSED) < 4096:  # (the plays, loads and reloads are a few hundred texts; a move is immutable)
        _PARSED[action] = move
    return move


_PARSED: dict[str, Action] = {}
_DEALT = frozenset([*(colour + value for colour in COLOURS for value in "0123"), HIDDEN])  # what a deal may list


def _parse_move(action: str, kind: str, arg: str) -> Play | Load | Reload:
    if kind == "play":
        return Play(parse_card(arg))
    if kind in ("load", "reload"):
        colour, at, slots = arg.partition("@")
        if not at:
            raise InvalidActionError(f"{action!r}: write load:G@2 or reload:G@1>3")
        colour = _colour(action, colour)
        if kind == "load":
            return Load(colour, _slot(action, slots))
        first, arrow, second = slots.partition(">")
        if not arrow:
            raise InvalidActionError(f"{action!r}: a reload names two slots, e.g. reload:G@1>3")
        return Reload(colour, _slot(action, first), _slot(action, second))
    raise InvalidActionError(f"{action!r} is not an action of TF22: LOAD! ({GRAMMAR})")
