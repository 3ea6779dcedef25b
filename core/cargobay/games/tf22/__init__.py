"""TF22 - the map in ``board`` (``map.txt``), ``tides``, ``units``, the state in ``state``, zones of fire in
``fire``, the move generator in ``legal``, the rules in ``rules`` (the turn's flow in ``flow``, effects in
``effects``, refusals in ``refusals``), actions in ``actions``, the cryptographic tide deck in ``dealt``, bots in
``bots`` (the strong bot's search in ``search``), the SVG board in ``svg`` (the hex map in ``svg_map``, with
``svg_geom``, ``svg_model``, ``svg_panel``, ``svg_picks``, ``svg_pieces``); docs/tf22-engine.md.

What the catalogue needs is ``INFO`` (``info.py``); the rules, the board and the bots are imported on first use.
"""

from ...spec import lazy_spec
from .info import INFO

SPEC = lazy_spec(INFO, __name__, rules="rules:GAME", board="svg:render",
                 bots={"medium": "bots:MediumBot", "strong": "bots:StrongBot"})

__all__ = ["INFO", "SPEC"]
