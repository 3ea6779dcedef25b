"""The unit lists carried from a state to its copies: a copy's ``legal.Seat`` takes over each list of the state it
was copied from whose unit, AP class and read hexes are untouched, provided the signature matches; every list made
afresh records what it read for the copies to come.

- **What a list records** (``entry``, ``Seat.read``): its piece (compared by identity), the AP class it looked at
  (1 any, 2 shots, 3 breaches and repairs) and the AP up to that, and the hexes it read, by kind of change
  (``_watched``): any piece within ``need``; fire changes (``FIRE_WATCH``: armed units, Pontoons, enemy zones)
  within 3 of each target (``_aimed``), or within ``near`` when it found no partner; aim changes (``AIM_WATCH``:
  White Ore, Pontoons, pieces the mover does not command) within ``reach``; cargo changes (``CARGO_WATCH``),
  carriers only.
- **What a copy records** (``TF22State._dirty``, state.py and fire.py): every change since the copy.
- **The signature** (``parent_lists``): phase, mover, breach and tide; the holders, shots, builds, reserve, modules
  and Landers, compared with ``==``. Nothing is carried after a fresh ``Zones``, ``forget()`` or a breach.
- ``CHECK_CARRIED`` (the tests set it): every carried list is compared with one made afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from .board import CELLS, disk, disk_set
from .state import AIM_WATCH, CARGO_WATCH, FIRE_WATCH, TF22State
from .units import CARRIERS, Piece

if TYPE_CHECKING:  # seat.py imports this module
    from .seat import Seat

__all__ = ["CHECK_CARRIED", "Carried", "Read", "entry", "parent_lists"]

CHECK_CARRIED = False  # the tests set it: every carried list is compared with one made afresh

# Seat.read's entries: a unit's piece, what its list read (``_watched``), the AP class it looked at, the AP up to it
Read = tuple[Piece, frozenset[int], int, int]
Carried = tuple[dict[int, list[str]], dict[int, Read], set[int]]  # the parent's lists, their reads, what changed


def parent_lists(ctx: Seat, state: TF22State) -> Carried | None:
    """The lists of the state ``state`` was copied from that ``ctx`` (the mover's Seat of ``state``) may take
    over: the parent's Seat of the same seat, with the same signature (``Seat.sig``, the holders, shots, builds,
    reserve, modules, Landers), in a move outside a breach; with what changed since the copy."""
    parent: Seat | None = state._carry
    seat = ctx.seat
    if parent is not None and parent.seat == seat:
        state._carry = None  # taken over (or not) by the seat's one Seat of this state
    dirty = state._dirty
    if (parent is not None and dirty is not None and ctx.moving and state.breach < 0 and parent.seat == seat
            and parent.sig == ctx.sig and parent.holder == state.holder and parent.shots == state.shots
            and parent.built == state.built and parent.reserve == state.reserve
            and parent.modules == state.modules and parent.landers == state.landers):
        return parent.lists, parent.read, dirty
    return None


def entry(ctx: Seat, pid: int, make: Callable[[Seat, int], list[str]]) -> list[str]:
    """Unit ``pid``'s actions (kept in ``ctx.lists``): the parent's list if ``ctx`` carries the parent's lists
    (``parent_lists``) and nothing that list read changed since the copy (the same piece, the same AP up to the
    class it looked at, no change on what it watched: ``_watched``, ``_aimed``); else made afresh by ``make`` and,
    in a move, what it read recorded (``Seat.read``) for the copies to come."""
    piece = ctx.pieces.get(pid)
    carried = ctx.carried
    if carried is not None:
        read = carried[1].get(pid)
        if (read is not None and read[0] is piece and read[3] == ctx.capped[read[2]]
                and carried[2].isdisjoint(read[1])):
            found = carried[0][pid]
            if CHECK_CARRIED:
                fresh = make(ctx, pid)
                assert fresh == found, (pid, piece, found, fresh)
            ctx.lists[pid] = found
            ctx.read[pid] = read
            return found
    if not ctx.records or piece is None or piece.hex < 0:
        found = ctx.lists[pid] = make(ctx, pid)
        return found
    ctx.need = ctx.near = ctx.reach = 0  # nothing read yet: ``make`` widens these (legal._need, legal._fire)
    ctx.apcap = 1
    aim = ctx.aim = []
    found = ctx.lists[pid] = make(ctx, pid)
    cap = ctx.apcap
    watched = _watched(piece.hex, ctx.need, ctx.near, ctx.reach, piece.kind in CARRIERS)
    if aim:
        watched = _aimed(watched, tuple(aim))
    ctx.read[pid] = (piece, watched, cap, ctx.capped[cap])
    return found


# per hex: the hexes within 3 (the longest range) as fire changes (``FIRE_WATCH`` added)
_FIRE_NEAR = [frozenset(FIRE_WATCH + other for other in disk(cell, 3)) for cell in range(CELLS)]


# 2,048 sets of ~4 KB (~8 MB, held for the worker's life in Pyodide): in random play most of the hits (review s7,
# finding 6: 16,384 could hold ~65 MB); bot play misses a few times a match
@lru_cache(maxsize=1 << 11)
def _aimed(watched: frozenset[int], aim: tuple[int, ...]) -> frozenset[int]:
    """``watched`` and a change of fire within 3 of each of a list's targets' hexes (``aim``: the partners that may
    cover them), in one set: a carried list is checked with one ``isdisjoint``."""
    return watched.union(*(_FIRE_NEAR[cell] for cell in aim))


@cache
def _watched(cell: int, need: int, near: int, reach: int, carrier: bool) -> frozenset[int]:
    """What a list made for a unit on ``cell`` read, as ``TF22State._dirty`` names changes: the hexes within
    ``need``; (``FIRE_WATCH`` added) those within ``near`` for a change of fire (shots' partners); (``AIM_WATCH``
    added) those within ``reach`` for a change of what it may fire at; (``CARGO_WATCH`` added, a carrier's list)
    those within ``need`` for a change of cargo (its own, its neighbours')."""
    found = disk_set(cell, need)
    if carrier:
        found |= {CARGO_WATCH + other for other in disk(cell, need)}
    if near:
        found |= {FIRE_WATCH + other for other in disk(cell, near)}
    if reach:
        found |= {AIM_WATCH + other for other in disk(cell, reach)}
    return found
