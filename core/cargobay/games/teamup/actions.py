"""Team UP! actions as small values with a string form that round-trips, and their one parser.

Grammar (x, y: the lowest corner of the box on the 6 x 4 grid, from 0, as in the rulings' notation; the layer
is implied: a box rests on what is below it):

- ``setup:<code>``: chance, once: the set-up as a set-up code (``codes.py``: neutral box and card order);
- ``draw``: the seat to play draws the top card (a card no box can follow goes face down at once, by rule);
- ``stop``: instead of drawing, the team stops (the game ends and is scored);
- ``place:<box>@<orientation>:<x>,<y>``: place a box for the drawn card. ``<box>`` is ``<shape>-<colour>``:
  shape ``S`` (square 2x2), ``L`` (long 4x1), ``T`` (thin 3x1) or ``B`` (big 3x2), colour ``red``, ``blue``
  or ``white``; orientation ``h`` (the long side along x) or ``v`` (along y; a square is always ``h``).
  ``down`` and ``side`` also parse, for a box turned over or on its side, and are always refused.

Selection step (``action_steps``): two picks, the box in its orientation (``box:B-red@v``; rotating the box
picks ``box:B-red@h``), then the spot (``place:B-red@v:4,0``).

>>> parse("place:B-red@v:4,0")
Place(box='B-red', orient='v', x=4, y=0)
>>> [str(parse(text)) for text in ("draw", "stop", "place:S-white@h:2,1")]
['draw', 'stop', 'place:S-white@h:2,1']
>>> parse("place:S-white@h:2,1").steps()
('box:S-white@h',)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...checks import digits
from ...engine import InvalidActionError
from .components import COLOURS, SHAPES
from .geometry import NOT_UP, ORIENTS

__all__ = ["BOXES", "GRAMMAR", "Draw", "Place", "Setup", "Stop", "box_name", "parse", "parse_box"]

GRAMMAR = "setup:<code>, draw, stop or place:<S|L|T|B>-<red|blue|white>@<h|v>:<x>,<y> (place:B-red@v:4,0)"
BOXES = tuple(f"{shape}-{colour}" for shape in SHAPES for colour in COLOURS)


def box_name(shape: str, colour: str) -> str:
    return f"{shape}-{colour}"


def parse_box(text: str) -> tuple[str, str]:
    """(shape, colour) of a box name such as ``B-red``."""
    shape, dash, colour = text.partition("-")
    if not dash or shape not in SHAPES or colour not in COLOURS:
        raise InvalidActionError(f"{text!r} is not a box: <S|L|T|B>-<red|blue|white>, e.g. B-red")
    return shape, colour


@dataclass(frozen=True)
class Setup:
    """Chance, once: the set-up code (neutral box spot and card order)."""

    code: str

    def __str__(self) -> str:
        return f"setup:{self.code}"


@dataclass(frozen=True)
class Draw:
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Stop:
    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True)
class Place:
    """A box for the drawn card: ``box`` (``B-red``), ``orient`` and the lowest corner (``x``, ``y``)."""

    box: str
    orient: str
    x: int
    y: int

    def __str__(self) -> str:
        return f"place:{self.box}@{self.orient}:{self.x},{self.y}"

    @property
    def shape(self) -> str:
        return self.box.partition("-")[0]

    @property
    def colour(self) -> str:
        return self.box.partition("-")[2]

    def steps(self) -> tuple[str]:
        """The partial action picked before this one: the box in its orientation (then the spot)."""
        return (f"box:{self.box}@{self.orient}",)


Action = Setup | Draw | Stop | Place
CONFIRM_STOP = "confirm:stop"  # the pick before ``stop``: the page asks, showing the score it would give


def _coordinate(text: str, action: str) -> int:
    if not digits(text, 2) or text != str(int(text)):
        raise InvalidActionError(f"{action!r}: a coordinate is a small whole number ({GRAMMAR})")
    return int(text)


def parse(action: object) -> Action:
    """The action an action string names; InvalidActionError (saying the grammar) if it names none.

    >>> parse("place:B-red@up:4,0")
    Traceback (most recent call last):
    ...
    cargobay.engine.InvalidActionError: 'place:B-red@up:4,0': the orientation is h or v (place:B-red@v:4,0)
    """
    if not isinstance(action, str):
        raise InvalidActionError(f"an action is a string, not {type(action).__name__}")
    if action == "draw":
        return Draw()
    if action == "stop":
        return Stop()
    kind, colon, arg = action.partition(":")
    if kind == "setup" and colon and arg:
        if not arg.isascii():  # ('\u0131'.upper() is 'I': a code is read in ASCII only)
            raise InvalidActionError(f"{action!r}: a set-up code is ASCII letters and digits")
        return Setup(arg)
    if kind != "place" or not colon:
        raise InvalidActionError(f"{action!r} is not an action of Team UP! ({GRAMMAR})")
    box, at, rest = arg.partition("@")
    orient, colon, spot = rest.partition(":")
    x_text, comma, y_text = spot.partition(",")
    if not at or not colon or not comma:
        raise InvalidActionError(f"{action!r}: a placement is place:<box>@<h|v>:<x>,<y> (place:B-red@v:4,0)")
    shape, _ = parse_box(box)
    if orient not in ORIENTS and orient not in NOT_UP:
        raise InvalidActionError(f"{action!r}: the orientation is h or v (place:B-red@v:4,0)")
    if orient == "v" and SHAPES[shape].square:
        raise InvalidActionError(f"{action!r}: a square box has one orientation, h")
    return Place(box, orient, _coordinate(x_text, action), _coordinate(y_text, action))
