"""Odd one out: the platform's 3-seat test game (every node kind, a two-pick action)."""

from ...spec import GameSpec
from . import svg
from .rules import GAME, OddOneOut

SPEC = GameSpec(game=GAME, render=svg.render)

__all__ = ["GAME", "SPEC", "OddOneOut"]
