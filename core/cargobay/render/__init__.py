"""Drawing boards: the render context every game's renderer takes, and a small SVG kit (``render.svg``).

A renderer is a pure function ``render(view, ctx) -> str`` (like python-chess's ``chess.svg.board``): the
view says what the seat may see, the context says how to draw it for this page (names, whose eyes, which
partial action is picked). The page contract of the returned SVG is in ``render.svg.action``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class RenderContext:
    """How to draw a view: what the page knows that the game's view does not."""

    labels: Mapping[int, str] = field(default_factory=dict)  # seat -> "You", "Medium bot", "Player 2"
    perspective: int | None = None  # the seat at the bottom of the board (None: a spectator)
    committed: frozenset[int] = frozenset()  # seats whose simultaneous choice is committed, unseen
    selection: str = ""  # a partial action the viewer has picked (see Game.action_steps)
    choices: tuple[str, ...] = ()  # the complete actions that finish ``selection`` (empty when none)
    selections: tuple[str, ...] = ()  # the longer partial actions that continue ``selection``
    wide: bool = False  # a landscape screen: lay the board out in columns where the game can
    hint: Mapping[str, object] | None = None  # the game's hint for the viewer, asked for (Game.hint)

    def label(self, seat: int, default: str) -> str:
        return str(self.labels.get(seat, default))


__all__ = ["RenderContext"]
