"""Building TF22 positions for the rule tests (a move in progress with chosen pieces on the map) and the seeded
random matches the engine's whole-match checks walk through (``random_steps``)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from cargobay.engine import CHANCE, TERMINAL
from cargobay.games.tf22 import flow
from cargobay.games.tf22.board import parse_hex
from cargobay.games.tf22.rules import GAME
from cargobay.games.tf22.state import TF22State
from cargobay.games.tf22.units import Piece

# far from the test area (columns 9-27, rows 11-17): Landers whose turrets reach nothing there
LANDER_SITES = ("2,7", "24,2", "2,14", "12,2")


def hx(text: str) -> int:
    return parse_hex(text)


class Scenario:
    """A state in the middle of turn ``turn``, seat ``mover`` to act, built piece by piece."""

    def __init__(self, seats: int = 2, tide: str = "N", turn: int = 3, mover: int = 0, ap: int = 15,
                 deck: str = "EFNFENFNENFEN", landers: bool = True, turns: int = 20) -> None:
        state = flow.new_state(seats, turns, "anywhere")
        for pid in [pid for pid, piece in state.pieces.items() if piece.kind == "ore"]:
            state.drop(pid)
        state.turn = turn
        state.phase = "play"
        state.order = list(range(seats))
        state.mover = mover
        state.tide = tide
        state.faceup = [tide]
        state.deck = list(deck)
        state.ap[mover] = ap
        self.state = state
        self.ids: dict[str, int] = {}
        if landers:
            for seat in range(seats):
                self.lander(seat, LANDER_SITES[seat])

    def add(self, kind: str, seat: int, where: str | None = None, name: str = "", aux: int = -1,
            inside: str = "") -> int:
        """A piece on ``where`` (``x,y``), or inside the piece named ``inside``."""
        comm = -1 if kind in ("ore", "pontoon") else seat
        carrier = self.ids[inside] if inside else -1
        pid = self.state.new_piece(Piece(kind, comm, hx(where) if where else -1, carrier, aux))
        if name:
            self.ids[name] = pid
        return pid

    def lander(self, seat: int, centre: str, orientation: int = 0, turrets: Iterable[int] = (0, 1, 2)) -> int:
        from cargobay.games.tf22.state import lander_hexes

        lid = self.state.new_piece(Piece("lander", seat, hx(centre), -1, orientation))
        self.state.landers[seat] = lid
        self.ids[f"L{seat}"] = lid
        pods = lander_hexes(hx(centre), orientation)[1:]
        for index in turrets:
            self.ids[f"T{seat}{index}"] = self.state.new_piece(Piece("turret", seat, pods[index], -1, lid))
        return lid

    def __getitem__(self, name: str) -> int:
        return self.ids[name]

    def legal(self, seat: int | None = None) -> list[str]:
        self.state._cache = {}  # the tests change states in place
        return GAME.legal_actions(self.state, self.state.seat if seat is None else seat)

    def unit(self, name: str) -> list[str]:
        """The legal actions whose first piece is ``name``."""
        from cargobay.games.tf22.legal import unit_actions

        self.state._cache = {}
        return sorted(unit_actions(self.state, self.state.seat, self.ids[name]))

    def play(self, *actions: str) -> TF22State:
        for action in actions:
            self.state._cache = {}
            self.state = GAME.apply(self.state, self.state.seat, action.format(**self.ids))
        return self.state


def run_chance(state: TF22State, rng: random.Random) -> TF22State:
    while GAME.current_player(state) == CHANCE:
        state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
    return state


def start(seats: int = 2, seed: int = 0, sites: Sequence[str] = (), options: dict[str, object] | None = None,
          order: str = "", deck: str = "", first: int = 0) -> TF22State:
    """A new match: landing order, Landers at ``sites`` (default: the first legal site each), the deck, turn 2."""
    state = GAME.new_state(seats, options or {})
    state = GAME.apply(state, CHANCE, order or "order:" + ",".join(map(str, range(seats))))
    for index in range(seats):
        site = f"land:{sites[index]}" if index < len(sites) else GAME.legal_actions(state, state.seat)[0]
        state = GAME.apply(state, state.seat, site)
    state = GAME.apply(state, CHANCE, "tides:" + (deck or "NEFNEFNEFNEFNEF"))
    return GAME.apply(state, CHANCE, f"first:{first}")


@dataclass
class Step:
    """One decision of a seeded random match (``random_steps``): the state, the seat to act and its legal actions.
    The match plays ``action`` if the caller sets it, else a random pick from ``legal`` with ``rng`` (the match's own
    generator, so a caller that draws from it too keeps the match reproducible)."""

    state: TF22State
    seat: int
    legal: list[str]
    rng: random.Random
    number: int  # the decisions before this one
    action: str = ""


def random_steps(seed: int, seats: int, turns: int) -> Iterator[Step]:
    """Every decision of a random match from ``random.Random(seed)``: chance events sampled, each seat's action
    picked from its legal ones (``Step.action`` to play another)."""
    rng = random.Random(seed)
    state = GAME.new_state(seats, {"turns": turns})
    number = 0
    while (player := GAME.current_player(state)) != TERMINAL:
        if player == CHANCE:
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
            continue
        step = Step(state, player, GAME.legal_actions(state, player), rng, number)
        yield step
        state = GAME.apply(state, player, step.action or rng.choice(step.legal))
        number += 1
