"""TF22 actions as small values with a string form that round-trips, and their one parser.

Pieces are named by id (``7``), hexes by ``x,y`` (see board.py); a Sea Freighter's position adds ``/d``, the
direction (0 N .. 5 NW) from its first hex to its second.

- chance: ``order:2,0,1`` (turn 1's landing order), ``tides:ENF...`` (the tide deck, top first), ``first:1``
  (turn 2's first player; play then goes clockwise, seat + 1);
- ``land:12,5/0`` - put down the Lander, centre hex and orientation (0: pods N, SE, SW; 1: NE, S, NW);
- ``move:7>12,6`` - a unit moves to an adjacent hex (``move:9>12,6/3`` a Sea Freighter: its new position);
- ``load:7<40`` - carrier 7 loads piece 40 (from an adjacent hex, or out of an adjacent carrier);
- ``unload:7>40@12,6`` - carrier 7 unloads piece 40 into an adjacent hex (or into the carrier standing there);
- ``fire:7+9>40`` - units 7 and 9 fire at once at piece 40 and destroy it (2 AP);
- ``capture:7+9>40`` - units 7 and 9, both adjacent, capture unit 40; ``capture:7>3`` - unit 7 boards Lander 3;
- ``build:12>rcu@12,6`` - Production Unit 12 turns its White Ore into a unit (rcu, transporter, pontoon);
- ``repair:3>12,4`` - re-arm the pod at 12,4 of captured Lander 3 with Comm Modules;
- ``replace:3`` - put an own Comm Module into captured Lander 3 (its company's units are then commanded by nobody);
- ``lose:7`` - after ``end``, the Robot Combat Unit destroyed by interference; ``takeoff``; ``end``; ``undo``.

>>> parse("fire:7+9>40"), str(parse("unload:3>40@12,6/2"))
(Fire(unit=7, partner=9, target=40), 'unload:3>40@12,6/2')
>>> parse("move:7>99,1")
Traceback (most recent call last):
...
cargobay.engine.InvalidActionError: '99,1' is not a hex of the board
"""

from __future__ import annotations

from dataclasses import dataclass

from ...checks import digits
from ...engine import InvalidActionError
from .board import HEX_TEXT, HEXES, hex_text, parse_hex
from .tides import LEVELS
from .units import BUILDABLE

GRAMMAR = ("order:2,0,1, tides:ENF..., first:1, land:x,y/o, move:U>x,y, load:C<P, unload:C>P@x,y, fire:A+B>T, "
           "capture:A+B>T, capture:A>L, build:P>rcu@x,y, repair:L>x,y, replace:L, lose:U, takeoff, end, undo")


def _place(cell: int, towards: int) -> str:
    return hex_text(cell) + (f"/{towards}" if towards >= 0 else "")


@dataclass(frozen=True)
class Order:
    seats: tuple[int, ...]

    def __str__(self) -> str:
        return "order:" + ",".join(map(str, self.seats))


@dataclass(frozen=True)
class Tides:
    cards: str

    def __str__(self) -> str:
        return f"tides:{self.cards}"


@dataclass(frozen=True)
class First:
    seat: int

    def __str__(self) -> str:
        return f"first:{self.seat}"


@dataclass(frozen=True)
class Land:
    hex: int
    orientation: int

    def __str__(self) -> str:
        return f"land:{hex_text(self.hex)}/{self.orientation}"


@dataclass(frozen=True)
class Move:
    unit: int
    hex: int
    towards: int = -1  # a Sea Freighter's second hex

    def __str__(self) -> str:
        return f"move:{self.unit}>{_place(self.hex, self.towards)}"


@dataclass(frozen=True)
class Load:
    unit: int
    piece: int

    def __str__(self) -> str:
        return f"load:{self.unit}<{self.piece}"


@dataclass(frozen=True)
class Unload:
    unit: int
    piece: int
    hex: int
    towards: int = -1

    def __str__(self) -> str:
        return f"unload:{self.unit}>{self.piece}@{_place(self.hex, self.towards)}"


@dataclass(frozen=True)
class Fire:
    unit: int
    partner: int
    target: int

    def __str__(self) -> str:
        return f"fire:{self.unit}+{self.partner}>{self.target}"


@dataclass(frozen=True)
class Capture:
    unit: int
    partner: int  # -1: boarding a Lander
    target: int

    def __str__(self) -> str:
        pair = f"{self.unit}+{self.partner}" if self.partner >= 0 else str(self.unit)
        return f"capture:{pair}>{self.target}"


@dataclass(frozen=True)
class Build:
    unit: int
    kind: str
    hex: int

    def __str__(self) -> str:
        return f"build:{self.unit}>{self.kind}@{hex_text(self.hex)}"


@dataclass(frozen=True)
class Repair:
    unit: int
    hex: int

    def __str__(self) -> str:
        return f"repair:{self.unit}>{hex_text(self.hex)}"


@dataclass(frozen=True)
class Replace:
    """Exchange a captured Lander's Comm Module for one of the captor's."""

    unit: int

    def __str__(self) -> str:
        return f"replace:{self.unit}"


@dataclass(frozen=True)
class Lose:
    unit: int

    def __str__(self) -> str:
        return f"lose:{self.unit}"


@dataclass(frozen=True)
class Simple:
    """``takeoff``, ``end`` or ``undo``."""

    word: str

    def __str__(self) -> str:
        return self.word


Action = Order | Tides | First | Land | Move | Load | Unload | Fire | Capture | Build | Repair | Replace | Lose | Simple
UNIT_ACTIONS = (Move, Load, Unload, Fire, Capture, Build, Repair, Replace)


SEAT_DIGITS = tuple("0123456789")  # the engine checks a seat against the match's seat count


def _id(text: str, action: str) -> int:
    if not digits(text, 7) or int(text) < 1:
        raise InvalidActionError(f"{action!r}: {text!r} is not a piece id")
    return int(text)


def _placed(text: str) -> tuple[int, int]:
    cell, slash, towards = text.partition("/")
    if not slash:
        return parse_hex(cell), -1
    if towards not in ("0", "1", "2", "3", "4", "5"):
        raise InvalidActionError(f"{text!r}: a direction is 0-5")
    return parse_hex(cell), int(towards)


# the texts of piece ids and hexes as the actions write them (``str``, ``hex_text``), read at once by ``parsed``
_IDS = {str(pid): pid for pid in range(1, 1000)}
_HEX_AT = {HEX_TEXT[cell]: cell for cell in HEXES}


def parsed(action: object) -> tuple[Action, str]:
    """``parse(action)`` and the action's text as the engine writes it (``str`` of it: the text of every legal
    action): a move or an unload written so (every id and hex as ``str`` and ``hex_text`` write them) is read
    from tables, anything else by ``parse``."""
    if isinstance(action, str):
        kind, _, arg = action.partition(":")
        if kind == "move":
            head, _, rest = arg.partition(">")
            unit, cell = _IDS.get(head), _HEX_AT.get(rest)
            if unit is not None and cell is not None:
                return Move(unit, cell), action
        elif kind == "unload":
            head, _, rest = arg.partition(">")
            piece, _, place = rest.partition("@")
            unit, cargo, cell = _IDS.get(head), _IDS.get(piece), _HEX_AT.get(place)
            if unit is not None and cargo is not None and cell is not None:
                return Unload(unit, cargo, cell), action
    move = parse(action)
    return move, str(move)


def parse(action: object) -> Action:
    """The action an action string names; InvalidActionError (saying the grammar) if it names none."""
    if not isinstance(action, str):
        raise InvalidActionError(f"an action is a string, not {type(action).__name__}")
    if action in ("takeoff", "end", "undo"):
        return Simple(action)
    kind, colon, arg = action.partition(":")
    if not colon:
        raise InvalidActionError(f"{action!r} is not an action of TF22 ({GRAMMAR})")
    if kind == "order":
        parts = arg.split(",")
        if not all(part in SEAT_DIGITS for part in parts) or len(set(parts)) != len(parts):
            raise InvalidActionError(f"{action!r}: the landing order lists each seat once, by number (order:2,0,1)")
        return Order(tuple(int(part) for part in parts))
    if kind == "tides":
        if not arg or any(card not in LEVELS for card in arg):
            raise InvalidActionError(f"{action!r}: tide cards are E (ebb), N (normal), F (flood)")
        return Tides(arg)
    if kind == "first":
        if arg not in SEAT_DIGITS:
            raise InvalidActionError(f"{action!r}: the first player is a seat number (first:1)")
        return First(int(arg))
    if kind == "land":
        cell, _, orientation = arg.partition("/")
        if orientation not in ("0", "1"):
            raise InvalidActionError(f"{action!r}: a Lander's orientation is 0 or 1 (land:12,5/0)")
        return Land(parse_hex(cell), int(orientation))
    if kind == "lose":
        return Lose(_id(arg, action))
    if kind == "replace":
        return Replace(_id(arg, action))
    if kind == "load":
        unit, arrow, piece = arg.partition("<")
        if not arrow:
            raise InvalidActionError(f"{action!r}: load:C<P (carrier C loads piece P)")
        return Load(_id(unit, action), _id(piece, action))
    head, arrow, rest = arg.partition(">")
    if not arrow:
        raise InvalidActionError(f"{action!r} is not an action of TF22 ({GRAMMAR})")
    if kind == "move":
        return Move(_id(head, action), *_placed(rest))
    if kind == "unload":
        piece, at, place = rest.partition("@")
        if not at:
            raise InvalidActionError(f"{action!r}: unload:C>P@x,y")
        return Unload(_id(head, action), _id(piece, action), *_placed(place))
    if kind in ("fire", "capture"):
        unit, plus, partner = head.partition("+")
        if kind == "fire" and not plus:
            raise InvalidActionError(f"{action!r}: two units fire at once (fire:A+B>T)")
        second = _id(partner, action) if plus else -1
        cls = Fire if kind == "fire" else Capture
        return cls(_id(unit, action), second, _id(rest, action))
    if kind == "build":
        what, at, place = rest.partition("@")
        if what not in BUILDABLE or not at:
            raise InvalidActionError(f"{action!r}: build:P>rcu@x,y (rcu, transporter or pontoon)")
        return Build(_id(head, action), what, parse_hex(place))
    if kind == "repair":
        return Repair(_id(head, action), parse_hex(rest))
    raise InvalidActionError(f"{action!r} is not an action of TF22 ({GRAMMAR})")


def steps(action: str) -> tuple[str, ...]:
    """The partial actions picked before ``action`` (the selection step): the unit, then for an unload its cargo,
    for a shot or a capture its target, for a build the kind; a landing's centre hex before its orientation.

    >>> steps("fire:7+9>40"), steps("unload:3>40@12,6"), steps("land:12,5/1"), steps("end")
    (('unit:7', 'aim:7>40'), ('unit:3', 'cargo:3>40'), ('site:12,5',), ())
    """
    move = parse(action)
    if isinstance(move, Land):
        return (f"site:{hex_text(move.hex)}",)
    if isinstance(move, Unload):
        return (f"unit:{move.unit}", f"cargo:{move.unit}>{move.piece}")
    if isinstance(move, (Fire, Capture)) and move.partner >= 0:
        return (f"unit:{move.unit}", f"aim:{move.unit}>{move.target}")
    if isinstance(move, Build):
        return (f"unit:{move.unit}", f"make:{move.unit}>{move.kind}")
    if isinstance(move, UNIT_ACTIONS):
        return (f"unit:{move.unit}",)
    return ()
