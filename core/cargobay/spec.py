"""A game's entry in the registry: its rules, its bots and its board, registered together.

Generic code (the table, the service, the command line, the peer) reaches a game only through its
``GameSpec``, so it never imports a game package; a game package builds one ``SPEC`` and
``registry.py`` lists it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .bots import LEVELS, Bot, RandomBot
from .engine import JSON, Game, GameInfo
from .render import RenderContext

Renderer = Callable[[Mapping[str, Any], RenderContext], str]


@dataclass(frozen=True)
class GameSpec:
    """Everything the platform needs of one game."""

    game: Game[Any]
    render: Renderer
    bots: Mapping[str, Callable[[], Bot]] = field(default_factory=dict)  # level -> factory; "easy" is built in

    def __post_init__(self) -> None:
        unknown = sorted(set(self.bots) - set(LEVELS))
        if unknown:
            raise ValueError(f"{self.info.id}: bot levels are {', '.join(LEVELS)}, not {', '.join(unknown)}")

    @property
    def info(self) -> GameInfo:
        return self.game.info

    @property
    def levels(self) -> tuple[str, ...]:
        """The bot levels this game offers, weakest first ("easy" is a random legal move, for every game)."""
        return tuple(level for level in LEVELS if level == "easy" or level in self.bots)

    def bot(self, level: str) -> Bot:
        if level == "easy" and "easy" not in self.bots:
            return RandomBot()
        if level not in self.bots:
            raise KeyError(f"no {level!r} bot for {self.info.title} (levels: {', '.join(self.levels)})")
        return self.bots[level]()

    def to_json(self) -> JSON:
        return {**self.info.to_json(), "bots": list(self.levels)}
