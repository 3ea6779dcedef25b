"""The Team UP! component sheet, as data (../shared/notes/rules-decisions.md, Team UP!, rulings 1-3).

The rulebook has no component sheet; this is the rulings' reconstruction. Everything else (the geometry, the
rules, the solver, the perfect-pallet catalogue) is derived from these tables, so a measured sheet replaces
this module alone. The grid unit is a cell (2 cm of the 12 x 8 cm pallet); every box is one layer tall.

>>> WIDTH * DEPTH * LAYERS == NEUTRAL.area + sum(SHAPES[s].area * PER_COLOUR[s] * len(COLOURS) for s in SHAPES)
True
>>> len(DECK), sum(BOX_COUNTS.values())
(36, 27)
"""

from __future__ import annotations

from dataclasses import dataclass

WIDTH = 6  # cells along x (the pallet's long edge)
DEPTH = 4  # cells along y (the short edge)
LAYERS = 5  # the pallet's height in layers (a box is one layer tall)
CELLS = WIDTH * DEPTH


@dataclass(frozen=True)
class Shape:
    """A box shape: ``length`` x ``width`` cells (``length`` >= ``width``), one layer tall."""

    code: str  # one letter in actions: S, L, T, B (N for the neutral box)
    name: str
    length: int
    width: int
    twin: str = ""  # the shape it counts as for "identical sides" (rule 4): the neutral box is a thin 3x1

    @property
    def area(self) -> int:
        return self.length * self.width

    @property
    def square(self) -> bool:
        return self.length == self.width

    @property
    def rule_shape(self) -> str:
        return self.twin or self.code


SHAPES: dict[str, Shape] = {  # the coloured boxes' shapes, in the order the actions list them
    "S": Shape("S", "square", 2, 2),
    "L": Shape("L", "long", 4, 1),
    "T": Shape("T", "thin", 3, 1),
    "B": Shape("B", "big", 3, 2),
}
NEUTRAL = Shape("N", "neutral", 3, 1, twin="T")  # one, pre-placed at a corner of the pallet

COLOURS = ("red", "blue", "white")
PER_COLOUR = {"S": 2, "L": 1, "T": 3, "B": 3}  # boxes of each shape in each colour
BOX_COUNTS = {f"{shape}-{colour}": PER_COLOUR[shape] for shape in SHAPES for colour in COLOURS}
BOX_TOTAL = sum(BOX_COUNTS.values())  # 27 coloured boxes

# The 36 cards: a colour card asks for a box of its colour (any shape); a shape card for a box of its
# shape(s) (any colour): the rectangular card lets the player choose a long 4x1 or a thin 3x1 box.
CARD_KINDS: dict[str, tuple[int, tuple[str, ...], tuple[str, ...]]] = {
    # card: (copies, colours it allows, shapes it allows)
    "red": (6, ("red",), tuple(SHAPES)),
    "blue": (6, ("blue",), tuple(SHAPES)),
    "white": (6, ("white",), tuple(SHAPES)),
    "square": (6, COLOURS, ("S",)),
    "rect": (8, COLOURS, ("L", "T")),
    "big": (4, COLOURS, ("B",)),
}
CARDS = tuple(CARD_KINDS)
CARD_NAMES = {"red": "red", "blue": "blue", "white": "white", "square": "square", "rect": "rectangular",
              "big": "big"}
DECK = tuple(card for card, (copies, _, _) in CARD_KINDS.items() for _ in range(copies))


def card_allows(card: str, box: str) -> bool:
    """A box (``S-red``) follows a card.

    >>> card_allows("rect", "L-white"), card_allows("rect", "B-white"), card_allows("blue", "B-blue")
    (True, False, True)
    """
    _, colours, shapes = CARD_KINDS[card]
    shape, _, colour = box.partition("-")
    return shape in shapes and colour in colours


# The rulebook's rating table: (lowest score, rating), best first.
RATINGS = ((25, "perfect"), (21, "almost perfect"), (16, "excellent"), (11, "good"), (6, "on the right path"))
LOWEST_RATING = "you can do better"
POINTS_PER_LAYER = 5


def rating(score: int) -> str:
    """The rating of a final score.

    >>> rating(25), rating(21), rating(15), rating(6), rating(5), rating(-3)
    ('perfect', 'almost perfect', 'good', 'on the right path', 'you can do better', 'you can do better')
    """
    for low, name in RATINGS:
        if score >= low:
            return name
    return LOWEST_RATING
