"""TF22: LOAD! — rules in ``rules``, bots in ``bots``, the SVG board in ``svg``."""

from .rules import GAME, LoadGame, LoadState

__all__ = ["GAME", "LoadGame", "LoadState"]
