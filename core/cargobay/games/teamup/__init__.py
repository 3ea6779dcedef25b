"""Team UP! — the cooperative pallet-stacking game: rules in ``rules``, the stacking instructions in ``geometry``,
the component sheet in ``components``, actions in ``actions``, set-up codes in ``codes``, perfect pallets in
``perfect``, the exact solver and the hint in ``solver`` (with ``search``), bots in ``bots`` (medium, strong),
the board in ``svg`` (the 3D view in ``svg_iso``).

What the catalogue needs is ``INFO`` (``info.py``); the rules, the board and the bots are imported on first use.
"""

from ...spec import lazy_spec
from .info import INFO

SPEC = lazy_spec(INFO, __name__, rules="rules:GAME", board="svg:render",
                 bots={"medium": "bots:MediumBot", "strong": "bots:StrongBot"},
                 commands={"solve": "cli:main"})

__all__ = ["INFO", "SPEC"]
