"""The Haul board as SVG: a pure function from a seat's view to one self-contained ``<svg>`` string.

Like LOAD!'s board (games/load/svg.py): no I/O, no scripts, no external references, a system font stack,
every text escaped. Every move the viewer may make is one element drawn with ``render.svg.action``:
``data-action`` for a complete action (``play:8S``, ``claim:8S``, ``claim:8D>S``, ``refuel:8S``) and
``data-select`` for the first resolve pick (``resolve:8S``) and the way back (``""``).

Decisions:
- Portrait (380 wide, the height grows with the content: a 390 px phone draws it near 1:1, every text
  >= 12.5 units, every control >= 46): a header with whose turn it is, the other three
  trailers in turn order after the viewer's, the Load, the viewer's trailer, then the resolve options or the
  hand, the discard pile and the score table. Landscape (``ctx.wide``, 1160 wide: a 1280x800 screen draws
  it near 1:1 too): the header across, then three columns: the four trailers (the viewer's last); the Load,
  the resolve options or the hand; the result, the discard pile and the score table.
- A card shows colour AND symbol (a four-colour deck: Hearts red, Diamonds blue, Spades black, Clubs green).
- A Heavy Load is a stack: the exposed card on top, each tucked card peeking out to its right.
- Between two Loads the last Load stays on the board, dimmed, with who took or refuelled each card.
- Resolving is two picks: the Load's remaining cards are ``data-select`` (``resolve:8S``); once one is picked
  (``ctx.selection``) each complete action in ``ctx.choices`` is a button saying what it does to the trailer
  and its points (a Forced Unload names every card it discards), with a back button (``data-select=""``).
- Other drivers' hands are only ever counts; the discard pile is public and listed card by card.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ...render import RenderContext
from ...render.svg import board_root
from ...render.svg import rect as _rect
from .svg_load import hand, load_area, options, resolve_order
from .svg_parts import GUTTER, PAPER, STYLE, WIDTH, header, names, status
from .svg_score import discards, game_over, score_table
from .svg_trailer import trailer

__all__ = ["render"]


def _column(parts: list[str], index: int) -> list[str]:
    """``parts`` moved into the landscape board's column ``index`` (0: no move)."""
    if not index or not parts:
        return parts
    return [f'<g class="column" transform="translate({index * (WIDTH + GUTTER)},0)">', *parts, "</g>"]


def render(view: Mapping[str, Any], ctx: RenderContext | None = None) -> str:
    """The board for ``view`` (``HaulGame.view``): the viewer's trailer at the bottom (a spectator: seat 1's)."""
    ctx = ctx or RenderContext()
    seat = view.get("seat")
    viewer = seat if seat in range(4) else None
    bottom = viewer if viewer is not None else 0
    who = names(view, ctx.labels)
    over = view.get("result") is not None
    wide = ctx.wide
    width = 3 * WIDTH + 2 * GUTTER if wide else WIDTH
    columns: list[list[str]] = [[], [], []]  # portrait: everything in the first, in this order
    parts, top = header(view, who, 0.0, width)
    columns[0] += parts
    top += 6
    ends = [top, top, top]

    def add(column: int, part: tuple[list[str], float]) -> None:
        columns[column if wide else 0].extend(part[0])
        ends[column if wide else 0] = part[1]

    if over and not wide:
        add(0, game_over(view, who, ends[0]))
    for step in (1, 2, 3):
        add(0, trailer(view, who, (bottom + step) % 4, ends[0], viewer=viewer))
    if wide:
        add(0, trailer(view, who, bottom, ends[0], viewer=viewer))
    add(1, load_area(view, who, viewer, ctx, ends[1 if wide else 0]))
    add(1, resolve_order(view, who, ends[1 if wide else 0]))
    if not wide:
        add(0, trailer(view, who, bottom, ends[0], viewer=viewer))
    if viewer is not None and ctx.selection:
        add(1, options(view, viewer, ctx, ends[1 if wide else 0]))
    if viewer is not None and not over and view["phase"] in ("play", "resolve"):
        add(1, hand(view, viewer, ends[1 if wide else 0]))
    if over and wide:
        add(2, game_over(view, who, ends[2]))
    add(2, discards(view, ends[2 if wide else 0]))
    add(2, score_table(view, who, ends[2 if wide else 0]))
    height = math.ceil(max(ends) + 4)
    body = [part for index, column in enumerate(columns) for part in _column(column, index)]
    title = f"Haul {max(1, int(view['haul']))}/{view['hauls_total']}: {status(view, who)[0]}"
    root = board_root("haul", width, height, title, view, wide=wide, style=STYLE,
                      data={"haul": view["haul"], "load": view["load"], "selection": ctx.selection})
    return "".join([root, _rect(0, 0, width, height, fill=PAPER), *body, "</svg>"])
