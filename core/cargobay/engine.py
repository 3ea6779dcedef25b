"""The shape every Cargo Bay game shares.

A game is a set of pure functions over an opaque state (OpenSpiel's shape): who is to act
(a seat, several seats at once, chance, or nobody), the legal actions of a seat as strings
that parse back, ``apply`` returning a new state, ``view`` giving what one seat may see, and
JSON round-trips. Chance events (shuffles, deals) are actions too: their outcome is written
in the match log, so a seed plus the action list replays a match exactly, and a
hand-written log can set up any deal.

Nothing here draws randomness on its own: callers pass a ``random.Random`` that they seeded.
"""

from __future__ import annotations

import hashlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -3

JSON = dict[str, Any]


class CargoBayError(Exception):
    """Base of every error the engine raises on bad input."""


class InvalidActionError(CargoBayError, ValueError):
    """An action string that cannot be parsed at all."""


class IllegalActionError(CargoBayError, ValueError):
    """A well-formed action that breaks a rule; ``rule`` names the rule."""

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.rule = rule


class StateError(CargoBayError, ValueError):
    """A serialised state that is malformed or inconsistent."""


class LogError(CargoBayError, ValueError):
    """A match log that is malformed or holds an illegal entry; ``index`` is the entry's position."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message if index is None else f"entry {index}: {message}")
        self.index = index


class Game(ABC):
    """The rules of one game; stateless, so one instance serves every match."""

    id: str
    title: str
    min_seats: int
    max_seats: int
    available: bool = True

    @abstractmethod
    def new_state(self, seats: int, options: Mapping[str, Any] | None = None) -> Any:
        """The state before the first chance event."""

    @abstractmethod
    def current_player(self, state: Any) -> int:
        """A seat number, CHANCE, SIMULTANEOUS or TERMINAL."""

    @abstractmethod
    def acting_seats(self, state: Any) -> tuple[int, ...]:
        """Seats that must still choose: one seat, the pending seats of a simultaneous node, or ()."""

    @abstractmethod
    def legal_actions(self, state: Any, seat: int) -> list[str]:
        """Sorted, duplicate-free legal actions of ``seat`` (empty when it is not to act)."""

    @abstractmethod
    def sample_chance(self, state: Any, rng: random.Random) -> str:
        """Draw one outcome of the pending chance event, as an action string."""

    @abstractmethod
    def apply(self, state: Any, seat: int, action: str) -> Any:
        """A new state after ``seat`` (or CHANCE) takes ``action``; raises Invalid/IllegalActionError."""

    @abstractmethod
    def view(self, state: Any, seat: int | None) -> JSON:
        """What ``seat`` may see (None: a spectator, public information only). JSON-ready."""

    @abstractmethod
    def scores(self, state: Any) -> list[int]:
        """Points per seat so far."""

    @abstractmethod
    def result(self, state: Any) -> JSON | None:
        """At the end: winners and the scoring broken down; None before the end."""

    @abstractmethod
    def state_to_json(self, state: Any) -> JSON:
        """A JSON-ready dict that ``state_from_json`` turns back into an equal state."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> Any:
        """Inverse of ``state_to_json``; raises StateError on a malformed dict."""

    def is_terminal(self, state: Any) -> bool:
        return self.current_player(state) == TERMINAL

    def state_hash(self, state: Any) -> str:
        """A hash of the whole state (hidden parts included), equal on every peer that agrees."""
        text = json.dumps(self.state_to_json(state), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


def seeded_rng(seed: object, *salt: object) -> random.Random:
    """A private generator for ``seed`` and a salt (a step number, a seat): never the global one."""
    return random.Random("/".join(str(part) for part in (seed, *salt)))


def random_playout(game: Game, rng: random.Random) -> int:
    """Play one game from the start with uniformly random legal actions; returns the actions applied."""
    state = game.new_state(game.min_seats)
    steps = 0
    while True:
        player = game.current_player(state)
        if player == TERMINAL:
            return steps
        if player == CHANCE:
            state = game.apply(state, CHANCE, game.sample_chance(state, rng))
            steps += 1
            continue
        for seat in game.acting_seats(state):
            state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            steps += 1


LOG_FORMAT = "cargobay-log"
LOG_VERSION = 1


class Match:
    """A game, its seats, a seed and the action list: everything needed to replay it exactly."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[str],
        seed: int,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        if not game.min_seats <= len(seats) <= game.max_seats:
            raise ValueError(f"{game.id} takes {game.min_seats}-{game.max_seats} seats, not {len(seats)}")
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.options = dict(options or {})
        self.actions: list[tuple[int, str]] = []
        self.state = game.new_state(len(seats), self.options)

    @property
    def step(self) -> int:
        return len(self.actions)

    def apply(self, seat: int, action: str) -> None:
        """Apply one action; on error nothing changes."""
        if not isinstance(action, str):
            raise InvalidActionError(f"an action is a string, not {type(action).__name__}")
        self.state = self.game.apply(self.state, seat, action)
        self.actions.append((seat, action))

    def rng(self, *salt: object) -> random.Random:
        return seeded_rng(self.seed, self.step, *salt)

    def play_chance(self) -> str:
        action = self.game.sample_chance(self.state, self.rng("chance"))
        self.apply(CHANCE, action)
        return action

    def to_log(self) -> JSON:
        return {
            "format": LOG_FORMAT,
            "version": LOG_VERSION,
            "game": self.game.id,
            "seats": list(self.seats),
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [[seat, action] for seat, action in self.actions],
        }

    @classmethod
    def from_log(cls, log: object, games: Mapping[str, Game]) -> Match:
        """Replay a log; raises LogError naming the first malformed or illegal entry."""
        if not isinstance(log, Mapping):
            raise LogError("a match log is a JSON object")
        if log.get("format", LOG_FORMAT) != LOG_FORMAT:
            raise LogError(f"not a match log (format {log.get('format')!r})")
        if log.get("version", LOG_VERSION) != LOG_VERSION:
            raise LogError(f"unsupported log version {log.get('version')!r}")
        game_id = log.get("game")
        game = games.get(game_id) if isinstance(game_id, str) else None
        if game is None:
            raise LogError(f"unknown game {log.get('game')!r}")
        seats = log.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise LogError("seats must be a list of strings")
        seed = log.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise LogError("seed must be an integer")
        options = log.get("options", {})
        if not isinstance(options, Mapping):
            raise LogError("options must be an object")
        actions = log.get("actions")
        if not isinstance(actions, list):
            raise LogError("actions must be a list")
        try:
            match = cls(game, seats, seed, options)
        except ValueError as error:
            raise LogError(str(error)) from error
        for index, entry in enumerate(actions):
            if (
                not isinstance(entry, list | tuple)
                or len(entry) != 2
                or not isinstance(entry[0], int)
                or isinstance(entry[0], bool)
                or not isinstance(entry[1], str)
            ):
                raise LogError("an entry is [seat, action] with an integer seat and a string action", index)
            try:
                match.apply(entry[0], entry[1])
            except CargoBayError as error:
                raise LogError(str(error), index) from error
        return match
