"""TF22: LOAD! — rules in ``rules``, actions in ``actions``, bots in ``bots``, the SVG board in ``svg``.

The board and the bots are imported on first use, so that booting the engine (the menu needs only
the catalogue) does not pay for them.
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
    """``GAME``, ``LoadGame`` ... from ``rules``, imported on first use."""
    if name in ("GAME", "LoadGame", "LoadState"):
        from . import rules

        return getattr(rules, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


SPEC = GameSpec(info=INFO, load=game, render=render, bots={"medium": medium, "strong": strong})

__all__ = ["GAME", "SPEC", "LoadGame", "LoadState"]
