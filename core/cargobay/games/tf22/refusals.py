"""Why a well-formed TF22 action is refused: the fact that breaks a rule and the rule itself, the one that applies
(not the action family's headline). ``legal.py`` decides what is legal; this only explains a refusal, so it
reads the position the same way and falls back to the family's rule when no single fact stands out.

>>> explain_rule("Build")
'Production Unit: White Ore loaded, 2 units per turn (1 Transporter) per Production Unit, from the reserve'
"""

from __future__ import annotations

from typing import Any

from .actions import Build, Capture, Fire, Load, Lose, Move, Repair, Replace, Simple, Unload
from .board import NEIGHBOURS, TERRAIN, distance, hex_text
from .fire import active, land_at, tide_active, unit_range, zones
from .legal import build_place
from .seat import context as _context
from .state import TF22State
from .units import ARMED, BUILDS_PER_TURN, CAPACITY, CAPTURABLE, CARRIERS, NAMES, SEA_UNITS, TRANSPORTERS_PER_TURN, fits

__all__ = ["explain", "explain_rule"]

FAMILY = {
    "Move": "Movement: 1 AP per hex, not into an occupied hex or an enemy Zone of Fire",
    "Load": "Loading and Transport: from an adjacent hex, with room, not under enemy fire",
    "Unload": "Loading and Transport: into an adjacent hex, not under enemy fire",
    "Fire": "Destroying a Target: two armed units in range, 2 shots per turn each, 2 AP",
    "Capture": "Capturing a Target: two armed units adjacent, outside enemy Zones of Fire",
    "Build": "Production Unit: White Ore loaded, 2 units per turn (1 Transporter) per Production Unit, "
             "from the reserve",
    "Repair": "Capturing a Lander: repair with other companies' Comm Modules",
    "Replace": "Capturing a Lander: its Comm Module may be replaced by one of the captor's",
}

ACTION_POINTS = "Action Points: every action costs 1 AP (ruling 6)"
INACTIVE = "Inactive Units: stranded or flooded units cannot act until the tide changes"
UNDER_FIRE = "Zone of Fire: enemy units under it become inactive (ruling 12)"
OCCUPIED = "Movement: a hex occupied by a unit or White Ore cannot be entered"
ENEMY_FIRE_HEX = "Loading and Transport: a hex under enemy fire cannot be loaded from or unloaded into"
SHOTS = "Destroying a Target: each armed unit fires at most 2 shots per turn"
RANGE = "Destroying a Target: both units must have the target in range"
PRODUCTION = "Production Unit: unloads the new unit into a free adjacent hex or onto a carrier with room (ruling 11)"


def explain_rule(family: str) -> str:
    """The headline rule of an action family (the fallback)."""
    return FAMILY.get(family, "Turn Order")


def _name(state: TF22State, pid: int) -> str:
    return f"{NAMES[state.pieces[pid].kind]} {pid}"


def explain(state: TF22State, seat: int, move: Any) -> tuple[str, str]:
    """(fact, rule) for a refused ``move`` of ``seat``."""
    family = type(move).__name__
    if state.phase != "play" and not isinstance(move, Lose):
        return f"the phase is {state.phase}", "Turn Order"
    if state.breach >= 0 and not isinstance(move, Fire):
        return ("the unit that entered the enemy Zone of Fire must fire first",
                "Zone of Fire: a unit entering it must break it at once")
    if isinstance(move, (Simple, Lose)):
        return "it is not available now", "Turn Order"
    unit = move.unit
    if unit not in state.pieces:
        return f"there is no piece {unit}", explain_rule(family)
    piece = state.pieces[unit]
    if state.controller(piece) != seat:
        return f"piece {unit} is not commanded by seat {seat}", "Comm Modules: a player commands his own units"
    if piece.hex < 0:
        return f"piece {unit} is carried", "Loading and Transport: carried units do not act"
    need = 2 if isinstance(move, Fire) else 1
    if state.ap[seat] < need:
        left = state.ap[seat]
        what = "no Action Points left" if left == 0 else f"{need} Action Points needed, {left} left"
        return what, ACTION_POINTS if need == 1 else "Destroying a Target: two shots, 1 AP each (ruling 6)"
    if piece.kind != "lander":
        if piece.kind != "turret" and not tide_active(state, piece):
            return (f"{_name(state, unit)} is {'stranded' if piece.kind in SEA_UNITS else 'flooded'}", INACTIVE)
        if not active(state, unit, seat):
            return f"{_name(state, unit)} is inside an enemy Zone of Fire", UNDER_FIRE
    why: tuple[str, str] | None = None
    if isinstance(move, Move):
        why = _move(state, seat, move)
    elif isinstance(move, Fire):
        why = _fire(state, seat, move)
    elif isinstance(move, Capture):
        why = _capture(state, seat, move)
    elif isinstance(move, Build):
        why = _build(state, seat, move)
    elif isinstance(move, Load):
        why = _load(state, seat, move)
    elif isinstance(move, Unload):
        why = _unload(state, seat, move)
    if why is not None:
        return why
    if isinstance(move, Capture) and move.partner < 0:
        return "a Lander is boarded next to a pod once its three Turrets are destroyed", explain_rule(family)
    if isinstance(move, (Repair, Replace)) and state.lander_company(unit) == seat:
        return "it is this seat's own Lander", explain_rule(family)
    return "no legal action of this unit matches it", explain_rule(family)


def _move(state: TF22State, seat: int, move: Move) -> tuple[str, str] | None:
    piece = state.pieces[move.unit]
    derived = state.derived
    place = hex_text(move.hex)
    if piece.kind not in SEA_UNITS and piece.kind not in ("rcu", "spider", "transporter", "production"):
        return f"a {NAMES[piece.kind]} does not move", "Movement: only land and sea units move"
    if piece.kind == "freighter":
        if not any(move.hex in NEIGHBOURS[cell] for cell in derived.hexes(piece)):
            return (f"{place} is not next to Sea Freighter {move.unit}",
                    "Sea Freighter: each new hex it occupies is next to the other (ruling 4)")
    elif move.hex not in NEIGHBOURS[piece.hex]:
        return f"{place} is not next to {hex_text(piece.hex)}", "Movement: 1 AP per hex, to an adjacent hex"
    if piece.kind == "spider" and TERRAIN[move.hex] == "^":
        return f"{place} is a mountain hex", "Heavy Combat Spider: mountains cannot be entered"
    if move.hex in derived.lander:
        return f"{place} is a Lander's hex", OCCUPIED
    occupant = derived.top.get(move.hex)
    if occupant is not None and occupant != move.unit:
        return f"{place} is occupied by {_name(state, occupant)}", OCCUPIED
    if piece.kind in SEA_UNITS and move.hex in derived.pontoon:
        return f"{place} holds a Pontoon", "Pontoon: a hex occupied by a Pontoon cannot be used by sea units"
    if move.hex in zones(state).enemy(seat):
        return (f"{place} is inside an enemy Zone of Fire",
                "Zone of Fire: units cannot enter it, unless an armed unit breaks it at once with a partner")
    return None


def _shooter(state: TF22State, seat: int, pid: int, role: str) -> tuple[str, str] | None:
    if pid not in state.pieces:
        return f"there is no piece {pid}", RANGE
    piece = state.pieces[pid]
    if piece.kind not in ARMED:
        return f"{role} {_name(state, pid)} is unarmed", "Armament and Combat: only armed units fire"
    if state.controller(piece) != seat:
        return f"{role} {_name(state, pid)} is not commanded by seat {seat}", "Comm Modules"
    if piece.hex < 0:
        return f"{role} {_name(state, pid)} is carried", "Zone of Fire: carried units do not fire (ruling 7)"
    if state.shots.get(pid, 0) >= 2:
        return f"{_name(state, pid)} has fired its 2 shots this turn", SHOTS
    if piece.kind != "turret" and not tide_active(state, piece):
        return f"{role} {_name(state, pid)} is stranded or flooded", INACTIVE
    if not active(state, pid, seat):
        return f"{role} {_name(state, pid)} is inside an enemy Zone of Fire", UNDER_FIRE
    return None


def _fire(state: TF22State, seat: int, move: Fire) -> tuple[str, str] | None:
    if move.unit == move.partner:
        return "a unit cannot be its own partner", "Destroying a Target: two shots from two different armed units"
    for pid, role in ((move.unit, "the first unit"), (move.partner, "the partner")):
        why = _shooter(state, seat, pid, role)
        if why is not None:
            return why
    if move.target not in state.pieces:
        return f"there is no piece {move.target}", RANGE
    target = state.pieces[move.target]
    if target.hex < 0:
        return f"{_name(state, move.target)} is carried", "Destroying a Target: targets on the map"
    if target.kind not in ("ore", "pontoon") and state.controller(target) == seat:
        return f"{_name(state, move.target)} is this seat's own", "Destroying a Target: enemy units"
    cells = state.derived.hexes(target)
    for pid in (move.unit, move.partner):
        shooter = state.pieces[pid]
        reach = unit_range(shooter)
        gap = min(distance(shooter.hex, cell) for cell in cells)
        if gap > reach:
            return (f"{_name(state, move.target)} is {gap} hexes from {_name(state, pid)} (range {reach})", RANGE)
    return None


def _capture(state: TF22State, seat: int, move: Capture) -> tuple[str, str] | None:
    if move.partner < 0:
        return None
    derived = state.derived
    if move.unit == move.partner:
        return "a unit cannot be its own partner", "Capturing a Target: two different armed units"
    if move.target not in state.pieces:
        return f"there is no piece {move.target}", explain_rule("Capture")
    target = state.pieces[move.target]
    if target.kind not in CAPTURABLE:
        return f"a {NAMES[target.kind]} cannot be captured", "Capturing a Target: land and sea units only"
    owner = state.controller(target)
    if owner == seat:
        return f"{_name(state, move.target)} is this seat's own", "Capturing a Target: enemy units"
    cells = derived.hexes(target)
    for pid in (move.unit, move.partner):
        other = state.pieces.get(pid)
        if other is None or other.kind not in ARMED or other.kind == "turret":
            return f"piece {pid} is no armed mobile unit", "Capturing a Target: two armed units"
        if state.controller(other) != seat or not active(state, pid, seat):
            return f"{_name(state, pid)} cannot act", UNDER_FIRE
        if not any(cell in NEIGHBOURS[other.hex] for cell in cells):
            return (f"{_name(state, pid)} is not next to {_name(state, move.target)}",
                    "Capturing a Target: both armed units adjacent to the target")
    if owner >= 0 and any(zones(state).count[owner][cell] >= 2 for cell in cells):
        return (f"{_name(state, move.target)} stands inside its own commander's Zone of Fire",
                "Capturing a Target: the target must be outside enemy Zones of Fire (ruling 7)")
    return None


def _build(state: TF22State, seat: int, move: Build) -> tuple[str, str] | None:
    unit = move.unit
    piece = state.pieces[unit]
    if piece.kind != "production":
        return f"a {NAMES[piece.kind]} builds nothing", "Production Unit: only it manufactures units"
    made = state.built.get(unit, [])
    if len(made) >= BUILDS_PER_TURN:
        return (f"Production Unit {unit} has built {len(made)} units this turn",
                "Production Unit: at most two units per turn, counted per Production Unit (ruling 11)")
    if move.kind == "transporter" and made.count("transporter") >= TRANSPORTERS_PER_TURN:
        return (f"Production Unit {unit} has built a Transporter this turn",
                "Production Unit: only one Transport Unit per turn, counted per Production Unit (ruling 11)")
    if not any(state.pieces[i].kind == "ore" for i in state.derived.cargo.get(unit, ())):
        return (f"Production Unit {unit} holds no White Ore",
                "Production Unit: it manufactures a unit from a lump of White Ore it has loaded")
    if state.reserve.get(move.kind, 0) <= 0:
        return f"the reserve holds no {NAMES[move.kind]}", "Reserve: units are taken from the common reserve"
    if move.hex not in NEIGHBOURS[piece.hex]:
        return f"{hex_text(move.hex)} is not next to Production Unit {unit}", PRODUCTION
    why = build_place(_context(state, seat), move.hex, move.kind)
    if why:
        pontoon = "Pontoon: it stays only where it touches the surface or another Pontoon"
        rule = ENEMY_FIRE_HEX if "Zone of Fire" in why else pontoon if "Pontoon" in why else PRODUCTION
        return why, rule
    return None


def _load(state: TF22State, seat: int, move: Load) -> tuple[str, str] | None:
    carrier = state.pieces[move.unit]
    if move.piece not in state.pieces:
        return f"there is no piece {move.piece}", explain_rule("Load")
    item = state.pieces[move.piece]
    if carrier.kind not in CARRIERS:
        return f"a {NAMES[carrier.kind]} carries nothing", "Loading and Transport: carriers only"
    if not fits(carrier.kind, item.kind):
        return (f"a {NAMES[carrier.kind]} does not carry a {NAMES[item.kind]}",
                "Loading and Transport: what each carrier takes (ruling 3)")
    where = state.derived.hexes(item) if item.hex >= 0 else ()
    if any(cell in zones(state).enemy(seat) for cell in where):
        return f"{_name(state, move.piece)} stands inside an enemy Zone of Fire", ENEMY_FIRE_HEX
    if item.kind == "ore" and item.hex >= 0 and not (land_at(state, item.hex) or item.hex in state.derived.pontoon):
        return (f"the White Ore on {hex_text(item.hex)} is under water",
                "Loading and Transport: White Ore in flooded hexes cannot be loaded")
    return None


def _unload(state: TF22State, seat: int, move: Unload) -> tuple[str, str] | None:
    carrier = state.pieces[move.unit]
    if move.piece not in state.pieces or state.pieces[move.piece].carrier != move.unit:
        return f"{move.unit} does not carry piece {move.piece}", explain_rule("Unload")
    item = state.pieces[move.piece]
    if carrier.kind == "lander" and item.kind == "ore":
        return ("White Ore in a Lander is stored in containers",
                "The Lander: loaded White Ore cannot be unloaded")
    if move.hex in zones(state).enemy(seat):
        return f"{hex_text(move.hex)} is inside an enemy Zone of Fire", ENEMY_FIRE_HEX
    if item.kind == "spider" and TERRAIN[move.hex] == "^":
        return f"{hex_text(move.hex)} is a mountain hex", "Heavy Combat Spider: mountains cannot be entered"
    occupant = state.derived.top.get(move.hex)
    if occupant is not None and move.hex not in state.derived.lander:
        other = state.pieces[occupant]
        if other.kind not in CAPACITY or state.controller(other) != seat:
            return (f"{hex_text(move.hex)} is occupied by {_name(state, occupant)}",
                    "Loading and Transport: the hex unloaded into must be empty or hold a carrier with room")
    return None
