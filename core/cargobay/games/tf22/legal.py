"""The legal actions of a seat, unit by unit: the one place the rules of moving, loading, firing, capturing,
building and repairing are written down; ``apply`` accepts exactly what this lists.

Decided here (the rulebook and rulings are silent):
- Moving into a hex a unit could not normally enter (a land unit into sea or a flooded hex, a sea unit onto land)
  is allowed and strands or floods it (the rulebook's deliberate stranding); a Heavy Combat Spider never enters a
  mountain; sea units never enter a Pontoon's hex; nothing enters a Lander or an occupied hex.
- A Sea Freighter move puts one of its two hexes on a new hex next to the other one (1 AP per new hex, ruling 4).
- The Lander loads only through a pod whose Laser Turret stands, and unloads through any pod; it does not take
  cargo out of an adjacent carrier (that carrier unloads into the Lander instead).
- White Ore in a Lander stays there (the rulebook: "once loaded into the Lander ... cannot be unloaded").
- Unloading: onto land or a Pontoon; into a flooded hex (the unit stays inactive); into open sea (lost); a Pontoon
  only where it touches the surface or another Pontoon; into an own active carrier with room (a transfer).
- A shot or a capture names its first unit first: both orders of a pair are legal (same effect), so a player can
  pick either unit first.
- Capture: two own active armed units adjacent to an enemy unit that is not inside its own commander's Zone of
  Fire. Boarding a Lander (``capture:A>L``): one own active armed unit next to a pod of an enemy Lander with no
  Laser Turret left.
- Replacing a captured Lander's Comm Module (``replace:L``, 1 AP like every action): the seat commands the Lander
  of another company whose own module is still in it, and has a module of a company of its own command to put in.
- Building (ruling 11): a Production Unit holding White Ore, at most 2 units per turn (1 Transporter) each, into
  a free adjacent hex unloading allows (flooded included: the unit stays inactive; open sea: it is lost; a Pontoon
  where it stays), into an adjacent own active carrier with room, or into an own Lander through a pod whose
  Turret stands.
"""

from __future__ import annotations

from functools import cache

from . import carry
from .board import (
    EDGE,
    HEX_TEXT,
    HEXES,
    NEIGHBOURS,
    TERRAIN,
    direction,
    disk,
    disk_set,
    distance,
    hex_text,
    neighbour,
)
from .carry import entry
from .fire import bridgeable, tide_allows, unit_range
from .seat import Seat
from .seat import context as _context
from .state import Derived, TF22State, lander_hexes
from .units import (
    ACCEPTS,
    ARMED,
    BASE_SIZE,
    BUILDABLE,
    BUILDS_PER_TURN,
    CAPACITY,
    CAPTURABLE,
    CARRIERS,
    NAMES,
    SEA_UNITS,
    TRANSPORTERS_PER_TURN,
    fits,
    size,
)

__all__ = ["actors", "enterable", "landing_sites", "legal_actions", "unit_actions"]

AP_SHOT = 2  # two shots, one Action Point each


@cache
def _static_sites() -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Centre, orientation and hexes of every landing the terrain allows (plains and swamps, off the border)."""
    sites = []
    for centre in HEXES:
        for orientation in (0, 1):
            hexes = lander_hexes(centre, orientation)
            if all(cell >= 0 and cell not in EDGE and TERRAIN[cell] in ".s" for cell in hexes):
                sites.append((centre, orientation, hexes))
    return tuple(sites)


def landing_sites(state: TF22State) -> list[str]:
    """``land:`` actions: no hex within 3 of a Lander already down (its landing zone)."""
    cached = state._cache.get((-1, -1))
    if cached is None:
        zone = {cell for down in state.derived.lander for cell in disk(down, 3)}
        cached = state._cache[(-1, -1)] = [
            f"land:{hex_text(centre)}/{orientation}"
            for centre, orientation, hexes in _static_sites()
            if not any(cell in zone for cell in hexes)
        ]
    return cached


def actors(state: TF22State, seat: int) -> list[int]:
    """The seat's pieces on the map that may act in its move (units, Laser Turrets, Landers)."""
    if state.phase != "play" or state.seat != seat:
        return []
    if state.breach >= 0:
        return sorted({int(a.split(":")[1].split("+")[0]) for a in _breach_fire(_context(state, seat))})
    pieces, holder = state.pieces, state.holder
    return [pid for pid in state.derived.units if holder[pieces[pid].comm] == seat]


def unit_actions(state: TF22State, seat: int, pid: int) -> list[str]:
    """Every legal action whose first-named piece is ``pid`` (unsorted, no duplicates)."""
    ctx = _context(state, seat)
    found = ctx.lists.get(pid)
    if found is None:
        found = entry(ctx, pid, _unit_actions)
    return found


def _need(ctx: Seat, radius: int) -> None:
    """The list being made read the pieces and enemy zones up to ``radius`` hexes from its unit."""
    ctx.need = max(ctx.need, radius)


def _unit_actions(ctx: Seat, pid: int) -> list[str]:
    piece = ctx.pieces.get(pid)  # the Seat's own fields, not ctx.state (a weak reference: dearer to ask)
    if not ctx.moving or piece is None:
        return []
    if ctx.breach >= 0:
        return [action for action in _breach_fire(ctx) if action.startswith(f"fire:{pid}+")]
    if ctx.ap < 1 or piece.hex < 0 or piece.comm < 0 or ctx.holder[piece.comm] != ctx.seat:
        return []
    kind = piece.kind
    if kind == "freighter":
        ctx.need = 1  # its activity: both its hexes
    if kind == "lander":
        return [*_loads(ctx, pid), *_unloads(ctx, pid), *_repairs(ctx, pid), *_replaces(ctx, pid)]
    if kind == "turret":  # ruling 12: a Turret under enemy fire is inactive
        return _fire(ctx, pid) if ctx.active(pid) else []
    if not ctx.active(pid):
        return []
    found = _moves(ctx, pid)
    if kind in CARRIERS:
        found += _loads(ctx, pid) + _unloads(ctx, pid)
    if kind == "production":
        found += _builds(ctx, pid)
    if kind in ARMED:
        found += _fire(ctx, pid) + _captures(ctx, pid)
    return found


# --- moving -------------------------------------------------------------------------------------------
def enterable(derived: Derived, pid: int, kind: str, cell: int) -> bool:
    """Unit ``pid`` of ``kind`` may move onto ``cell`` as far as the pieces and the terrain go (enemy Zones of Fire
    aside: ``_moves`` adds them with the breach, the board's reach search adds them): nothing else stands there,
    it is no Lander's, no Pontoon lies under a sea unit, no mountain under the Heavy Combat Spider. The one rule of
    where units go, for the move generator and the board (svg_model)."""
    return (derived.top.get(cell, pid) == pid and cell not in derived.lander
            and not (kind in SEA_UNITS and cell in derived.pontoon) and not (kind == "spider" and TERRAIN[cell] == "^"))


def _moves(ctx: Seat, pid: int) -> list[str]:
    derived = ctx.derived
    piece = ctx.pieces[pid]
    kind, enemy = piece.kind, ctx.enemy
    found = []
    if kind == "freighter":
        _need(ctx, 2)
        head, tail = derived.hexes(piece)
        for kept in (head, tail):
            for cell in NEIGHBOURS[kept]:
                if cell in (head, tail) or not enterable(derived, pid, kind, cell) or cell in enemy:
                    continue
                found.append(f"move:{pid}>{HEX_TEXT[cell]}/{direction(cell, kept)}")
        return found
    _need(ctx, 1)
    top, lander = derived.top, derived.lander
    blocked = derived.pontoon if kind in SEA_UNITS else ()  # enterable(), written out for speed
    spider = kind == "spider"
    for cell in NEIGHBOURS[piece.hex]:
        if (top.get(cell, pid) != pid or cell in lander or cell in blocked or (spider and TERRAIN[cell] == "^")
                or (cell in enemy and not (kind in ARMED and _breach_target(ctx, pid, cell)))):
            continue
        found.append(f"move:{pid}>{HEX_TEXT[cell]}")
    return found


def _breach_target(ctx: Seat, pid: int, cell: int) -> bool:
    """An armed unit may enter the first hex of an enemy Zone of Fire if, with a partner, it can at once destroy
    an enemy unit whose loss collapses every enemy zone over that hex (3 AP: the move and two shots)."""
    state = ctx.state
    ctx.apcap = 3
    if ctx.ap < 1 + AP_SHOT or state.shots.get(pid, 0) >= 2:
        return False
    _need(ctx, 7)  # the enemy units within 3 of the hex, the partners within 3 of those, and their zones
    return bool(_collapsing(ctx, pid, cell, first=True))


def _collapsing(ctx: Seat, pid: int, cell: int, first: bool = False) -> list[tuple[int, int]]:
    """(partner, target) pairs that let ``pid``, standing on ``cell``, break the enemy zone over ``cell``
    (``first``: only the first pair, if any)."""
    count, seat = ctx.zones.count, ctx.seat
    over = [other for other, row in enumerate(count) if other != seat and row[cell] >= 2]
    if len(over) != 1 or count[over[0]][cell] != 2:
        return []
    enemy = over[0]
    within = disk_set(cell, unit_range(ctx.pieces[pid], cell))  # the targets ``pid`` reaches from ``cell``
    found = []
    for target, (owner, where, target_reach) in ctx.zones.shooters.items():
        if owner != enemy or where not in within or distance(where, cell) > target_reach:
            continue
        for partner, at, partner_reach in ctx.ready():
            if partner != pid and distance(at, where) <= partner_reach:
                found.append((partner, target))
                if first:
                    return found
    return found


def _breach_fire(ctx: Seat) -> list[str]:
    """After a breaching move: the shots that destroy a unit and collapse the zone (either unit named first)."""
    if ctx.ap < AP_SHOT:
        return []
    unit = ctx.state.breach
    found = []
    for partner, target in _collapsing(ctx, unit, ctx.state.pieces[unit].hex):
        found += [f"fire:{unit}+{partner}>{target}", f"fire:{partner}+{unit}>{target}"]
    return found


# --- loading and unloading ----------------------------------------------------------------------------
def _around(ctx: Seat, pid: int, through: str = "all") -> list[int]:
    """Hexes adjacent to a piece (a Lander: to its pods; ``through="open"``: only pods whose Turret stands)."""
    derived = ctx.derived
    piece = ctx.pieces[pid]
    if piece.kind == "lander":
        pods = derived.pods[pid]
        if through == "open":
            top = derived.top
            pods = tuple([pod for pod in pods if pod in top])
        return _ring(pods, lander_hexes(piece.hex, piece.aux))
    pods = derived.hexes(piece)
    return _ring(pods, pods)


@cache
def _ring(pods: tuple[int, ...], own: tuple[int, ...]) -> list[int]:
    """The hexes next to ``pods`` that are not ``own``, in order (made once per shape: callers do not change it)."""
    found: list[int] = []
    for pod in pods:
        for cell in NEIGHBOURS[pod]:
            if cell not in own and cell not in found:
                found.append(cell)
    return found


def _loads(ctx: Seat, pid: int) -> list[str]:
    derived, seat, pieces = ctx.derived, ctx.seat, ctx.pieces
    kind = pieces[pid].kind
    ring = 2 if kind in ("lander", "freighter") else 1
    _need(ctx, ring)  # the hexes around it
    free = ctx.free_space(pid)
    if free < 1:  # full: every load takes a space at least (what is around it does not matter)
        return []
    found: list[str] = []
    enemy, lander, top, pontoons, holder = ctx.enemy, derived.lander, derived.top, derived.pontoon, ctx.holder
    land, cargo, accepts, head = ctx.land, derived.cargo, ACCEPTS.get(kind, ()), f"load:{pid}<"  # fits(kind, ...)
    active = ctx.active
    for cell in _around(ctx, pid, "open"):  # (free >= 1 from here: a White Ore or Pontoon always fits)
        if cell in enemy or cell in lander:
            continue
        occupant = top.get(cell)
        if occupant is None:
            pontoon = pontoons.get(cell)
            if pontoon is not None and "pontoon" in accepts:
                found.append(head + str(pontoon))
            continue
        other = pieces[occupant]
        other_kind = other.kind
        if other_kind == "ore":
            if "ore" in accepts and (land[cell] or cell in pontoons):
                found.append(head + str(occupant))
            continue
        if other_kind == "freighter":
            _need(ctx, ring + 1)  # its activity: its second hex too
        transfer = kind != "lander" and other_kind in CARRIERS  # its cargo may come over
        if (other_kind not in accepts and not transfer) or other.comm < 0 or holder[other.comm] != seat \
                or not active(occupant):
            continue
        if other_kind in accepts and BASE_SIZE[other_kind] + len(cargo.get(occupant, ())) <= free:  # ctx.space
            found.append(head + str(occupant))
        if transfer:
            found += [head + str(item) for item in cargo.get(occupant, ())
                      if pieces[item].kind in accepts and ctx.space(item) <= free]
    return list(dict.fromkeys(found)) if len(found) > 1 else found


_UNLOADED = {"pontoon": 2, "freighter": 3, "speedboat": 4, "spider": 1}  # else 0: lands on any hex (see below)


def _unloads(ctx: Seat, pid: int) -> list[str]:
    derived, seat, pieces, holder = ctx.derived, ctx.seat, ctx.pieces, ctx.holder
    cargo = derived.cargo.get(pid, ())
    ring = 2 if pieces[pid].kind in ("lander", "freighter") else 1
    _need(ctx, ring)  # the hexes around it
    is_lander = pieces[pid].kind == "lander"
    if is_lander:  # White Ore loaded into the Lander is stored in containers and cannot be unloaded
        cargo = [item for item in cargo if pieces[item].kind != "ore"]
    if not cargo:
        return []
    # each item once: its action's text up to the hex, and where it may go (_UNLOADED; the same for every hex)
    items = [(item, f"unload:{pid}>{item}@", _UNLOADED.get(pieces[item].kind, 0)) for item in cargo]
    if any(where in (2, 3) for _, _, where in items):
        _need(ctx, ring + 1)  # a Pontoon's hold, a Sea Freighter's second hex: the hexes next to the ring
    found: list[str] = []
    enemy, top, lander, pontoons = ctx.enemy, derived.top, derived.lander, derived.pontoon
    for cell in _around(ctx, pid):
        if cell in enemy:
            continue
        place = HEX_TEXT[cell]
        occupant = top.get(cell)
        if cell in lander:  # into an own Lander, through a pod whose Turret stands
            held = lander[cell]
            if (not is_lander and occupant is not None and pieces[occupant].kind == "turret"
                    and holder[pieces[held].comm] == seat):  # a Lander holds a Comm Module
                found += [head + place for _, head, _ in items]
            continue
        if occupant is not None:  # a transfer into an own active carrier with room
            other = pieces[occupant]
            if other.kind == "freighter":
                _need(ctx, ring + 1)  # its activity: its second hex too
            if other.kind in CAPACITY and holder[other.comm] == seat and ctx.active(occupant):  # a unit
                free = ctx.free_space(occupant)
                found += [head + place for item, head, _ in items
                          if fits(other.kind, pieces[item].kind) and ctx.space(item) <= free]
            continue
        floating = cell in pontoons
        bridge: bool | None = None
        for _, head, where in items:
            if where == 0:  # land units and White Ore: anywhere (open sea loses them)
                found.append(head + place)
            elif where == 1:  # the Heavy Combat Spider: no mountain
                if TERRAIN[cell] != "^":
                    found.append(head + place)
            elif floating:  # no Pontoon, Sea Freighter or Speedboat onto a Pontoon
                continue
            elif where == 2:  # a Pontoon: where it stays (touching the surface or another Pontoon)
                if bridge is None:
                    bridge = bridgeable(ctx.state, cell)
                if bridge:
                    found.append(head + place)
            elif where == 3:  # the Sea Freighter: its second hex on open water
                found += [f"{head}{place}/{d}" for d in range(6) if _open_water_tail(ctx, cell, d)]
            else:
                found.append(head + place)
    return found


def _open_water_tail(ctx: Seat, head: int, towards: int) -> bool:
    tail = neighbour(head, towards)
    derived = ctx.derived
    return (tail >= 0 and tail not in derived.top and tail not in derived.lander and tail not in derived.pontoon
            and tail not in ctx.enemy)


# --- firing and capturing -----------------------------------------------------------------------------
def _fire(ctx: Seat, pid: int) -> list[str]:
    derived, seat = ctx.derived, ctx.seat
    ctx.apcap = max(ctx.apcap, AP_SHOT)
    if ctx.ap < AP_SHOT or ctx.shots.get(pid, 0) >= 2:
        return []
    pieces, holder = ctx.pieces, ctx.holder
    shooter = pieces[pid]
    if not tide_allows(ctx.land, derived, shooter):
        return []
    reach = unit_range(shooter)
    ctx.reach = reach  # what it may fire at: White Ore, Pontoons, the pieces of others within reach
    covered, aims = disk_set(shooter.hex, reach), ctx.aims()
    if aims.isdisjoint(covered):  # nothing to fire at in reach (most units, most of the time)
        return []
    aimed = covered & aims  # the hexes in reach that hold something to fire at
    near = disk_set(shooter.hex, reach + 4)  # a partner farther away reaches no target (3 at most, and a 2-hex one)
    # the partners that may cover a target, with the hexes each reaches (only those near: not every ready unit's)
    partners = [(partner, disk_set(at, far)) for partner, at, far in ctx.ready() if partner != pid and at in near]
    if not partners:
        ctx.near = reach + 4  # any partner within reach + 4: the armed units, Pontoons and enemy zones there
        return []
    top, pontoon = derived.top, derived.pontoon
    targets: dict[int, None] = {}
    for cell in sorted(aimed):  # in hex order, as the disk is
        target = top.get(cell)
        if target is not None and target not in targets:
            piece = pieces[target]
            if piece.kind in ("ore", "pontoon") or holder[piece.comm] != seat:  # state.controller
                targets[target] = None
        target = pontoon.get(cell)
        if target is not None and target not in targets:
            targets[target] = None  # a Pontoon belongs to nobody
    found = []
    aim = ctx.aim
    for target in targets:
        piece = pieces[target]
        aim.append(piece.hex)  # the partners within 3 of a target's hexes: those that may cover it
        if piece.kind in ("freighter", "lander"):
            cells = derived.hexes(piece)
            aim.extend(cells)
            found += [f"fire:{pid}+{partner}>{target}" for partner, cover in partners
                      if any(cell in cover for cell in cells)]
        else:
            cell = piece.hex
            found += [f"fire:{pid}+{partner}>{target}" for partner, cover in partners if cell in cover]
    return found


def _captures(ctx: Seat, pid: int) -> list[str]:
    derived, seat, pieces, holder = ctx.derived, ctx.seat, ctx.pieces, ctx.holder
    here = pieces[pid].hex
    _need(ctx, 1)
    found: list[str] = []
    for cell in NEIGHBOURS[here]:
        target = derived.top.get(cell)
        if target is None:
            held = derived.lander.get(cell)
            if held is not None:
                _need(ctx, 3)  # the Lander's pods
            if (held is not None and cell != pieces[held].hex and holder[pieces[held].comm] != seat
                    and not any(pod in derived.top for pod in derived.pods[held])):
                found.append(f"capture:{pid}>{held}")
            continue
        piece = pieces[target]
        owner = holder[piece.comm] if piece.comm >= 0 else -1  # state.controller
        if piece.kind not in CAPTURABLE or owner == seat:
            continue
        _need(ctx, 3)  # the target's hexes, its zone there, the armed units next to them
        cells = derived.hexes(piece)
        if owner >= 0 and any(ctx.zones.count[owner][c] >= 2 for c in cells):
            continue  # protected by its own Zone of Fire
        for partner in _adjacent_armed(ctx, cells):
            if partner != pid:
                found.append(f"capture:{pid}+{partner}>{target}")
    return list(dict.fromkeys(found))


def _adjacent_armed(ctx: Seat, cells: tuple[int, ...]) -> list[int]:
    derived, pieces = ctx.derived, ctx.pieces
    found = []
    for cell in cells:
        for n in NEIGHBOURS[cell]:
            other = derived.top.get(n)
            if (other is not None and pieces[other].kind in ARMED and pieces[other].kind != "turret"
                    and ctx.active(other) and other not in found):
                found.append(other)
    return found


# --- building and repairing ---------------------------------------------------------------------------
def _builds(ctx: Seat, pid: int) -> list[str]:
    """Ruling 11: into any free adjacent hex unloading allows (a flooded one included: the unit is then inactive;
    open sea: it is lost), or onto an adjacent own carrier with room; at most 2 units (1 Transporter) per
    Production Unit and turn."""
    derived, pieces = ctx.derived, ctx.pieces
    made = ctx.built.get(pid, [])
    if len(made) >= BUILDS_PER_TURN or not any(pieces[i].kind == "ore" for i in derived.cargo.get(pid, ())):
        return []
    kinds = [kind for kind in BUILDABLE if ctx.reserve.get(kind, 0) > 0
             and not (kind == "transporter" and made.count("transporter") >= TRANSPORTERS_PER_TURN)]
    _need(ctx, 2 if "pontoon" in kinds else 1)  # the hexes next to it (and a Pontoon's hold: theirs)
    found = []
    for cell in NEIGHBOURS[pieces[pid].hex]:
        occupant = derived.top.get(cell)
        if occupant is not None and pieces[occupant].kind == "freighter":
            _need(ctx, 2)  # its activity: its second hex too
        found += [f"build:{pid}>{kind}@{HEX_TEXT[cell]}" for kind in kinds if build_place(ctx, cell, kind) == ""]
    return found


def build_place(ctx: Seat, cell: int, kind: str) -> str:
    """Why a new unit of ``kind`` cannot go on ``cell`` next to its Production Unit ("" if it can): the rules of
    unloading (the rulebook: the Production Unit "unloads the newly produced unit")."""
    state, derived, seat = ctx.state, ctx.derived, ctx.seat
    pieces = state.pieces
    place = hex_text(cell)
    if cell in ctx.enemy:
        return f"{place} is inside an enemy Zone of Fire"
    if cell in derived.lander:
        held = derived.lander[cell]
        occupant = derived.top.get(cell)
        if state.controller(pieces[held]) != seat:
            return f"{place} is part of another company's Lander"
        if occupant is None or pieces[occupant].kind != "turret":
            return f"{place} is not a pod of the Lander with a standing Laser Turret"
        return ""
    occupant = derived.top.get(cell)
    if occupant is not None:
        other = pieces[occupant]
        if other.kind not in CAPACITY or state.controller(other) != seat:
            return f"{place} is occupied by {NAMES[other.kind]} {occupant}"
        if not ctx.active(occupant):
            return f"{NAMES[other.kind]} {occupant} on {place} is inactive"
        if not fits(other.kind, kind):
            return f"a {NAMES[other.kind]} does not carry a {NAMES[kind]}"
        if ctx.free_space(occupant) < size(kind):
            return f"{NAMES[other.kind]} {occupant} on {place} has no room for a {NAMES[kind]}"
        return ""
    if kind == "pontoon":
        if cell in derived.pontoon:
            return f"{place} already holds a Pontoon"
        if not bridgeable(state, cell):
            return f"a Pontoon on {place} would touch no surface hex or other Pontoon"
    return ""


def repair_cost(state: TF22State, seat: int, lander: int) -> tuple[int, list[int]] | None:
    """AP and Comm Modules (companies) to re-arm a pod of a captured Lander, or None: one module of the Lander's
    own company (2 AP), else two of other companies, the seat's own excluded (3 AP; the most plentiful first)."""
    company = state.lander_company(lander)
    held = state.modules[seat]
    if held[company] >= 1:
        return 2, [company]
    pool = sorted((c for c in range(state.seats) if c != seat and held[c]), key=lambda c: (-held[c], c))
    if not pool:
        return None
    if held[pool[0]] >= 2:
        return 3, [pool[0], pool[0]]
    return (3, pool[:2]) if len(pool) >= 2 else None


def _repairs(ctx: Seat, pid: int) -> list[str]:
    if ctx.landers.index(pid) == ctx.seat:  # state.lander_company
        return []
    state, derived = ctx.state, ctx.derived
    _need(ctx, 1)
    ctx.apcap = 3
    cost = repair_cost(state, ctx.seat, pid)
    if cost is None or ctx.ap < cost[0]:
        return []
    return [f"repair:{pid}>{HEX_TEXT[pod]}" for pod in derived.pods[pid] if pod not in derived.top]


def _replaces(ctx: Seat, pid: int) -> list[str]:
    """A captured Lander still holding its own company's Comm Module takes one of the captor's instead."""
    company = ctx.landers.index(pid)  # state.lander_company
    if company == ctx.seat or ctx.pieces[pid].comm != company or ctx.state.own_comm(ctx.seat) == company:
        return []
    return [f"replace:{pid}"]


# --- the whole list -----------------------------------------------------------------------------------
def interference_pairs(state: TF22State, seat: int) -> list[int]:
    """The seat's Robot Combat Units on the map next to another of its own (ruling 8; the "mountains" option:
    only when both stand on mountains)."""
    mountains = state.interference == "mountains"
    pieces, holder = state.pieces, state.holder
    mine = {piece.hex: pid for pid in state.derived.units  # the pieces on the map (White Ore and Pontoons aside)
            if (piece := pieces[pid]).kind == "rcu" and holder[piece.comm] == seat
            and (not mountains or TERRAIN[piece.hex] == "^")}
    return sorted(pid for cell, pid in mine.items() if any(n in mine for n in NEIGHBOURS[cell]))


def global_actions(state: TF22State, seat: int) -> list[str]:
    """The actions no unit performs: end, undo, takeoff, lose."""
    if state.seat != seat:
        return []
    found = ["undo"] if state.journal else []
    if state.phase == "interfere":
        return found + [f"lose:{pid}" for pid in interference_pairs(state, seat)]
    if state.phase != "play" or state.breach >= 0:
        return found
    found.append("end")
    if state.turn == state.turns and state.held_landers(seat):
        found.append("takeoff")
    return found


def legal_actions(state: TF22State, seat: int) -> list[str]:
    if state.phase == "land":
        return sorted(landing_sites(state)) if state.seat == seat else []
    found = global_actions(state, seat)
    ctx = _context(state, seat)
    lists = ctx.lists
    carried = None if carry.CHECK_CARRIED else ctx.carried  # the tests check every carried list: through ``entry``
    if carried is None:
        for pid in actors(state, seat):
            listed = lists.get(pid)
            if listed is None:  # unit_actions, written out
                listed = entry(ctx, pid, _unit_actions)
            found += listed
        return sorted(found)
    parents, reads, dirty = carried
    pieces, capped, read_now = ctx.pieces, ctx.capped, ctx.read
    for pid in actors(state, seat):
        listed = lists.get(pid)
        if listed is None:  # unit_actions, written out, and ``carry.entry``'s check of a carried list too
            read = reads.get(pid)
            if (read is not None and read[0] is pieces[pid] and read[3] == capped[read[2]]
                    and dirty.isdisjoint(read[1])):
                listed = lists[pid] = parents[pid]
                read_now[pid] = read
            else:
                listed = entry(ctx, pid, _unit_actions)
        found += listed
    return sorted(found)
