"""Haul — rules in ``rules``, actions in ``actions``, bots in ``bots`` (medium, strong), the SVG board in ``svg``
(with ``svg_parts``, ``svg_trailer``, ``svg_load``, ``svg_score``). The board and the bots are imported on first use.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...bots import Bot
from ...render import RenderContext
from ...spec import GameSpec
from .rules import GAME, HaulGame, HaulState


def render(view: Mapping[str, Any], ctx: RenderContext) -> str:
    from . import svg

    return svg.render(view, ctx)


def medium() -> Bot:
    from .bots import MediumBot

    return MediumBot()


def strong() -> Bot:
    from .bots import StrongBot

    return StrongBot()


SPEC = GameSpec(game=GAME, render=render, bots={"medium": medium, "strong": strong})

__all__ = ["GAME", "SPEC", "HaulGame", "HaulState"]
