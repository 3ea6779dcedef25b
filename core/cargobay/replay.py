"""Replays: any match log (a local match, one played between browsers, a file from ``--log``) stepped forward and
back, with the board at each step as one seat saw it, or as a spectator (the public view).

The log is checked by ``Match.from_log`` (a bad one is a ``LogError`` naming its first bad entry); the states are
then kept every ``CHECKPOINT`` steps, so any step is at most that many ``apply`` calls away.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .engine import CHANCE, JSON, CargoBayError, Match
from .render.svg import escape, unescape  # (not html's: it loads html.entities, a 2,000-entry table)
from .session import board, seat_labels
from .spec import GameSpec, LazyGames

CHECKPOINT = 16


class ReplayError(CargoBayError, ValueError):
    """A frame that is not in the replay (a step or seat out of range)."""


class Replay:
    """A checked match log and its states every ``CHECKPOINT`` steps."""

    def __init__(self, spec: GameSpec, match: Match) -> None:
        self.spec = spec
        self.seats = list(match.seats)
        self.seed = match.seed
        self.options = dict(match.options)
        self.actions = list(match.actions)
        self.log = match.to_log()
        # a log saved by one page of a match between browsers may hold cards it never saw ("?")
        self.masked = any(seat == CHANCE and "?" in action for seat, action in self.actions)
        game = spec.game
        state = game.new_state(len(self.seats), match.options)
        self.checkpoints: list[Any] = []
        for index, (seat, action) in enumerate(self.actions):
            if index % CHECKPOINT == 0:
                self.checkpoints.append(state)
            state = game.apply(state, seat, action)
        if len(self.actions) % CHECKPOINT == 0:
            self.checkpoints.append(state)

    @classmethod
    def open(cls, log: object, specs: Mapping[str, GameSpec]) -> Replay:
        """Check and open a log; raises ``LogError`` (with the first bad entry) for a bad one."""
        match = Match.from_log(log, LazyGames(specs))
        return cls(specs[match.game.id], match)

    @property
    def steps(self) -> int:
        return len(self.actions)

    def state(self, step: int) -> Any:
        """The state after ``step`` actions (0: the start)."""
        if not 0 <= step <= self.steps:
            raise ReplayError(f"step {step} is not in this replay (0..{self.steps})")
        game = self.spec.game
        state = self.checkpoints[step // CHECKPOINT]
        for seat, action in self.actions[step - step % CHECKPOINT : step]:
            state = game.apply(state, seat, action)
        return state

    def frame(self, step: int | None = None, viewer: int | None = None, wide: bool = False) -> JSON:
        """The board after ``step`` actions (default: the end) as ``viewer`` saw it (None: a spectator)."""
        step = self.steps if step is None else step
        if viewer is not None and not 0 <= viewer < len(self.seats):
            raise ReplayError(f"there is no seat {viewer} (seats 0..{len(self.seats) - 1})")
        game = self.spec.game
        state = self.state(step)
        labels = seat_labels(self.seats, [])
        try:
            view, svg, _ = board(self.spec, state, viewer, labels, legal=False, wide=wide)
        except (CargoBayError, LookupError, ValueError, TypeError) as error:
            if viewer is not None and self.masked:
                raise ReplayError(f"this log does not hold seat {viewer + 1}'s cards (dealt cryptographically "
                                  "between browsers: the page that saved it never saw them)") from error
            raise ReplayError(f"step {step} cannot be drawn for this viewer: {error}") from error
        move = None
        if step:
            seat, action = self.actions[step - 1]
            move = {"seat": seat, "action": action, "by": "chance" if seat == CHANCE else self.seats[seat],
                    "words": self.words(step, labels)}
        return {
            "mode": "replay",
            "game": game.id,
            "title": game.title,
            "seats": self.seats,
            "labels": {str(seat): label for seat, label in labels.items()},
            "steps": self.steps,
            "step": step,
            "viewer": viewer,
            "view": view,
            "svg": svg,
            "move": move,
            "over": game.is_terminal(state),
            "result": game.result(state),
            "hash": game.state_hash(state),
        }


    def words(self, step: int, labels: Mapping[int, str]) -> str:
        """What the seat's action of ``step`` did, in the words its own board gave it then (the clickable
        element's label, e.g. "Load Green on slot 1"); "" for chance, or when no board said it."""
        seat, action = self.actions[step - 1]
        if seat < 0:
            return ""
        picks = self.spec.game.action_steps(action)
        try:
            _, svg, _ = board(self.spec, self.state(step - 1), seat, labels, picks[-1] if picks else "")
        except (CargoBayError, LookupError, ValueError, TypeError):
            return ""
        found = re.search(r'data-action="' + re.escape(escape(action, quote=True)) + r'"[^>]*?aria-label="([^"]*)"',
                          svg)
        return unescape(found.group(1)) if found else ""


__all__ = ["CHECKPOINT", "Replay", "ReplayError"]
