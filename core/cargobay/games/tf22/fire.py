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

from collections import Counter

from .board import NEIGHBOURS, TERRAIN, disk, parse_hex
from .state import TF22State
from .tides import BEFORE_FIRST_CARD, LAND
from .units import LAND_UNITS, RANGE, SEA_UNITS, Piece

__all__ = ["Zones", "active", "destroy", "tide_active", "unit_range", "wash_pontoons", "zones"]


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
    where = piece.hex
    if where < 0:
        return False
    kind = piece.kind
    if kind in LAND_UNITS:
        return LAND_CELLS[state.tide][where] or where in state.derived.pontoon
    if kind in SEA_UNITS:
        land, derived = LAND_CELLS[state.tide], state.derived
        return all(not land[cell] and cell not in derived.pontoon for cell in derived.hexes(piece))
    return True


def unit_range(piece: Piece, cell: int | None = None) -> int:
    """Firing range from ``cell`` (default: where the piece stands)."""
    where = piece.hex if cell is None else cell
    bonus = 1 if piece.kind == "rcu" and TERRAIN[where] == "^" else 0
    return RANGE[piece.kind] + bonus


class Zones:
    """Fire coverage per seat: ``count[seat][hex]`` armed units of the seat reaching the hex (0 if none)."""

    __slots__ = ("_enemy", "count", "covered", "key", "shooters", "silenced")

    def __init__(self, state: TF22State) -> None:
        self.count: list[Counter[int]] = [Counter() for _ in range(state.seats)]
        self.shooters: dict[int, tuple[int, int, int]] = {}  # pid -> (seat, hex, range), projecting units
        self._enemy: dict[int, frozenset[int]] = {}
        self.key = _key(state)  # what besides the armed pieces and Pontoons they depend on: the tide, the holders
        pieces = state.pieces
        for pid in sorted(state.derived.armed):  # id order (the order of ``pieces`` in every state a bot sees)
            piece = pieces[pid]
            seat = state.controller(piece)
            if seat < 0 or not tide_active(state, piece):
                continue
            reach = unit_range(piece)
            self.shooters[pid] = (seat, piece.hex, reach)
            self.count[seat].update(disk(piece.hex, reach))
        # ruling 12: a Laser Turret under an enemy Zone of Fire is inactive and projects no fire
        self.silenced: frozenset[int] = frozenset(
            pid for pid, (seat, cell, _) in self.shooters.items()
            if state.pieces[pid].kind == "turret"
            and any(other != seat and row[cell] >= 2 for other, row in enumerate(self.count)))
        for pid in self.silenced:
            seat, cell, reach = self.shooters.pop(pid)
            self.count[seat].subtract(disk(cell, reach))
        # each seat's zone
        self.covered = [{cell for cell, n in row.items() if n >= 2} for row in self.count]

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


def _key(state: TF22State) -> tuple[str, tuple[int, ...]]:
    return state.tide, tuple(state.holder)


def zones(state: TF22State) -> Zones:
    """The state's Zones of Fire: those of the state it was copied from (or of itself before a piece changed) while
    no armed unit and no Pontoon changed and the tide and the holders are the same, else computed afresh."""
    cache = state._cache
    found = cache.get("zones")
    if found is None:
        found = cache.pop("carried", None)
        if found is None or found.key != _key(state):
            found = Zones(state)
        cache["zones"] = found
    result: Zones = found
    return result


def active(state: TF22State, pid: int, seat: int) -> bool:
    """``seat`` may act with the piece now (move, load, unload, fire, capture, build)."""
    memo = state._cache.get(("active", seat))
    if memo is None:
        memo = state._cache[("active", seat)] = {}
    found = memo.get(pid)
    if found is None:
        found = memo[pid] = _active(state, pid, seat)
    return found


def _active(state: TF22State, pid: int, seat: int) -> bool:
    piece = state.pieces[pid]
    if piece.hex < 0 or state.controller(piece) != seat:
        return False
    if piece.kind == "lander":
        return True
    if piece.kind == "turret":
        return pid not in zones(state).silenced
    if not tide_active(state, piece):
        return False
    enemy = zones(state).enemy(seat)
    return not any(cell in enemy for cell in state.derived.hexes(piece))


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
