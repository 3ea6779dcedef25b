"""Activity, Zones of Fire, destruction and capture (the rulebook's "Armament and Combat"; rulings 5-7).

- A unit is **tide-active** when the current tide lets it stand where it is: a land unit on land (or on a
  Pontoon), a sea unit with both its hexes on sea. Stranded or flooded units are inactive until the tide turns.
- A seat's **Zone of Fire** is every hex within range of two or more of its armed units that project fire: on the
  map, commanded, tide-active (Laser Turrets always). Ranges: Robot Combat Unit 2 (3 on a mountain), Heavy Combat
  Spider 3, Speedboat 2, Laser Turret 2.
- Ruling 12: a Zone of Fire makes every enemy unit under it inactive, Laser Turrets included ("these enemy units
  become inactive"); an inactive Turret neither fires nor counts towards its owner's Zone of Fire.
- Decided here: a mobile unit inside an enemy Zone of Fire is inactive (no moving, firing, loading, capturing) but
  still projects fire, so zones are the same whatever order units came in. A Turret is judged against the zones
  all projecting units make (``Zones``: first every unit, then the Turrets under enemy fire taken out). Landers stand
  at least 4 hexes apart (the landing zone) and a Turret reaches 2, so no Turret ever reaches an enemy Turret: taking
  the inactive ones out changes no zone over another Turret, and the order of the two steps cannot matter. Landers
  are never made inactive by a zone (loading and unloading already avoid hexes under enemy fire).
- A unit is **active** for its commander when it is on the map, tide-active and (Landers aside) not in an enemy
  Zone of Fire.

>>> RANGE_CELLS = [len(disk_for(r)) for r in (1, 2, 3)]; RANGE_CELLS
[7, 19, 37]
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from itertools import compress

from .board import CELLS, NEIGHBOURS, TERRAIN, disk, disk_set, parse_hex
from .state import MAX_SEATS, Derived, TF22State
from .tides import BEFORE_FIRST_CARD, LAND
from .units import LAND_UNITS, RANGE, SEA_UNITS, Piece

__all__ = ["Zones", "active", "activity", "destroy", "tide_active", "tide_allows", "unit_range", "wash_pontoons",
           "zones"]


def disk_for(radius: int) -> tuple[int, ...]:
    """The disk of ``radius`` around a hex far from the edges (for the doctest)."""
    return disk(parse_hex("14,9"), radius)


def level(state: TF22State) -> str:
    return state.tide or BEFORE_FIRST_CARD


# per tide level (and "" for turn 1, read at normal tide): is each cell land? (a tuple indexed by cell)
LAND_CELLS: dict[str, tuple[bool, ...]] = {
    name: tuple(bool(terrain) and LAND[name][terrain] for terrain in TERRAIN) for name in LAND
}
LAND_CELLS[""] = LAND_CELLS[BEFORE_FIRST_CARD]


def land_at(state: TF22State, cell: int) -> bool:
    """Land under the current tide."""
    return LAND_CELLS[state.tide][cell]


def tide_active(state: TF22State, piece: Piece) -> bool:
    """The tide lets the piece act where it stands (carried pieces: never on their own)."""
    return tide_allows(LAND_CELLS[state.tide], state.derived, piece)


def tide_allows(land: tuple[bool, ...], derived: Derived, piece: Piece) -> bool:
    """``tide_active`` from what it reads: the land under the tide (``LAND_CELLS``) and the occupancy."""
    where = piece.hex
    if where < 0:
        return False
    kind = piece.kind
    if kind in LAND_UNITS:
        return land[where] or where in derived.pontoon
    if kind in SEA_UNITS:
        return all(not land[cell] and cell not in derived.pontoon for cell in derived.hexes(piece))
    return True


def unit_range(piece: Piece, cell: int | None = None) -> int:
    """Firing range from ``cell`` (default: where the piece stands)."""
    where = piece.hex if cell is None else cell
    bonus = 1 if piece.kind == "rcu" and TERRAIN[where] == "^" else 0
    return RANGE[piece.kind] + bonus


class Zones:
    """Fire coverage per seat: ``count[seat][hex]`` armed units of the seat reaching the hex (0 if none; a
    bytearray indexed by hex: copied in one step). Computed once, then kept up to date as armed units and
    Pontoons change (``updated``, from ``TF22State.put``/``drop``). ``proj`` holds every unit projecting fire
    (``turrets`` the Laser Turrets among them); the Turrets under an enemy Zone of Fire that all of them make are
    ``silenced`` (ruling 12) and ``count`` leaves them out. A state's copies share one object until one of them
    changes an armed unit (copy on write, like the occupancy)."""

    __slots__ = ("_enemy", "_mine", "_shooters", "count", "covered", "key", "owner", "proj", "silenced", "turrets")

    def __init__(self, state: TF22State) -> None:
        seats = state.seats
        self.count: list[bytearray] = [bytearray(CELLS) for _ in range(seats)]
        self.proj: dict[int, tuple[int, int, int]] = {}  # pid -> (seat, hex, range), every projecting unit
        self.turrets: dict[int, tuple[int, int, int]] = {}
        self.silenced: frozenset[int] = frozenset()
        self.key = _key(state)  # what besides the armed pieces and Pontoons they depend on: the tide, the holders
        self.owner = 0  # the serial number of the one state that may update it in place (0: none)
        self._enemy: dict[int, frozenset[int]] = {}
        self._shooters: dict[int, tuple[int, int, int]] | None = None
        pieces = state.pieces
        sums = [0] * seats  # per seat, the counts as one byte per hex of an int (``_lanes``): summed at C speed
        for pid in state.derived.armed:
            found = _projects(state, pid)
            if found is not None:
                self.proj[pid] = found
                if pieces[pid].kind == "turret":
                    self.turrets[pid] = found
                sums[found[0]] += _lanes(found[1], found[2])
        self.count = [bytearray(total.to_bytes(CELLS, "little")) for total in sums]
        # ruling 12: a Laser Turret under an enemy Zone of Fire is inactive and projects no fire
        self.silenced = self._silenced(frozenset())
        for pid in self.silenced:
            seat, cell, reach = self.proj[pid]
            for other in disk(cell, reach):
                self.count[seat][other] -= 1
        self.covered: list[set[int]] = [set(compress(range(CELLS), row.translate(_AT_LEAST_2))) for row in self.count]
        self._mine = (1 << seats) - 1  # the seats whose ``covered`` set is this object's own (bits; copy on write)

    def _silenced(self, left_out: frozenset[int]) -> frozenset[int]:
        """The Turrets in an enemy zone of every projecting unit, ``count`` leaving out the Turrets ``left_out``."""
        count, turrets = self.count, self.turrets
        found = []
        for pid, (seat, cell, _) in turrets.items():
            for other, row in enumerate(count):
                if other == seat:
                    continue
                n = row[cell]
                if left_out:
                    n += sum(1 for out in left_out if turrets[out][0] == other
                             and cell in disk_set(turrets[out][1], turrets[out][2]))
                if n >= 2:
                    found.append(pid)
                    break
        return frozenset(found)

    def clone(self) -> Zones:
        new = Zones.__new__(Zones)
        new.count = [row.copy() for row in self.count]
        new.covered = list(self.covered)  # shared until changed (``_step``)
        new._mine = self._mine = 0
        new.proj, new.turrets, new.silenced, new.key = self.proj.copy(), self.turrets.copy(), self.silenced, self.key
        new.owner, new._enemy, new._shooters = 0, self._enemy.copy(), None  # enemy(): dropped as zones change
        return new

    def updated(self, state: TF22State, pids: tuple[int, ...], changed: list[set[int]]) -> Zones:
        """These Zones after the pieces ``pids`` changed in ``state`` (already changed; copied first unless
        ``state`` owns them); adds to ``changed[seat]`` every hex where the seat's zone began or ended, or its count
        crossed between 2 and 3 (what legal.py reads: in a zone, exactly 2 units), and a Turret's hex whose
        silencing changed. A unit of the same seat that moved counts only on the hexes its fire left or entered."""
        proj = self.proj
        entries = [(pid, proj.get(pid), _projects(state, pid)) for pid in pids]
        entries = [item for item in entries if item[1] != item[2]]
        if not entries:
            return self
        zones_ = self if self.owner == state._serial else self.clone()
        zones_.owner = state._serial
        zones_._shooters = None
        proj, turrets, silenced = zones_.proj, zones_.turrets, zones_.silenced
        steps: list[tuple[tuple[int, int, int], int]] = []
        moved = set()
        turret = False  # a Turret among the pieces changed
        for pid, old, new in entries:
            moved.add(pid)
            if old is not None:
                del proj[pid]
                turret |= turrets.pop(pid, None) is not None
                if pid not in silenced:
                    if new is not None and new[0] == old[0]:  # the same seat's fire moved: only the difference
                        gone, come = _shift(old[1], old[2], new[1], new[2])
                        zones_._step(old[0], gone, -1, changed)
                        zones_._step(old[0], come, 1, changed)
                        proj[pid] = new
                        if state.pieces[pid].kind == "turret":
                            turrets[pid] = new
                        continue
                    steps.append((old, -1))
            if new is not None:
                proj[pid] = new
                if state.pieces[pid].kind == "turret":
                    turrets[pid] = new
                    turret = True
                steps.append((new, 1))
        zones_._apply(steps, changed)  # count now leaves out the silenced Turrets that did not change
        if not silenced and not turret and not any(  # (each Turret looked at only for the seats whose zone changed)
                cells and any(cell in cells for seat, cell, _ in turrets.values() if seat != other)
                for other, cells in enumerate(changed)):
            return zones_  # none was silenced, none changed, no other seat's zone began over one: none is now
        kept = silenced - moved
        after = zones_._silenced(kept)
        steps = [(proj[pid], -1) for pid in after - kept]  # newly silenced (a changed one was counted in)
        steps += [(proj[pid], 1) for pid in kept - after]
        for pid in (silenced ^ after) - moved:
            for cells in changed:  # the Turret's own activity changed (legal.py watches a unit's own hex)
                cells.add(proj[pid][1])
        zones_.silenced = after
        zones_._apply(steps, changed)
        return zones_

    def _apply(self, steps: list[tuple[tuple[int, int, int], int]], changed: list[set[int]]) -> None:
        for (seat, at, reach), step in steps:
            self._step(seat, disk(at, reach), step, changed)

    def _step(self, seat: int, hexes: tuple[int, ...], step: int, changed: list[set[int]]) -> None:
        """One more (``step`` 1) or one fewer (-1) of ``seat``'s units reaches each of ``hexes``. The counts and
        zones after several steps do not depend on their order."""
        row, zone, cells = self.count[seat], self.covered[seat], changed[seat]
        up = step > 0
        touched = False
        for cell in hexes:
            n = row[cell]
            row[cell] = n + step
            if n + up == 2:  # 1 -> 2 or 2 -> 1: the zone begins or ends here
                cells.add(cell)
                if not touched:  # the seat's zone changes: its own copy of it; the others' enemy() are dropped
                    touched = True
                    if not self._mine >> seat & 1:
                        zone = self.covered[seat] = zone.copy()
                        self._mine |= 1 << seat
                    for other in [other for other in self._enemy if other != seat]:
                        del self._enemy[other]
                if up:
                    zone.add(cell)
                else:
                    zone.discard(cell)
            elif n + up == 3:  # 2 -> 3 or 3 -> 2
                cells.add(cell)

    @property
    def shooters(self) -> dict[int, tuple[int, int, int]]:
        """The units projecting fire, in id order: pid -> (seat, hex, range)."""
        found = self._shooters
        if found is None:
            silenced = self.silenced
            found = self._shooters = {pid: self.proj[pid] for pid in sorted(self.proj) if pid not in silenced}
        return found

    def zone(self, seat: int) -> list[int]:
        """The hexes of ``seat``'s Zone of Fire, in order."""
        return sorted(self.covered[seat])

    def enemy(self, seat: int) -> frozenset[int]:
        """The hexes in some other seat's Zone of Fire."""
        found = self._enemy.get(seat)
        if found is None:
            found = self._enemy[seat] = frozenset().union(
                *(zone for other, zone in enumerate(self.covered) if other != seat))
        return found


@cache
def _lanes(cell: int, reach: int) -> int:
    """The hexes within ``reach`` of ``cell`` as an int of one byte per hex (1 there, else 0; hex 0 lowest): the sum
    over a seat's units projecting fire holds in each byte how many reach that hex (at most 255: a seat has far
    fewer armed pieces)."""
    found = 0
    for other in disk(cell, reach):
        found |= 1 << (8 * other)
    return found


_AT_LEAST_2 = bytes(1 if n >= 2 else 0 for n in range(256))  # bytearray.translate: 1 where 2 or more units reach


@cache
def _shift(old: int, old_reach: int, new: int, new_reach: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The hexes a unit's fire leaves and enters when it goes from ``old`` to ``new`` (ranges given)."""
    before, after = disk_set(old, old_reach), disk_set(new, new_reach)
    return tuple(sorted(before - after)), tuple(sorted(after - before))


def _projects(state: TF22State, pid: int) -> tuple[int, int, int] | None:
    """(seat, hex, range) of an armed piece that projects fire (on the map, commanded, tide-active), else None."""
    piece = state.pieces.get(pid)
    if piece is None or piece.kind not in RANGE or piece.hex < 0:
        return None
    seat = state.controller(piece)
    if seat < 0 or not tide_active(state, piece):
        return None
    return seat, piece.hex, unit_range(piece)


def _key(state: TF22State) -> tuple[str, tuple[int, ...]]:
    return state.tide, tuple(state.holder)


def zones(state: TF22State) -> Zones:
    """The state's Zones of Fire: those of the state it was copied from (kept up to date piece by piece) while the
    tide and the holders are the same, else computed afresh (and then every unit's carried actions are dropped:
    they were computed with other zones)."""
    cache = state._cache
    found = cache.get("zones")
    if found is None:
        found = cache.pop("carried", None)
        if found is None or found.key != _key(state):
            found = Zones(state)
            cache.pop("units", None)
            state._carry = state._dirty = None  # what changed in the zones is not known: no unit list carried
        cache["zones"] = found
    result: Zones = found
    return result


ACTIVE_KEYS = tuple(("active", seat) for seat in range(MAX_SEATS))  # the memo's key in a state's cache, per seat


def active_memo(state: TF22State, seat: int) -> dict[int, bool]:
    """The state's memo of ``active`` for ``seat`` (pid -> bool), made on first use."""
    key = ACTIVE_KEYS[seat] if 0 <= seat < MAX_SEATS else ("active", seat)
    memo: dict[int, bool] | None = state._cache.get(key)
    if memo is None:
        memo = state._cache[key] = {}
    return memo


def active(state: TF22State, pid: int, seat: int) -> bool:
    """``seat`` may act with the piece now (move, load, unload, fire, capture, build)."""
    memo = active_memo(state, seat)
    found = memo.get(pid)
    if found is None:
        found = memo[pid] = _active(state, pid, seat)
    return found


def _active(state: TF22State, pid: int, seat: int) -> bool:
    found = zones(state)
    return activity(state.pieces, state.holder, LAND_CELLS[state.tide], state.derived, found, found.enemy(seat), pid,
                    seat)


def activity(pieces: Mapping[int, Piece], holder: list[int], land: tuple[bool, ...], derived: Derived, zones_: Zones,
             enemy: frozenset[int], pid: int, seat: int) -> bool:
    """``active`` from what it reads: the pieces, the holders, the land under the tide (``LAND_CELLS``), the
    occupancy, the Zones of Fire and the hexes in an enemy zone of ``seat`` (the one rule of activity: ``active``
    and the move generator's ``seat.Seat.active`` both ask it)."""
    piece = pieces[pid]
    where = piece.hex
    if where < 0 or piece.comm < 0 or holder[piece.comm] != seat:
        return False
    kind = piece.kind
    if kind == "lander":
        return True
    if kind == "turret":
        return pid not in zones_.silenced
    if kind in LAND_UNITS:  # tide-active: on land or on a Pontoon
        return (land[where] or where in derived.pontoon) and where not in enemy
    if kind in SEA_UNITS:  # tide-active: every hex on sea (no Pontoon); and none in an enemy zone
        pontoon = derived.pontoon
        return all(not land[cell] and cell not in pontoon and cell not in enemy for cell in derived.hexes(piece))
    return where not in enemy


def destroy(state: TF22State, pid: int) -> list[int]:
    """Remove a piece from the game with its cargo (and, for a Pontoon, whatever stands on it); the ids removed."""
    derived = state.derived
    piece = state.pieces[pid]
    gone = [pid, *derived.contents(pid)]
    if piece.kind == "pontoon":
        above = derived.top.get(piece.hex)
        if above is not None:
            gone += [above, *derived.contents(above)]
    for gid in gone:
        state.drop(gid)
        state.shots.pop(gid, None)
        state.built.pop(gid, None)
    return gone


def grounded(state: TF22State) -> set[int]:
    """The Pontoons still in contact with a non-flooded surface hex, directly or through a chain of Pontoons
    (a Lander's hexes count as surface)."""
    derived = state.derived
    land = LAND[level(state)]
    todo = [
        pid for cell, pid in derived.pontoon.items()
        if land[TERRAIN[cell]] or any(land[TERRAIN[n]] or n in derived.lander for n in NEIGHBOURS[cell])
    ]
    held = set(todo)
    while todo:
        cell = state.pieces[todo.pop()].hex
        for n in NEIGHBOURS[cell]:
            other = derived.pontoon.get(n)
            if other is not None and other not in held:
                held.add(other)
                todo.append(other)
    return held


def wash_pontoons(state: TF22State) -> list[int]:
    """Pontoons that lost contact with the surface sink with what stands on them; the ids of the Pontoons lost."""
    held = grounded(state)
    lost = sorted(pid for pid in state.derived.pontoon.values() if pid not in held)
    for pid in lost:
        destroy(state, pid)
    return lost


def bridgeable(state: TF22State, cell: int) -> bool:
    """A Pontoon put on ``cell`` would stay: the hex or a neighbour is surface, or a neighbour holds a Pontoon."""
    derived = state.derived
    land = LAND[level(state)]
    return land[TERRAIN[cell]] or any(
        land[TERRAIN[n]] or n in derived.lander or n in derived.pontoon for n in NEIGHBOURS[cell]
    )
