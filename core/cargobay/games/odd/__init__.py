"""Odd one out — the platform's 3-seat test game (every node kind, a two-pick action): rules in ``rules``,
the board in ``svg``.

What the catalogue needs is ``INFO`` (``info.py``); the rules, the board and the bots are imported on first use.
"""

from ...spec import lazy_spec
from .info import INFO

SPEC = lazy_spec(INFO, __name__, rules="rules:GAME", board="svg:render")

__all__ = ["INFO", "SPEC"]
