"""GAMES: every game id the product knows, built or coming."""

from __future__ import annotations

from dataclasses import dataclass

from .engine import Game
from .games.load import GAME as LOAD


@dataclass(frozen=True)
class Coming:
    """A game announced in the menu whose engine is not built yet."""

    id: str
    title: str
    min_seats: int
    max_seats: int
    available: bool = False


GAMES: dict[str, Game] = {LOAD.id: LOAD}

CATALOGUE: list[Game | Coming] = [
    LOAD,
    Coming("haul", "Haul", 4, 4),
    Coming("loot", "Loot N' Loaded", 2, 6),
    Coming("teamup", "Team UP!", 1, 4),
    Coming("tf22", "TF22", 2, 4),
]


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"no game {game_id!r} (playable: {known})") from None
