"""Odd one out: the platform's 3-seat test game (every node kind, a two-pick action).

The board is imported on first use, so that booting the engine does not pay for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Game
from ...render import RenderContext
from ...spec import GameSpec
from .info import INFO


def render(view: Mapping[str, Any], ctx: RenderContext) -> str:
    from . import svg

    return svg.render(view, ctx)


def game() -> Game[Any]:
    from .rules import GAME

    return GAME


def __getattr__(name: str) -> Any:
    """``GAME``, ``OddOneOut`` ... from ``rules``, imported on first use."""
    if name in ("GAME", "OddOneOut"):
        from . import rules

        return getattr(rules, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


SPEC = GameSpec(info=INFO, load=game, render=render)

__all__ = ["GAME", "SPEC", "OddOneOut"]
