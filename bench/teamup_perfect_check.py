"""Independent check of Team UP! perfect-pallet counts and of the engine's legality test.

Written from the rulebook (shared/rules/teamup.txt), the rulings (shared/notes/rules-decisions.md,
Team UP! section) and issue 9 only; it does not import the engine except, in ``cross``, the public
``cargobay.games.teamup.geometry`` API (``Pallet.start/check/place``, ``pid_of``) to compare against.

Interpretation (written down before counting):

* Grid: the pallet is 6 x 4 cells (x in 0..5 along the 6-cell edge, y in 0..3), 5 layers. Every box is
  exactly one layer tall and lies coloured side up, so its footprint is an axis-parallel rectangle of
  cells, turned 0 or 90 degrees in the plane; horizontal faces only ever meet horizontal faces and
  vertical faces only meet vertical faces.
* Boxes (colours ignored): 6 squares S 2x2, 3 long bars L 4x1, 9 thin bars T 3x1, 9 big boxes B 3x2,
  plus the neutral box N 3x1 (pre-placed on layer 1). Total area 24+12+27+54+3 = 120 = 6*4*5, so a
  perfect pallet (25 points: five full layers, nothing unplaced) uses every box and fills every layer.
* "Inside the pallet": the footprint lies within 6 x 4 and the box is on one of the 5 layers.
* "No overhang": every cell under a box on layer z > 1 is occupied on layer z-1. With full layers this
  always holds.
* "Touch at least one other box": share face area (a segment of positive length on a common vertical
  plane, or any cell above/below); edges/corners do not count. For a perfect pallet this only matters
  for the existence of a placement order: layer 1 tiles a rectangle, so its boxes are face-connected
  and can be laid out from the neutral box outwards; every box higher up sits on a box. So every tiling
  that satisfies the other rules is reachable; the order does not change the final footprint set.
* "Two boxes of identical shape cannot have two identical sides in 100% contact": boxes of the same
  shape (the neutral box counts as a thin 3x1 bar, ruling 4) may not touch so that a whole face of one
  coincides with a whole (necessarily congruent) face of the other. Concretely:
    - same layer, side by side or end to end: they share a vertical plane x = c (resp. y = c) and their
      extents along that plane are identical (same y-range, resp. same x-range). Any offset, or a
      contact between faces of different lengths (e.g. a big box 3x2 against a big box 2x3), is legal.
    - stacked: the upper box has exactly the same footprint as the box under it (for identical shapes
      that is the only way a whole top face meets a whole bottom face; a rotated 3x2 on a 3x2 or a
      crossed bar only meets part of the face).
  Different shapes never conflict (a thin end 1x1 against a long end 1x1 is legal).
  The rule is a property of a pair of boxes, so the final pallet is legal iff every pair is.
* A perfect pallet = the set of footprints per layer (shape is implied by the footprint; colours
  ignored), with the neutral box on layer 1 at cells (0,0),(1,0),(2,0) ("6-cell edge") or
  (0,0),(0,1),(0,2) ("4-cell edge"). Boxes of one shape are interchangeable (no labelling).

Method: enumerate every tiling of one 6x4 layer by the four shapes that satisfies the in-layer rule,
then a dynamic programme over the 5 layers with state (tiling of the last layer, boxes used per shape);
consecutive layers are compatible iff they share no footprint of the same shape (a 3x1 footprint is
the same shape whether neutral or thin). Variants (``--variant``) help locate a disagreement.

Usage:  python bench/teamup_perfect_check.py count [--variant neutral-free] [--example] [--brute]
        python bench/teamup_perfect_check.py cross [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict

W, D, LAYERS = 6, 4, 5
STOCK = {"S": 6, "L": 3, "T": 9, "B": 9}
SIZES = {"S": [(2, 2)], "L": [(4, 1), (1, 4)], "T": [(3, 1), (1, 3)], "B": [(3, 2), (2, 3)]}
NEUTRAL = {"6": (0, 0, 3, 1), "4": (0, 0, 1, 3)}  # x, y, w, d

Rect = tuple[str, int, int, int, int]  # shape, x, y, w, d


def rects() -> list[Rect]:
    out: list[Rect] = []
    for shape, sizes in SIZES.items():
        for w, d in sizes:
            for x in range(W - w + 1):
                for y in range(D - d + 1):
                    out.append((shape, x, y, w, d))
    return out


def cells(r: Rect) -> list[tuple[int, int]]:
    _, x, y, w, d = r
    return [(i, j) for i in range(x, x + w) for j in range(y, y + d)]


def full_face_side(a: Rect, b: Rect) -> bool:
    """Same layer: a whole vertical face of ``a`` coincides with a whole face of ``b``."""
    _, ax, ay, aw, ad = a
    _, bx, by, bw, bd = b
    if (ax + aw == bx or bx + bw == ax) and ay == by and ad == bd:
        return True
    return (ay + ad == by or by + bd == ay) and ax == bx and aw == bw


def side_conflict(a: Rect, b: Rect, neutral_is_thin: bool = True) -> bool:
    sa, sb = a[0], b[0]
    if not neutral_is_thin and "N" in (sa, sb):
        return False
    norm = {"N": "T"}
    return norm.get(sa, sa) == norm.get(sb, sb) and full_face_side(a, b)


def stack_conflict(lower: Rect, upper: Rect, neutral_is_thin: bool = True) -> bool:
    sl, su = lower[0], upper[0]
    if not neutral_is_thin and "N" in (sl, su):
        return False
    norm = {"N": "T"}
    return norm.get(sl, sl) == norm.get(su, su) and lower[1:] == upper[1:]


def layer_tilings(fixed: Rect | None, neutral_is_thin: bool) -> list[tuple[Rect, ...]]:
    """All tilings of a 6x4 layer respecting the in-layer rule, containing ``fixed`` if given."""
    all_rects = rects()
    by_cell: dict[tuple[int, int], list[Rect]] = defaultdict(list)
    for r in all_rects:
        # anchor each rectangle at its first cell in (y, x) scan order
        by_cell[(r[1], r[2])].append(r)
    out: list[tuple[Rect, ...]] = []
    grid = [[False] * D for _ in range(W)]
    chosen: list[Rect] = []
    if fixed is not None:
        for i, j in cells(fixed):
            grid[i][j] = True
        chosen.append(fixed)

    def rec() -> None:
        for j in range(D):
            for i in range(W):
                if not grid[i][j]:
                    for r in by_cell[(i, j)]:
                        cs = cells(r)
                        if any(grid[a][b] for a, b in cs):
                            continue
                        if any(side_conflict(r, c, neutral_is_thin) for c in chosen):
                            continue
                        for a, b in cs:
                            grid[a][b] = True
                        chosen.append(r)
                        rec()
                        chosen.pop()
                        for a, b in cs:
                            grid[a][b] = False
                    return
        out.append(tuple(sorted(chosen)))

    rec()
    return out


def count_perfect(edge: str, neutral_is_thin: bool = True, want_example: bool = False):
    nx, ny, nw, nd = NEUTRAL[edge]
    neutral: Rect = ("N", nx, ny, nw, nd)
    first = layer_tilings(neutral, neutral_is_thin)
    upper = layer_tilings(None, neutral_is_thin)

    def counts(t: tuple[Rect, ...]) -> tuple[int, int, int, int]:
        c = {"S": 0, "L": 0, "T": 0, "B": 0}
        for r in t:
            if r[0] != "N":
                c[r[0]] += 1
        return c["S"], c["L"], c["T"], c["B"]

    up_counts = [counts(t) for t in upper]
    up_sets = [set(t) for t in upper]
    stock = (STOCK["S"], STOCK["L"], STOCK["T"], STOCK["B"])

    def compatible(lo: tuple[Rect, ...], hi_set: set[Rect]) -> bool:
        for r in lo:
            if r[0] == "N":
                if not neutral_is_thin:
                    continue
                if ("T", *r[1:]) in hi_set:
                    return False
            elif r in hi_set:
                return False
        return True

    # index upper tilings by footprint for fast incompatibility: compat[i] = set of j compatible
    n = len(upper)
    rect_ids = {r: k for k, r in enumerate(rects())}
    bits = []
    for t in upper:
        b = 0
        for r in t:
            b |= 1 << rect_ids[r]
        bits.append(b)
    compat_lists = [[j for j in range(n) if not (bits[i] & bits[j])] for i in range(n)]

    # state: (tiling index in `upper` or -1-k for first-layer tiling k, used counts) -> ways
    states: dict[tuple[int, tuple[int, ...]], int] = {}
    back: dict[int, dict] = {}
    for k, t in enumerate(first):
        c = counts(t)
        if all(c[q] <= stock[q] for q in range(4)):
            key = (-1 - k, c)
            states[key] = states.get(key, 0) + 1
    back[0] = dict(states)
    for z in range(1, LAYERS):
        nxt: dict[tuple[int, tuple[int, ...]], int] = defaultdict(int)
        for (ti, used), ways in states.items():
            if ti < 0:
                lo = first[-1 - ti]
                cand = [j for j in range(n) if compatible(lo, up_sets[j])]
            else:
                cand = compat_lists[ti]
            for j in cand:
                c = up_counts[j]
                nu = tuple(used[q] + c[q] for q in range(4))
                if all(nu[q] <= stock[q] for q in range(4)):
                    nxt[(j, nu)] += ways
        states = dict(nxt)
        back[z] = states
    total = sum(w for (ti, used), w in states.items() if used == stock)
    example = None
    if want_example and total:
        example = _one_pallet(back, first, upper, stock, compat_lists, compatible, up_sets)
    return total, len(first), len(upper), example


def _one_pallet(back, first, upper, stock, compat_lists, compatible, up_sets):
    """Walk the DP backwards to produce one perfect pallet (list of 5 tilings)."""
    # final state
    seq = [key for key, w in back[LAYERS - 1].items() if key[1] == stock and w][:1]
    for z in range(LAYERS - 2, -1, -1):
        ti, used = seq[-1]
        t = upper[ti]
        c = [0, 0, 0, 0]
        for r in t:
            c["SLTB".index(r[0])] += 1
        prev_used = tuple(used[q] - c[q] for q in range(4))
        for (pi, pu), w in back[z].items():
            if pu != prev_used or not w:
                continue
            ok = compatible(first[-1 - pi], up_sets[ti]) if pi < 0 else ti in compat_lists[pi]
            if ok:
                seq.append((pi, pu))
                break
    seq.reverse()
    return [first[-1 - ti] if ti < 0 else upper[ti] for ti, _ in seq]


def fmt_layer(t) -> str:
    parts = []
    for s, x, y, w, d in sorted(t, key=lambda r: (r[2], r[1])):
        o = "" if s == "S" else ("h" if w > d else "v")
        parts.append(f"{s}{x}{y}{o}")
    return " ".join(parts)


RULINGS_EXAMPLE = [  # rules-decisions.md, Team UP! ruling 2
    "N00h T30v B40v B01v T21v T33h", "L00v B10h S40 S12 B32h", "T00h T30v B40v B01v T21v T33h",
    "S00 B20h L50v B02h S32", "B00h S30 T50v S02 T22h L23h",
]


def parse_box(tok: str) -> Rect:
    s, x, y, o = tok[0], int(tok[1]), int(tok[2]), tok[3:] or "h"
    w, d = (SIZES["T"] if s == "N" else SIZES[s])[0 if o == "h" else -1]
    return (s, x, y, w, d)


def check_example() -> str:
    """Place the rulings' example pallet box by box with ``legal``; '' when every placement is legal."""
    boxes: list[tuple[Rect, int]] = []
    for z, line in enumerate(RULINGS_EXAMPLE):
        for tok in line.split():
            r = parse_box(tok)
            why = legal(boxes, r) if boxes else ""
            if why:
                return f"{tok} on layer {z + 1}: {why}"
            boxes.append((r, z))
    return ""


def brute_count(edge: str) -> int:
    """Second, plain method: depth-first over all 5-layer sequences of layer tilings (no DP)."""
    up = layer_tilings(None, True)
    first = layer_tilings(("N", *NEUTRAL[edge]), True)

    def cnt(t: tuple[Rect, ...]) -> dict[str, int]:
        c = {"S": 0, "L": 0, "T": 0, "B": 0}
        for r in t:
            if r[0] != "N":
                c[r[0]] += 1
        return c

    total = 0

    def dfs(z: int, prev: tuple[Rect, ...], used: dict[str, int]) -> None:
        nonlocal total
        if z == LAYERS:
            total += used == STOCK
            return
        for t in up:
            if any(stack_conflict(a, b) for a in prev for b in t):
                continue
            c = cnt(t)
            nu = {k: used[k] + c[k] for k in used}
            if all(nu[k] <= STOCK[k] for k in nu):
                dfs(z + 1, t, nu)

    for t in first:
        dfs(1, t, cnt(t))
    return total


def cmd_count(args: argparse.Namespace) -> None:
    thin = args.variant != "neutral-free"
    why = check_example()
    print("rulings' example pallet:", "legal under this script's rules" if not why else f"ILLEGAL ({why})")
    for edge, label in (("6", "along the 6-cell edge"), ("4", "along the 4-cell edge")):
        t0 = time.perf_counter()
        total, n1, nu, ex = count_perfect(edge, thin, want_example=args.example)
        dt = time.perf_counter() - t0
        print(f"perfect pallets, neutral {label}: {total:,}  "
              f"(layer-1 tilings {n1}, layer tilings {nu}; {dt:.1f} s)")
        if ex:
            for z, t in enumerate(ex, 1):
                print(f"   L{z}: {fmt_layer(t)}")
        if args.brute and thin:
            t0 = time.perf_counter()
            print(f"   plain depth-first recount: {brute_count(edge):,} ({time.perf_counter() - t0:.1f} s)")


# ---------------------------------------------------------------- independent legality, task 2

def legal(boxes: list[tuple[Rect, int]], r: Rect) -> str:
    """Independent legality of adding footprint ``r`` (gravity: it lands on the highest column).

    ``boxes`` = (rect, layer 0-based). Returns "" when legal, otherwise a short rule name.
    """
    _, x, y, w, d = r
    if x < 0 or y < 0 or x + w > W or y + d > D:
        return "inside"
    height = {}
    for b, z in boxes:
        for c in cells(b):
            height[c] = max(height.get(c, 0), z + 1)
    hs = [height.get(c, 0) for c in cells(r)]
    z = max(hs)
    if z >= LAYERS:
        return "inside"
    if min(hs) != z:
        return "support"
    same_layer = [b for b, bz in boxes if bz == z]
    below = [b for b, bz in boxes if bz == z - 1]
    if z == 0:
        rc = set(cells(r))
        touch = False
        for b in same_layer:
            for (i, j) in cells(b):
                if any((i + di, j + dj) in rc for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                    touch = True
        if not touch:
            return "touch"
    for b in same_layer:
        if side_conflict(r, b):
            return "same-face"
    for b in below:
        if stack_conflict(b, r):
            return "same-face"
    return ""


def cmd_cross(args: argparse.Namespace) -> None:
    sys.path.insert(0, "core")
    from cargobay.games.teamup.geometry import Pallet, pid_of  # public API only

    rng = random.Random(args.seed)
    all_r = list(rects())
    # also some out-of-pallet footprints, to test the "inside" rule
    extra = [(s, x, y, w, d) for s, sizes in SIZES.items() for (w, d) in sizes
             for x in range(W - w + 1, W) for y in range(D)]
    checks = disagreements = 0
    tally: dict[str, int] = defaultdict(int)
    layers_reached: dict[int, int] = defaultdict(int)
    t0 = time.perf_counter()
    shown = 0
    for g in range(args.games):
        edge = rng.choice("64")
        nx, ny, nw, nd = NEUTRAL[edge]
        if rng.random() < 0.5:  # other corners too
            nx = W - nw if rng.random() < 0.5 else 0
            ny = D - nd if rng.random() < 0.5 else 0
        neutral: Rect = ("N", nx, ny, nw, nd)
        npid = pid_of("T", "h" if nw > nd else "v", nx, ny)
        pal = Pallet.start(npid)
        boxes: list[tuple[Rect, int]] = [(neutral, 0)]
        stock = dict(STOCK)
        history = [neutral]
        for _step in range(40):
            cand = [r for r in all_r + extra if stock[r[0]] > 0]
            results = []
            for r in cand:
                s, x, y, w, d = r
                pid = pid_of(s, "h" if w >= d else "v", x, y)
                mine = legal(boxes, r)
                if pid < 0:
                    theirs, tz = "inside", -1
                else:
                    theirs, tz = pal.check(pid)
                checks += 1
                tally[mine or "legal"] += 1
                if bool(mine) != bool(theirs):
                    disagreements += 1
                    if shown < args.show:
                        shown += 1
                        print(f"DISAGREE game {g}: boxes {[(fmt_layer([b]), z + 1) for b, z in boxes]}"
                              f" + {fmt_layer([r])}: mine={mine or 'legal'} engine={theirs or 'legal'}"
                              f" (layer {tz + 1})")
                if not mine:
                    results.append((r, pid, tz))
            if not results:
                break
            # half the games prefer the lowest layer (to fill layers and climb), half pick uniformly
            if g % 2:
                low = min(t for _, _, t in results)
                results = [c for c in results if c[2] == low]
            r, pid, tz = rng.choice(results)
            my_z = max([z + 1 for b, z in boxes for c in cells(b) if c in set(cells(r))] + [0])
            if tz != my_z:
                disagreements += 1
                print(f"LAYER DISAGREE: {fmt_layer([r])}: mine {my_z + 1} engine {tz + 1}")
            pal = pal.place(pid, my_z)
            boxes.append((r, my_z))
            stock[r[0]] -= 1
            history.append(r)
        layers_reached[max(z for _, z in boxes) + 1] += 1
    dt = time.perf_counter() - t0
    print(f"cross-check: {args.games} random games, {checks:,} legality checks, "
          f"{disagreements} disagreements ({dt:.1f} s)")
    print("  my verdicts:", dict(sorted(tally.items())))
    print("  top layer reached per game:", dict(sorted(layers_reached.items())))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("count")
    c.add_argument("--variant", choices=["rulings", "neutral-free"], default="rulings")
    c.add_argument("--example", action="store_true", help="print one perfect pallet per edge")
    c.add_argument("--brute", action="store_true", help="recount by plain depth-first search (slow)")
    x = sub.add_parser("cross")
    x.add_argument("--games", type=int, default=200)
    x.add_argument("--seed", type=int, default=1)
    x.add_argument("--show", type=int, default=10)
    args = ap.parse_args()
    {"count": cmd_count, "cross": cmd_cross}[args.cmd](args)


if __name__ == "__main__":
    main()
