"""The exact search behind ``solver``: the best final score for a KNOWN card order, with a plan.

The score is 5 x full layers - boxes not stacked - face-down cards, and all 27 boxes stacked is the same as
five full layers (the volumes match). So the search is split by the kind of ending:

1. ``perfect(k)``: can the pallet be finished perfectly with at most ``k`` more face-down cards? Only
   placements inside some perfect pallet (``perfect.Catalogue``, kept as the list of pallets still consistent
   with the boxes placed) are tried. Pruning, all exact:
   - a Hall condition (a transportation problem between the cards still to play and the boxes left, by colour
     and shape; with ``k`` face-downs, ``k`` cards of the window may go unused);
   - for ``k == 0``: the last three cards must be playable as the last three boxes of the pallet (a backward
     search over the top layers, cached by the top three layers and the three cards);
   - memos of failed states: by the geometry alone when the failure did not depend on colours, else by the
     geometry and the colour bookkeeping.
   Finding it with ``k`` face-downs gives 25 - face-downs, better than any other ending (at most 19).
2. ``value``: when no perfect ending with 5 or fewer face-downs exists, a branch-and-bound over every legal
   placement and stopping, with a memo (values are exact or fail-low upper bounds). Its bound: the bottom
   layers whose partial tiling still fits some legal layer tiling, their empty cells, the cards left.

Colours are decided lazily: a colour card takes a box of its colour (the shape is the placement's); a shape
card takes an anonymous box of its shape whose colour is fixed only when the plan is complete, from the
boxes no colour card of the plan uses (this is always possible, and the team can pick those colours at the
time). When a colour card could go face down only if earlier anonymous boxes had taken every box of that
colour with a legal spot, the search may decide so (``absorb``): a plan may empty a colour on purpose.

Everything counts nodes (``budget``), never the clock; exceeding the budget raises ``Budget``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .components import CARD_KINDS, COLOURS, LAYERS, POINTS_PER_LAYER, SHAPES
from .geometry import FULL_LAYER, MASK, PIDS_BY_SHAPE, PLACEMENTS, Pallet
from .perfect import NP, SHAPE_ORDER, Catalogue

__all__ = ["NC", "NS", "Budget", "OrderSearch", "Step"]

NS, NC = len(SHAPE_ORDER), len(COLOURS)
SHAPE_PIDS = [PIDS_BY_SHAPE[shape] for shape in SHAPE_ORDER]
PSHAPE = [SHAPE_ORDER.index(p.shape) for p in PLACEMENTS]
CARD_TYPES = tuple(CARD_KINDS)  # Hall demand types 0-2 colours, 3 square, 4 rect, 5 big (components order)
CARD_RULE = {card: (COLOURS.index(colours[0]) if len(colours) == 1 else -1,
                    tuple(SHAPE_ORDER.index(shape) for shape in shapes))
             for card, (_, colours, shapes) in CARD_KINDS.items()}
_COLUMN_OF = {card: sum(1 << s for s in shapes) for card, (colour, shapes) in CARD_RULE.items() if colour < 0}
# Hall's condition over (colour rows K, shape columns C): the cells of rows K or columns C, as stock indices
_HALL = [([k for k in range(NC) if rows >> k & 1], cols,
          [k * NS + s for k in range(NC) for s in range(NS) if rows >> k & 1 or cols >> s & 1])
         for rows in range(1 << NC) for cols in range(1 << NS) if rows or cols]
TOP_LAYERS = 2  # the suffix check reads the layers from index 2 up (3 boxes cannot reach lower)
SUFFIX = 3
_SUFFIX_CACHE: dict[tuple[int, tuple[int, ...]], bool] = {}
_LAYER_BITS = (1 << NP) - 1
MAX_AREA = max(shape.area for shape in SHAPES.values())


class Budget(Exception):
    """The search used its node budget without an answer."""


@dataclass(frozen=True)
class Step:
    """One card of a plan: ``place`` (shape index, colour index or -1 for an anonymous box, footprint, layer),
    ``face-down`` (``absorb``: (shape, colour, count) anonymous boxes given that colour first) or ``stop``."""

    kind: str
    card: str = ""
    shape: int = -1
    colour: int = -1
    pid: int = -1
    z: int = -1
    absorb: tuple[tuple[int, int, int], ...] = ()


def hall_ok(stock: Sequence[int], anon: Sequence[int], window: Sequence[int], slack: int) -> bool:
    """The boxes left can serve the window's cards (all but ``slack`` of them) and the anonymous picks."""
    column = [window[3] + anon[0], anon[1], anon[2], window[5] + anon[3]]
    for rows, cols, cells in _HALL:
        need = window[4] if cols & 6 == 6 else 0
        for s in range(NS):
            if cols >> s & 1:
                need += column[s]
        for k in rows:
            need += window[k]
        need -= slack
        if need > 0:
            have = 0
            for cell in cells:
                have += stock[cell]
            if need > have:
                return False
    return True


def shapes_ok(left: Sequence[int], window: Sequence[int], slack: int) -> bool:
    """Hall's condition by shape alone (colours ignored): the window's shape cards, all but ``slack`` of
    them, fit the boxes left of their shapes."""
    square, rect, big = window[3], window[4], window[5]
    for need, have in ((square, left[0]), (big, left[3]), (rect, left[1] + left[2]),
                       (square + big, left[0] + left[3]), (square + rect, left[0] + left[1] + left[2]),
                       (rect + big, left[1] + left[2] + left[3]), (square + rect + big, sum(left))):
        if need - slack > have:
            return False
    return True


def _suffix_ok(top: int, pattern: tuple[int, ...]) -> bool:
    """Can the last cards (``pattern``: a column mask of the shapes each may take, 15 = any) be the last boxes
    of a pallet whose layers from TOP_LAYERS up are ``top``? A backward search removing uncovered boxes."""
    boxes = []
    for z in range(LAYERS - TOP_LAYERS):
        bits = top >> (z * NP) & _LAYER_BITS
        while bits:
            low = bits & -bits
            bits ^= low
            boxes.append((z, low.bit_length() - 1))
    above = [0] * len(boxes)
    for i, (z, pid) in enumerate(boxes):
        for j, (z2, pid2) in enumerate(boxes):
            if z2 == z + 1 and MASK[pid] & MASK[pid2]:
                above[i] |= 1 << j

    def remove(step: int, removed: int) -> bool:
        if step < 0:
            return True
        for i in range(len(boxes)):
            free = not removed >> i & 1 and not above[i] & ~removed
            if free and pattern[step] >> PSHAPE[boxes[i][1]] & 1 and remove(step - 1, removed | 1 << i):
                return True
        return False

    return remove(len(pattern) - 1, 0)


class OrderSearch:
    """One known-order problem: the cards from ``cards[0]`` on, a pallet, the boxes left."""

    def __init__(self, catalogue: Catalogue, cards: Sequence[str], budget: int | None = None, floor: int = 0
                 ) -> None:
        self.catalogue = catalogue
        self.floor = floor  # ``value``: the layers (from the bottom) kept inside a stack of full layers
        self.cards = tuple(cards)
        self.budget = budget
        self.nodes = 0
        counts = [[0] * len(CARD_TYPES)]
        for card in reversed(self.cards):
            row = list(counts[-1])
            row[CARD_TYPES.index(card)] += 1
            counts.append(row)
        self._suffix_counts = counts[::-1]  # card type counts of cards[i:]
        self._fail: dict[tuple[object, ...], int] = {}
        self._geo: dict[tuple[int, int], int] = {}
        self._memo: dict[tuple[object, ...], tuple[int, bool, Step | None]] = {}

    def _tick(self) -> None:
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise Budget

    def window(self, i: int, size: int) -> list[int]:
        end = min(len(self.cards), i + size)
        return [a - b for a, b in zip(self._suffix_counts[i], self._suffix_counts[end], strict=True)]

    # --- moves ----------------------------------------------------------------------------------
    def options(self, i: int, pallet: Pallet, stock: tuple[int, ...], anon: tuple[int, ...]
                ) -> tuple[list[tuple[int, int, int]], tuple[tuple[int, int, int], ...] | None]:
        """(placements (shape, pid, layer) the card allows, the face-down option or None). A face-down option
        is () when no box can follow the card, else the anonymous boxes to give the card's colour first."""
        colour, shapes = CARD_RULE[self.cards[i]]
        moves: list[tuple[int, int, int]] = []
        blocked = []  # shapes with a legal spot but no box of the card's colour left
        absorb = []
        for s in shapes:
            left = stock[s] + stock[NS + s] + stock[2 * NS + s] - anon[s]
            if left < 1:
                continue
            spots = [(s, pid, z) for pid in SHAPE_PIDS[s] if (z := pallet.legal_layer(pid)) >= 0]
            if not spots:
                continue
            if colour >= 0:
                mine = stock[colour * NS + s]
                if mine > anon[s]:
                    blocked.append(s)  # anonymous boxes cannot take all of them: a placement is forced
                elif mine:
                    absorb.append((s, colour, mine))
                if not mine:
                    continue
            moves.extend(spots)
        if not moves:
            return moves, ()
        if colour >= 0 and not blocked:
            return moves, tuple(absorb)
        return moves, None

    @staticmethod
    def after(colour: int, s: int, stock: tuple[int, ...], anon: tuple[int, ...]
              ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        if colour >= 0:
            new = list(stock)
            new[colour * NS + s] -= 1
            return tuple(new), anon
        more = list(anon)
        more[s] += 1
        return stock, tuple(more)

    @staticmethod
    def absorbed(absorb: tuple[tuple[int, int, int], ...], stock: tuple[int, ...], anon: tuple[int, ...]
                 ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        if not absorb:
            return stock, anon
        new, more = list(stock), list(anon)
        for s, colour, count in absorb:
            new[colour * NS + s] -= count
            more[s] -= count
        return tuple(new), tuple(more)

    # --- 1. perfect endings -----------------------------------------------------------------------
    def perfect(self, i: int, pallet: Pallet, key: int, stock: tuple[int, ...], anon: tuple[int, ...],
                cand: list[int], k: int, plan: list[Step]) -> tuple[bool, bool]:
        """(a perfect ending with at most ``k`` more face-downs exists, the failure depended on colours).
        On success ``plan`` holds the steps, in order."""
        self._tick()
        boxes_left = sum(stock) - sum(anon)
        if not boxes_left:
            return True, False
        cards_left = len(self.cards) - i
        if cards_left < boxes_left or not cand:
            return False, False
        k = min(k, cards_left - boxes_left)
        geo_key = (i, key)
        if self._geo.get(geo_key, -1) >= k:
            return False, False
        memo_key = (i, key, stock, anon)
        if self._fail.get(memo_key, -1) >= k:
            return False, True
        window = self.window(i, boxes_left + k)
        left = [stock[s] + stock[NS + s] + stock[2 * NS + s] - anon[s] for s in range(NS)]
        if not shapes_ok(left, window, k):
            self._geo[geo_key] = k
            return False, False
        if not hall_ok(stock, anon, window, k):
            self._fail[memo_key] = k
            return False, True
        moves, face_down = self.options(i, pallet, stock, anon)
        coloured = False
        colour = CARD_RULE[self.cards[i]][0]
        if moves:
            union = 0
            for pallet_key in cand:
                union |= pallet_key
            scored = []
            for s, pid, z in moves:
                bit = 1 << (z * NP + pid)
                if union & bit:
                    sub = [pallet_key for pallet_key in cand if pallet_key & bit]
                    scored.append((len(sub), -z, s, pid, z, bit, sub))
            scored.sort(reverse=True)
            for *_, s, pid, z, bit, sub in scored:
                new_stock, new_anon = self.after(colour, s, stock, anon)
                ok, dep = self.perfect(i + 1, pallet.place(pid, z), key | bit, new_stock, new_anon, sub, k, plan)
                if ok:
                    plan.insert(0, Step("place", self.cards[i], s, colour, pid, z))
                    return True, False
                coloured = coloured or dep
        if face_down is not None and k > 0:
            new_stock, new_anon = self.absorbed(face_down, stock, anon)
            ok, dep = self.perfect(i + 1, pallet, key, new_stock, new_anon, cand, k - 1, plan)
            if ok:
                plan.insert(0, Step("face-down", self.cards[i], absorb=face_down))
                return True, False
            coloured = coloured or dep or bool(face_down)
        if colour >= 0 and ((face_down is None and k > 0) or self._short_of_colour(i, pallet, stock, anon)):
            coloured = True  # other colour bookkeeping could have offered other options
        if coloured:
            self._fail[memo_key] = k
        else:
            self._geo[geo_key] = k
        return False, coloured

    def _short_of_colour(self, i: int, pallet: Pallet, stock: tuple[int, ...], anon: tuple[int, ...]) -> bool:
        """A shape the colour card could take (boxes left, a legal spot) had no box of that colour free."""
        colour, shapes = CARD_RULE[self.cards[i]]
        for s in shapes:
            if not stock[colour * NS + s] and stock[s] + stock[NS + s] + stock[2 * NS + s] - anon[s] > 0 and any(
                    pallet.legal_layer(pid) >= 0 for pid in SHAPE_PIDS[s]):
                return True
        return False

    def suffix_filter(self, cand: list[int], boxes_left: int) -> list[int]:
        """The perfect pallets whose top can take the last SUFFIX cards of a no-face-down finish last."""
        if boxes_left < SUFFIX or len(self.cards) < boxes_left:
            return cand
        last = self.cards[boxes_left - SUFFIX : boxes_left]
        pattern = tuple(_COLUMN_OF.get(card, (1 << NS) - 1) for card in last)
        shift = TOP_LAYERS * NP
        kept = []
        for pallet_key in cand:
            cache_key = (pallet_key >> shift, pattern)
            ok = _SUFFIX_CACHE.get(cache_key)
            if ok is None:
                ok = _SUFFIX_CACHE[cache_key] = _suffix_ok(pallet_key >> shift, pattern)
            if ok:
                kept.append(pallet_key)
        return kept

    # --- 2. endings with ``floor`` full layers ------------------------------------------------------
    def bound(self, i: int, boxes_left: int) -> int:
        """An upper bound on 5 x full layers + boxes placed - face-downs from here on, for the endings with
        ``floor`` full layers (endings with more are searched first, so the bound may leave them out)."""
        cards_left = len(self.cards) - i
        return POINTS_PER_LAYER * self.floor + max(0, min(cards_left, boxes_left - 1))

    def value(self, i: int, pallet: Pallet, key: int, stock: tuple[int, ...], anon: tuple[int, ...],
              cand: list[int], alpha: int, may_stop: bool = True) -> int:
        """The best 5 x full layers + boxes placed - face-downs from card ``i`` on, over the plans whose
        boxes below layer ``floor`` stay inside one of the stacks ``cand`` (exact when above ``alpha``, else an
        upper bound at most ``alpha``)."""
        self._tick()
        boxes_left = sum(stock) - sum(anon)
        full = sum(1 for z in pallet.occ if z == FULL_LAYER)
        stop = POINTS_PER_LAYER * full if may_stop else -(10**6)
        if i == len(self.cards) or not boxes_left:
            return POINTS_PER_LAYER * full
        bound = max(self.bound(i, boxes_left), stop)
        if bound <= alpha:
            return bound
        memo_key = (i, key, stock, anon, may_stop)
        hit = self._memo.get(memo_key)
        if hit is not None and (hit[1] or hit[0] <= alpha):
            return hit[0]
        best, best_step = stop, Step("stop")
        moves, face_down = self.options(i, pallet, stock, anon)
        colour = CARD_RULE[self.cards[i]][0]
        floor = self.floor
        union = 0
        for pallet_key in cand:
            union |= pallet_key
        children = []
        for s, pid, z in moves:
            bit = 1 << (z * NP + pid)
            if z < floor:
                if not union & bit:
                    continue
                sub = [pallet_key for pallet_key in cand if pallet_key & bit]
            else:
                sub = cand
            children.append((z >= floor, -len(sub), z, s, pid, bit, sub))
        children.sort(key=lambda child: child[:3])
        if moves and not children and face_down is None:
            self._memo[memo_key] = (best, best > alpha, best_step)
            return best  # the card must be played, and no placement keeps the floor: only this stop is left
        for *_, z, s, pid, bit, sub in children:
            new_stock, new_anon = self.after(colour, s, stock, anon)
            score = 1 + self.value(i + 1, pallet.place(pid, z), key | bit, new_stock, new_anon, sub,
                                   max(alpha, best) - 1)
            if score > best:
                best, best_step = score, Step("place", self.cards[i], s, colour, pid, z)
                if best >= bound:
                    break
        if face_down is not None and best < bound:
            new_stock, new_anon = self.absorbed(face_down, stock, anon)
            score = -1 + self.value(i + 1, pallet, key, new_stock, new_anon, cand, max(alpha, best) + 1)
            if score > best:
                best, best_step = score, Step("face-down", self.cards[i], absorb=face_down)
        self._memo[memo_key] = (best, best > alpha, best_step)
        return best

    def value_plan(self, i: int, pallet: Pallet, key: int, stock: tuple[int, ...], anon: tuple[int, ...],
                   may_stop: bool) -> list[Step]:
        """The steps of the best ending found by ``value`` (following its memo)."""
        plan: list[Step] = []
        while i < len(self.cards) and sum(stock) - sum(anon):
            hit = self._memo.get((i, key, stock, anon, may_stop))
            if hit is None or not hit[1] or hit[2] is None:
                break
            step = hit[2]
            plan.append(step)
            if step.kind == "stop":
                break
            if step.kind == "place":
                bit = 1 << (step.z * NP + step.pid)
                pallet, key = pallet.place(step.pid, step.z), key | bit
                stock, anon = self.after(step.colour, step.shape, stock, anon)
            else:
                stock, anon = self.absorbed(step.absorb, stock, anon)
            i += 1
            may_stop = True
        return plan
