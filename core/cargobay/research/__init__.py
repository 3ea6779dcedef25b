"""Cargo Bay for researchers: every game as a tree of small integer decisions, for OpenSpiel and PettingZoo.

This package is pure Python (no third-party import): ``steps`` turns a ``Game`` into nodes where each pick is
one integer (``codecs``: stable ids per game, one per selection step), each chance event is a run of uniform
draws (``chance``: the game's own ``sample_chance`` with its random calls made explicit), and each seat sees
only its view (``tensors``: fixed-size encodings of a view). ``cargobay.openspiel`` and
``cargobay.pettingzoo`` wrap it for their libraries (``pip install cargobay[research]``); the browser wheel
never imports any of it.
"""

from .steps import Node, Table, table

__all__ = ["Node", "Table", "table"]
