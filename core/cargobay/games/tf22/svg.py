"""The TF22 board as SVG: a pure function from a seat's view (docs/tf22-engine.md) to one self-contained
``<svg>`` string (no I/O, no scripts, a system font stack, every text escaped).

Layout: portrait (380 units wide; a phone scales it to its width, about 1:1): the header, the map, the buttons and the
picked unit, then (the score table at the end,) the players, the tides, the turn log and the legend. Landscape
(``ctx.wide``): the header across, the map on the left, the rest in a column on the right. The map is its own
``<svg data-panzoom="1">`` (svg_map.py): the page pans and zooms it (web/ui/panzoom.py) and draws a unit's
reach on hover or keyboard focus from its ``data-reach``.

Modules: ``svg_geom`` (geometry, colours, defs), ``svg_model`` (what the view says, the reach search),
``svg_picks`` (the selection step: what is clickable, where, in words), ``svg_recent`` (what the other seats did
since the viewer last acted), ``svg_pieces`` (units, Landers, cargo
badges), ``svg_map`` (the map's layers), ``svg_panel`` (header, buttons, players, tides, log, legend, scores).

>>> svg = render({"seat": 0, "seats": 2, "legal": ["end"], "turn": 2, "turns": 20, "phase": "play",
...               "to_act": [0], "ap": [15, 0], "pieces": []})
>>> 'data-action="end"' in svg and 'data-panzoom="1"' in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from ...render import RenderContext
from ...render.svg import board_root, rect
from .svg_geom import DEFS, PAPER, STYLE
from .svg_map import map_svg
from .svg_model import Model
from .svg_panel import controls, forecast, header, legend, log, picked, players, scores, status, tap_note
from .svg_picks import Picks
from .svg_picks import picks as find_picks
from .svg_recent import panel as recent_panel

__all__ = ["render"]

NARROW = 380  # a phone's width in CSS px, near enough: its text is drawn near its own size
WIDE_MAP = 840
WIDE_SIDE = 350
GAP = 10


def _side(model: Model, ctx: RenderContext, chosen: Picks, x: float, y: float, w: float, button_h: float,
          with_scores: bool, limit: float | None = None) -> tuple[list[str], float]:
    """The panels in one column: (the score table,) the picked unit, the buttons, players, tides, log, legend.
    Beside the map (``limit``: the map's bottom) the players, the tides, the log and the legend are each left
    out when the buttons need their room: the map keeps its size whatever the panel holds."""
    body: list[str] = []

    def add(result: tuple[list[str], float]) -> float:
        body.extend(result[0])
        return result[1]

    if with_scores:
        y = add(scores(model, ctx, x, y, w))
    y = add(picked(model, ctx, chosen, x, y, w))
    y = add(controls(model, ctx, chosen, x, y, w, button_h))
    extras: list[Callable[[float], tuple[list[str], float]]] = [
        lambda at: recent_panel(model, ctx.recent, ctx.labels, x, at, w),
        lambda at: players(model, ctx, x, at, w), lambda at: forecast(model, ctx, x, at, w),
        lambda at: log(model, x, at, w, labels=ctx.labels), lambda at: legend(x, at, w)]
    for extra in extras:
        parts, end = extra(y)
        if limit is None or end <= limit:
            body.extend(parts)
            y = end
    return body, y


def render(view: Mapping[str, Any], ctx: RenderContext | None = None) -> str:
    """The board for ``view`` as the seat ``view["seat"]`` (None: a spectator) sees it."""
    ctx = ctx or RenderContext()
    model = Model(view)
    chosen = find_picks(model, ctx.selection, ctx.choices, ctx.selections)
    wide = bool(ctx.wide)
    over = isinstance(view.get("result"), Mapping)
    body: list[str] = []
    if wide:
        width = 6 + WIDE_MAP + GAP + WIDE_SIDE + 6
        parts, top = header(model, ctx, 6, 6, width - 12)
        body += parts
        board, map_h = map_svg(model, chosen, ctx.labels, 6, top, WIDE_MAP, ctx.recent)
        body += [board, tap_note(model, ctx, chosen, 6, top + map_h, WIDE_MAP)]
        parts, y = _side(model, ctx, chosen, 6 + WIDE_MAP + GAP, top, WIDE_SIDE, 46, over, limit=top + map_h)
        body += parts
        height = math.ceil(max(top + map_h, y) + 6)
    else:
        width = NARROW
        x, w = 6, NARROW - 12
        parts, y = header(model, ctx, x, 6, w)
        body += parts
        if over:
            parts, y = scores(model, ctx, x, y, w)
            body += parts
        board, map_h = map_svg(model, chosen, ctx.labels, x, y, w, ctx.recent)
        body += [board, tap_note(model, ctx, chosen, x, y + map_h, w)]
        parts, y = _side(model, ctx, chosen, x, y + map_h + 8, w, 56, False)
        body += parts
        height = math.ceil(y + 4)
    name = f"TF22, turn {view.get('turn', 1)} of {view.get('turns', 20)}: {status(model, ctx)}"
    root = board_root("tf22", width, height, name, {**view, "seat": model.viewer}, wide=wide, style=STYLE, data={
        "turn": view.get("turn", 1), "tide": view.get("tide", ""), "selection": chosen.selection,
        "sticky": "1" if chosen.sticky else ""})
    return "".join([root, DEFS, rect(0, 0, width, height, fill=PAPER), *body, "</svg>"])
