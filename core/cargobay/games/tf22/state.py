"""The TF22 state, its checked JSON form and the undo journal of the current move (what is derived from it, who
stands where and who carries what: derived.py; ``Derived``, ``lander_hexes`` and ``freighter_hexes`` are
imported from here too).

Undo: every action of a player's own move pushes one journal entry holding what it changed (the pieces it
touched, with their old values, and the small per-move counters as they were). ``undo`` pops the last entry and
puts it back. The journal is emptied when the move ends and when something hidden is revealed during it (a
Production Unit becoming active shows its owner the next tide cards), so a player cannot take back a move after
seeing what it revealed. Everything in the journal was on the public board, so views carry it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from itertools import count
from typing import Any

from ... import tokens
from ...checks import boolean as _bool
from ...checks import choice as _choice
from ...checks import integer as _int
from ...checks import listed as _list
from ...engine import JSON, StateError
from .board import CELLS, HEXES, ON_BOARD
from .derived import PLACED_APART
from .derived import Derived as Derived  # re-exported: legal, fire, svg_model and the tests import it from here
from .derived import freighter_hexes as freighter_hexes
from .derived import lander_hexes as lander_hexes
from .tides import DECK, LEVELS
from .units import ARMED, BUILDABLE, CARRIERS, KINDS, Piece

PHASES = ("order", "land", "deal", "first", "play", "interfere", "reshuffle", "end", "open")
INTERFERENCE = ("anywhere", "mountains")
MAX_TURNS = 20
MAX_SEATS = 4
_SERIALS = count(1)  # TF22State._serial (0: owned by no state)
FIRE_WATCH = 1 << 10  # TF22State._dirty: hex + FIRE_WATCH = a change of fire there (an armed unit, a Pontoon, a zone)
AIM_WATCH = 2 << 10  # hex + AIM_WATCH: a change there of what the mover may fire at (White Ore, Pontoons, others')
CARGO_WATCH = 3 << 10  # hex + CARGO_WATCH: the cargo of the carrier there changed (only carriers' lists read it)
AIM_ANY = 4 << 10  # in TF22State._dirty with any AIM_WATCH change (no list watches it: seat.Seat's aims do)
FIRE_KINDS = ARMED | {"pontoon"}  # a change to one of these may change the Zones of Fire (a Pontoon: the tide's hold)

_WIDE = frozenset({"lander", "freighter"})  # the pieces on more than one hex (TF22State._where)

# what a unit's action or an undo never changes (``TF22State.copy(unit=True)`` shares them; only the turn's flow,
# flow.py, changes them, in place)
UNIT_SHARED = ("order", "deck", "faceup", "known", "landers", "saved", "flown", "freight")
# the per-move counters an undo entry restores (besides the pieces it touched; open_entry and undo name each)
SMALL = ("ap", "shots", "built", "reserve", "modules", "holder", "captured", "next_id", "breach", "phase", "events")
# the containers a copy shares with the state it was made from until one of them changes one (``TF22State.own``)
HOLDER, RESERVE, MODULES, CAPTURED = 1, 2, 4, 8
_SEAT_KEYS = tuple(("seat", seat) for seat in range(MAX_SEATS))  # seat.context's keys (seat.py imports this module)


@dataclass(eq=False)
class TF22State:
    """A match of TF22; mutable inside ``TF22Game`` only, which copies before it changes one."""

    seats: int
    turns: int = MAX_TURNS  # the last turn (take-off)
    interference: str = "anywhere"  # ruling 8's option: RCUs adjacent "anywhere" or only on "mountains"
    turn: int = 1
    phase: str = "order"
    order: list[int] = field(default_factory=list)  # turn 1: the landing order; from turn 2 the move order
    mover: int = -1  # index into ``order`` of the seat to act, -1 at chance nodes
    tide: str = ""  # the current turn's level ("" in turn 1)
    deck: list[str] = field(default_factory=list)  # face down, top first (hidden)
    faceup: list[str] = field(default_factory=list)  # revealed this cycle of the deck, the current card last
    known: list[int] = field(default_factory=list)  # per seat: how many top cards of the deck it has seen
    pieces: dict[int, Piece] = field(default_factory=dict)
    next_id: int = 1
    landers: list[int] = field(default_factory=list)  # per company: its Lander's id (-1 before landing / after)
    holder: list[int] = field(default_factory=list)  # per company: the seat commanding its Comm Modules
    reserve: dict[str, int] = field(default_factory=dict)
    ap: list[int] = field(default_factory=list)  # Action Points left in the current move
    saved: list[int] = field(default_factory=list)  # carried into the seat's next move (at most 10)
    shots: dict[int, int] = field(default_factory=dict)  # unit -> shots fired this turn
    built: dict[int, list[str]] = field(default_factory=dict)  # Production Unit -> kinds made this turn
    modules: list[list[int]] = field(default_factory=list)  # seat -> company -> foreign Comm Modules held
    captured: list[list[int]] = field(default_factory=list)  # seat -> companies whose Lander it captured
    flown: list[bool] = field(default_factory=list)  # seat's Landers took off
    freight: list[list[int]] = field(default_factory=list)  # seat -> [White Ore, units] taken off
    breach: int = -1  # a unit that entered an enemy Zone of Fire and must now fire
    journal: list[JSON] = field(default_factory=list)
    events: list[str] = field(default_factory=list)  # what happened this turn, for the log
    _derived: Derived | None = field(default=None, repr=False)  # shared by copies until a piece changes
    _cache: dict[Any, Any] = field(default_factory=dict, repr=False)  # zones, legal actions: per state
    _diff: dict[int, Piece | None] | None = field(default=None, repr=False)
    crypto: dict[str, Any] | None = None  # the tide deck dealt cryptographically (option ``crypto``; dealt.py)
    # this state's serial number: what ``Derived.owner`` and ``Zones.owner`` hold (the state itself there would make
    # every state a reference cycle, freed only by the cyclic garbage collector)
    _serial: int = field(default_factory=lambda: next(_SERIALS), repr=False)
    # carry.py's carried unit lists: the mover's ``seat.Seat`` of the state this was copied from (its unit lists
    # and what each read), and the hexes where something changed since the copy (``_dirty``: a piece's hexes, a
    # carrier's when its cargo changed, another seat's Zone of Fire beginning, ending or crossing 2-3)
    _carry: Any = field(default=None, repr=False)
    _dirty: set[int] | None = field(default=None, repr=False)
    # the shared containers this state owns (bits: HOLDER, RESERVE, MODULES, CAPTURED; -1: all, as made afresh)
    _mine: int = field(default=-1, repr=False)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (and deep-copied: OpenSpiel's ``random_sim_test`` does both) without what is worked out per state:
        the caches hold ``seat.Seat``s, which refer to their state by a weak reference (no reference cycle) and so
        cannot be pickled. They are made again on demand, as for a state read from JSON."""
        data = self.__dict__.copy()
        data["_cache"], data["_carry"], data["_dirty"] = {}, None, None
        return data

    def copy(self, unit: bool = False) -> TF22State:
        """A copy to change: the immutable fields shared, the containers an action changes copied, those it seldom
        changes (``holder``, ``reserve``, ``modules``, ``captured``) shared until one is changed (``own``; the
        occupancy and the Zones of Fire are shared copy on write too). Built from ``__dict__`` rather than through
        ``__init__`` (a third of the time of an action's apply went to the copy). ``unit``: a copy for a unit's
        action or an undo (``rules``), which change none of ``UNIT_SHARED``: those are shared with this state (the
        turn's flow, which changes them in place, starts from a full copy)."""
        new = TF22State.__new__(TF22State)
        fields = self.__dict__.copy()  # then each container copied (item by item: cheaper than update(**...))
        if not unit:
            fields["order"], fields["deck"], fields["faceup"] = self.order.copy(), self.deck.copy(), self.faceup.copy()
            fields["known"], fields["landers"] = self.known.copy(), self.landers.copy()
            fields["saved"], fields["flown"] = self.saved.copy(), self.flown.copy()
            fields["freight"] = [row.copy() for row in self.freight]
        fields["pieces"], fields["ap"], fields["shots"] = self.pieces.copy(), self.ap.copy(), self.shots.copy()
        fields["built"] = self.built.copy()  # a Production Unit's kinds: a new list when one is added (effects._build)
        fields["journal"], fields["events"] = self.journal.copy(), self.events.copy()
        fields["_mine"] = self._mine = 0  # holder, reserve, modules, captured: shared by both from now on (``own``)
        cache = self._cache
        mover = self.mover
        carry = cache.get(_SEAT_KEYS[self.order[mover]]) if mover >= 0 else None
        fields["_carry"], fields["_dirty"] = carry, None if carry is None else set()
        derived = self._derived
        if derived is not None:
            derived.owner = 0  # shared from now on: whichever state changes a piece first copies it
        zones = cache.get("zones") or cache.get("carried")  # shared too (copy on write: fire.Zones.updated)
        if zones is None:
            fields["_cache"] = {}
        else:
            zones.owner = 0
            fields["_cache"] = {"carried": zones}
        fields["_diff"] = None
        if self.crypto is not None:
            fields["crypto"] = tokens.copy(self.crypto)
        fields["_serial"] = next(_SERIALS)
        new.__dict__ = fields
        return new

    def own(self, name: int) -> None:
        """Make the shared container ``name`` (``HOLDER``, ``RESERVE``, ``MODULES``, ``CAPTURED``) this state's
        own, to change in place: a copy shares them with the state it was made from until either changes one (every
        change to them goes through here first: effects.py)."""
        if self._mine & name:
            return
        self._mine |= name
        if name == HOLDER:
            self.holder = self.holder.copy()
        elif name == RESERVE:
            self.reserve = self.reserve.copy()
        elif name == MODULES:
            self.modules = [row.copy() for row in self.modules]
        else:  # CAPTURED: a seat's row is replaced when it changes (effects._board), never changed in place
            self.captured = self.captured.copy()

    # --- changing pieces (recorded for undo while a journal entry is open) -------------------------
    def put(self, pid: int, piece: Piece) -> None:
        old = self.pieces.get(pid)
        if self._diff is not None and pid not in self._diff:
            self._diff[pid] = old
        self.pieces[pid] = piece
        self._changed(pid, old, piece)

    def drop(self, pid: int) -> None:
        old = self.pieces[pid]
        if self._diff is not None and pid not in self._diff:
            self._diff[pid] = old
        del self.pieces[pid]
        self._changed(pid, old, None)

    def _changed(self, pid: int, old: Piece | None, new: Piece | None) -> None:
        """Keep what is derived from the pieces up to date: the occupancy is updated in place (copied first if
        another state shares it); the Zones of Fire are updated when an armed unit or a Pontoon changed (fire.zones
        checks the tide and the holders before it reuses them); every other cached result is dropped."""
        dirty = self._dirty
        if dirty is not None:
            mover = self.order[self.mover] if self.mover >= 0 else -1
            for piece in (old, new):
                if piece is None:
                    continue
                if piece.carrier >= 0:  # in the cargo of the piece on the map there
                    dirty.update(_watch(self._where(piece), CARGO_WATCH))
                    continue
                kind, cell = piece.kind, piece.hex
                if kind in _WIDE:  # a Lander or a Sea Freighter: all its hexes
                    cells = self._where(piece)
                    dirty.update(cells)
                    if kind in FIRE_KINDS:
                        dirty.update(_watch(cells, FIRE_WATCH))
                    if piece.comm < 0 or self.holder[piece.comm] != mover:
                        dirty.update(_watch(cells, AIM_WATCH))
                        dirty.add(AIM_ANY)
                    continue
                dirty.add(cell)
                if kind in FIRE_KINDS:
                    dirty.add(cell + FIRE_WATCH)
                if piece.comm < 0 or self.holder[piece.comm] != mover:
                    dirty.add(cell + AIM_WATCH)
                    dirty.add(AIM_ANY)
        derived = self._derived
        if derived is not None:
            if (old is not None and new is not None and old.hex >= 0 and new.hex >= 0 and old.kind == new.kind
                    and old.comm == new.comm and old.kind not in PLACED_APART):
                if derived.owner != self._serial:  # copied with the move made (clone, then move)
                    derived = self._derived = derived.moved(pid, old, new)
                    derived.owner = self._serial
                else:
                    derived.move(pid, old, new)
            else:
                if derived.owner != self._serial:
                    derived = self._derived = derived.clone()
                    derived.owner = self._serial
                if old is not None:
                    derived.remove(pid, old)
                if new is not None:
                    derived.add(pid, new)
        cache = self._cache
        zones = cache.get("zones") or cache.get("carried")
        if zones is None:
            self._cache = {}
            return
        if (old is not None and old.kind in FIRE_KINDS) or (new is not None and new.kind in FIRE_KINDS):
            self._cache = {}  # (as for every change: nothing cached is read while the zones are updated)
            pids: tuple[int, ...] = (pid,)
            if "pontoon" in (old and old.kind, new and new.kind):  # what stands on it may change its hold
                top = self.derived.top
                pids += tuple(top[cell] for piece in (old, new) if piece is not None and piece.hex >= 0
                              for cell in (piece.hex,) if cell in top)
            changed: list[set[int]] = [set() for _ in range(self.seats)]
            zones = zones.updated(self, pids, changed)
            if dirty is not None:  # the mover's own zone is not read by its units' lists (legal.py)
                mover = self.order[self.mover] if self.mover >= 0 else -1
                for seat, begun in enumerate(changed):
                    if begun and seat != mover:
                        dirty |= begun
                        dirty.update([cell + FIRE_WATCH for cell in begun])
        self._cache = {"carried": zones}

    def _where(self, piece: Piece) -> tuple[int, ...]:
        """The hexes of a piece on the map, or of the piece on the map that holds it (none if that is gone)."""
        pieces = self.pieces
        while piece.hex < 0:
            holder = pieces.get(piece.carrier)
            if holder is None:
                return ()
            piece = holder
        if piece.kind == "freighter":
            return freighter_hexes(piece.hex, piece.aux)
        if piece.kind == "lander":
            return lander_hexes(piece.hex, piece.aux)
        return (piece.hex,)

    def forget(self) -> None:
        """Drop what was computed from this state (after a change besides the pieces: the tide, the holders)."""
        self._cache = {}
        self._carry = self._dirty = None

    def new_piece(self, piece: Piece) -> int:
        pid = self.next_id
        self.next_id += 1
        self.put(pid, piece)
        return pid

    # --- the undo journal ---------------------------------------------------------------------------
    def open_entry(self, parent: TF22State | None = None) -> JSON:
        """Start recording an action of the current move; returns the small counters as they were. ``parent``: the
        state this one was just copied from, unchanged since (``rules``): its own counters are those values, and a
        state handed to ``apply`` is never changed, so the entry holds them without a copy (``undo`` copies what
        it puts back)."""
        self._diff = {}
        if parent is not None:
            return {"ap": parent.ap, "shots": parent.shots, "built": parent.built, "reserve": parent.reserve,
                    "modules": parent.modules, "holder": parent.holder, "captured": parent.captured,
                    "next_id": parent.next_id, "breach": parent.breach, "phase": parent.phase,
                    "events": parent.events}
        return {  # a copy of each name in SMALL, written out (one is taken before every action; undo: the same)
            "ap": self.ap.copy(), "shots": self.shots.copy(), "built": {k: v.copy() for k, v in self.built.items()},
            "reserve": self.reserve.copy(), "modules": [row.copy() for row in self.modules],
            "holder": self.holder.copy(), "captured": [row.copy() for row in self.captured], "next_id": self.next_id,
            "breach": self.breach, "phase": self.phase, "events": self.events.copy(),
        }

    def close_entry(self, small: JSON) -> None:
        assert self._diff is not None
        self.journal.append({"pieces": self._diff, "small": small})
        self._diff = None

    def undo(self) -> None:
        """Put back what the last action changed: the small counters first (the holders decide whom a piece
        obeys), then each piece through ``put``/``drop``, so the occupancy and the Zones of Fire are updated
        piece by piece as for any action (``fire.zones`` recomputes them if the tide or the holders differ)."""
        entry = self.journal.pop()
        holder = self.holder
        small = entry["small"]  # a copy of each name in SMALL put back, written out (as open_entry takes them)
        self.ap, self.shots, self.built = small["ap"].copy(), small["shots"].copy(), small["built"].copy()
        self.events = small["events"].copy()
        # shared with the entry (and the state before the action) until one is changed (``own``)
        self.reserve, self.modules, self.holder, self.captured = (small["reserve"], small["modules"], small["holder"],
                                                                  small["captured"])
        self._mine = 0
        self.next_id, self.breach, self.phase = small["next_id"], small["breach"], small["phase"]
        zones = self._cache.get("zones") or self._cache.get("carried")
        self._cache = {"carried": zones} if zones is not None and self.holder == holder else {}
        for pid, old in entry["pieces"].items():
            if old is not None:
                self.put(pid, old)
            elif pid in self.pieces:
                self.drop(pid)

    # --- who commands what --------------------------------------------------------------------------
    def controller(self, piece: Piece) -> int:
        return self.holder[piece.comm] if piece.comm >= 0 else -1

    def held_landers(self, seat: int) -> list[int]:
        """The Landers on the map that ``seat`` commands (its own and captured ones), as piece ids."""
        return [lid for lid in self.landers if lid >= 0 and self.holder[self.pieces[lid].comm] == seat]

    def lander_company(self, lid: int) -> int:
        """The company a Lander on the map came with (its Comm Module may since have been replaced)."""
        return self.landers.index(lid)

    def own_comm(self, seat: int) -> int:
        """The Comm Modules the seat puts into units it captures or builds (and into a captured Lander whose module
        it replaces): its own company's while it commands them, else those of a Lander it captured."""
        if self.holder[seat] == seat:
            return seat
        return next(company for company, holder in enumerate(self.holder) if holder == seat)

    @property
    def seat(self) -> int:
        """The seat to act in a move (or -1)."""
        return self.order[self.mover] if self.mover >= 0 else -1

    @property
    def derived(self) -> Derived:
        if self._derived is None:
            self._derived = Derived(self.pieces)
            self._derived.owner = self._serial
        return self._derived


@cache
def _watch(cells: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """``TF22State._dirty``'s names for a change of ``kind`` (``FIRE_WATCH``, ...) on ``cells``."""
    return tuple(cell + kind for cell in cells)


# --- JSON ---------------------------------------------------------------------------------------------
def to_json(state: TF22State, hidden: bool = True) -> JSON:
    """The whole state; ``hidden=False`` leaves out the face-down tide deck (the public part, for views)."""
    data: JSON = {
        "seats": state.seats, "turns": state.turns, "interference": state.interference, "turn": state.turn,
        "phase": state.phase, "order": list(state.order), "mover": state.mover, "tide": state.tide,
        "faceup": list(state.faceup), "known": list(state.known),
        "pieces": [[pid, *piece] for pid, piece in sorted(state.pieces.items())], "next_id": state.next_id,
        "landers": list(state.landers), "holder": list(state.holder), "reserve": dict(state.reserve),
        "ap": list(state.ap), "saved": list(state.saved),
        "shots": [[pid, count] for pid, count in sorted(state.shots.items())],
        "built": [[pid, list(kinds)] for pid, kinds in sorted(state.built.items())],
        "modules": [list(row) for row in state.modules], "captured": [list(row) for row in state.captured],
        "flown": list(state.flown), "freight": [list(row) for row in state.freight], "breach": state.breach,
        "journal": [_entry_to_json(entry) for entry in state.journal], "events": list(state.events),
    }
    if hidden:
        data["deck"] = list(state.deck)
        if state.crypto is not None:  # never in a view: it holds this page's forecast (dealt.py)
            data["crypto"] = tokens.copy(state.crypto)
    return data


def _entry_to_json(entry: JSON) -> JSON:
    pieces = [[pid, None if old is None else list(old)] for pid, old in sorted(entry["pieces"].items())]
    small = dict(entry["small"])
    small["shots"] = [[pid, count] for pid, count in sorted(small["shots"].items())]
    small["built"] = [[pid, list(kinds)] for pid, kinds in sorted(small["built"].items())]
    return {"pieces": pieces, "small": small}


def from_json(data: Mapping[str, Any]) -> TF22State:
    try:
        state = _read(data)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise StateError(f"not a TF22 state: {error}") from error
    _check(state)
    return state


def _read(data: Mapping[str, Any]) -> TF22State:
    seats = _int(data["seats"], 2, MAX_SEATS)
    turns = _int(data["turns"], 3, MAX_TURNS)
    next_id = _int(data["next_id"], 1, 10**6)
    return TF22State(
        seats=seats, turns=turns, interference=_choice(data["interference"], INTERFERENCE),
        turn=_int(data["turn"], 1, turns), phase=_choice(data["phase"], PHASES),
        order=[_int(seat, 0, seats - 1) for seat in _list(data["order"])],
        mover=_int(data["mover"], -1, seats - 1), tide=_choice(data["tide"], ("", *LEVELS)),
        deck=[(tokens.parse_token(card) if "crypto" in data else None) or _choice(card, LEVELS)
              for card in _list(data["deck"])],
        crypto=tokens.read(data.get("crypto"), lambda card: _choice(card, LEVELS), PHASES),
        faceup=[_choice(card, LEVELS) for card in _list(data["faceup"])],
        known=[_int(count, 0, len(DECK)) for count in _seats(data["known"], seats)],
        pieces={_int(row[0], 1, next_id - 1): _piece(row[1:]) for row in _list(data["pieces"])},
        next_id=next_id,
        landers=[_int(lid, -1, next_id - 1) for lid in _seats(data["landers"], seats)],
        holder=[_int(seat, -1, seats - 1) for seat in _seats(data["holder"], seats)],
        reserve={_choice(kind, BUILDABLE): _int(count, 0, 99) for kind, count in dict(data["reserve"]).items()},
        ap=[_int(points, 0, 99) for points in _seats(data["ap"], seats)],
        saved=[_int(points, 0, 10) for points in _seats(data["saved"], seats)],
        shots=_shots(data["shots"], next_id), built=_built(data["built"], next_id),
        modules=[[_int(count, 0, 999) for count in _seats(row, seats)] for row in _seats(data["modules"], seats)],
        captured=[sorted({_int(c, 0, seats - 1) for c in _list(row)}) for row in _seats(data["captured"], seats)],
        flown=[_bool(flag) for flag in _seats(data["flown"], seats)],
        freight=[[_int(n, 0, 9999) for n in _pair(row)] for row in _seats(data["freight"], seats)],
        breach=_int(data["breach"], -1, next_id - 1),
        journal=[_entry(entry, next_id, seats) for entry in _list(data["journal"])],
        events=[str(event) for event in _list(data["events"])],
    )


def _piece(row: Any) -> Piece:
    kind, comm, cell, carrier, aux = _list(row)
    piece = Piece(_choice(kind, KINDS), _int(comm, -1, MAX_SEATS - 1), _int(cell, -1, CELLS - 1),
                  _int(carrier, -1, 10**6), _int(aux, -1, 10**6))
    if (piece.hex < 0) == (piece.carrier < 0):
        raise ValueError(f"a piece is on the map or carried, not both or neither: {row}")
    if piece.hex >= 0 and piece.hex not in ON_BOARD:
        raise ValueError(f"a piece off the board: {row}")
    if (piece.comm < 0) != (kind in ("ore", "pontoon")):
        raise ValueError(f"White Ore and Pontoons hold no Comm Module, every unit one: {row}")
    return piece


def _entry(entry: Any, next_id: int, seats: int) -> JSON:
    """One undo entry, each counter it puts back read as the state's own (``undo`` copies them as they are)."""
    pieces = {_int(pid, 1, next_id): None if old is None else _piece(old) for pid, old in _list(entry["pieces"])}
    small = dict(entry["small"])
    if set(small) != set(SMALL):
        raise ValueError(f"an undo entry restores {', '.join(SMALL)}")
    return {"pieces": pieces, "small": {
        "ap": [_int(points, 0, 99) for points in _seats(small["ap"], seats)],
        "shots": _shots(small["shots"], next_id), "built": _built(small["built"], next_id),
        "reserve": {_choice(kind, BUILDABLE): _int(count, 0, 99) for kind, count in dict(small["reserve"]).items()},
        "modules": [[_int(count, 0, 999) for count in _seats(row, seats)] for row in _seats(small["modules"], seats)],
        "holder": [_int(seat, -1, seats - 1) for seat in _seats(small["holder"], seats)],
        "captured": [sorted({_int(c, 0, seats - 1) for c in _list(row)}) for row in _seats(small["captured"], seats)],
        "next_id": _int(small["next_id"], 1, next_id), "breach": _int(small["breach"], -1, next_id - 1),
        "phase": _choice(small["phase"], PHASES), "events": [str(event) for event in _list(small["events"])],
    }}


def _shots(rows: Any, next_id: int) -> dict[int, int]:
    return {_int(pid, 1, next_id): _int(count, 0, 2) for pid, count in _list(rows)}


def _built(rows: Any, next_id: int) -> dict[int, list[str]]:
    return {_int(pid, 1, next_id): [_choice(kind, BUILDABLE) for kind in _list(kinds)] for pid, kinds in _list(rows)}


def _seats(value: Any, seats: int) -> list[Any]:
    if not isinstance(value, list) or len(value) != seats:
        raise ValueError("expected one entry per seat")
    return value


def _pair(value: Any) -> list[Any]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError("expected [White Ore, units]")
    return value


def _check(state: TF22State) -> None:
    """Consistency a well-formed dict may still lack."""
    pieces = state.pieces
    for pid, piece in pieces.items():
        if piece.comm >= state.seats:
            raise StateError(f"piece {pid} holds the Comm Module of company {piece.comm}, which is not in the match")
        if piece.carrier >= 0:
            carrier = pieces.get(piece.carrier)
            if carrier is None or carrier.kind not in CARRIERS:
                raise StateError(f"piece {pid} is carried by {piece.carrier}, which is no carrier")
        if piece.kind == "lander" and piece.aux not in (0, 1):
            raise StateError(f"Lander {pid} has no orientation")
        if piece.kind == "freighter" and piece.hex >= 0 and not 0 <= piece.aux < 6:
            raise StateError(f"Sea Freighter {pid} has no second hex")
    for pid in pieces:  # no piece inside itself
        seen, current = {pid}, pieces[pid].carrier
        while current >= 0:
            if current in seen:
                raise StateError(f"piece {pid} is inside itself")
            seen.add(current)
            current = pieces[current].carrier
    cells: dict[tuple[str, int], int] = {}
    for pid, piece in pieces.items():
        if piece.hex < 0:
            continue
        if piece.kind == "lander":
            hexes: Iterable[int] = lander_hexes(piece.hex, piece.aux)
        elif piece.kind == "freighter":
            hexes = freighter_hexes(piece.hex, piece.aux)
        else:
            hexes = (piece.hex,)
        layer = {"pontoon": "pontoon", "lander": "lander"}.get(piece.kind, "top")
        for cell in hexes:
            if cell not in ON_BOARD or (layer, cell) in cells:
                raise StateError(f"piece {pid} is off the board or shares a hex with piece {cells.get((layer, cell))}")
            cells[(layer, cell)] = pid
    for (layer, cell), pid in cells.items():
        if layer == "top" and ("lander", cell) in cells and pieces[pid].kind != "turret":
            raise StateError(f"piece {pid} stands on a Lander")
    for company, lid in enumerate(state.landers):
        if lid < 0:
            continue
        if lid not in pieces or pieces[lid].kind != "lander":
            raise StateError(f"company {company}'s Lander {lid} is missing")
        if pieces[lid].comm != company and state.holder[company] >= 0:
            raise StateError(f"company {company}'s Lander holds a foreign Comm Module but the company is commanded")
    if len({lid for lid in state.landers if lid >= 0}) != sum(1 for lid in state.landers if lid >= 0):
        raise StateError("two companies name the same Lander")
    if state.phase in ("play", "interfere") and state.mover < 0:
        raise StateError("a move is played by a seat")
    if len(state.deck) + len(state.faceup) > len(DECK):
        raise StateError("more tide cards than the deck holds")
    if state.phase != "end" and state.phase not in ("order", "land", "deal") and not state.faceup:
        raise StateError("the first tide card is revealed in turn 1")
    if sorted(HEXES) != list(HEXES):  # pragma: no cover - the board's own invariant
        raise StateError("board hexes out of order")
