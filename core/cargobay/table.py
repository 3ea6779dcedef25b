"""A match with its seats filled: humans, bots of a level, and chance, stepped one decision at a time."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .bots import LEVELS, Bot
from .engine import CHANCE, TERMINAL, CargoBayError, Game, IllegalActionError, Match, SetupError
from .spec import GameSpec

HUMAN = "human"
SEAT_KINDS = (HUMAN, *LEVELS)


class WaitingForHuman(CargoBayError):
    """Only human seats are to act, so no automatic step can be taken."""


class Table:
    """Seats a match: each seat is "human" or a bot level; bots only ever see their seat's view."""

    def __init__(self, spec: GameSpec, match: Match) -> None:
        if match.game is not spec.game:
            raise ValueError(f"the match is of {match.game.id}, the spec of {spec.info.id}")
        for seat, kind in enumerate(match.seats):
            if kind not in SEAT_KINDS:
                raise SetupError(f"seat {seat}: {kind!r} is not one of {', '.join(SEAT_KINDS)}")
        self.spec = spec
        self.match = match
        self.bots: dict[int, Bot] = {seat: spec.bot(kind) for seat, kind in enumerate(match.seats) if kind != HUMAN}

    @classmethod
    def new(
        cls, spec: GameSpec, seats: Sequence[str], seed: int, options: Mapping[str, Any] | None = None
    ) -> Table:
        return cls(spec, Match(spec.game, seats, seed, options))

    @property
    def game(self) -> Game[Any]:
        return self.match.game

    def is_over(self) -> bool:
        return self.game.current_player(self.match.state) == TERMINAL

    def to_act(self) -> list[tuple[int, str]]:
        """(seat, kind) for everyone to act now; kind is "chance" for a chance event."""
        state = self.match.state
        if self.game.current_player(state) == CHANCE:
            return [(CHANCE, "chance")]
        return [(seat, self.match.seats[seat]) for seat in self.game.acting_seats(state)]

    def humans_to_act(self) -> list[int]:
        return [seat for seat, kind in self.to_act() if kind == HUMAN]

    def act(self, seat: int, action: str) -> None:
        """A human seat's move; refuses a move for a bot's seat."""
        if not 0 <= seat < len(self.match.seats):
            raise IllegalActionError(f"there is no seat {seat}")
        if self.match.seats[seat] != HUMAN:
            raise IllegalActionError(f"seat {seat} is played by the {self.match.seats[seat]} bot")
        self.match.apply(seat, action)

    def step(self) -> tuple[int, str]:
        """Take one automatic step: the chance event or one bot's decision. Returns (seat, action)."""
        if self.is_over():
            raise IllegalActionError("the match is over")
        for seat, kind in self.to_act():
            if kind == "chance":
                return CHANCE, self.match.play_chance()
            if kind != HUMAN:
                view = self.game.view(self.match.state, seat)
                action = self.bots[seat].choose(self.game, view, self.match.rng("bot", seat))
                self.match.apply(seat, action)
                return seat, action
        raise WaitingForHuman("waiting for a human seat to move")

    def play_out(self) -> None:
        """Step until the end or until a human must move."""
        while not self.is_over() and not self.humans_to_act():
            self.step()
