"""Every game the product knows: the playable ones (one ``GameSpec`` each) and the announced ones.

Adding a game is its package plus one line in ``SPECS`` (docs/adding-a-game.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Any

from .engine import CargoBayError, Game, GameInfo
from .spec import GameSpec, LazyGames

# the game packages under cargobay/games/, each with a SPEC; a new game adds its name
PACKAGES = ("load", "odd", "haul", "loot", "tf22", "teamup")


def _spec(package: str) -> GameSpec:
    spec = getattr(import_module(f"{__package__}.games.{package}"), "SPEC", None)
    if not isinstance(spec, GameSpec):
        raise TypeError(f"cargobay.games.{package} must define SPEC = GameSpec(...)")
    return spec


SPECS: dict[str, GameSpec] = {spec.info.id: spec for spec in map(_spec, PACKAGES)}

COMING: tuple[GameInfo, ...] = (  # announced in the menu; a game moves to SPECS when it is built
)

GAMES: Mapping[str, Game[Any]] = LazyGames(SPECS)  # game id -> Game, each game's rules imported on first use
CATALOGUE: tuple[GameInfo, ...] = (*(spec.info for spec in SPECS.values()), *COMING)


class UnknownGameError(CargoBayError, KeyError):
    """A game id that names no playable game."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


def get_spec(game_id: object) -> GameSpec:
    """The spec of a playable game; UnknownGameError (a KeyError) naming the playable ones otherwise."""
    spec = SPECS.get(game_id) if isinstance(game_id, str) else None
    if spec is None:
        known = ", ".join(info.id for info in CATALOGUE if info.available and info.listed)
        raise UnknownGameError(f"no playable game {game_id!r} (playable: {known})")
    return spec


def get_playable_spec(game_id: object) -> GameSpec:
    """The spec of a game a player may start (``available``); UnknownGameError otherwise. Developer tools
    (the command line, benchmarks, replays) use ``get_spec`` and reach unfinished games too."""
    spec = get_spec(game_id)
    if not spec.info.available:
        raise UnknownGameError(f"{spec.info.title} is coming soon: a match of it cannot be started yet")
    return spec


def get_game(game_id: str) -> Game[Any]:
    return get_spec(game_id).game
