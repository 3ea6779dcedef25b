"""A game's entry in the registry: its rules, its bots and its board, registered together.

Generic code (the table, the service, the command line, the peer) reaches a game only through its
``GameSpec``, so it never imports a game package; a game package builds one ``SPEC`` and
``registry.py`` lists it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from importlib import import_module
from typing import Any, cast

from .bots import LEVELS, Bot, RandomBot
from .engine import JSON, Game, GameInfo, SetupError
from .render import RenderContext


class UnknownBotError(SetupError, KeyError):
    """A bot level the game does not offer."""

Renderer = Callable[[Mapping[str, Any], RenderContext], str]


@dataclass(frozen=True)
class GameSpec:
    """Everything the platform needs of one game. The rules are loaded on first use (``load``), so the
    catalogue (``info``) costs the engine's boot nothing per game."""

    info: GameInfo
    load: Callable[[], Game[Any]]  # imports the game's rules and returns its Game
    render: Renderer
    bots: Mapping[str, Callable[[], Bot]] = field(default_factory=dict)  # level -> factory; "easy" is built in

    def __post_init__(self) -> None:
        unknown = sorted(set(self.bots) - set(LEVELS))
        if unknown:
            raise ValueError(f"{self.info.id}: bot levels are {', '.join(LEVELS)}, not {', '.join(unknown)}")

    @cached_property
    def game(self) -> Game[Any]:
        game = self.load()
        if game.info.id != self.info.id:
            raise TypeError(f"{self.info.id}: the rules are those of {game.info.id!r}")
        return game

    @property
    def levels(self) -> tuple[str, ...]:
        """The bot levels this game offers, weakest first ("easy" is a random legal move, for every game)."""
        return tuple(level for level in LEVELS if level == "easy" or level in self.bots)

    def bot(self, level: str) -> Bot:
        if level == "easy" and "easy" not in self.bots:
            return RandomBot()
        if level not in self.bots:
            raise UnknownBotError(f"no {level!r} bot for {self.info.title} (levels: {', '.join(self.levels)})")
        return self.bots[level]()

    def to_json(self) -> JSON:
        return {**self.info.to_json(), "bots": list(self.levels)}


def lazy_spec(info: GameInfo, package: str, bots: Sequence[str] = ()) -> GameSpec:
    """The spec of the game package ``package`` (its ``__name__``), all imported on first use: the rules
    (``rules.GAME``), the board (``svg.render``) and a bot per level in ``bots`` (``bots.MediumBot`` for
    "medium", ``bots.StrongBot`` for "strong"). Booting the engine then reads only the package's ``INFO``.
    """

    def game() -> Game[Any]:
        return cast("Game[Any]", import_module(f"{package}.rules").GAME)

    def render(view: Mapping[str, Any], ctx: RenderContext) -> str:
        return str(import_module(f"{package}.svg").render(view, ctx))

    def factory(level: str) -> Callable[[], Bot]:
        return lambda: cast("Bot", getattr(import_module(f"{package}.bots"), f"{level.capitalize()}Bot")())

    return GameSpec(info=info, load=game, render=render, bots={level: factory(level) for level in bots})
