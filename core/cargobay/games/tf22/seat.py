"""What the move generator (legal.py) needs about one seat in one state, computed once per state and kept in the
state's cache (``context``): the seat's zones and enemy zones, which of its units are active, ready to fire and what
they cover, what it may aim at, the room in carriers; and, for the carried unit lists (carry.py), the signature
and what each list read.
"""

from __future__ import annotations

from .board import disk_set
from .carry import Carried, Read, parent_lists
from .fire import LAND_CELLS, active_memo, tide_active, zones
from .state import MAX_SEATS, TF22State
from .units import CAPACITY, LAND_UNITS, size

__all__ = ["Seat", "context", "release"]

_CAPPED = tuple(tuple(min(ap, cap) for cap in range(4)) for ap in range(64))  # Seat.capped per AP, made once


class Seat:
    """What the generator needs about one seat in one state, computed once."""

    def __init__(self, state: TF22State, seat: int) -> None:
        self.state = state  # set by context, taken off after legal_actions/unit_actions (the state's cache holds this)
        self.seat = seat
        self.derived = state.derived
        self.zones = zones(state)
        self.enemy = self.zones.enemy(seat)
        self.ap = state.ap[seat]
        self.land = LAND_CELLS[state.tide]
        self.moving = state.phase == "play" and state.seat == seat  # the seat is in its move (units may act)
        self._ready: list[tuple[int, int, int]] | None = None
        self._covers: list[tuple[int, int, frozenset[int]]] | None = None
        self._aims: set[int] | None = None
        self._active = active_memo(state, seat)  # fire.active's memo of this state, shared
        self.lists: dict[int, list[str]] = {}  # unit -> its actions (unit_actions)
        # carrying the lists from state to state (carry.py): what a list depends on besides the pieces
        self.sig = (state.phase, state.seat, state.breach, state.tide)
        self.records = self.moving and state.breach < 0  # the lists made are recorded for the copies (``carry.entry``)
        self.holder, self.shots, self.built, self.reserve = state.holder, state.shots, state.built, state.reserve
        self.modules, self.landers, self.pieces = state.modules, state.landers, state.pieces
        # unit -> its piece, the hexes its list read, its targets' hexes (shots: the partners within 3 of them), the
        # most AP it looked at (1-3) and the AP up to that
        self.read: dict[int, Read] = {}
        self.need = 0  # while a list is made: how far from the unit it read (``carry.entry``)
        self.near = 0  # and how far its shots looked for partners (armed units, Pontoons, enemy zones only)
        self.reach = 0  # and how far it looked for targets (White Ore, Pontoons, others' pieces only)
        self.aim: list[int] = []  # and the hexes of its targets (the partners within 3 of them: the same kinds)
        ap = self.ap
        self.capped = _CAPPED[ap] if 0 <= ap < len(_CAPPED) else tuple(min(ap, cap) for cap in range(4))  # AP up to 0-3
        self.apcap = 1  # while a list is made: the most AP it looked at (1: any; 2: shots; 3: breaches, repairs)
        self.carried: Carried | None = parent_lists(self, state)  # carry.py

    def active(self, pid: int) -> bool:
        """``fire.active(state, pid, seat)``, with this Seat's zones (the state's) at hand."""
        found = self._active.get(pid)
        if found is None:
            found = self._active[pid] = self._activity(pid)
        return found

    def _activity(self, pid: int) -> bool:
        """``fire._active``, written out."""
        piece = self.pieces[pid]
        where = piece.hex
        if where < 0 or piece.comm < 0 or self.holder[piece.comm] != self.seat:
            return False
        kind = piece.kind
        if kind == "lander":
            return True
        if kind == "turret":
            return pid not in self.zones.silenced
        enemy = self.enemy
        if kind in LAND_UNITS:  # tide-active: on land or on a Pontoon
            return (self.land[where] or where in self.derived.pontoon) and where not in enemy
        if kind == "freighter":
            return tide_active(self.state, piece) and not any(cell in enemy for cell in self.derived.hexes(piece))
        return tide_active(self.state, piece) and where not in enemy

    def ready(self) -> list[tuple[int, int, int]]:
        """The seat's units that can fire now: (id, hex, range)."""
        if self._ready is None:
            state = self.state
            shots, pieces, enemy, seat = state.shots, state.pieces, self.enemy, self.seat
            # a unit projecting fire is active unless it stands in an enemy zone (a Turret there is silenced)
            self._ready = [
                (pid, cell, reach) for pid, (owner, cell, reach) in self.zones.shooters.items()
                if owner == seat and shots.get(pid, 0) < 2 and (cell not in enemy or pieces[pid].kind == "turret")
            ]
        return self._ready

    def covers(self) -> list[tuple[int, int, frozenset[int]]]:
        """``ready`` with the hexes each unit reaches: (id, hex, hexes)."""
        if self._covers is None:
            self._covers = [(pid, cell, disk_set(cell, reach)) for pid, cell, reach in self.ready()]
        return self._covers

    def aims(self) -> set[int]:
        """The hexes where the seat may find something to fire at: White Ore, Pontoons and the pieces it does not
        command (a superset: ``_fire`` looks at each piece there)."""
        if self._aims is None:
            derived, holder, seat = self.derived, self.state.holder, self.seat
            found = derived.ore | derived.pontoon.keys()
            for comm, cells in derived.comms.items():
                if holder[comm] != seat:
                    found |= cells
            self._aims = found
        return self._aims

    def free_space(self, carrier: int) -> int:
        kind = self.state.pieces[carrier].kind
        if kind == "lander":
            return 1 << 20
        pieces, cargo = self.state.pieces, self.derived.cargo
        used = sum(size(pieces[item].kind, len(cargo.get(item, ()))) for item in cargo.get(carrier, ()))
        return CAPACITY[kind] - used

    def space(self, pid: int) -> int:
        return size(self.state.pieces[pid].kind, len(self.derived.cargo.get(pid, ())))



_SEAT_KEYS = tuple(("seat", seat) for seat in range(MAX_SEATS))  # made once: no tuple per call


def context(state: TF22State, seat: int) -> Seat:
    """The Seat of ``seat`` in ``state`` (made once per state, kept in its cache), with the state put on it:
    ``release`` takes it off."""
    key = _SEAT_KEYS[seat] if 0 <= seat < MAX_SEATS else ("seat", seat)
    ctx = state._cache.get(key)
    if ctx is None:
        ctx = state._cache[key] = Seat(state, seat)
    else:
        ctx.state = state
    result: Seat = ctx
    return result



def release(ctx: Seat) -> None:
    """Take the state off its Seat (the state's cache holds the Seat: with the state it would be a reference
    cycle, freed only by the cyclic garbage collector); ``context`` puts it back."""
    ctx.__dict__.pop("state", None)

