"""The turn structure of TF22 on a mutable state: set-up, landing (turn 1), the tide deck, rounds and moves,
forecasts, take-off and scoring.

- Turn 1: chance ``order:`` (the landing order by roll); each player lands in that order; chance ``tides:``
  deals the deck and reveals its top card (turn 2's tide).
- Turn 2: chance ``first:`` (the roll for first player; then clockwise, seat + 1, for the rest of the game); the
  face-up card is the tide. Each later turn reveals the next card first. When the face-down pile is empty after a
  reveal, chance ``tides:`` rebuilds it from the other 14 cards (ruling 5) and every forecast is forgotten.
- Forecasts (hidden): a seat has seen the top ``known[seat]`` cards of the face-down pile. At the start of every
  turn, at the start of its move and after each of its actions, a seat with more active Production Units than
  cards seen looks at that many (an active one: on the map, tide-active, not in an enemy Zone of Fire). A look
  during a move ends what ``undo`` can take back.
- A move: 15 AP + the AP saved from the seat's last move (at most 10) + 5 per enemy Lander it holds. ``end``
  saves min(10, AP left). A seat holding no Lander has no move (its units passed to whoever captured it).
- Turn ``turns`` (20): ``takeoff`` lifts every Lander the seat holds and ends its move; after the last move of the
  turn every Lander still down takes off. Units left outside stay on GH-328 and are out of the game.
- Score (ruling 9): per seat that took off, 1 per White Ore and per unit (Pontoons included, Turrets and Landers
  not) inside its Landers, nested cargo included, plus 1 per Comm Module of another company whose Lander it never
  captured. Most points wins; a tie goes to more White Ore, then it is shared.
"""

from __future__ import annotations

from ...tokens import peek_at, reveal
from .board import ORE_START, disk
from .fire import active, wash_pontoons
from .state import TF22State, lander_hexes
from .tides import LEVEL_NAMES
from .units import START, UNITS, Piece, reserve

AP_PER_TURN = 15
MAX_SAVED = 10
AP_PER_LANDER = 5
LANDING_ZONE = 3


def new_state(seats: int, turns: int, interference: str) -> TF22State:
    state = TF22State(seats=seats, turns=turns, interference=interference)
    for cell in ORE_START:
        state.new_piece(Piece("ore", -1, cell, -1, -1))
    state.known = [0] * seats
    state.landers = [-1] * seats
    state.holder = list(range(seats))
    state.forget()
    state.reserve = reserve(seats)
    state.ap = [0] * seats
    state.saved = [0] * seats
    state.modules = [[0] * seats for _ in range(seats)]
    state.captured = [[] for _ in range(seats)]
    state.flown = [False] * seats
    state.freight = [[0, 0] for _ in range(seats)]
    return state


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


# --- turn 1 -------------------------------------------------------------------------------------------
def land(state: TF22State, seat: int, centre: int, orientation: int) -> None:
    """Put the seat's Lander down with its three Turrets and its units inside; clear the White Ore of its zone."""
    hexes = lander_hexes(centre, orientation)
    zone = {cell for pod in hexes for cell in disk(pod, LANDING_ZONE)}
    for pid, piece in list(state.pieces.items()):
        if piece.kind == "ore" and piece.hex in zone:
            state.drop(pid)
    lander = state.new_piece(Piece("lander", seat, centre, -1, orientation))
    state.landers[seat] = lander
    for pod in hexes[1:]:
        state.new_piece(Piece("turret", seat, pod, -1, lander))
    for kind, count in START:
        for _ in range(count):
            state.new_piece(Piece(kind, -1 if kind == "pontoon" else seat, -1, lander, -1))
    state.events.append(f"{seat_name(seat)} lands")
    state.mover += 1
    if state.mover == len(state.order):
        state.mover = -1
        state.phase = "deal"


def deal(state: TF22State, cards: list[str]) -> None:
    """The tide deck is shuffled and its top card revealed: turn 2's tide. Turn 2 begins."""
    state.deck = cards
    state.faceup = [reveal(state, state.deck.pop(0))]  # dealt cryptographically: opened to all (dealt.py)
    state.turn = 2
    state.tide = state.faceup[-1]
    state.forget()
    state.events = [f"turn 2: the tide is {LEVEL_NAMES[state.tide]}"]
    state.phase = "first"


def first(state: TF22State, seat: int) -> None:
    state.order = [(seat + step) % state.seats for step in range(state.seats)]
    state.events.append(f"{seat_name(seat)} moves first")
    start_round(state)


def reshuffle(state: TF22State, cards: list[str]) -> None:
    state.deck = cards
    state.faceup = state.faceup[-1:]
    state.known = [0] * state.seats
    state.events.append("the tide deck is shuffled again")
    start_round(state)


# --- rounds and moves -----------------------------------------------------------------------------------
def start_round(state: TF22State) -> None:
    for seat in range(state.seats):
        look(state, seat, barrier=False)
    state.mover = -1
    next_move(state)


def next_move(state: TF22State) -> None:
    """Hand the turn to the next seat in order that holds a Lander, or end the turn."""
    index = state.mover + 1
    while index < len(state.order):
        seat = state.order[index]
        if not state.flown[seat] and state.held_landers(seat):
            start_move(state, index)
            return
        index += 1
    end_round(state)


def start_move(state: TF22State, index: int) -> None:
    state.mover = index
    state.phase = "play"
    seat = state.order[index]
    enemy_landers = sum(1 for lid in state.held_landers(seat) if state.lander_company(lid) != seat)
    state.ap[seat] = AP_PER_TURN + state.saved[seat] + AP_PER_LANDER * enemy_landers
    state.journal = []
    state.breach = -1
    look(state, seat, barrier=False)


def finish_move(state: TF22State) -> None:
    seat = state.seat
    state.saved[seat] = min(MAX_SAVED, state.ap[seat])
    state.ap[seat] = 0
    state.journal = []
    state.breach = -1
    state.phase = "play"
    next_move(state)


def end_round(state: TF22State) -> None:
    if state.turn >= state.turns:
        for seat in state.order:
            if not state.flown[seat] and state.held_landers(seat):
                take_off(state, seat)
        state.mover = -1
        state.phase = "end"
        return
    state.turn += 1
    state.shots = {}
    state.built = {}
    card = reveal(state, state.deck.pop(0))  # dealt cryptographically: opened to all first (dealt.py)
    state.faceup.append(card)
    state.tide = card
    state.forget()
    state.known = [max(0, count - 1) for count in state.known]
    state.events = [f"turn {state.turn}: the tide is {LEVEL_NAMES[card]}"]
    lost = wash_pontoons(state)
    if lost:
        state.events.append(f"{len(lost)} Pontoon(s) washed away")
    state.mover = -1
    if not state.deck:
        state.phase = "reshuffle"
        return
    start_round(state)


def look(state: TF22State, seat: int, barrier: bool) -> None:
    """The seat's active Production Units read the forecast: it sees as many top cards as it has of them."""
    if not state.deck or state.flown[seat]:
        return
    makers = state.derived.makers
    if len(makers) <= state.known[seat]:  # (the seat's are among them)
        return
    pieces = state.pieces
    holder = state.holder
    on_map = [pid for pid in makers if holder[pieces[pid].comm] == seat]
    if len(on_map) <= state.known[seat]:
        return
    count = sum(1 for pid in on_map if active(state, pid, seat))
    if count > state.known[seat]:
        peek_at(state, state.deck[:count], seat)  # dealt cryptographically: opened to this seat first (dealt.py)
        known = state.known.copy()  # a unit's action shares it with the state before (TF22State.copy)
        known[seat] = min(count, len(state.deck))
        state.known = known
        state.events.append(f"{seat_name(seat)} reads the tide forecast")
        if barrier:
            state.journal = []


# --- take-off and scoring -------------------------------------------------------------------------------
def take_off(state: TF22State, seat: int) -> None:
    """Every Lander the seat holds lifts off with what is inside; its units outside stay behind, out of the game."""
    for lid in state.held_landers(seat):
        derived = state.derived
        inside = derived.contents(lid)
        ore = sum(1 for pid in inside if state.pieces[pid].kind == "ore")
        units = sum(1 for pid in inside if state.pieces[pid].kind in UNITS)
        state.freight[seat][0] += ore
        state.freight[seat][1] += units
        turrets = [pid for pid, piece in state.pieces.items() if piece.kind == "turret" and piece.aux == lid]
        for pid in [lid, *inside, *turrets]:
            state.drop(pid)
        state.landers[state.landers.index(lid)] = -1
        state.events.append(f"{seat_name(seat)} takes off with {ore} White Ore and {units} units")
    left = [pid for pid, piece in state.pieces.items() if piece.hex >= 0 and state.controller(piece) == seat]
    for pid in left:
        if pid in state.pieces:
            for gone in [pid, *state.derived.contents(pid)]:
                state.drop(gone)
    state.flown[seat] = True
    if wash_pontoons(state):  # a Lander's hexes were surface for the Pontoons next to them
        state.events.append("Pontoons washed away")


def modules_score(state: TF22State, seat: int) -> int:
    return sum(count for company, count in enumerate(state.modules[seat])
               if company != seat and company not in state.captured[seat])


def score(state: TF22State, seat: int) -> tuple[int, int]:
    """(points, White Ore): what the seat has taken off, or would take off now with the Landers it holds."""
    ore, units = state.freight[seat]
    if not state.flown[seat]:
        if not state.held_landers(seat):
            return 0, 0
        for lid in state.held_landers(seat):
            inside = state.derived.contents(lid)
            ore += sum(1 for pid in inside if state.pieces[pid].kind == "ore")
            units += sum(1 for pid in inside if state.pieces[pid].kind in UNITS)
    return ore + units + modules_score(state, seat), ore


def ranking(state: TF22State) -> tuple[list[int], str, list[int]]:
    """Winners, what decided, and each seat's place (most points, then most White Ore; equal keys share)."""
    keys = [score(state, seat) for seat in range(state.seats)]
    places = [1 + sum(other > key for other in keys) for key in keys]
    winners = [seat for seat, place in enumerate(places) if place == 1]
    best = max(points for points, _ in keys)
    leaders = [seat for seat, (points, _) in enumerate(keys) if points == best]
    decided_by = "points" if len(leaders) == 1 else "white ore" if len(winners) == 1 else "shared"
    return winners, decided_by, places
