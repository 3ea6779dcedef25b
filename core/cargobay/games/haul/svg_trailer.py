"""Haul board: a driver's trailer, its four suit slots (Heavy Loads as tucked stacks) and its public counts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...render import seat_swatch
from ...render.svg import rect as _rect
from ...render.svg import text as _text
from .actions import SUIT_NAMES, SUIT_SYMBOLS, SUITS
from .svg_parts import ACCENT, MIN_FONT, MUTED, PANEL, SMALL_H, SUIT_INK, WIDTH, short, stack

SLOT_X0 = 10
SLOT_W = (WIDTH - 2 * SLOT_X0) / 4
TRAILER_H = 120


def _tokens(x: float, y: float, left: int) -> str:
    """Two fuel markers, filled for a token still held (their title says the count)."""
    parts = [f'<g class="refuel" data-left="{left}"><title>Refuel tokens left: {left}</title>']
    for index in range(2):
        full = index < left
        parts.append(
            f'<circle cx="{x + 7 + index * 16}" cy="{y}" r="6" fill="{ACCENT if full else "none"}" '
            f'stroke="{ACCENT}" stroke-width="1.5"/>'
        )
    return "".join(parts) + "</g>"


def trailer(
    view: Mapping[str, Any], names: Sequence[str], who: int, y: float, *, viewer: int | None
) -> tuple[list[str], float]:
    """One driver's panel: name, score, trailer points, Refuel tokens, hand size, then the four slots."""
    acting = who in (view.get("to_act") or []) and view.get("result") is None
    mine = who == viewer
    dealer = " \u00b7 Dealer" if view.get("dealer") == who and view["phase"] != "end" else ""
    tokens = view["tokens"][who]
    parts = [
        f'<g class="trailer" data-player="{who}">',
        _rect(6, y, WIDTH - 12, TRAILER_H, fill="#fff8e6" if mine else PANEL, rx=8,
              extra=f' stroke="{ACCENT}" stroke-width="2"' if acting else ' stroke="#c3ccd9"'),
    ]
    if acting:
        parts.append(_rect(6, y, 6, TRAILER_H, fill=ACCENT, rx=3))
    title = short(names[who], 24) + dealer
    parts.append(seat_swatch(who, 18, y + 7))
    parts.append(_text(38, y + 19, title, size=15, weight="700", extra=' class="name"'))
    parts.append(_tokens(WIDTH - 44, y + 14, tokens))
    # the facts get a line of their own: a bot's name and "Dealer" need the first
    facts = (f"Score {view['scores'][who]} \u00b7 Trailer {view['trailer_points'][who]} \u00b7 "
             f"Hand {view['hand_counts'][who]}")
    parts.append(_text(18, y + 37, facts, size=13, fill=MUTED, extra=' class="facts"'))
    sy = y + 44
    for index, suit in enumerate(SUITS):
        cards = view["trailers"][who][index]
        sx = SLOT_X0 + index * SLOT_W
        parts.append(f'<g class="slot" data-slot="{suit}" data-cards="{"-".join(cards)}">')
        if cards:
            parts.append(stack(cards, sx + 2, sy + 2, room=SLOT_W - 6))
        else:
            parts.append(_rect(sx + 2, sy + 2, SLOT_W - 6, SMALL_H, fill="none", rx=5,
                               extra=f' stroke="{SUIT_INK[suit]}" stroke-dasharray="4 3" stroke-opacity="0.7"'))
            middle = sx + 2 + (SLOT_W - 6) / 2
            parts.append(_text(middle, sy + 25, SUIT_SYMBOLS[suit], size=20, anchor="middle", fill=SUIT_INK[suit]))
            parts.append(_text(middle, sy + 46, SUIT_NAMES[suit], size=MIN_FONT, anchor="middle", fill=MUTED))
        if len(cards) > 1:
            parts.append(_text(sx + SLOT_W - 4, sy + SMALL_H + 2 + 14, f"Heavy \u00d7{len(cards)}", size=MIN_FONT,
                               weight="700", anchor="end", fill=MUTED))
        parts.append("</g>")
    parts.append("</g>")
    return parts, y + TRAILER_H + 6
