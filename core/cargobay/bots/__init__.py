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


class RandomBot:
    """``easy``: a uniformly random legal action, for any game."""

    level = "easy"

    def choose(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> str:
        legal = view["legal"]
        if not legal:
            raise ValueError("the bot's seat has no legal action")
        return str(rng.choice(legal))
