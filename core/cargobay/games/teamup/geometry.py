"""Where a box may go: the rulebook's stacking instructions on the grid of ``components``.

A footprint is a placement id (``pid``): a shape, an orientation and the lowest corner (x, y) of the box on
the WIDTH x DEPTH grid (``h``: the long side along x, ``v``: along y; a square has ``h`` only). A cell is
``x + WIDTH * y``, a set of cells a bit mask. A pallet is, per layer, the mask of filled cells (``occ``) and
the mask of the footprints lying there (``pids``; the neutral box as its twin, a thin 3x1). Columns are
filled from the bottom without gaps (no overhang), so a footprint's layer is implied: the highest filled
cell under it, plus one.

The instructions (rulebook "Following Stacking Instructions"; rulings 1 and 4), each with the rule name an
illegal placement is refused with:

- ``inside the pallet``: the footprint within the 6 x 4 pallet, and below its 5 layers;
- ``coloured side up``: boxes lie flat, coloured side up, turned only in the plane (the action grammar has
  ``h`` and ``v``; ``down`` and ``side`` parse, and are refused with this rule);
- ``no overhang``: every cell under the box is the pallet (layer 1) or a box;
- ``touch another box``: the box shares face area with another box (a side in its layer, or the box below;
  the pallet floor is no box, and edges or corners do not count), so on layer 1 it must touch a side;
- ``identical sides``: two boxes of the same shape (the neutral box counts as a thin 3x1) may not have two
  congruent faces in 100% contact: stacked with the same footprint, or side by side / end to end in one layer
  with the touching faces exactly the same segment. Any offset is legal.

>>> pallet = Pallet.start(pid_of("N", "h", 0, 0))
>>> pallet.check(pid_of("T", "h", 3, 0))  # end to end with the neutral box, both thin 3x1
('identical sides', 0)
>>> pallet.check(pid_of("T", "v", 3, 0)), pallet.check(pid_of("S", "h", 4, 2))
(('', 0), ('touch another box', 0))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .components import DEPTH, LAYERS, NEUTRAL, SHAPES, WIDTH

__all__ = [
    "DEPTH", "LAYERS", "MASK", "NEIGH", "ORIENTS", "PLACEMENTS", "RULE_COLOUR", "RULE_IDENTICAL", "RULE_INSIDE",
    "RULE_SUPPORT", "RULE_TOUCH", "SIDE_CONFLICT", "WIDTH", "Pallet", "Placement", "pallet_of_view", "pid_of",
]

RULE_INSIDE = "inside the pallet"
RULE_COLOUR = "coloured side up"
RULE_SUPPORT = "no overhang"
RULE_TOUCH = "touch another box"
RULE_IDENTICAL = "identical sides"
RULE_TEXT = {
    RULE_INSIDE: "The box cannot extend past the boundaries of the pallet",
    RULE_COLOUR: "The colored side of the box must face up",
    RULE_SUPPORT: "Boxes may not overhang or float above empty space",
    RULE_TOUCH: "Your box must touch at least one other box",
    RULE_IDENTICAL: "Two boxes of identical shape cannot have two identical sides in 100% contact",
}
ORIENTS = ("h", "v")  # flat, coloured side up: long side along x, or along y
NOT_UP = ("down", "side")  # parse, never legal: a box turned over or on its side
FULL_LAYER = (1 << (WIDTH * DEPTH)) - 1


@dataclass(frozen=True)
class Placement:
    """A footprint: ``shape`` (S, L, T, B; the neutral box uses T's), ``orient``, lowest corner, size."""

    pid: int
    shape: str
    orient: str
    x: int
    y: int
    w: int  # cells along x
    d: int  # cells along y
    mask: int

    def cells(self) -> list[tuple[int, int]]:
        return [(self.x + i, self.y + j) for j in range(self.d) for i in range(self.w)]

    def name(self) -> str:
        return f"{self.shape}@{self.orient}:{self.x},{self.y}"


def _size(shape: str, orient: str) -> tuple[int, int]:
    spec = NEUTRAL if shape == "N" else SHAPES[shape]
    return (spec.length, spec.width) if orient == "h" else (spec.width, spec.length)


def _placements() -> list[Placement]:
    out: list[Placement] = []
    for shape, spec in SHAPES.items():
        for orient in ORIENTS[:1] if spec.square else ORIENTS:
            w, d = _size(shape, orient)
            for y in range(DEPTH - d + 1):
                for x in range(WIDTH - w + 1):
                    mask = sum(1 << (x + i + WIDTH * (y + j)) for i in range(w) for j in range(d))
                    out.append(Placement(len(out), shape, orient, x, y, w, d, mask))
    return out


PLACEMENTS = _placements()
PIDS = {(p.shape, p.orient, p.x, p.y): p.pid for p in PLACEMENTS}
PIDS_BY_SHAPE = {shape: tuple(p.pid for p in PLACEMENTS if p.shape == shape) for shape in SHAPES}
MASK = [p.mask for p in PLACEMENTS]
assert (NEUTRAL.length, NEUTRAL.width) == (SHAPES[NEUTRAL.twin].length, SHAPES[NEUTRAL.twin].width)


def pid_of(shape: str, orient: str, x: int, y: int) -> int:
    """The footprint id, or -1 when the box would stick out of the pallet (or the orientation is not flat).

    >>> pid_of("B", "v", 4, 0) >= 0, pid_of("B", "v", 5, 0), pid_of("S", "v", 0, 0) == pid_of("S", "h", 0, 0)
    (True, -1, True)
    """
    if shape == "N":
        shape = NEUTRAL.twin
    if shape in SHAPES and SHAPES[shape].square and orient == "v":
        orient = "h"
    return PIDS.get((shape, orient, x, y), -1)


def _neighbours(p: Placement) -> int:
    """Cells outside the footprint sharing a side with it (face contact in the same layer)."""
    mask = 0
    for cx, cy in p.cells():
        for nx, ny in ((cx - 1, cy), (cx + 1, cy), (cx, cy - 1), (cx, cy + 1)):
            if 0 <= nx < WIDTH and 0 <= ny < DEPTH:
                mask |= 1 << (nx + WIDTH * ny)
    return mask & ~p.mask


def same_face(p: Placement, q: Placement) -> bool:
    """Two footprints in one layer touch along exactly the same segment (congruent faces in full contact).

    >>> a, b = PLACEMENTS[pid_of("S", "h", 0, 0)], PLACEMENTS[pid_of("S", "h", 2, 0)]
    >>> same_face(a, b), same_face(a, PLACEMENTS[pid_of("S", "h", 2, 1)])
    (True, False)
    """
    if q.x == p.x + p.w or p.x == q.x + q.w:
        return q.y == p.y and q.d == p.d
    if q.y == p.y + p.d or p.y == q.y + q.d:
        return q.x == p.x and q.w == p.w
    return False


NEIGH = [_neighbours(p) for p in PLACEMENTS]
SIDE_CONFLICT = [
    sum(1 << q.pid for q in PLACEMENTS if q.shape == p.shape and same_face(p, q)) for p in PLACEMENTS
]


def _reflect(flip_x: bool, flip_y: bool) -> list[int]:
    out = []
    for p in PLACEMENTS:
        x = WIDTH - p.x - p.w if flip_x else p.x
        y = DEPTH - p.y - p.d if flip_y else p.y
        out.append(PIDS[(p.shape, p.orient, x, y)])
    return out


# the pallet's symmetries (a 6 x 4 rectangle: the identity and three reflections), as pid permutations
SYMMETRIES = [_reflect(fx, fy) for fx in (False, True) for fy in (False, True)]


def layer_of(occ: tuple[int, ...] | list[int], mask: int) -> int:
    """The layer a footprint would lie on: the first layer where its cells are all free (LAYERS: none)."""
    z = 0
    while z < LAYERS and occ[z] & mask:
        z += 1
    return z


class Pallet:
    """The boxes on the pallet as masks per layer; immutable (``place`` returns a new pallet)."""

    __slots__ = ("occ", "pids")

    def __init__(self, occ: tuple[int, ...], pids: tuple[int, ...]) -> None:
        self.occ = occ
        self.pids = pids

    @classmethod
    def start(cls, neutral: int) -> Pallet:
        """The empty pallet with the neutral box at footprint ``neutral`` on layer 1."""
        return cls.empty().place(neutral, 0)

    @classmethod
    def empty(cls) -> Pallet:
        return cls((0,) * LAYERS, (0,) * LAYERS)

    def place(self, pid: int, z: int) -> Pallet:
        occ, pids = list(self.occ), list(self.pids)
        occ[z] |= MASK[pid]
        pids[z] |= 1 << pid
        return Pallet(tuple(occ), tuple(pids))

    def key(self) -> tuple[int, ...]:
        return self.pids

    def heights(self) -> list[int]:
        """Filled cells per column, cell order (x + WIDTH * y)."""
        return [sum(1 for z in range(LAYERS) if self.occ[z] >> cell & 1) for cell in range(WIDTH * DEPTH)]

    def full_layers(self) -> int:
        """Complete layers, from the bottom (a layer can be complete only over complete layers)."""
        return sum(1 for layer in self.occ if layer == FULL_LAYER)

    def check(self, pid: int) -> tuple[str, int]:
        """(the rule a box on footprint ``pid`` breaks, or "", the layer it would lie on)."""
        if pid < 0:
            return RULE_INSIDE, -1
        mask = MASK[pid]
        occ = self.occ
        z = layer_of(occ, mask)
        if z == LAYERS:
            return RULE_INSIDE, z
        if z and occ[z - 1] & mask != mask:
            return RULE_SUPPORT, z
        if not z and not occ[0] & NEIGH[pid]:
            return RULE_TOUCH, z
        if self.pids[z] & SIDE_CONFLICT[pid] or (z and self.pids[z - 1] >> pid & 1):
            return RULE_IDENTICAL, z
        return "", z

    def legal_layer(self, pid: int) -> int:
        """The layer of a legal box on ``pid``, or -1 (``check`` without the reasons, for the solver)."""
        mask = MASK[pid]
        occ = self.occ
        z = 0
        while z < LAYERS and occ[z] & mask:
            z += 1
        if z == LAYERS:
            return -1
        if z:
            if occ[z - 1] & mask != mask or self.pids[z - 1] >> pid & 1:
                return -1
        elif not occ[0] & NEIGH[pid]:
            return -1
        if self.pids[z] & SIDE_CONFLICT[pid]:
            return -1
        return z

    def conflict_with(self, pid: int, z: int) -> Placement:
        """The box a placement has identical sides with (after ``check`` said so)."""
        clash = self.pids[z] & SIDE_CONFLICT[pid]
        if not clash:
            return PLACEMENTS[pid]  # stacked on the same footprint
        return PLACEMENTS[(clash & -clash).bit_length() - 1]


def pallet_of_view(view: Mapping[str, Any]) -> tuple[int, Pallet]:
    """The neutral box's footprint and the pallet of a view (``rules.view``: ``neutral``, ``boxes``)."""
    neutral_view = view["neutral"]
    assert isinstance(neutral_view, Mapping)
    neutral = pid_of("N", str(neutral_view["orient"]), int(neutral_view["x"]), int(neutral_view["y"]))
    pallet = Pallet.start(neutral)
    boxes = view["boxes"]
    assert isinstance(boxes, list)
    for box in boxes:
        pallet = pallet.place(pid_of(box["box"][0], box["orient"], box["x"], box["y"]), box["z"])
    return neutral, pallet


def explain(rule: str, pallet: Pallet, pid: int, z: int) -> str:
    """A sentence saying why a box on ``pid`` breaks ``rule``."""
    if rule == RULE_INSIDE:
        if pid < 0:
            return f"the box would extend past the {WIDTH} x {DEPTH} pallet"
        return f"the box would lie above the pallet's {LAYERS} layers"
    p = PLACEMENTS[pid]
    if rule == RULE_SUPPORT:
        below = pallet.occ[z - 1]
        holes = [f"{x},{y}" for x, y in p.cells() if not below >> (x + WIDTH * y) & 1]
        return f"on layer {z + 1} it would overhang empty space at {' '.join(holes)}"
    if rule == RULE_TOUCH:
        return "on layer 1 it would touch no other box by a side (the pallet floor does not count)"
    if rule == RULE_IDENTICAL:
        other = pallet.conflict_with(pid, z)
        kind = SHAPES[p.shape].name
        if other.pid == pid:
            return f"it would lie on a {kind} box with the same footprint (layer {z})"
        return f"a side would exactly match a side of the {kind} box at {other.x},{other.y} on layer {z + 1}"
    return rule
