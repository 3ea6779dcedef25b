"""A game's entry in the registry: its rules, its bots and its board, registered together.

Generic code (the table, the service, the command line, the peer) reaches a game only through its
``GameSpec``, so it never imports a game package; a game package builds one ``SPEC`` and
``registry.py`` lists it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from importlib import import_module
from typing import Any, TextIO, cast

from .bots import LEVELS, Bot, RandomBot
from .engine import JSON, Game, GameInfo, SetupError
from .render import RenderContext


class LazyGames(Mapping[str, Game[Any]]):
    """game id -> Game of some specs, each game's rules imported on first use (registry.GAMES is one)."""

    def __init__(self, specs: Mapping[str, GameSpec]) -> None:
        self.specs = specs

    def __getitem__(self, game_id: str) -> Game[Any]:
        return self.specs[game_id].game

    def __iter__(self) -> Iterator[str]:
        return iter(self.specs)

    def __len__(self) -> int:
        return len(self.specs)


class UnknownBotError(SetupError, KeyError):
    """A bot level the game does not offer."""

Renderer = Callable[[Mapping[str, Any], RenderContext], str]
Command = Callable[[Sequence[str], TextIO], int]  # a game's own command line (``python -m cargobay solve <id>``)


@dataclass(frozen=True)
class GameSpec:
    """Everything the platform needs of one game. The rules are loaded on first use (``load``), so the
    catalogue (``info``) costs the engine's boot nothing per game."""

    info: GameInfo
    load: Callable[[], Game[Any]]  # imports the game's rules and returns its Game
    render: Renderer
    bots: Mapping[str, Callable[[], Bot]] = field(default_factory=dict)  # level -> factory; "easy" is built in
    commands: Mapping[str, Callable[[], Command]] = field(default_factory=dict)  # name -> loader, e.g. "solve"

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


def _loader(package: str, target: str) -> Callable[[], Any]:
    """``"module:NAME"`` of ``package``, imported when called."""
    module, _, name = target.partition(":")
    if not module or not name:
        raise ValueError(f"{package}: {target!r} is not 'module:NAME'")
    return lambda: getattr(import_module(f"{package}.{module}"), name)


def lazy_spec(
    info: GameInfo,
    package: str,
    *,
    rules: str = "rules:GAME",
    board: str = "svg:render",
    bots: Mapping[str, str] | None = None,
    commands: Mapping[str, str] | None = None,
) -> GameSpec:
    """The spec of the game package ``package`` (its ``__name__``), declaring what it loads, each as
    ``"module:NAME"`` of the package, imported on first use: the rules (a ``Game``), the board (``render(view,
    ctx)``), a bot class per level and the game's own commands (``main(argv, out)``). Booting the engine then
    reads only the package's ``INFO``.
    """
    load_rules, load_board = _loader(package, rules), _loader(package, board)

    def game() -> Game[Any]:
        return cast("Game[Any]", load_rules())

    def render(view: Mapping[str, Any], ctx: RenderContext) -> str:
        return str(load_board()(view, ctx))

    def factory(target: str) -> Callable[[], Bot]:
        load = _loader(package, target)
        return lambda: cast("Bot", load()())

    return GameSpec(info=info, load=game, render=render,
                    bots={level: factory(target) for level, target in (bots or {}).items()},
                    commands={name: cast("Callable[[], Command]", _loader(package, target))
                              for name, target in (commands or {}).items()})
