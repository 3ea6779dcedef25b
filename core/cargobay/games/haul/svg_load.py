"""Haul board: the current Load (play order, finishing places, what became of each card), the two-pick resolve
(the Load's cards, then what each option does to the trailer) and the viewer's hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...render import SEAT_COLOURS, RenderContext
from ...render.svg import INK, escape
from ...render.svg import action as _action
from ...render.svg import num as _num
from ...render.svg import rect as _rect
from ...render.svg import text as _text
from ...render.svg import wrap as _wrap
from .actions import Claim, Play, Refuel, describe, parse, resolve_step
from .svg_parts import (
    ACCENT,
    CARD_H,
    CARD_W,
    HIGHLIGHT,
    MIN_FONT,
    MUTED,
    ORDINAL,
    WIDTH,
    brief,
    button,
    card_face,
    explain,
    mid,
    name_lines,
    ring,
    short,
)

COLUMN = (WIDTH - 20) / 4
KIND_WORDS = {"load": "claimed", "forced unload": "forced unload", "heavy load": "Heavy Load",
              "refuel": "refuelled"}


def _picks(view: Mapping[str, Any], viewer: int | None, ctx: RenderContext) -> set[str]:
    """The Load's cards the viewer may pick now (the first of the two resolve picks)."""
    if viewer is None or view["phase"] != "resolve" or ctx.selection:
        return set()
    return {move.card for move in map(parse, view.get("legal") or []) if isinstance(move, Claim | Refuel)}


def load_area(
    view: Mapping[str, Any], names: Sequence[str], viewer: int | None, ctx: RenderContext, y: float
) -> tuple[list[str], float]:
    """The current Load, or (between Loads) the last one, dimmed: a column per card in play order."""
    current = view["phase"] in ("play", "resolve") and (view["played"] or view["phase"] == "resolve")
    last = view.get("last_load")
    if current or not last:
        played, order = view["played"], view["order"]
        resolutions = view.get("resolutions") or []
        title = f"Load {min(int(view['load']) + 1, int(view['loads']))}: cards in play order"
        done = False
    else:
        played, order, resolutions = last["played"], last["order"], last["resolutions"]
        title = f"Load {last['load']} done: who took what"
        done = True
    took = {record["card"]: record for record in resolutions}
    picks = _picks(view, viewer, ctx)
    picked = ctx.selection.partition(":")[2] if ctx.selection.startswith("resolve:") else ""
    parts = ['<g class="load">', _text(16, y + 22, title, size=15, weight="700")]
    cy = y + 48  # (a finishing place's badge sits on a card's corner: clear of the title)
    if picks:
        parts.append(_text(16, y + 40, "Tap a card to resolve it", size=13, weight="700", fill=ACCENT))
        cy += 16
    leader = view.get("leader")
    seats = [seat for seat, _ in played]
    if not done and leader is not None:  # the seats still to play, in turn
        seats += [(leader + k) % 4 for k in range(4) if (leader + k) % 4 not in seats]
    cards = dict(played)
    bottom = cy + CARD_H
    for index, seat in enumerate(seats[:4]):
        centre = 10 + index * COLUMN + COLUMN / 2
        cx = centre - CARD_W / 2
        card = cards.get(seat)
        if card is None:
            parts.append(_rect(cx, cy, CARD_W, CARD_H, fill="none", rx=6,
                               extra=f' stroke="{MUTED}" stroke-dasharray="5 4"'))
            parts.append(_text(centre, cy + CARD_H / 2 + 5, "to play", size=MIN_FONT, anchor="middle", fill=MUTED))
        else:
            gone = card in took
            face = card_face(card, cx, cy, CARD_W, CARD_H, dim=gone or done)
            if card in picks:
                label = f"{describe(card)} from the Load: pick it to resolve"
                parts.append(_action(resolve_step(card), viewer if viewer is not None else 0, label, "pick",
                                     face + ring(cx, cy, CARD_W, CARD_H), select=True,
                                     extra=f' data-card="{card}"'))
            else:
                if card == picked:
                    parts.append(_rect(cx - 5, cy - 5, CARD_W + 10, CARD_H + 10, fill=HIGHLIGHT, rx=9,
                                       extra=f' stroke="{ACCENT}" stroke-width="3"'))
                parts.append(face)
            if seat in order:
                place = order.index(seat) + 1
                parts.append(f'<circle cx="{cx + CARD_W}" cy="{cy}" r="14" fill="#14213d"/>')
                parts.append(_text(cx + CARD_W, cy + 4.5, ORDINAL[place], size=MIN_FONT, weight="700",
                                   anchor="middle", fill="#ffffff", extra=' class="place"'))
        # who played it: the name in one <text> (its bracket on a second line: "Dot" / "(Easy bot)")
        ty = cy + CARD_H + 17
        lines = name_lines(names[seat])
        spans = ""
        for k, line in enumerate(lines):  # a space ends the first line, so the name reads whole
            gap = " " if k < len(lines) - 1 else ""
            spans += f'<tspan x="{_num(centre)}" y="{_num(ty)}">{escape(line)}{gap}</tspan>'
            ty += 15
        parts.append(f'<text font-size="13" font-weight="700" text-anchor="middle" fill="{INK}">{spans}</text>')
        if card is not None and card in took:
            record = took[card]
            kind = _wrap(KIND_WORDS.get(record.get("kind", ""), "taken"), COLUMN - 4, MIN_FONT * 1.2)
            spans = "".join(f'<tspan x="{_num(centre)}" y="{_num(ty + 1 + 15 * k)}">{escape(line)}'
                            f'{" " if k < len(kind) - 1 else ""}</tspan>' for k, line in enumerate(kind))
            parts.append(f'<text font-size="{MIN_FONT}" font-weight="600" text-anchor="middle" fill="{MUTED}">'
                         f"{spans}</text>")
            ty += 15 * (len(kind) - 1)
            taker = record["seat"]  # in the taker's seat colour (the swatch beside its name on its trailer)
            parts.append(_text(centre, ty + 16, f"by {brief(mid(names[taker]))}", size=MIN_FONT,
                               anchor="middle", weight="700", fill=SEAT_COLOURS[taker % len(SEAT_COLOURS)],
                               extra=f' class="taker" data-seat="{taker}"'))
            ty += 31
        elif card == picked:
            parts.append(_text(centre, ty + 1, "picked", size=MIN_FONT, weight="700", anchor="middle",
                               fill=ACCENT))
            ty += 16
        bottom = max(bottom, ty)
    height = bottom - y + 4
    parts.insert(1, _rect(6, y, WIDTH - 12, height, fill="#ffffff", rx=10, extra=' stroke="#c3ccd9"'))
    parts.append("</g>")
    return parts, y + height + 6


def resolve_order(view: Mapping[str, Any], names: Sequence[str], y: float) -> tuple[list[str], float]:
    """While a Load is resolved: who resolves in which turn (reverse finishing order)."""
    order = view.get("order") or []
    if view["phase"] != "resolve" or len(order) != 4:
        return [], y
    done = len(view.get("resolutions") or [])
    steps = []
    for turn, seat in enumerate(reversed(order)):
        mark = "\u2713 " if turn < done else ("\u25b6 " if turn == done else "")
        steps.append(f"{mark}{short(names[seat], 14)}")
    line = "Resolve order: " + " \u2192 ".join(steps)
    lines = _wrap(line, (WIDTH - 24) / 1.15, 13)  # semi-bold glyphs and arrows are wider than wrap's average
    parts = [_text(12, y + 14 + 18 * k, text, size=13, fill=MUTED, weight="600", extra=' class="resolve-order"')
             for k, text in enumerate(lines)]
    return parts, y + 6 + 18 * len(lines)


def options(view: Mapping[str, Any], viewer: int, ctx: RenderContext, y: float) -> tuple[list[str], float]:
    """The second resolve pick: each way to resolve the picked card with its effect, then a way back."""
    if not ctx.selection:
        return [], y
    card = ctx.selection.partition(":")[2]
    parts = ['<g class="options">']
    for line in _wrap(f"Resolve {describe(card)}: what happens to your trailer", (WIDTH - 24) / 1.12, 16):
        parts.append(_text(12, y + 20, line, size=16, weight="700"))
        y += 21
    y += 11
    for act in ctx.choices:
        element, height = button(act, viewer, explain(view, viewer, act), 8, y, WIDTH - 16)
        parts.append(element)
        y += height + 8
    element, height = button("", viewer, ["Back: pick another card"], 8, y, WIDTH - 16, select=True,
                             kind="unselect", fill="#eef2f8")
    parts.append(element)
    parts.append("</g>")
    return parts, y + height + 8


def hand(view: Mapping[str, Any], viewer: int, y: float) -> tuple[list[str], float]:
    """The viewer's hand: a card is a ``play:`` button when playing it is legal."""
    cards = list(view.get("hand") or [])
    legal = set(view.get("legal") or [])
    playing = any(isinstance(parse(act), Play) for act in legal)
    title = f"Your hand: {len(cards)} card{'s' if len(cards) != 1 else ''}"
    if playing:
        title += " (tap one to play it)"
    parts = ['<g class="hand">', _text(12, y + 18, title, size=15, weight="700")]
    y += 28
    if not cards:
        parts += [_text(12, y + 14, "No cards in hand.", size=14, fill=MUTED), "</g>"]
        return parts, y + 26
    gap = 3
    left = (WIDTH - 7 * CARD_W - 6 * gap) / 2
    for index, card in enumerate(cards):
        x = left + index * (CARD_W + gap)
        face = card_face(card, x, y, CARD_W, CARD_H)
        act = f"play:{card}"
        if act in legal:
            parts.append(_action(act, viewer, f"{describe(card)}: play it into the Load", "card",
                                 face + ring(x, y, CARD_W, CARD_H), extra=f' data-card="{card}"'))
        else:
            parts.append(face)
    parts.append("</g>")
    return parts, y + CARD_H + 10
