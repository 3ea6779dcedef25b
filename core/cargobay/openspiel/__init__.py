"""Cargo Bay's games as OpenSpiel games and its bots as OpenSpiel bots (``pip install cargobay[research]``).

    import pyspiel
    import cargobay.openspiel  # registers cargobay_load, cargobay_haul, cargobay_loot, cargobay_teamup, cargobay_tf22
    game = pyspiel.load_game("cargobay_load")

``bot(game, level, seat)`` is our bot of that level as a ``pyspiel.Bot``; ``resample`` gives IS-MCTS its
information-set sampler. See docs/research.md.
"""

from .bots import CargoBayBot, bot
from .game import GAME_IDS, CargoBayGame, CargoBayState, register, resample

register()

__all__ = ["GAME_IDS", "CargoBayBot", "CargoBayGame", "CargoBayState", "bot", "register", "resample"]
