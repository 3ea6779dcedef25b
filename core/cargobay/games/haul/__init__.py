"""Haul — rules in ``rules``, actions in ``actions``, bots in ``bots`` (medium, strong), the SVG board in ``svg``
(with ``svg_parts``, ``svg_trailer``, ``svg_load``, ``svg_score``). The board and the bots are imported on first use.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...bots import Bot
from ...engine import Game
from ...render import RenderContext
from ...spec import GameSpec
from .info import INFO


def render(view: Mapping[str, Any], ctx: RenderContext) -> str:
    from . import svg

    return svg.render(view, ctx)


def medium() -> Bot:
    from .bots import MediumBot

    return MediumBot()


def strong() -> Bot:
    from .bots import StrongBot

    return StrongBot()


def game() -> Game[Any]:
    from .rules import GAME

    return GAME


def __getattr__(name: str) -> Any:
    """``GAME``, ``HaulGame`` ... from ``rules``, imported on first use."""
    if name in ("GAME", "HaulGame", "HaulState"):
        from . import rules

        return getattr(rules, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


SPEC = GameSpec(info=INFO, load=game, render=render, bots={"medium": medium, "strong": strong})

__all__ = ["GAME", "SPEC", "HaulGame", "HaulState"]
