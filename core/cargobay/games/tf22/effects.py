"""What each legal action of a move does to a mutable state (legal.py has already said it is legal).

- Every action costs 1 AP; a shot of two cannons 2 AP; a repair 2 or 3 (legal.repair_cost).
- A land unit or White Ore unloaded into open sea is lost (a flooded swamp or reef keeps it, inactive).
- Capturing a unit exchanges the Comm Modules of it and of every unit it carries: the captor keeps the old ones.
- Boarding a Lander (its three Turrets destroyed) hands its company's Comm Modules, so every unit holding one, to
  the boarder, who gets 5 AP at once. (The rulebook's option of exchanging the captured Lander's own Comm Module,
  which leaves that company's units uncommanded, is not offered: the Lander's module always stays in.)
- Removing a Pontoon from the map (loaded or destroyed) may leave a chain of Pontoons without contact to the
  surface: those are washed away at once.
"""

from __future__ import annotations

from .actions import Build, Capture, Fire, Load, Lose, Move, Repair, Unload
from .board import TERRAIN
from .fire import destroy, wash_pontoons, zones
from .flow import AP_PER_LANDER, seat_name
from .legal import repair_cost
from .state import TF22State
from .units import NAMES, Piece

__all__ = ["execute"]


def own_comm(state: TF22State, seat: int) -> int:
    """The Comm Modules the seat puts into units it captures or builds: its own company's while it commands them,
    else those of a Lander it captured."""
    if state.holder[seat] == seat:
        return seat
    return next(company for company, holder in enumerate(state.holder) if holder == seat)


def _name(state: TF22State, pid: int) -> str:
    piece = state.pieces[pid]
    owner = state.controller(piece)
    return NAMES[piece.kind] + (f" of {seat_name(owner)}" if owner >= 0 else "")


def execute(state: TF22State, seat: int, move: Move | Load | Unload | Fire | Capture | Build | Repair | Lose) -> None:
    if isinstance(move, Move):
        _move(state, seat, move)
    elif isinstance(move, Load):
        _load(state, move)
    elif isinstance(move, Unload):
        _unload(state, move)
    elif isinstance(move, Fire):
        _fire(state, move)
    elif isinstance(move, Capture):
        _capture(state, seat, move)
    elif isinstance(move, Build):
        _build(state, seat, move)
    elif isinstance(move, Repair):
        _repair(state, seat, move)
    else:
        state.events.append(f"{_name(state, move.unit)} is destroyed by interference")
        destroy(state, move.unit)


def _move(state: TF22State, seat: int, move: Move) -> None:
    piece = state.pieces[move.unit]
    breach = move.hex in zones(state).enemy(seat)
    state.put(move.unit, piece._replace(hex=move.hex, aux=move.towards if piece.kind == "freighter" else -1))
    state.ap[seat] -= 1
    if breach:
        state.breach = move.unit
        state.events.append(f"{_name(state, move.unit)} breaches an enemy Zone of Fire")


def _load(state: TF22State, move: Load) -> None:
    piece = state.pieces[move.piece]
    seat = state.seat
    state.put(move.piece, piece._replace(hex=-1, carrier=move.unit, aux=-1))
    state.ap[seat] -= 1
    if piece.kind == "pontoon" and wash_pontoons(state):
        state.events.append("Pontoons washed away")


def _unload(state: TF22State, move: Unload) -> None:
    seat = state.seat
    piece = state.pieces[move.piece]
    derived = state.derived
    state.ap[seat] -= 1
    into = derived.lander.get(move.hex, derived.top.get(move.hex))
    if into is not None:
        state.put(move.piece, piece._replace(carrier=into))
        return
    aux = move.towards if piece.kind == "freighter" else -1
    state.put(move.piece, piece._replace(hex=move.hex, carrier=-1, aux=aux))
    sinks = piece.kind not in ("pontoon", "speedboat", "freighter")
    if sinks and TERRAIN[move.hex] == "~" and move.hex not in derived.pontoon:
        state.events.append(f"{_name(state, move.piece)} is lost in the open sea")
        destroy(state, move.piece)


def _fire(state: TF22State, move: Fire) -> None:
    seat = state.seat
    for shooter in (move.unit, move.partner):
        state.shots[shooter] = state.shots.get(shooter, 0) + 1
    state.ap[seat] -= 2
    target = state.pieces[move.target]
    state.events.append(f"{_name(state, move.target)} is destroyed")
    destroy(state, move.target)
    state.breach = -1
    if target.kind == "pontoon" and wash_pontoons(state):
        state.events.append("Pontoons washed away")


def _capture(state: TF22State, seat: int, move: Capture) -> None:
    state.ap[seat] -= 1
    if move.partner < 0:
        _board(state, seat, move)
        return
    state.events.append(f"{_name(state, move.target)} is captured by {seat_name(seat)}")
    comm = own_comm(state, seat)
    for pid in [move.target, *state.derived.contents(move.target)]:
        piece = state.pieces[pid]
        if piece.comm >= 0 and piece.comm != comm:
            state.modules[seat][piece.comm] += 1
            state.put(pid, piece._replace(comm=comm))


def _board(state: TF22State, seat: int, move: Capture) -> None:
    lander = state.pieces[move.target]
    company = lander.comm
    state.events.append(f"{seat_name(seat)} captures the Lander of company {company + 1}")
    unit = state.pieces[move.unit]
    state.put(move.unit, unit._replace(hex=-1, carrier=move.target))
    state.holder[company] = seat
    state.ap[seat] += AP_PER_LANDER
    if company != seat and company not in state.captured[seat]:
        state.captured[seat] = sorted([*state.captured[seat], company])


def _build(state: TF22State, seat: int, move: Build) -> None:
    derived = state.derived
    ore = next(pid for pid in derived.cargo[move.unit] if state.pieces[pid].kind == "ore")
    occupant = derived.top.get(move.hex)
    state.drop(ore)
    state.reserve[move.kind] -= 1
    state.built[move.unit] = [*state.built.get(move.unit, []), move.kind]
    comm = -1 if move.kind == "pontoon" else own_comm(state, seat)
    if occupant is not None:
        state.new_piece(Piece(move.kind, comm, -1, occupant, -1))
    else:
        state.new_piece(Piece(move.kind, comm, move.hex, -1, -1))
    state.ap[seat] -= 1


def _repair(state: TF22State, seat: int, move: Repair) -> None:
    cost = repair_cost(state, seat, move.unit)
    assert cost is not None
    points, companies = cost
    for company in companies:
        state.modules[seat][company] -= 1
    state.ap[seat] -= points
    state.new_piece(Piece("turret", state.pieces[move.unit].comm, move.hex, -1, move.unit))
    state.events.append(f"{seat_name(seat)} repairs a Laser Turret")
