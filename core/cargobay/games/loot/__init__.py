"""Loot N' Loaded — rules in ``rules``, actions in ``actions``, bots in ``bots`` (medium, strong; their card
model in ``botsim``), a minimal SVG board in ``svg``.

What the catalogue needs is ``INFO`` (``info.py``); the rules, the board and the bots are imported on first use.
"""

from ...spec import lazy_spec
from .info import INFO

SPEC = lazy_spec(INFO, __name__, bots=("medium", "strong"))

__all__ = ["INFO", "SPEC"]
