"""The Loot N' Loaded board as SVG: a pure function from a seat's view (docs/loot-engine.md) to one
self-contained ``<svg>`` string (no I/O, no scripts, a system font stack, every text escaped).

Every move the viewer may make is one ``render.svg.action`` element with ``data-action`` (``pick:2``,
``gun:valiant``, ``discard:gold+oil``, ``steal:1:hog3``, ``keep``, ``arrange:gold/oil`` ...), its visible words
also its aria-label. The shootout's ``draw:*`` actions get no buttons: the page's quick-draw overlay finds the
group marked ``data-shootout="1"``.

Layout: portrait, one 380-unit column (a 390 px phone draws it near 1:1: text >= 12.5 units is >= 12 CSS px,
buttons 60 units >= 44 px): the title bar with the round tracker
and the phase in words, then what is on now (the game over, the prompt, the duel, the shootout, the playoff),
the locations, who has committed, what is still to resolve, the last reveal, the events and every seat's
collection (the viewer's first). Landscape (``ctx.wide``, two 500-unit columns): the table on the left, the
collections on the right.

Modules: ``svg_parts`` (colours, names, card face, buttons, words), ``svg_table`` (header, locations, reveal,
events), ``svg_collection`` (sets and running scores, guns, Love Letters), ``svg_prompt`` (action cards),
``svg_duel`` (duel, shootout, coin, playoff, game over).

>>> svg = render({"seat": 0, "players": 2, "phase": "pick", "round": 1, "legal": ["pick:1"],
...               "locations": ["gold", None, None], "to_act": [0, 1]})
>>> 'data-action="pick:1"' in svg and "Gold 3 pts" in svg
True
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from ...render import RenderContext
from ...render.svg import board_root, unescape
from ...render.svg import rect as _rect
from .actions import Draw, parse
from .svg_collection import collections
from .svg_duel import coin, duel, game_over, playoff, shootout
from .svg_parts import GUTTER, MUTED, NARROW, PAPER, STYLE, WIDTH, Parts, grid, lines, panel, title
from .svg_prompt import prompt_panel
from .svg_table import events, header, locations, pending, reveal, status, waiting

__all__ = ["render"]

_ACTIONS = re.compile(r'data-action="([^"]*)"')
_SELECTS = re.compile(r'data-select="([^"]*)"')


def _leftovers(view: Mapping[str, Any], drawn: str, x: float, y: float, w: float) -> Parts:
    """Any legal action of the viewer that no part of the board drew (a kind this board does not know yet):
    a plain button each, so that every legal move can be made. The shootout's ``draw:*`` never gets one, nor an
    action reached by a selection step drawn (``put:gold`` leads to ``put:gold:3``; "" goes back to the start)."""
    seat = view.get("seat")
    done = {unescape(a) for a in _ACTIONS.findall(drawn)}
    steps = {unescape(s) for s in _SELECTS.findall(drawn)}
    if "" in steps:
        return [], y
    rest = [a for a in view.get("legal") or [] if a not in done and not isinstance(parse(a), Draw)
            and not any(str(a).startswith(step + ":") for step in steps)]
    if not isinstance(seat, int) or not rest:
        return [], y
    parts, ty = grid([(str(a), str(a)) for a in rest], seat, x + 10, y + 32, w - 20, kind="other")
    return ['<g class="other-moves">', panel(x, y, w, ty - y + 6), title(x + 12, y + 22, "Other moves"), *parts,
            "</g>"], ty + 14


def _table(view: Mapping[str, Any], ctx: RenderContext, x: float, y: float, w: float) -> Parts:
    body: list[str] = []
    for part in (game_over, prompt_panel, duel, shootout, coin, playoff, locations, waiting, pending, reveal):
        parts, y = part(view, ctx, x, y, w)
        body += parts
    return body, y


def render(view: Mapping[str, Any], ctx: RenderContext | None = None) -> str:
    """The board for ``view`` as the seat ``view["seat"]`` (None: a spectator) sees it."""
    ctx = ctx or RenderContext()
    wide = bool(ctx.wide)
    width = 2 * WIDTH + GUTTER if wide else NARROW
    body, y = header(view, ctx, 0, 0, width)
    top = y
    if wide:
        body.append('<g class="left-column">')
        parts, y = _table(view, ctx, 6, y, WIDTH - 6)
        body += parts
        parts, y = events(view, ctx, 6, y, WIDTH - 6)
        body += parts
        body.append('</g><g class="right-column">')
        parts, y = collections(view, ctx, WIDTH + GUTTER, top, WIDTH - 6, spare=(6, y))
        body += parts
        body.append("</g>")
    else:
        parts, y = _table(view, ctx, 6, y, NARROW - 12)
        body += parts
        parts, y = events(view, ctx, 6, y, NARROW - 12)
        body += parts
        parts, y = collections(view, ctx, 6, y, NARROW - 12)
        body += parts
    parts, y = _leftovers(view, "".join(body), 6, y, width - 12)
    body += parts
    if not view.get("players"):
        parts, y = lines(12, y, "No match.", width - 24, size=14, fill=MUTED)
        body += parts
    height = math.ceil(y + 4)
    words = status(view, ctx)[0]
    name = f"Loot N' Loaded, round {max(1, int(view.get('round') or 0))} of {view.get('rounds') or 10}: {words}"
    root = board_root("loot", width, height, name, view, wide=wide, data={"round": view.get("round", 0)},
                      style=STYLE)
    return "".join([root, _rect(0, 0, width, height, fill=PAPER), *body, "</svg>"])
