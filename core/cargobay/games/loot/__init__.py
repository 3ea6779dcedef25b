"""Loot N' Loaded — the state in ``state``, rules in ``rules`` (item effects in ``effects``), the cards and
scoring in ``cards``, actions in ``actions``, the cryptographic item deck in ``dealt``, bots in ``bots`` (medium,
strong; their card model in ``sim``), the SVG board in ``svg`` (with ``svg_table``, ``svg_collection``,
``svg_duel``, ``svg_prompt``, ``svg_parts``); docs/loot-engine.md.

What the catalogue needs is ``INFO`` (``info.py``); the rules, the board and the bots are imported on first use.
"""

from ...spec import lazy_spec
from .info import INFO

SPEC = lazy_spec(INFO, __name__, rules="rules:GAME", board="svg:render",
                 bots={"medium": "bots:MediumBot", "strong": "bots:StrongBot"})

__all__ = ["INFO", "SPEC"]
