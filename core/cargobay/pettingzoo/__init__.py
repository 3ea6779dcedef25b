"""Cargo Bay's games as PettingZoo AEC environments (``pip install cargobay[research]``).

    from cargobay.pettingzoo import env
    e = env("load")          # options as keywords: env("tf22", players=3, turns=8)
    e.reset(seed=1)

See ``env.py`` for the observation, the action mask, rewards and seeding, and docs/research.md.
"""

from __future__ import annotations

from typing import Any

from .env import CargoBayEnv

GAME_IDS = ("load", "haul", "loot", "teamup", "tf22")


def env(game_id: str, players: int | None = None, render_mode: str | None = None, **options: Any) -> CargoBayEnv:
    """The AEC environment of ``game_id`` with ``players`` seats (default: the fewest) and the game's options."""
    return CargoBayEnv(game_id, players, render_mode, **options)


__all__ = ["GAME_IDS", "CargoBayEnv", "env"]
