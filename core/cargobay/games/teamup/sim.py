"""The Team UP! bots' fast model (``Sim``): a compact position — the pallet, the boxes left, the unseen cards
(counts), the face-downs, and the aim: ``floor``, the most full layers still reachable (5 while a perfect pallet
is), with ``cand``, the stacks of that many legal layer tilings still consistent with the pallet
(``perfect.Catalogue.chains``) — and the greedy policy the bots and the hint play with, every step counted in
``Work`` units, never the clock. ``hint.py`` holds the hint and the strong bot's lookahead.

- The greedy policy (``Sim.choose``, the medium bot): a placement that keeps the aim if there is one, the
  one with the best ``flexibility`` (the chance that the next card, by the unseen counts, can keep the aim
  too, less a little for each shape card sure to find no box of its shape; then the most stacks kept, the
  lowest layer); else a box above the stack (lowest layer, no cell left that no box can fill, most
  contact); else the move that gives up the fewest full layers. A shape card's colour is the colour with
  the most boxes to spare beyond its unseen colour cards. It stops before drawing once no more full layer
  is in reach and the next card is more likely to go face down than to be placed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .components import CARD_KINDS, COLOURS, DEPTH, LAYERS, POINTS_PER_LAYER, WIDTH
from .geometry import FULL_LAYER, MASK, NEIGH, PLACEMENTS, Pallet, pallet_of_view
from .perfect import NP, SHAPE_ORDER, catalogue
from .search import CARD_RULE, NS, SHAPE_PIDS

__all__ = ["CARD_INDEX", "Move", "OutOfWork", "Sim", "Work"]

CARD_INDEX = {card: index for index, card in enumerate(CARD_KINDS)}
COLOUR_CARD = [CARD_INDEX[colour] for colour in COLOURS]
ALL_CELLS = FULL_LAYER
SHORTAGE_WEIGHT = 0.2  # a shape card sure to find no box of its shape, against the next card's chances
SAMPLE = 300  # stacks read by the greedy's estimates
AIM_CACHE = 4096  # reachable stacks by (neutral box, floor, boxes below it), kept for the next playouts
_AIMS: dict[tuple[int, int, int], list[int]] = {}
# Work units (``Work``), about a microsecond each in CPython (fitted over the hints of seeded games,
# bench/teamup_hint.py): a ``flexibility`` (its legality checks) 80 + 1 per 8 stacks it reads; 1 per 4 stacks
# filtered or merged elsewhere; 1 per 32 stacks ``aim`` scans (a plain bit test each); ``moves`` 1 per
# footprint it checks (a legality check each); ``local_rank`` 12 (its dead-cell scan over every footprint).
FLEX_COST = 80
RANK_COST = 12


class OutOfWork(Exception):
    """A ``Work`` counter passed its limit."""


class Work:
    """A deterministic count of the work done (see ``FLEX_COST``), never the clock: the same for the same
    position whatever is cached (a cached ``aim`` costs as if computed)."""

    __slots__ = ("limit", "spent")

    def __init__(self, limit: int | None = None) -> None:
        self.limit = limit
        self.spent = 0

    def charge(self, units: int) -> None:
        self.spent += units
        if self.limit is not None and self.spent > self.limit:
            raise OutOfWork


@dataclass
class Move:
    shape: int
    colour: int
    pid: int
    z: int

    def action(self) -> str:
        p = PLACEMENTS[self.pid]
        return f"place:{SHAPE_ORDER[self.shape]}-{COLOURS[self.colour]}@{p.orient}:{p.x},{p.y}"


class Sim:
    """A position: the pallet, the boxes left (``stock[colour * 4 + shape]``), the unseen card counts, the
    score so far, and the perfect pallets still reachable (``cand``)."""

    __slots__ = ("cand", "face_down", "floor", "key", "neutral", "pallet", "stock", "unseen", "work")

    def __init__(self, neutral: int, pallet: Pallet, stock: list[int], unseen: list[int], face_down: int,
                 key: int, floor: int, cand: list[int], work: Work | None = None) -> None:
        self.work = Work() if work is None else work  # shared by the copies: a hint's whole budget
        self.neutral = neutral
        self.pallet = pallet
        self.stock = stock
        self.unseen = unseen
        self.face_down = face_down
        self.key = key
        self.floor = floor  # the full layers aimed at: 5 while a perfect pallet is reachable
        self.cand = cand  # the stacks of ``floor`` full layers still reachable (perfect pallets for 5)

    @classmethod
    def start(cls, neutral: int, pallet: Pallet, stock: list[int], unseen: list[int], face_down: int,
              work: Work | None = None) -> Sim:
        key = sum(layer << (z * NP) for z, layer in enumerate(pallet.pids))
        table = cls(neutral, pallet, stock, unseen, face_down, key, LAYERS + 1, [], work)
        table.aim()
        return table

    @classmethod
    def from_view(cls, view: Mapping[str, object], work: Work | None = None) -> Sim:
        neutral, pallet = pallet_of_view(view)
        stock_view = view["stock"]
        unseen_view = view["unseen"]
        assert isinstance(stock_view, Mapping) and isinstance(unseen_view, Mapping)
        stock = [int(stock_view[f"{shape}-{colour}"]) for colour in COLOURS for shape in SHAPE_ORDER]
        unseen = [int(unseen_view[card]) for card in CARD_KINDS]
        return cls.start(neutral, pallet, stock, unseen, int(str(view["face_down"])), work)

    def copy(self) -> Sim:
        return Sim(self.neutral, self.pallet, list(self.stock), list(self.unseen), self.face_down, self.key,
                     self.floor, self.cand, self.work)

    def aim(self) -> None:
        """Lower ``floor`` to the most full layers still reachable (as stacks of legal layer tilings)."""
        cat = catalogue(self.neutral)
        for floor in range(min(self.floor, LAYERS), -1, -1):
            self.work.charge(len(cat.chains(floor)) >> 5)
            low = self.key & ((1 << (floor * NP)) - 1)
            cand = _AIMS.get((cat.neutral, floor, low))
            if cand is None:
                if len(_AIMS) > AIM_CACHE:
                    _AIMS.clear()
                cand = _AIMS[cat.neutral, floor, low] = [stack for stack in cat.chains(floor) if stack & low == low]
            if cand:
                self.floor, self.cand = floor, cand
                return

    def score(self) -> int:
        full = sum(1 for layer in self.pallet.occ if layer == FULL_LAYER)
        return POINTS_PER_LAYER * full - sum(self.stock) - self.face_down

    # --- the policy -----------------------------------------------------------------------------
    def colour_for(self, shape: int) -> int:
        """The colour a shape card takes: the most boxes to spare beyond its unseen colour cards."""
        best, best_key = -1, (-(10**6), 0)
        for colour in range(len(COLOURS)):
            if self.stock[colour * NS + shape]:
                spare = sum(self.stock[colour * NS : colour * NS + NS]) - self.unseen[COLOUR_CARD[colour]]
                rank = (spare, self.stock[colour * NS + shape])
                if rank > best_key:
                    best, best_key = colour, rank
        return best

    def moves(self, card: str) -> list[Move]:
        colour, shapes = CARD_RULE[card]
        out = []
        for s in shapes:
            c = colour if colour >= 0 else self.colour_for(s)
            if c < 0 or not self.stock[c * NS + s]:
                continue
            self.work.charge(len(SHAPE_PIDS[s]))
            for pid in SHAPE_PIDS[s]:
                z = self.pallet.legal_layer(pid)
                if z >= 0:
                    out.append(Move(s, c, pid, z))
        return out

    def local_rank(self, move: Move) -> tuple[int, int, int]:
        """Lower is better: the layer, minus contact, and cells left that no box can fill."""
        self.work.charge(RANK_COST)
        mask = MASK[move.pid]
        occ = self.pallet.occ
        layer = occ[move.z] | mask
        contact = (NEIGH[move.pid] & occ[move.z]).bit_count() + _wall_contact(move.pid)
        dead = _dead_cells(layer, occ[move.z - 1] if move.z else ALL_CELLS)
        return move.z, dead, -contact

    def choose(self, card: str) -> Move | None:
        """The greedy placement for ``card`` (None: no legal placement, the card goes face down): inside a
        reachable stack of ``floor`` full layers if it can, else above them, else wherever is best locally."""
        moves = self.moves(card)
        if not moves:
            return None
        floor = self.floor
        self.work.charge(len(self.cand) >> 2)
        union = 0
        for stack in self.cand:
            union |= stack
        keep = [m for m in moves if m.z < floor and union >> (m.z * NP + m.pid) & 1]
        if keep:
            sample = self.sample()
            return max(keep, key=lambda m: self.flexibility(m, sample))
        above = [m for m in moves if m.z >= floor]
        if above:
            return min(above, key=self.local_rank)
        return max(moves, key=self.aim_after)  # every move gives up some full layers: give up the fewest

    def aim_after(self, move: Move) -> tuple[int, int, tuple[int, int, int]]:
        after = self.copy()
        after.play_box(move)
        rank = self.local_rank(move)
        return after.floor, len(after.cand), (-rank[0], -rank[1], -rank[2])

    def sample(self) -> list[int]:
        """The reachable stacks, or an even sample of ``SAMPLE`` of them when there are more (early in the
        game there are thousands: the greedy's estimates then read a sample, its legality checks all)."""
        cand = self.cand
        return cand if len(cand) <= SAMPLE else cand[:: -(-len(cand) // SAMPLE)]

    def flexibility(self, move: Move, sample: Sequence[int] | None = None) -> tuple[float, int, int]:
        """How likely the next card can still keep the aim after ``move`` (card kinds weighted by their
        unseen counts), then how many stacks stay reachable (in ``sample``), then the lower layer."""
        bit = 1 << (move.z * NP + move.pid)
        sample = self.cand if sample is None else sample
        self.work.charge(FLEX_COST + (len(sample) >> 3))
        cand = [stack for stack in sample if stack & bit]
        union = 0
        for stack in cand:
            union |= stack
        pallet = self.pallet.place(move.pid, move.z)
        stock = list(self.stock)
        stock[move.colour * NS + move.shape] -= 1
        reachable = [False] * NS
        occ, floor = pallet.occ, self.floor
        for s in range(NS):
            for pid in SHAPE_PIDS[s]:
                mask, z = MASK[pid], 0
                while z < LAYERS and occ[z] & mask:
                    z += 1
                if z < floor and not union >> (z * NP + pid) & 1:
                    continue  # not inside a reachable stack: no need to check it is legal
                if z < LAYERS and pallet.legal_layer(pid) >= 0:
                    reachable[s] = True
                    break
        good = total = 0
        for card, count in zip(CARD_KINDS, self.unseen, strict=True):
            colour, shapes = CARD_RULE[card]
            colours = (colour,) if colour >= 0 else range(len(COLOURS))
            total += count
            if any(reachable[s] and any(stock[c * NS + s] for c in colours) for s in shapes):
                good += count
        return good / max(1, total) - SHORTAGE_WEIGHT * self.shortage(stock), len(cand), -move.z

    def shortage(self, stock: Sequence[int]) -> int:
        """Shape cards still unseen beyond the boxes of their shapes left (each one would go face down)."""
        left = [stock[s] + stock[NS + s] + stock[2 * NS + s] for s in range(NS)]
        square, rect, big = (self.unseen[CARD_INDEX[card]] for card in ("square", "rect", "big"))
        return max(0, square - left[0]) + max(0, rect - left[1] - left[2]) + max(0, big - left[3])

    def count_after(self, move: Move) -> int:
        self.work.charge(len(self.cand) >> 2)
        bit = 1 << (move.z * NP + move.pid)
        return sum(1 for pallet_key in self.cand if pallet_key & bit)

    def play(self, card: str, move: Move | None) -> None:
        self.unseen[CARD_INDEX[card]] -= 1
        if move is None:
            self.face_down += 1
        else:
            self.play_box(move)

    def play_box(self, move: Move) -> None:
        self.stock[move.colour * NS + move.shape] -= 1
        self.pallet = self.pallet.place(move.pid, move.z)
        bit = 1 << (move.z * NP + move.pid)
        self.key |= bit
        if move.z < self.floor:
            self.work.charge(len(self.cand) >> 2)
            self.cand = [stack for stack in self.cand if stack & bit]
            if not self.cand:
                self.aim()

    def placeable(self) -> float:
        """The chance that the next card (drawn from the unseen ones) can be placed."""
        total = sum(self.unseen)
        if not total:
            return 0.0
        spots = [any(self.pallet.legal_layer(pid) >= 0 for pid in SHAPE_PIDS[s]) for s in range(NS)]
        good = 0
        for card, count in zip(CARD_KINDS, self.unseen, strict=True):
            if count:
                colour, shapes = CARD_RULE[card]
                colours = (colour,) if colour >= 0 else range(len(COLOURS))
                if any(spots[s] and any(self.stock[c * NS + s] for c in colours) for s in shapes):
                    good += count
        return good / total

    def should_stop(self) -> bool:
        """Stop when no more full layer is in reach and the next card is more likely to go face down."""
        full = sum(1 for layer in self.pallet.occ if layer == FULL_LAYER)
        return full >= self.floor and self.placeable() < 0.5

    def finished(self) -> bool:
        return not sum(self.stock) or not sum(self.unseen)

    def playout(self, order: Sequence[str], drawn: bool = False) -> int:
        """Play ``order`` (the next cards; ``drawn``: the first is drawn already) with the greedy policy to
        the end; the final score."""
        for index, card in enumerate(order):
            if self.finished() or ((index or not drawn) and self.should_stop()):
                break
            self.play(card, self.choose(card))
        return self.score()


def _wall_contact(pid: int) -> int:
    p = PLACEMENTS[pid]
    return (p.x == 0) * p.d + (p.x + p.w == WIDTH) * p.d + (p.y == 0) * p.w + (p.y + p.d == DEPTH) * p.w


def _dead_cells(layer: int, support: int) -> int:
    """Empty supported cells of a layer that no footprint of any shape could still cover."""
    free = support & ~layer
    coverable = 0
    for p in PLACEMENTS:
        if p.mask & free == p.mask:
            coverable |= p.mask
    return (free & ~coverable).bit_count()
