"""Haul board: the public discard pile (every card listed), the score table per Haul and the final result."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...render import seat_swatch
from ...render.svg import INK, escape
from ...render.svg import num as _num
from ...render.svg import rect as _rect
from ...render.svg import text as _text
from ...render.svg import wrap as _wrap
from .actions import RANK, SUIT_SYMBOLS
from .svg_parts import ACCENT, MIN_FONT, MUTED, ORDINAL, SUIT_INK, WIDTH, brief, short, winner_words

PER_LINE = 9


def discards(view: Mapping[str, Any], y: float) -> tuple[list[str], float]:
    """Every discarded card, in the order discarded, in its suit's colour (public to all)."""
    pile = list(view.get("discards") or [])
    points = sum(RANK[card] for card in pile)
    title = f"Discard pile: {len(pile)} card{'s' if len(pile) != 1 else ''}" + (f", {points} points" if pile else "")
    body = [_text(16, y + 22, title, size=15, weight="700")]
    ly = y + 22
    if not pile:
        ly += 22
        body.append(_text(16, ly, "Empty this Haul.", size=14, fill=MUTED))
    for start in range(0, len(pile), PER_LINE):
        ly += 24
        spans = "".join(
            f'<tspan x="{_num(16 + 38 * k)}" fill="{SUIT_INK[card[-1]]}">{escape(card[:-1])}{SUIT_SYMBOLS[card[-1]]} '
            "</tspan>"
            for k, card in enumerate(pile[start : start + PER_LINE])
        )
        body.append(f'<text y="{_num(ly)}" font-size="16" font-weight="700" class="discards">{spans}</text>')
    ly += 12
    parts = ['<g class="discard-pile">', _rect(6, y, WIDTH - 12, ly - y, fill="#ffffff", rx=10,
                                                extra=' stroke="#c3ccd9"'), *body, "</g>"]
    return parts, ly + 6


def score_table(view: Mapping[str, Any], names: Sequence[str], y: float) -> tuple[list[str], float]:
    """A row per Haul scored (and the trailers of the Haul in play), the unused tokens and the totals."""
    step = (WIDTH - 10 - 118) / 4
    cols = [118 + step * (k + 0.5) for k in range(4)]  # column centres: a name (bracket dropped) and its colour
    body = [_text(16, y + 22, "Scores", size=15, weight="700")]
    for seat in range(4):
        body.append(seat_swatch(seat, cols[seat] - 6, y + 9, 12))
        body.append(_text(cols[seat], y + 38, brief(names[seat], 8), size=MIN_FONT, weight="700", anchor="middle"))
    ry = y + 46
    rows: list[tuple[str, list[str], bool]] = []
    for haul in view.get("hauls") or []:
        rows.append((f"Haul {haul['haul']}", [str(points) for points in haul["scores"]], False))
    if view["phase"] in ("play", "resolve"):
        rows.append((f"Haul {view['haul']} so far", [str(p) for p in view["trailer_points"]], True))
    rows.append(("Refuel left", [str(t) for t in view["tokens"]], True))
    for index, (label, cells, muted) in enumerate(rows):
        if index % 2 == 0:
            body.append(_rect(10, ry, WIDTH - 20, 24, fill="#eef2f8"))
        fill = MUTED if muted else INK
        body.append(_text(16, ry + 17, label, size=13, fill=fill))
        for seat in range(4):
            body.append(_text(cols[seat], ry + 17, cells[seat], size=14, anchor="middle", fill=fill))
        ry += 24
    body.append(f'<line x1="10" y1="{_num(ry + 2)}" x2="{WIDTH - 10}" y2="{_num(ry + 2)}" stroke="{INK}"/>')
    body.append(_text(16, ry + 22, "Total", size=15, weight="700"))
    for seat in range(4):
        body.append(_text(cols[seat], ry + 22, str(view["scores"][seat]), size=16, weight="700", anchor="middle",
                          extra=' class="total"'))
    ry += 34
    parts = ['<g class="scores">', _rect(6, y, WIDTH - 12, ry - y, fill="#ffffff", rx=10, extra=' stroke="#c3ccd9"'),
             *body, "</g>"]
    return parts, ry + 6


def game_over(view: Mapping[str, Any], names: Sequence[str], y: float) -> tuple[list[str], float]:
    result = view["result"]
    body = [_text(18, y + 30, "Game over", size=22, weight="700")]
    ty = y + 30
    for line in _wrap(winner_words(result, names), (WIDTH - 36) / 1.1, 17):
        ty += 24
        body.append(_text(18, ty, line, size=17, weight="700", fill="#7a3d00", extra=' class="winner"'))
    ranking = sorted(range(4), key=lambda seat: (result["places"][seat], seat))
    for seat in ranking:
        ty += 22
        body.append(seat_swatch(seat, 18, ty - 11, 12))
        body.append(_text(36, ty, f"{ORDINAL[result['places'][seat]]}  {short(names[seat], 18)}: "
                          f"{result['scores'][seat]} points", size=15, extra=' class="place"'))
    # (the Refuel tokens each kept are the score table's "Refuel left" row, under this box)
    ty += 16
    parts = ['<g id="game-over" class="game-over">',
             _rect(6, y, WIDTH - 12, ty - y, fill="#fff6df", rx=12, extra=f' stroke="{ACCENT}" stroke-width="2"'),
             *body, "</g>"]
    return parts, ty + 8
