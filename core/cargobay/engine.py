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
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from . import limits

if TYPE_CHECKING:
    from .deck import DeckEvent

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


class SetupError(CargoBayError, ValueError):
    """A match set-up the game cannot play: seats, seat kinds, bot levels or option values it does not offer."""


class StateError(CargoBayError, ValueError):
    """A serialised state that is malformed or inconsistent."""


class LogError(CargoBayError, ValueError):
    """A match log that is malformed or holds an illegal entry; ``index`` is the entry's position."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message if index is None else f"entry {index}: {message}")
        self.index = index


OptionValue = int | bool | str | tuple[str, ...]


@dataclass(frozen=True)
class Option:
    """One match option a game offers (OpenSpiel's parameters): the menu draws a control from it.

    >>> Option("rounds", "Rounds", 3, low=1, high=5).check(2)
    2
    """

    name: str
    label: str
    default: OptionValue
    low: int | None = None  # int options: the range (set options: how many values; text: the length)
    high: int | None = None
    choices: tuple[str, ...] = ()  # choice and set options: the values
    choice_labels: tuple[str, ...] = ()  # optional: a readable name per choice, in the order of ``choices``
    menu: bool = True  # False: not offered in the local menu (e.g. a peer-only mode set by ``peer_options``)

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"option {self.name!r}: one label per choice ({len(self.choices)}), "
                             f"not {len(self.choice_labels)}")

    @property
    def kind(self) -> str:
        if isinstance(self.default, bool):
            return "bool"
        if isinstance(self.default, tuple):
            return "set"  # any number of the choices (a tuple default); low/high bound how many
        if isinstance(self.default, str) and not self.choices:
            return "text"  # free text (a string default, no choices), at most ``high`` characters; the game checks it
        return "int" if isinstance(self.default, int) else "choice"

    def check(self, value: object) -> OptionValue:
        """``value`` if it is allowed, else SetupError naming the option."""
        kind = self.kind
        if kind == "bool":
            if not isinstance(value, bool):
                raise SetupError(f"option {self.name!r} is true or false")
            return value
        if kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                raise SetupError(f"option {self.name!r} is a whole number")
            if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
                raise SetupError(f"option {self.name!r} is {self.low}..{self.high}, not {value}")
            return value
        if kind == "set":
            return self._check_set(value)
        if kind == "text":
            if not isinstance(value, str):
                raise SetupError(f"option {self.name!r} is text")
            if self.high is not None and len(value) > self.high:
                raise SetupError(f"option {self.name!r} is at most {self.high} characters")
            return value
        if value not in self.choices:
            raise SetupError(f"option {self.name!r} is one of {', '.join(self.choices)}")
        return str(value)

    def _check_set(self, value: object) -> tuple[str, ...]:
        """A set option's value: a list of distinct choices, kept in the order of ``choices``.

        >>> Option("items", "Items", (), choices=("a", "b", "c")).check(["c", "a"])
        ('a', 'c')
        """
        if not isinstance(value, (list, tuple)) or not all(isinstance(item, str) for item in value):
            raise SetupError(f"option {self.name!r} is a list of: {', '.join(self.choices)}")
        unknown = sorted(set(value) - set(self.choices))
        if unknown:
            raise SetupError(f"option {self.name!r}: no {', '.join(map(repr, unknown))} "
                             f"(one of {', '.join(self.choices)})")
        if len(set(value)) != len(value):
            raise SetupError(f"option {self.name!r} names each value once")
        if (self.low is not None and len(value) < self.low) or (self.high is not None and len(value) > self.high):
            raise SetupError(f"option {self.name!r} takes {self.low}..{self.high} values, not {len(value)}")
        return tuple(choice for choice in self.choices if choice in value)

    def to_json(self) -> JSON:
        default = list(self.default) if isinstance(self.default, tuple) else self.default
        data: JSON = {"name": self.name, "label": self.label, "kind": self.kind, "default": default}
        if self.kind in ("int", "set"):
            data.update(min=self.low, max=self.high)
        if self.kind == "text":
            data["max"] = self.high
        if not self.menu:
            data["menu"] = False
        if self.kind in ("choice", "set"):
            data["choices"] = list(self.choices)
            if self.choice_labels:
                data["labels"] = list(self.choice_labels)
        return data


@dataclass(frozen=True)
class GameInfo:
    """What a game is, as data (OpenSpiel's GameType): the menu, the seat set-up, the service and the
    tests read it; nothing outside a game's package names the game."""

    id: str
    title: str
    seats: tuple[int, int]  # fewest and most seats
    simultaneous: bool  # some nodes are chosen at once (commit-reveal between peers)
    hidden_information: bool  # a seat sees less than the state (hot-seat cover, determinize)
    cooperative: bool = False  # all seats win or lose together: the result has no winner among seats
    options: tuple[Option, ...] = ()
    blurb: str = ""  # one line for the menu
    available: bool = True  # False: announced, not playable yet
    listed: bool = True  # False: a test game, not in the player's menu
    # option values a match between browsers must use (e.g. no reflex shootouts over a network)
    peer_options: tuple[tuple[str, OptionValue], ...] = ()

    @property
    def min_seats(self) -> int:
        return self.seats[0]

    @property
    def max_seats(self) -> int:
        return self.seats[1]

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, OptionValue]:
        """Every option with its value: the given ones checked, the rest their defaults.

        >>> GameInfo("x", "X", (2, 2), False, False, options=(Option("n", "N", 1, low=1, high=3),)).resolve_options({})
        {'n': 1}
        """
        given = dict(given or {})
        known = {option.name: option for option in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            offered = ", ".join(known) or "none"
            raise SetupError(f"{self.title} has no option {', '.join(map(repr, unknown))} (options: {offered})")
        return {name: option.check(given[name]) if name in given else option.default for name, option in known.items()}

    def to_json(self) -> JSON:
        return {
            "id": self.id,
            "title": self.title,
            "blurb": self.blurb,
            "seats": list(self.seats),
            "available": self.available,
            "listed": self.listed,
            "cooperative": self.cooperative,
            "hidden_information": self.hidden_information,
            "simultaneous": self.simultaneous,
            "options": [option.to_json() for option in self.options],
            "peer_options": {name: list(value) if isinstance(value, tuple) else value
                             for name, value in self.peer_options},
        }


@dataclass(frozen=True)
class Choices:
    """The legal actions of a seat under a partial action (a selection step).

    ``actions`` are complete actions one more pick completes; ``selections`` are longer partial actions.
    """

    prefix: str
    actions: tuple[str, ...]
    selections: tuple[str, ...]


S = TypeVar("S")


class Game(ABC, Generic[S]):
    """The rules of one game; stateless, so one instance serves every match. ``S`` is its state type."""

    info: GameInfo

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def title(self) -> str:
        return self.info.title

    @property
    def min_seats(self) -> int:
        return self.info.seats[0]

    @property
    def max_seats(self) -> int:
        return self.info.seats[1]

    @abstractmethod
    def new_state(self, seats: int, options: Mapping[str, Any] | None = None) -> S:
        """The state before the first chance event; ``options`` are resolved (every option present)."""

    @abstractmethod
    def current_player(self, state: S) -> int:
        """A seat number, CHANCE, SIMULTANEOUS or TERMINAL."""

    @abstractmethod
    def acting_seats(self, state: S) -> tuple[int, ...]:
        """Seats that must still choose: one seat, the pending seats of a simultaneous node, or ()."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[str]:
        """Sorted, duplicate-free legal actions of ``seat`` (empty when it is not to act)."""

    @abstractmethod
    def sample_chance(self, state: S, rng: random.Random) -> str:
        """Draw one outcome of the pending chance event, as an action string."""

    @abstractmethod
    def apply(self, state: S, seat: int, action: str) -> S:
        """A new state after ``seat`` (or CHANCE) takes ``action``; raises Invalid/IllegalActionError."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> JSON:
        """What ``seat`` may see (None: a spectator, public information only). JSON-ready; holds ``legal``."""

    @abstractmethod
    def scores(self, state: S) -> list[int]:
        """Points per seat so far (a cooperative game: the team's score on every seat)."""

    @abstractmethod
    def result(self, state: S) -> JSON | None:
        """At the end: ``winners`` (seats; every seat or none in a cooperative game) and the scoring; None before."""

    @abstractmethod
    def state_to_json(self, state: S) -> JSON:
        """A JSON-ready dict that ``state_from_json`` turns back into an equal state."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> S:
        """Inverse of ``state_to_json``; raises StateError on a malformed dict."""

    def determinize(self, view: Mapping[str, Any], rng: random.Random) -> S:
        """A full state consistent with a seat's view, hidden parts drawn at random (for search bots).

        A game with hidden information whose bots search must override it; a game without hidden
        information can rebuild its state from the view."""
        raise NotImplementedError(f"{self.info.title} cannot sample a state from a view")

    def deck_event(self, state: S) -> DeckEvent | None:
        """At a chance node that shuffles and deals cards: what it does with them (``cargobay.deck``); None
        for any other chance event (drawn from a seed). A game that returns one has its peer matches dealt
        cryptographically, and must accept ``HIDDEN`` cards in its chance action and its state."""
        return None

    def shown_cards(self, state: S, seat: int, action: str) -> tuple[str, ...]:
        """The cards of ``seat``'s hidden hand that ``action`` shows to everyone (a card played)."""
        return ()

    def public_hash(self, state: S) -> str:
        """A hash of what everyone sees (a spectator's view): equal on every page of a match in which each
        page knows only its own cards."""
        text = json.dumps(self.view(state, None), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def action_steps(self, action: str) -> tuple[str, ...]:
        """The partial actions a player picks, in order, before ``action`` is complete (python-chess's
        from-square before the to-square). Default: none, every action is one pick."""
        return ()

    def legal_choices(self, state: S, seat: int, prefix: str = "") -> Choices:
        """The legal actions of ``seat`` one pick after the partial action ``prefix`` ("" is the start).

        Built from ``legal_actions`` and ``action_steps``; a game with a huge action space overrides it
        to list only what the next pick needs. Raises IllegalActionError for a prefix no legal action has.
        """
        actions: set[str] = set()
        selections: set[str] = set()
        for action in self.legal_actions(state, seat):
            chain = ("", *self.action_steps(action))
            if prefix not in chain:
                continue
            index = chain.index(prefix)
            if index == len(chain) - 1:
                actions.add(action)
            else:
                selections.add(chain[index + 1])
        if prefix and not actions and not selections:
            raise IllegalActionError(f"no legal action of seat {seat} starts with {prefix!r}")
        return Choices(prefix, tuple(sorted(actions)), tuple(sorted(selections)))

    def hint(self, state: S, seat: int) -> JSON | None:
        """Advice for ``seat`` to act (a hint button): ``{"action": a legal action or "", "text": ...}``, the
        same for the same state. None: this game gives no hints (the default). The page asks for it with the
        selection ``"hint"`` (``session.HINT``) and the board draws it from ``RenderContext.hint``."""
        return None

    def is_reflex(self, state: S) -> bool:
        """A reflex node: a SIMULTANEOUS node played against the clock (Loot's quick-draw), where every human seat
        at one screen acts at once, in the open (no hot-seat cover). False for every node by default."""
        return False

    def is_terminal(self, state: S) -> bool:
        return self.current_player(state) == TERMINAL

    def state_hash(self, state: S) -> str:
        """A hash of the whole state (hidden parts included), equal on every peer that agrees."""
        text = json.dumps(self.state_to_json(state), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


def seeded_rng(seed: object, *salt: object) -> random.Random:
    """A private generator for ``seed`` and a salt (a step number, a seat): never the global one."""
    return random.Random("/".join(str(part) for part in (seed, *salt)))


def random_playout(game: Game[Any], rng: random.Random, seats: int | None = None) -> int:
    """Play one game from the start with uniformly random legal actions; returns the actions applied."""
    state = game.new_state(seats or game.min_seats, game.info.resolve_options({}))
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


LOG_FORMAT = limits.LOG_FORMAT
LOG_VERSION = 1


class Match:
    """A game, its seats, a seed and the action list: everything needed to replay it exactly."""

    def __init__(
        self,
        game: Game[Any],
        seats: Sequence[str],
        seed: int,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        if not game.min_seats <= len(seats) <= game.max_seats:
            raise SetupError(f"{game.id} takes {game.min_seats}-{game.max_seats} seats, not {len(seats)}")
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.options = game.info.resolve_options(options)
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
    def from_log(cls, log: object, games: Mapping[str, Game[Any]]) -> Match:
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
                not isinstance(entry, (list, tuple))
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
