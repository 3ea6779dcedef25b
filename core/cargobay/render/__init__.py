"""Drawing boards: the render context every game's renderer takes, and a small SVG kit (``render.svg``).

A renderer is a pure function ``render(view, ctx) -> str`` (like python-chess's ``chess.svg.board``): the
view says what the seat may see, the context says how to draw it for this page (names, whose eyes, which
partial action is picked). The page contract of the returned SVG is in ``render.svg.action``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

# Each seat's colour on every board (a swatch beside its name): dark enough for white text, apart in hue.
SEAT_COLOURS = ("#b3261e", "#1f5fa8", "#2e7d32", "#6a3d9a", "#b35c00", "#00796b")
SEAT_COLOUR_NAMES = ("red", "blue", "green", "purple", "orange", "teal")


def seat_swatch(seat: int, x: float, y: float, size: float = 14) -> str:
    """A seat's colour as a small square (its top-left at x, y), decorative: the name beside it says who."""
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    return (f'<rect class="seat-swatch" data-seat-colour="{SEAT_COLOUR_NAMES[seat % len(SEAT_COLOURS)]}" x="{x:g}" '
            f'y="{y:g}" width="{size:g}" height="{size:g}" rx="3" fill="{colour}" aria-hidden="true"/>')


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
    recent: tuple[tuple[int, str], ...] = ()  # (seat, action) of the other seats since the viewer last acted

    def label(self, seat: int, default: str) -> str:
        return str(self.labels.get(seat, default))


__all__ = ["SEAT_COLOURS", "SEAT_COLOUR_NAMES", "RenderContext", "seat_swatch"]
