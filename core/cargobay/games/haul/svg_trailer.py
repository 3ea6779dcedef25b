"""Haul board: a driver's trailer, its four suit slots (Heavy Loads as tucked stacks) and its public counts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...render import seat_swatch
from ...render.svg import rect as _rect
from ...render.svg import text as _text
from .actions import SUIT_NAMES, SUIT_SYMBOLS, SUITS
from .svg_parts import ACCENT, MUTED, PANEL, SMALL_H, SMALL_W, SUIT_INK, WIDTH, short, stack

SLOT_W = 119
SLOT_X0 = 10
TRAILER_H = 110


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
    title = short(names[who], 16) + dealer
    parts.append(seat_swatch(who, 18, y + 7))
    parts.append(_text(38, y + 19, title, size=15, weight="700", extra=' class="name"'))
    # (the Refuel tokens are the two markers at the end: a bot's name and "Dealer" need the room)
    facts = (f"Score {view['scores'][who]} \u00b7 Trailer {view['trailer_points'][who]} \u00b7 "
             f"Hand {view['hand_counts'][who]}")
    parts.append(_text(WIDTH - 48, y + 19, facts, size=13, anchor="end", fill=MUTED, extra=' class="facts"'))
    parts.append(_tokens(WIDTH - 44, y + 14, tokens))
    sy = y + 30
    for index, suit in enumerate(SUITS):
        cards = view["trailers"][who][index]
        sx = SLOT_X0 + index * (SLOT_W + 1)
        parts.append(f'<g class="slot" data-slot="{suit}" data-cards="{"-".join(cards)}">')
        if cards:
            parts.append(stack(cards, sx + 2, sy + 2))
        else:
            parts.append(_rect(sx + 2, sy + 2, SMALL_W, SMALL_H, fill="none", rx=5,
                               extra=f' stroke="{SUIT_INK[suit]}" stroke-dasharray="4 3" stroke-opacity="0.7"'))
            parts.append(_text(sx + 2 + SMALL_W / 2, sy + 30, SUIT_SYMBOLS[suit], size=20, anchor="middle",
                               fill=SUIT_INK[suit]))
            parts.append(_text(sx + 2 + SMALL_W / 2, sy + 50, SUIT_NAMES[suit], size=10.5, anchor="middle",
                               fill=MUTED))
        if len(cards) > 1:
            parts.append(_text(sx + SLOT_W - 4, sy + SMALL_H + 2 + 12, f"Heavy \u00d7{len(cards)}", size=11,
                               weight="700", anchor="end", fill=MUTED))
        parts.append("</g>")
    parts.append("</g>")
    return parts, y + TRAILER_H + 6
