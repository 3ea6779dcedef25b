"""Bots for every game. A bot sees only what its seat may see: it gets ``game.view(state, seat)``,
never the state, so it cannot peek at another hand; search bots sample full states from the view
(``Game.determinize``). Every bot draws from the ``random.Random`` it is handed, so matches replay.

Game-specific bots live in their game's package and are registered in its ``GameSpec``.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from ..engine import Game

LEVELS = ("easy", "medium", "strong")


class Bot(Protocol):
    level: str

    def choose(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> str:
        """One of ``view["legal"]``."""
        ...


class NoLegalActionError(ValueError):
    """A bot was asked to choose for a seat with no legal action: the caller's bug, never a player's refusal."""


def forced(view: dict[str, Any]) -> str | None:
    """The only legal action of ``view`` when there is just one (every bot plays it at once), else None.

    :raises NoLegalActionError: when the view has no legal action at all.

    >>> forced({"legal": ["pass"]}), forced({"legal": ["a", "b"]})
    ('pass', None)
    """
    legal = view["legal"]
    if not legal:
        raise NoLegalActionError("the bot's seat has no legal action")
    return str(legal[0]) if len(legal) == 1 else None


class IllegalChoiceError(RuntimeError):
    """A bot chose an action that is not legal: a bug in the bot, shown as one (never replaced by another move)."""


def checked(action: str, view: dict[str, Any]) -> str:
    """``action`` when it is one of ``view["legal"]``; else IllegalChoiceError (a bot never falls back silently).

    >>> checked("b", {"legal": ["a", "b"]})
    'b'
    """
    if action not in view["legal"]:
        raise IllegalChoiceError(f"the bot chose {action!r}, which is not legal here")
    return action


class RandomBot:
    """``easy``: a uniformly random legal action, for any game."""

    level = "easy"

    def choose(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> str:
        forced(view)  # no legal action: an error
        return str(rng.choice(view["legal"]))
