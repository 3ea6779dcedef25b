"""Our bots as ``pyspiel.Bot``s: ``bot(game, "strong", seat)`` plays that seat of a ``cargobay_*`` game.

The bot sees what our bots always see: the seat's view (never the state). It picks a complete action; where
the game makes it in selection steps, the bot answers each step with the next part of the action it chose.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel

from ..engine import CHANCE
from ..research.steps import HIDDEN_PICKS
from .game import CargoBayState


class CargoBayBot(pyspiel.Bot):  # type: ignore[misc]
    def __init__(self, game: Any, level: str, seat: int, seed: int = 0) -> None:
        super().__init__()
        self.level = level
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(seed)
        self.plan = ""
        self._bot: Any = None
        self._game_id = game.game_id if hasattr(game, "game_id") else game.get_type().short_name[len("cargobay_"):]

    def _native(self, table: Any) -> Any:
        if self._bot is None:
            self._bot = table.spec.bot(self.level)
        return self._bot

    def restart_at(self, state: Any) -> None:
        self.plan = ""

    def restart(self) -> None:
        self.plan = ""
        self.rng = random.Random(self.seed)

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass

    def step(self, state: CargoBayState) -> int:
        table = state.table
        node = state.node
        seat = self.seat
        if table.player(node) == CHANCE or seat not in table.acting(node):
            raise ValueError(f"seat {seat} is not to act")
        game = table.game
        picks = table.picks(node, seat)
        chain = ("", *game.action_steps(self.plan), self.plan) if self.plan and node.prefix else ()
        if node.prefix not in chain:  # a new decision (a step of the plan: go on with it)
            view = table.view(node, seat)
            legal = [a for a in view["legal"] if a not in HIDDEN_PICKS] or list(view["legal"])
            if node.prefix:
                legal = [a for a in legal if node.prefix in game.action_steps(a)]
            view = {**view, "legal": legal}
            self.plan = self._native(table).choose(game, view, self.rng)
            chain = ("", *game.action_steps(self.plan), self.plan)
        pick = chain[chain.index(node.prefix) + 1]
        for action_id, name in picks.ids.items():
            if name == pick:
                return action_id
        raise ValueError(f"the {self.level} bot chose {self.plan!r}, whose step {pick!r} is not legal here")


def bot(game: Any, level: str, seat: int, seed: int = 0) -> CargoBayBot:
    """Our ``level`` bot ("easy", "medium", "strong") playing ``seat`` of ``game`` (a loaded cargobay game)."""
    return CargoBayBot(game, level, seat, seed)
