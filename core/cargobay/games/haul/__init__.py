"""Haul — rules in ``rules``, actions in ``actions``, a placeholder board in ``svg`` (the real board replaces it).

Not yet available to players (``INFO.available`` is False: the menu shows it as coming, the service refuses
to start a match of it); the command line plays it. The board is imported on first use.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...render import RenderContext
from ...spec import GameSpec
from .rules import GAME, HaulGame, HaulState


def render(view: Mapping[str, Any], ctx: RenderContext) -> str:
    from . import svg

    return svg.render(view, ctx)


SPEC = GameSpec(game=GAME, render=render)

__all__ = ["GAME", "SPEC", "HaulGame", "HaulState"]
