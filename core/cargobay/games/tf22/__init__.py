"""TF22 - the map in ``board`` (``map.txt``), ``tides``, ``units``, the state in ``state``, zones of fire in
``fire``, the move generator in ``legal``, the rules in ``rules``, actions in ``actions``, a text board in ``svg``.

What the catalogue needs is ``INFO`` (``info.py``); the rules, the board and the bots are imported on first use.
"""

from ...spec import lazy_spec
from .info import INFO

SPEC = lazy_spec(INFO, __name__, bots=("medium", "strong"))

__all__ = ["INFO", "SPEC"]
