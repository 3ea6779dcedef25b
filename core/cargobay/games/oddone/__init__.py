"""Odd one out: the platform's 3-seat test game (every node kind, a two-pick action).

The board is imported on first use, so that booting the engine does not pay for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...render import RenderContext
from ...spec import GameSpec
from .rules import GAME, OddOneOut


def render(view: Mapping[str, Any], ctx: RenderContext) -> str:
    from . import svg

    return svg.render(view, ctx)


SPEC = GameSpec(game=GAME, render=render)

__all__ = ["GAME", "SPEC", "OddOneOut"]
