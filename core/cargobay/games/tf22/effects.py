"""What each legal action of a move does to a mutable state (legal.py has already said it is legal).

- Every action costs 1 AP; a shot of two cannons 2 AP; a repair 2 or 3 (legal.repair_cost).
- A land unit or White Ore unloaded into open sea is lost (a flooded swamp or reef keeps it, inactive).
- Capturing a unit exchanges the Comm Modules of it and of every unit it carries: the captor keeps the old ones.
- Boarding a Lander (its three Turrets destroyed) hands its company's Comm Modules, so every unit holding one, to
  the boarder, who gets 5 AP at once (the rulebook's first option: the module stays in); units inside holding
  another company's module (one the old captor commands through a Lander it took) are exchanged as captured.
- ``replace:L`` (the second option, any time later too): the captor takes the Lander's own Comm Module out (it
  keeps it, e.g. for a 2-AP repair) and puts in one of its own; its Turrets follow the Lander, and the units inside
  the Lander (nested cargo too) get the captor's modules as a captured unit does (the captor keeps theirs). Every
  other unit of that company is commanded by nobody from then on: inactive, projecting no fire, open to capture
  by anyone (its own zone no longer protects it). The company's Lander no longer hands out that company when it is
  boarded again: a boarder takes the Lander and what is inside, whose modules it exchanges for its own.
- Removing a Pontoon from the map (loaded or destroyed) may leave a chain of Pontoons without contact to the
  surface: those are washed away at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import Build, Capture, Fire, Load, Lose, Move, Repair, Replace, Unload
from .board import TERRAIN
from .fire import destroy, wash_pontoons, zones
from .flow import AP_PER_LANDER, seat_name
from .legal import repair_cost
from .state import CAPTURED, HOLDER, MODULES, RESERVE, TF22State
from .units import NAMES, Piece

__all__ = ["execute"]


def _name(state: TF22State, pid: int) -> str:
    piece = state.pieces[pid]
    owner = state.controller(piece)
    return NAMES[piece.kind] + (f" of {seat_name(owner)}" if owner >= 0 else "")


def execute(state: TF22State, seat: int,
            move: Move | Load | Unload | Fire | Capture | Build | Repair | Replace | Lose) -> None:
    _EFFECTS[type(move)](state, seat, move)


def _lose(state: TF22State, seat: int, move: Lose) -> None:
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


def _load(state: TF22State, seat: int, move: Load) -> None:
    piece = state.pieces[move.piece]
    mover = state.seat
    state.put(move.piece, piece._replace(hex=-1, carrier=move.unit, aux=-1))
    state.ap[mover] -= 1
    if piece.kind == "pontoon" and wash_pontoons(state):
        state.events.append("Pontoons washed away")


def _unload(state: TF22State, seat: int, move: Unload) -> None:
    mover = state.seat
    piece = state.pieces[move.piece]
    derived = state.derived
    state.ap[mover] -= 1
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


def _fire(state: TF22State, seat: int, move: Fire) -> None:
    mover = state.seat
    for shooter in (move.unit, move.partner):
        state.shots[shooter] = state.shots.get(shooter, 0) + 1
    state.ap[mover] -= 2
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
    _exchange(state, seat, [move.target, *state.derived.contents(move.target)], state.own_comm(seat))


def _exchange(state: TF22State, seat: int, pids: list[int], comm: int) -> None:
    """The units among ``pids`` get ``comm``'s Comm Modules; the seat keeps the ones taken out."""
    for pid in pids:
        piece = state.pieces[pid]
        if piece.comm >= 0 and piece.comm != comm:
            state.own(MODULES)
            state.modules[seat][piece.comm] += 1
            state.put(pid, piece._replace(comm=comm))


def _turrets(state: TF22State, lid: int) -> list[int]:
    return [pid for pid, piece in state.pieces.items() if piece.kind == "turret" and piece.aux == lid]


def _board(state: TF22State, seat: int, move: Capture) -> None:
    lander = state.pieces[move.target]
    company = state.lander_company(move.target)
    state.events.append(f"{seat_name(seat)} captures the Lander of company {company + 1}")
    unit = state.pieces[move.unit]
    state.put(move.unit, unit._replace(hex=-1, carrier=move.target))
    state.ap[seat] += AP_PER_LANDER
    if company != seat and company not in state.captured[seat]:
        state.own(CAPTURED)
        state.captured[seat] = sorted([*state.captured[seat], company])
    if lander.comm == company:  # its own module: the whole company follows it
        state.own(HOLDER)
        state.holder[company] = seat
        state.forget()
        # and whatever is inside with another company's module (a unit of a Lander its old captor holds) too
        inside = [pid for pid in state.derived.contents(move.target)
                  if pid != move.unit and state.controller(state.pieces[pid]) != seat]
        _exchange(state, seat, inside, state.own_comm(seat))
        return
    # a module put in by an earlier captor commands nothing but the Lander: the boarder exchanges it
    if company == seat:
        state.own(HOLDER)
        state.holder[seat] = seat  # a company taking its own Lander back commands its units again
        state.forget()
    comm = state.own_comm(seat)
    lander = state.pieces[move.target]
    if lander.comm != comm:
        state.own(MODULES)
        state.modules[seat][lander.comm] += 1
        state.put(move.target, lander._replace(comm=comm))
    for pid in _turrets(state, move.target):
        state.put(pid, state.pieces[pid]._replace(comm=comm))
    _exchange(state, seat, [pid for pid in state.derived.contents(move.target) if pid != move.unit], comm)


def _replace(state: TF22State, seat: int, move: Replace) -> None:
    lander = state.pieces[move.unit]
    company = lander.comm
    comm = state.own_comm(seat)
    state.ap[seat] -= 1
    state.own(MODULES)
    state.modules[seat][company] += 1
    state.put(move.unit, lander._replace(comm=comm))
    for pid in _turrets(state, move.unit):
        state.put(pid, state.pieces[pid]._replace(comm=comm))
    _exchange(state, seat, state.derived.contents(move.unit), comm)
    state.own(HOLDER)
    state.holder[company] = -1
    state.forget()
    state.events.append(f"{seat_name(seat)} replaces the Comm Module of company {company + 1}'s Lander: "
                        "its units outside are commanded by nobody")


def _build(state: TF22State, seat: int, move: Build) -> None:
    derived = state.derived
    ore = next(pid for pid in derived.cargo[move.unit] if state.pieces[pid].kind == "ore")
    occupant = derived.top.get(move.hex)
    state.drop(ore)
    state.own(RESERVE)
    state.reserve[move.kind] -= 1
    state.built[move.unit] = [*state.built.get(move.unit, []), move.kind]
    comm = -1 if move.kind == "pontoon" else state.own_comm(seat)
    into = derived.lander.get(move.hex, occupant)
    if into is not None:  # onto a carrier, or into an own Lander through a pod
        state.new_piece(Piece(move.kind, comm, -1, into, -1))
    else:  # ruling 11: a flooded hex keeps it (inactive); open sea loses it, as an unload would
        made = state.new_piece(Piece(move.kind, comm, move.hex, -1, -1))
        if move.kind != "pontoon" and TERRAIN[move.hex] == "~" and move.hex not in derived.pontoon:
            state.events.append(f"{_name(state, made)} is lost in the open sea")
            destroy(state, made)
    state.ap[seat] -= 1


def _repair(state: TF22State, seat: int, move: Repair) -> None:
    cost = repair_cost(state, seat, move.unit)
    assert cost is not None
    points, companies = cost
    state.own(MODULES)
    for company in companies:
        state.modules[seat][company] -= 1
    state.ap[seat] -= points
    state.new_piece(Piece("turret", state.pieces[move.unit].comm, move.hex, -1, move.unit))
    state.events.append(f"{seat_name(seat)} repairs a Laser Turret")


# what each action does, by its type (``execute``); ``_load``, ``_unload`` and ``_fire`` read the seat in its move
# from the state (the same seat: rules.apply checks it)
_EFFECTS: dict[type, Callable[[TF22State, int, Any], None]] = {
    Move: _move, Load: _load, Unload: _unload, Fire: _fire, Capture: _capture, Build: _build, Repair: _repair,
    Replace: _replace, Lose: _lose,
}
