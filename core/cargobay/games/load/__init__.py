"""TF22: LOAD! — rules in ``rules``, actions in ``actions``, bots in ``bots``, the SVG board in ``svg``.

What the catalogue needs is ``INFO`` (``info.py``); the rules, the board and the bots are imported on first use.
"""

from ...spec import lazy_spec
from .info import INFO

SPEC = lazy_spec(INFO, __name__, rules="rules:GAME", board="svg:render",
                 bots={"medium": "bots:MediumBot", "strong": "bots:StrongBot"})

__all__ = ["INFO", "SPEC"]
