"""Loot N' Loaded — rules in ``rules``, actions in ``actions``, a minimal SVG board in ``svg``.

What the catalogue needs is ``INFO`` (``info.py``); the rules and the board are imported on first use.
"""

from ...spec import lazy_spec
from .info import INFO

SPEC = lazy_spec(INFO, __name__)

__all__ = ["INFO", "SPEC"]
