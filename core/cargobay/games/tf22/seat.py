"""What the move generator (legal.py) needs about one seat in one state, computed once per state and kept in the
state's cache (``context``): the seat's zones and enemy zones, which of its units are active and ready to fire, what it
may aim at, the room in carriers; and, for the carried unit lists (carry.py), the signature
and what each list read.
"""

from __future__ import annotations

from weakref import ref

from ...engine import StateError
from . import carry
from .carry import Carried, Read, parent_lists
from .fire import LAND_CELLS, active_memo, activity, zones
from .state import AIM_ANY, MAX_SEATS, TF22State
from .units import CAPACITY, size

__all__ = ["Seat", "context"]

_CAPPED = tuple(tuple(min(ap, cap) for cap in range(4)) for ap in range(64))  # Seat.capped per AP, made once


class Seat:
    """What the generator needs about one seat in one state, computed once."""

    def __init__(self, state: TF22State, seat: int) -> None:
        # the state, weakly: its cache holds this Seat, so a strong reference would make every state a reference
        # cycle (freed only by the cyclic garbage collector); it is alive whenever its Seat is asked (``context``)
        self._state = ref(state)
        self.seat = seat
        self.derived = state.derived
        self.zones = zones(state)
        self.enemy = self.zones.enemy(seat)
        self.ap = state.ap[seat]
        phase, mover, breach, tide = state.phase, state.seat, state.breach, state.tide
        self.land = LAND_CELLS[tide]
        self.moving = phase == "play" and mover == seat  # the seat is in its move (units may act)
        self._ready: list[tuple[int, int, int]] | None = None
        self._aims: set[int] | None = None
        self._active = active_memo(state, seat)  # fire.active's memo of this state, shared
        self.lists: dict[int, list[str]] = {}  # unit -> its actions (unit_actions)
        # carrying the lists from state to state (carry.py): what a list depends on besides the pieces
        self.sig = (phase, mover, breach, tide)
        self.breach = breach
        self.records = self.moving and breach < 0  # the lists made are recorded for the copies (``carry.entry``)
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
        parent: Seat | None = state._carry
        self.carried: Carried | None = parent_lists(self, state)  # carry.py
        if self.carried is not None and parent is not None:
            self._inherit(parent, self.carried[2])

    def _inherit(self, parent: Seat, dirty: set[int]) -> None:
        """Take over what the mover's Seat of the state this was copied from worked out and nothing since changed
        (``parent_lists`` matched: the same seat, tide, holders and shots): the units ready to fire while the Zones
        of Fire are the same object (copy on write: unchanged), the hexes to aim at while
        no White Ore, Pontoon or piece of another command changed (``AIM_ANY``)."""
        if parent.zones is self.zones:
            self._ready = parent._ready
        if AIM_ANY not in dirty:
            self._aims = parent._aims
        if carry.CHECK_CARRIED:  # the tests: what is taken over is what would be worked out afresh
            fresh = Seat.__new__(Seat)
            fresh.__dict__.update(self.__dict__)
            fresh._ready = fresh._aims = None
            assert (self._ready is None or self._ready == fresh.ready()) and (
                self._aims is None or self._aims == fresh.aims()), "a Seat took over what changed"

    @property
    def state(self) -> TF22State:
        """The state this Seat is of (``context`` is always called with it at hand); a ``StateError`` if that state
        is gone (a Seat kept past its state: a real check, not an ``assert``, which ``python -O`` would drop)."""
        found = self._state()
        if found is None:
            raise StateError("a TF22 Seat outlived its state: ask seat.context(state, seat) with the state at hand")
        return found

    def active(self, pid: int) -> bool:
        """``fire.active(state, pid, seat)``, with this Seat's zones (the state's) at hand."""
        found = self._active.get(pid)
        if found is None:
            found = self._active[pid] = activity(self.pieces, self.holder, self.land, self.derived, self.zones,
                                                 self.enemy, pid, self.seat)
        return found

    def ready(self) -> list[tuple[int, int, int]]:
        """The seat's units that can fire now: (id, hex, range)."""
        if self._ready is None:
            shots, pieces, enemy, seat = self.shots, self.pieces, self.enemy, self.seat
            # a unit projecting fire is active unless it stands in an enemy zone (a Turret there is silenced)
            self._ready = [
                (pid, cell, reach) for pid, (owner, cell, reach) in self.zones.shooters.items()
                if owner == seat and shots.get(pid, 0) < 2 and (cell not in enemy or pieces[pid].kind == "turret")
            ]
        return self._ready

    def aims(self) -> set[int]:
        """The hexes where the seat may find something to fire at: White Ore, Pontoons and the pieces it does not
        command (a superset: ``_fire`` looks at each piece there)."""
        if self._aims is None:
            derived, holder, seat = self.derived, self.holder, self.seat
            found = derived.ore | derived.pontoon.keys()
            for comm, cells in derived.comms.items():
                if holder[comm] != seat:
                    found |= cells
            self._aims = found
        return self._aims

    def free_space(self, carrier: int) -> int:
        pieces, cargo = self.pieces, self.derived.cargo
        kind = pieces[carrier].kind
        if kind == "lander":
            return 1 << 20
        used = sum(size(pieces[item].kind, len(cargo.get(item, ()))) for item in cargo.get(carrier, ()))
        return CAPACITY[kind] - used

    def space(self, pid: int) -> int:
        return size(self.pieces[pid].kind, len(self.derived.cargo.get(pid, ())))



_SEAT_KEYS = tuple(("seat", seat) for seat in range(MAX_SEATS))  # made once: no tuple per call


def context(state: TF22State, seat: int) -> Seat:
    """The Seat of ``seat`` in ``state`` (made once per state, kept in its cache)."""
    key = _SEAT_KEYS[seat] if 0 <= seat < MAX_SEATS else ("seat", seat)
    ctx: Seat | None = state._cache.get(key)
    if ctx is None:
        ctx = state._cache[key] = Seat(state, seat)
    return ctx
