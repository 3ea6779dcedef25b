"""TF22: LOAD! — rules in ``rules``, actions in ``actions``, bots in ``bots``, the SVG board in ``svg``.

The board and the bots are imported on first use, so that booting the engine (the menu needs only
the catalogue) does not pay for them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...bots import Bot
from ...render import RenderContext
from ...spec import GameSpec
from .rules import GAME, LoadGame, LoadState


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

__all__ = ["GAME", "SPEC", "LoadGame", "LoadState"]
