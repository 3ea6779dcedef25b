"""The Haul board as SVG: a pure function from a seat's view to one self-contained ``<svg>`` string.

Like LOAD!'s board (games/load/svg.py): no I/O, no scripts, no external references, a system font stack,
every text escaped. Every move the viewer may make is one element drawn with ``render.svg.action``:
``data-action`` for a complete action (``play:8S``, ``claim:8S``, ``claim:8D>S``, ``refuel:8S``) and
``data-select`` for the first resolve pick (``resolve:8S``) and the way back (``""``).

Decisions:
- Portrait (500 wide, the height grows with the content): a header with whose turn it is, the other three
  trailers in turn order after the viewer's, the Load, the viewer's trailer, then the resolve options or the
  hand, the discard pile and the score table. Landscape (``ctx.wide``): the trailers and the Load on the
  left, the rest on the right (1010 wide).
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
from html import escape
from typing import Any

from ...render import RenderContext
from ...render.svg import FONT
from ...render.svg import attr as _attr
from ...render.svg import rect as _rect
from .svg_load import hand, load_area, options, resolve_order
from .svg_parts import GUTTER, PAPER, STYLE, WIDTH, header, names, status
from .svg_score import discards, game_over, score_table
from .svg_trailer import trailer

__all__ = ["render"]


def render(view: Mapping[str, Any], ctx: RenderContext | None = None) -> str:
    """The board for ``view`` (``HaulGame.view``): the viewer's trailer at the bottom (a spectator: seat 1's)."""
    ctx = ctx or RenderContext()
    seat = view.get("seat")
    viewer = seat if seat in range(4) else None
    bottom = viewer if viewer is not None else 0
    who = names(view, ctx.labels)
    over = view.get("result") is not None
    body: list[str] = []
    parts, y = header(view, who, 0.0, WIDTH)
    body += parts
    y += 6
    if over and not ctx.wide:
        parts, y = game_over(view, who, y)
        body += parts
    for step in (1, 2, 3):
        parts, y = trailer(view, who, (bottom + step) % 4, y, viewer=viewer)
        body += parts
    parts, y = load_area(view, who, viewer, ctx, y)
    body += parts
    parts, y = resolve_order(view, who, y)
    body += parts
    parts, y = trailer(view, who, bottom, y, viewer=viewer)
    body += parts
    left_height = 0.0
    if ctx.wide:
        left_height, y = y, 0.0
        body.append(f'<g class="right-column" transform="translate({WIDTH + GUTTER},0)">')
        if over:
            parts, y = game_over(view, who, y)
            body += parts
    if viewer is not None and ctx.selection:
        parts, y = options(view, viewer, ctx, y)
        body += parts
    if viewer is not None and not over and view["phase"] in ("play", "resolve"):
        parts, y = hand(view, viewer, y)
        body += parts
    parts, y = discards(view, y)
    body += parts
    parts, y = score_table(view, who, y)
    body += parts
    if ctx.wide:
        body.append("</g>")
    height = math.ceil(max(y, left_height) + 4)
    width = 2 * WIDTH + GUTTER if ctx.wide else WIDTH
    title = f"Haul {max(1, int(view['haul']))}/{view['hauls_total']}: {status(view, who)[0]}"
    to_act = " ".join(str(s) for s in view.get("to_act") or [])
    root = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="cargobay-haul" viewBox="0 0 {width} {height}" '
        f'width="100%" preserveAspectRatio="xMidYMin meet" role="group" aria-label="{_attr(title)}" '
        f'font-family="{_attr(FONT)}" data-game="haul" data-phase="{_attr(view["phase"])}" '
        f'data-haul="{_attr(view["haul"])}" data-load="{_attr(view["load"])}" '
        f'data-seat="{"" if viewer is None else viewer}" data-to-act="{_attr(to_act)}" '
        f'data-selection="{_attr(ctx.selection)}" data-layout="{"wide" if ctx.wide else "tall"}">'
    )
    return "".join([root, f"<title>{escape(title, quote=False)}</title>", f"<style>{STYLE}</style>",
                     _rect(0, 0, width, height, fill=PAPER), *body, "</svg>"])
