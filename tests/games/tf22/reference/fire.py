"""The reference: core/cargobay/games/tf22/fire.py as it was at commit 9b96c00 (before the move generator
was made incremental), imports made absolute; tests/games/tf22/test_differential.py compares the legal
actions of the engine with those of this copy at every step of random matches. Not to be edited."""
# mypy: ignore-errors

from __future__ import annotations

from collections import Counter

from cargobay.games.tf22.board import NEIGHBOURS, TERRAIN, disk, parse_hex
from cargobay.games.tf22.tides import BEFORE_FIRST_CARD, LAND
from cargobay.games.tf22.units import ARMED, LAND_UNITS, RANGE, SEA_UNITS, Piece

from .state import TF22State

__all__ = ["Zones", "active", "destroy", "tide_active", "unit_range", "wash_pontoons", "zones"]


def disk_for(radius: int) -> tuple[int, ...]:
    """The disk of ``radius`` around a hex far from the edges (for the doctest)."""
    return disk(parse_hex("14,9"), radius)


def level(state: TF22State) -> str:
    return state.tide or BEFORE_FIRST_CARD


def land_at(state: TF22State, cell: int) -> bool:
    """Land under the current tide."""
    return LAND[level(state)][TERRAIN[cell]]


def tide_active(state: TF22State, piece: Piece) -> bool:
    """The tide lets the piece act where it stands (carried pieces: never on their own)."""
    if piece.hex < 0:
        return False
    kind = piece.kind
    land = LAND[level(state)]
    if kind in LAND_UNITS:
        return land[TERRAIN[piece.hex]] or piece.hex in state.derived.pontoon
    if kind in SEA_UNITS:
        derived = state.derived
        return all(not land[TERRAIN[cell]] and cell not in derived.pontoon for cell in derived.hexes(piece))
    return True


def unit_range(piece: Piece, cell: int | None = None) -> int:
    """Firing range from ``cell`` (default: where the piece stands)."""
    where = piece.hex if cell is None else cell
    bonus = 1 if piece.kind == "rcu" and TERRAIN[where] == "^" else 0
    return RANGE[piece.kind] + bonus


class Zones:
    """Fire coverage per seat: ``count[seat][hex]`` armed units of the seat reaching the hex (0 if none)."""

    __slots__ = ("_enemy", "count", "covered", "shooters", "silenced")

    def __init__(self, state: TF22State) -> None:
        self.count: list[Counter[int]] = [Counter() for _ in range(state.seats)]
        self.shooters: dict[int, tuple[int, int, int]] = {}  # pid -> (seat, hex, range), projecting units
        self._enemy: dict[int, frozenset[int]] = {}
        for pid, piece in state.pieces.items():
            if piece.kind not in ARMED or piece.hex < 0:
                continue
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


def zones(state: TF22State) -> Zones:
    found = state._cache.get("zones")
    if found is None:
        found = state._cache["zones"] = Zones(state)
    result: Zones = found
    return result


def active(state: TF22State, pid: int, seat: int) -> bool:
    """``seat`` may act with the piece now (move, load, unload, fire, capture, build)."""
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
