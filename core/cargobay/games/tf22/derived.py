"""What is derived from a TF22 state's pieces (``Derived``): who stands where, who carries what, kept up to date
piece by piece by ``state.TF22State.put``/``drop``; and the hexes of the two pieces that cover more than one
(``lander_hexes``, ``freighter_hexes``)."""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping

from .board import CELLS, neighbour
from .units import ARMED, Piece

__all__ = ["PLACED_APART", "Derived", "freighter_hexes", "lander_hexes"]

POD_DIRECTIONS = ((0, 2, 4), (1, 3, 5))  # a Lander's three pods around its centre, by orientation


def lander_hexes(centre: int, orientation: int) -> tuple[int, ...]:
    """The centre and its three pods (-1 for a pod off the board)."""
    if 0 <= centre < CELLS and 0 <= orientation < 2:
        return _LANDER_HEXES[orientation][centre]
    return (centre, *(neighbour(centre, d) for d in POD_DIRECTIONS[orientation]))


# lander_hexes per orientation and centre, made once (the occupancy, the move generator and undo ask for them often)
_LANDER_HEXES = tuple(tuple((centre, *(neighbour(centre, d) for d in pods)) for centre in range(CELLS))
                      for pods in POD_DIRECTIONS)


def freighter_hexes(head: int, towards: int) -> tuple[int, int]:
    return head, neighbour(head, towards)


PLACED_APART = frozenset({"pontoon", "lander", "freighter", "ore"})  # not on one hex of ``top`` (Derived.move)

# Derived's layers, as bits of ``Derived.shared`` (a layer still shared with the Derived it was cloned from)
L_TOP, L_PONTOON, L_LANDER, L_PODS, L_CARGO, L_ARMED, L_UNITS, L_ORE, L_COMMS, L_MAKERS = (1 << n for n in range(10))
ALL_LAYERS = (1 << 10) - 1


class Derived:
    """Where every piece is: the occupant of each hex (units, Turrets, White Ore; a Sea Freighter on both its hexes),
    Pontoons, Lander hexes, each carrier's cargo (in id order), the armed pieces on the map and the pieces on the
    map that may act (units, Turrets, Landers), the hexes of White Ore and of each company's pieces. Computed once
    from the pieces, then kept up to date piece by piece (``TF22State.put``/``drop``); a copy of a state shares it
    until one of them changes a piece, and a clone shares each layer until it changes that one (copy on write per
    layer: a move copies the occupants, not the White Ore or the cargo). Read the layers; only the methods here
    write them."""

    __slots__ = ("armed", "cargo", "comms", "lander", "makers", "ore", "own_comms", "owner", "pods", "pontoon",
                 "shared", "top", "units")

    def __init__(self, pieces: Mapping[int, Piece]) -> None:
        self.top: dict[int, int] = {}
        self.pontoon: dict[int, int] = {}
        self.lander: dict[int, int] = {}
        self.pods: dict[int, tuple[int, ...]] = {}
        self.cargo: dict[int, list[int]] = {}
        self.armed: dict[int, None] = {}  # armed pieces on the map (ordered as ``pieces`` was)
        self.units: dict[int, None] = {}  # pieces on the map that are no White Ore and no Pontoon
        self.ore: set[int] = set()  # the hexes White Ore lies on (on the map)
        self.comms: dict[int, set[int]] = {}  # company -> the hexes its Comm Modules stand on (Landers aside)
        self.makers: dict[int, None] = {}  # the Production Units on the map
        self.owner = 0  # the serial number of the one state that may update it in place (0: none)
        self.shared = 0  # the layers shared with another Derived (bits: L_TOP, L_PONTOON, ...)
        self.own_comms = -1  # the companies whose set of hexes in ``comms`` is this one's own (bits; -1: all)
        for pid, piece in pieces.items():
            if piece.carrier >= 0:
                self.cargo.setdefault(piece.carrier, []).append(pid)
            else:
                self._place(pid, piece)
        for items in self.cargo.values():
            items.sort()

    def clone(self) -> Derived:
        """A Derived sharing every layer with this one: each is copied when first changed (``_own``)."""
        new = Derived.__new__(Derived)
        new.top, new.pontoon, new.lander, new.pods = self.top, self.pontoon, self.lander, self.pods
        new.cargo, new.armed, new.units, new.ore, new.comms = self.cargo, self.armed, self.units, self.ore, self.comms
        new.makers = self.makers
        new.owner = 0
        new.shared = self.shared = ALL_LAYERS  # this one shares them from now on too
        new.own_comms = self.own_comms = 0  # and each company's set of hexes
        return new

    def _own(self, layers: int) -> None:
        """Copy the ``layers`` (bits) this Derived still shares, so it may change them."""
        layers &= self.shared
        if not layers:
            return
        self.shared &= ~layers
        if layers & L_TOP:
            self.top = self.top.copy()
        if layers & L_PONTOON:
            self.pontoon = self.pontoon.copy()
        if layers & L_LANDER:
            self.lander = self.lander.copy()
        if layers & L_PODS:
            self.pods = self.pods.copy()
        if layers & L_CARGO:
            self.cargo = {carrier: items.copy() for carrier, items in self.cargo.items()}
        if layers & L_ARMED:
            self.armed = self.armed.copy()
        if layers & L_UNITS:
            self.units = self.units.copy()
        if layers & L_ORE:
            self.ore = self.ore.copy()
        if layers & L_COMMS:  # the mapping only: a company's set of hexes is copied when first changed (_own_comm)
            self.comms = self.comms.copy()
        if layers & L_MAKERS:
            self.makers = self.makers.copy()

    def _own_comm(self, comm: int) -> None:
        """Copy company ``comm``'s set of hexes if this Derived still shares it (after ``_own(L_COMMS)``)."""
        if not self.own_comms >> comm & 1:
            self.own_comms |= 1 << comm
            cells = self.comms.get(comm)
            if cells is not None:
                self.comms[comm] = cells.copy()

    def _place(self, pid: int, piece: Piece) -> None:
        kind = piece.kind
        if kind == "pontoon":
            self._own(L_PONTOON)
            self.pontoon[piece.hex] = pid
            return
        if kind == "lander":
            self._own(L_PODS | L_LANDER | L_UNITS)
            hexes = lander_hexes(piece.hex, piece.aux)
            self.pods[pid] = hexes[1:]
            for cell in hexes:
                self.lander[cell] = pid
        elif kind == "freighter":
            self._own(L_TOP | L_COMMS | L_UNITS)
            self._own_comm(piece.comm)
            hexes = freighter_hexes(piece.hex, piece.aux)
            for cell in hexes:
                self.top[cell] = pid
            self.comms.setdefault(piece.comm, set()).update(hexes)
        elif kind == "ore":
            self._own(L_TOP | L_ORE)
            self.top[piece.hex] = pid
            self.ore.add(piece.hex)
            return
        else:
            armed = kind in ARMED
            self._own(L_TOP | L_COMMS | L_UNITS | (L_ARMED if armed else 0))
            self._own_comm(piece.comm)
            self.top[piece.hex] = pid
            if armed:
                self.armed[pid] = None
            self.comms.setdefault(piece.comm, set()).add(piece.hex)
            if kind == "production":
                self._own(L_MAKERS)
                self.makers[pid] = None
        self.units[pid] = None

    def add(self, pid: int, piece: Piece) -> None:
        if piece.carrier >= 0:
            self._own(L_CARGO)
            insort(self.cargo.setdefault(piece.carrier, []), pid)
        else:
            self._place(pid, piece)

    def move(self, pid: int, old: Piece, new: Piece) -> None:
        """``remove(pid, old)`` then ``add(pid, new)`` for a one-hex piece on the map that stays on it, of the same
        kind and company (a move): the same layers in the same order (the piece goes last in ``units``, ``armed``,
        ``makers``; its company's hexes are made anew if it was the last), in one step."""
        kind, comm = old.kind, old.comm
        armed = kind in ARMED
        maker = kind == "production"
        self._own(L_TOP | L_COMMS | L_UNITS | (L_ARMED if armed else 0) | (L_MAKERS if maker else 0))
        self._own_comm(comm)
        self._moved(pid, old, new, armed, maker)

    def moved(self, pid: int, old: Piece, new: Piece) -> Derived:
        """``clone()`` then ``move(pid, old, new)`` on the clone, in one step: the layers a move changes are copied
        at once, the others shared (the first change of a state's pieces is most often a move)."""
        kind, comm = old.kind, old.comm
        armed = kind in ARMED
        maker = kind == "production"
        found = Derived.__new__(Derived)
        found.pontoon, found.lander, found.pods, found.cargo, found.ore = (self.pontoon, self.lander, self.pods,
                                                                            self.cargo, self.ore)
        found.top, found.comms, found.units = self.top.copy(), self.comms.copy(), self.units.copy()
        found.armed = self.armed.copy() if armed else self.armed
        found.makers = self.makers.copy() if maker else self.makers
        found.owner = 0
        self.shared = ALL_LAYERS  # this one shares them from now on (as after ``clone``)
        self.own_comms = 0
        changed = L_TOP | L_COMMS | L_UNITS | (L_ARMED if armed else 0) | (L_MAKERS if maker else 0)
        found.shared = ALL_LAYERS & ~changed
        found.own_comms = 1 << comm
        cells = found.comms.get(comm)
        if cells is not None:
            found.comms[comm] = cells.copy()
        found._moved(pid, old, new, armed, maker)
        return found

    def _moved(self, pid: int, old: Piece, new: Piece, armed: bool, maker: bool) -> None:
        """``move``'s changes, on layers this Derived owns."""
        comm = old.comm
        top, comms, units = self.top, self.comms, self.units
        cells = comms[comm]
        cells.discard(old.hex)
        if not cells:
            del comms[comm]
            comms[comm] = {new.hex}
        else:
            cells.add(new.hex)
        if top.get(old.hex) == pid:
            del top[old.hex]
        top[new.hex] = pid
        units.pop(pid, None)
        units[pid] = None
        if armed:
            self.armed.pop(pid, None)
            self.armed[pid] = None
        if maker:
            self.makers.pop(pid, None)
            self.makers[pid] = None

    def remove(self, pid: int, piece: Piece) -> None:
        if piece.carrier >= 0:
            self._own(L_CARGO)
            items = self.cargo[piece.carrier]
            items.remove(pid)
            if not items:
                del self.cargo[piece.carrier]
            return
        kind = piece.kind
        hexes: tuple[int, ...]
        if kind == "pontoon":
            self._own(L_PONTOON)
            layer, hexes = self.pontoon, (piece.hex,)
        elif kind == "lander":
            self._own(L_LANDER | L_PODS | L_UNITS)
            layer, hexes = self.lander, lander_hexes(piece.hex, piece.aux)
            del self.pods[pid]
        else:
            layer, hexes = self.top, self.hexes(piece)
            if kind == "ore":
                self._own(L_TOP | L_ORE)
                layer = self.top
                self.ore.discard(piece.hex)
            else:
                self._own(L_TOP | L_COMMS | L_UNITS | (L_ARMED if kind in ARMED else 0))
                self._own_comm(piece.comm)
                layer = self.top
                cells = self.comms[piece.comm]
                cells.difference_update(hexes)
                if not cells:
                    del self.comms[piece.comm]
        for cell in hexes:
            if layer.get(cell) == pid:
                del layer[cell]
        if kind not in ("ore", "pontoon"):
            self.units.pop(pid, None)
            self.armed.pop(pid, None)
            if kind == "production":
                self._own(L_MAKERS)
                self.makers.pop(pid, None)

    def same(self, other: Derived) -> bool:
        """The same occupancy (for the tests: kept up to date = computed afresh)."""
        names = ("top", "pontoon", "lander", "pods", "cargo", "armed", "units", "ore", "comms", "makers")
        return all(getattr(self, name) == getattr(other, name) for name in names)

    def hexes(self, piece: Piece) -> tuple[int, ...]:
        if piece.kind == "freighter":
            return freighter_hexes(piece.hex, piece.aux)
        if piece.kind == "lander":
            return lander_hexes(piece.hex, piece.aux)
        return (piece.hex,) if piece.hex >= 0 else ()

    def contents(self, pid: int) -> list[int]:
        """Everything inside ``pid``, nested cargo included."""
        found: list[int] = []
        stack = list(self.cargo.get(pid, ()))
        while stack:
            inner = stack.pop()
            found.append(inner)
            stack.extend(self.cargo.get(inner, ()))
        return found
