"""Bots for every game. A bot sees only what its seat may see: it gets ``game.view(state, seat)``,
never the state, so it cannot peek at another hand; search bots sample full states from the view
(``game.determinize``). Every bot draws from the ``random.Random`` it is handed, so matches replay.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from ..engine import Game

LEVELS = ("easy", "medium", "strong")


class Bot(Protocol):
    level: str

    def choose(self, game: Game, view: dict[str, Any], rng: random.Random) -> str:
        """One of ``view["legal"]``."""
        ...


class RandomBot:
    """``easy``: a uniformly random legal action, for any game."""

    level = "easy"

    def choose(self, game: Game, view: dict[str, Any], rng: random.Random) -> str:
        legal = view["legal"]
        if not legal:
            raise ValueError("the bot's seat has no legal action")
        return str(rng.choice(legal))


def _load_bots() -> dict[str, Callable[[], Bot]]:
    from ..games.load import bots as load_bots

    return {"medium": load_bots.MediumBot, "strong": load_bots.StrongBot}


_GAME_BOTS: dict[str, Callable[[], dict[str, Callable[[], Bot]]]] = {"load": _load_bots}


def get_bot(game_id: str, level: str) -> Bot:
    """The bot of ``level`` for a game; every game has ``easy``."""
    if level == "easy":
        return RandomBot()
    factories = _GAME_BOTS.get(game_id, dict)()
    if level not in factories:
        raise KeyError(f"no {level!r} bot for {game_id!r} (levels: {', '.join(LEVELS)})")
    return factories[level]()
