"""Perfect pallets: every layer a legal tiling, layer by layer, with the whole box set used.

A perfect pallet (the issue's definition) is the set of box footprints layer by layer, colours ignored, with
the neutral box on a given footprint of layer 1. Since the box volume is exactly the pallet's (120 cells),
"all boxes stacked" and "five complete layers" are the same thing, and a full layer is one of a handful of
tilings of the 6 x 4 grid that keep the identical-sides rule inside the layer. So the catalogue is built
layer by layer:

1. ``layer_tilings``: every tiling of one layer by the four shapes with no two same-shaped boxes touching
   by the same segment (layer 1: around the neutral box, which counts as a thin 3x1);
2. chain five layers: no footprint of a shape repeated directly above itself (the stacked form of rule 4),
   and the shape counts of the five layers add up to the box set (6 squares, 3 long, 9 thin, 9 big);
3. count by dynamic programming over (layer, tiling below, shapes still to place), or list them.

A layer's tiling is a mask over footprint ids (``geometry.PLACEMENTS``; the neutral box as its thin twin).
A pallet (perfect or partial) is one int: layer ``z``'s footprint mask shifted by ``z * NP``.

>>> along_long, along_short = count_perfect(pid_of("N", "h", 0, 0)), count_perfect(pid_of("N", "v", 0, 0))
>>> along_long > 0 and along_short > 0
True
"""

from __future__ import annotations

from functools import cache

from .components import COLOURS, LAYERS, PER_COLOUR, SHAPES
from .geometry import FULL_LAYER, MASK, PLACEMENTS, SIDE_CONFLICT, pid_of

__all__ = ["NP", "RULINGS_PALLET", "Catalogue", "catalogue", "count_perfect", "layer_tilings", "pallet_key",
           "parse_layers"]

NP = len(PLACEMENTS)  # bits per layer in a pallet key
_LAYER_BITS = (1 << NP) - 1
SHAPE_ORDER = tuple(SHAPES)
_SHAPE_INDEX = [SHAPE_ORDER.index(p.shape) for p in PLACEMENTS]
_FIRST_CELL = [(p.mask & -p.mask).bit_length() - 1 for p in PLACEMENTS]
_BY_FIRST_CELL = [[p.pid for p in PLACEMENTS if _FIRST_CELL[p.pid] == cell] for cell in range(FULL_LAYER.bit_length())]
INVENTORY = tuple(PER_COLOUR[shape] * len(COLOURS) for shape in SHAPE_ORDER)  # boxes per shape: 6, 3, 9, 9

Counts = tuple[int, ...]  # boxes per shape, in SHAPE_ORDER

# Box counts packed 6 bits a shape, so a sum is one addition and "at most the set" one mask: a field holds
# used + (31 - inventory), which reaches bit 5 exactly when used > inventory (used stays below 32 + inventory).
_BIAS = sum((31 - n) << (6 * i) for i, n in enumerate(INVENTORY))
_GUARD = sum(32 << (6 * i) for i in range(len(INVENTORY)))


def _pack(counts: Counts) -> int:
    return sum(n << (6 * i) for i, n in enumerate(counts))


def layer_tilings(neutral: int = -1) -> list[int]:
    """Every legal tiling of one layer (footprint masks), around the neutral box's footprint if given.

    >>> len(layer_tilings()) > 0 and all(t.bit_count() >= 4 for t in layer_tilings())
    True
    """
    out: list[int] = []

    def fill(filled: int, chosen: int) -> None:
        if filled == FULL_LAYER:
            out.append(chosen)
            return
        cell = (~filled & (filled + 1)).bit_length() - 1  # the lowest empty cell
        for pid in _BY_FIRST_CELL[cell]:
            if not filled & MASK[pid] and not chosen & SIDE_CONFLICT[pid]:
                fill(filled | MASK[pid], chosen | 1 << pid)

    if neutral >= 0:
        fill(MASK[neutral], 1 << neutral)
    else:
        fill(0, 0)
    return out


def shape_counts(tiling: int, neutral: int = -1) -> Counts:
    """Boxes per shape in a tiling (the neutral box not counted)."""
    counts = [0] * len(SHAPE_ORDER)
    rest = tiling & ~(1 << neutral) if neutral >= 0 else tiling
    while rest:
        low = rest & -rest
        counts[_SHAPE_INDEX[low.bit_length() - 1]] += 1
        rest ^= low
    return tuple(counts)


class Catalogue:
    """The perfect pallets around one neutral-box footprint, and the tilings they are made of."""

    def __init__(self, neutral: int) -> None:
        self.neutral = neutral
        self.first = layer_tilings(neutral)  # layer 1
        self.upper = layer_tilings()  # layers 2..5
        self._first_counts = [shape_counts(t, neutral) for t in self.first]
        self._upper_counts = [shape_counts(t) for t in self.upper]
        self._ways: dict[tuple[int, int, Counts], int] = {}
        self._chains: dict[int, list[int]] = {}
        self._stacks: dict[int, list[tuple[int, int, int]]] = {}  # layers -> (key, tiling on top, packed boxes used)
        self._above: dict[int, list[tuple[int, int]]] = {}  # tiling -> (tiling, packed counts) that may lie on it

    def _rest(self, layer: int, below: int, left: Counts) -> int:
        """Ways to finish layers ``layer``..LAYERS-1 over the tiling ``below`` with exactly ``left`` boxes."""
        if layer == LAYERS:
            return 1 if not any(left) else 0
        key = (layer, below, left)
        found = self._ways.get(key)
        if found is not None:
            return found
        total = 0
        for tiling, counts in zip(self.upper, self._upper_counts, strict=True):
            if tiling & below:
                continue  # a footprint of the same shape right above itself (identical sides, stacked)
            rest = tuple(a - b for a, b in zip(left, counts, strict=True))
            if min(rest) >= 0:
                total += self._rest(layer + 1, tiling, rest)
        self._ways[key] = total
        return total

    def count(self) -> int:
        total = 0
        for tiling, counts in zip(self.first, self._first_counts, strict=True):
            left = tuple(a - b for a, b in zip(INVENTORY, counts, strict=True))
            if min(left) >= 0:
                total += self._rest(1, tiling, left)
        return total

    def pallets(self) -> list[tuple[int, ...]]:
        """Every perfect pallet, as its five layer tilings."""
        return [tuple(key >> (z * NP) & _LAYER_BITS for z in range(LAYERS)) for key in self.keys]

    @property
    def keys(self) -> list[int]:
        """Every perfect pallet as one int (see ``pallet_key``), listed once and kept."""
        cached: list[int] | None = getattr(self, "_keys", None)
        if cached is not None:
            return cached
        partial = []  # (key so far, tiling on top, boxes still to place), layer by layer
        for tiling, counts in zip(self.first, self._first_counts, strict=True):
            left = tuple(a - b for a, b in zip(INVENTORY, counts, strict=True))
            if min(left) >= 0 and self._rest(1, tiling, left):
                partial.append((tiling, tiling, left))
        upper = list(zip(self.upper, self._upper_counts, strict=True))
        for layer in range(1, LAYERS):
            shift = layer * NP
            grown: list[tuple[int, int, Counts]] = []
            steps: dict[tuple[int, Counts], list[tuple[int, Counts]]] = {}
            for key, below, left in partial:
                found = steps.get((below, left))
                if found is None:
                    found = steps[below, left] = []
                    for tiling, counts in upper:
                        rest = tuple(a - b for a, b in zip(left, counts, strict=True))
                        if not tiling & below and min(rest) >= 0 and self._rest(layer + 1, tiling, rest):
                            found.append((tiling, rest))
                grown.extend((key | tiling << shift, tiling, rest) for tiling, rest in found)
            partial = grown
        self._keys = [key for key, _, _ in partial]
        return self._keys

    def chains(self, layers: int) -> list[int]:
        """The stacks of ``layers`` full layers from the bottom (legal tilings, no footprint repeated right
        above itself, at most the boxes of the set), as pallet keys; kept once listed."""
        if layers >= LAYERS:
            return self.keys
        found = self._chains.get(layers)
        if found is None:
            found = self._chains[layers] = [key for key, _, _ in self._stacks_of(layers)]
        return found

    def _stacks_of(self, layers: int) -> list[tuple[int, int, int]]:
        """``chains``' stacks with their top tiling and boxes used (packed: ``_pack``), each height grown from
        the one below and kept (the hint asks for every height in turn)."""
        found = self._stacks.get(layers)
        if found is not None:
            return found
        if not layers:
            found = [(0, -1, 0)]
        elif layers == 1:
            found = [(t, t, _pack(c)) for t, c in zip(self.first, self._first_counts, strict=True)
                     if all(a <= b for a, b in zip(c, INVENTORY, strict=True))]
        else:
            shift = (layers - 1) * NP
            found = []
            for key, below, used in self._stacks_of(layers - 1):
                above = self._above.get(below)
                if above is None:  # no footprint of a shape right above itself
                    above = self._above[below] = [(t, _pack(c)) for t, c in zip(self.upper, self._upper_counts,
                                                                                 strict=True) if not t & below]
                for tiling, counts in above:
                    total = used + counts
                    if not (total + _BIAS) & _GUARD:  # at most the boxes of the set, per shape
                        found.append((key | tiling << shift, tiling, total))
        self._stacks[layers] = found
        return found

    def layer_possible(self, layer: int, placed: int) -> bool:
        """Some tiling of that layer holds the footprints ``placed`` there (geometry only)."""
        tilings = self.first if layer == 0 else self.upper
        return any(tiling & placed == placed for tiling in tilings)


@cache
def catalogue(neutral: int) -> Catalogue:
    return Catalogue(neutral)


def count_perfect(neutral: int) -> int:
    return catalogue(neutral).count()


def pallet_key(layers: tuple[int, ...] | list[int]) -> int:
    """Five layer footprint masks as one int."""
    key = 0
    for z, tiling in enumerate(layers):
        key |= tiling << (z * NP)
    return key


def parse_layers(text: str) -> list[int]:
    """The rulings' notation (``L1: N00h T30v B40v ... | L2: ...``) as layer footprint masks.

    A box is its shape letter, the x and y digits of its lowest corner, and ``h``/``v`` (none for a square).

    >>> [mask.bit_count() for mask in parse_layers("L1: N00h T30v | L2: S40")]
    [2, 1]
    """
    layers = []
    for part in text.split("|"):
        _, _, boxes = part.strip().partition(":")
        mask = 0
        for box in boxes.split():
            shape, x, y, orient = box[0], int(box[1]), int(box[2]), box[3:] or "h"
            pid = pid_of(shape, orient, x, y)
            if pid < 0:
                raise ValueError(f"{box!r} is not a footprint on the pallet")
            mask |= 1 << pid
        layers.append(mask)
    return layers


# The rulings' example perfect pallet (rules-decisions.md, Team UP! ruling 2).
RULINGS_PALLET = (
    "L1: N00h T30v B40v B01v T21v T33h | L2: L00v B10h S40 S12 B32h | L3: T00h T30v B40v B01v T21v T33h | "
    "L4: S00 B20h L50v B02h S32 | L5: B00h S30 T50v S02 T22h L23h"
)
