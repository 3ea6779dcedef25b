"""TF22: LOAD! board: a ship with its load targets, the reload picks, and the viewer's hand."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...render import RenderContext
from ...render.svg import INK
from ...render.svg import action as _action
from ...render.svg import attr as _attr
from ...render.svg import rect as _rect
from ...render.svg import text as _text
from ...render.svg import wrap as _wrap
from .actions import COLOUR_NAMES, SLOTS, Load, Play, Reload, parse
from .rules import COMPLETE_STACK, STACK_BONUS
from .svg_parts import (
    ACCENT,
    CARD_H,
    CARD_W,
    CONTAINER_H,
    DISPLAY_ORDER,
    FILL,
    HIGHLIGHT,
    HULL,
    INK_ON,
    MIN_TEXT,
    MUTED,
    SLOT_PITCH,
    SLOT_W,
    STACK_MAX,
    WIDTH,
    _card_face,
    _container,
    _describe,
    _symbol,
)


def _ship(view: Mapping[str, Any], who: int, y: float, viewer: int | None, w: float = WIDTH) -> tuple[list[str], float]:
    """A ship's five slots (its load targets for the viewer who loads); ``w``: the board's width (narrow: the
    slots close up to fit a phone, 70 units each)."""
    ship = view["ships"][who]
    loads: dict[int, list[str]] = {}
    if viewer == who:
        for move in map(parse, view.get("legal") or []):
            if isinstance(move, Load):
                loads.setdefault(move.slot - 1, []).append(move.colour)
    narrow = w < WIDTH
    pitch, slot_w = (73, 70) if narrow else (SLOT_PITCH, SLOT_W)
    pad = 4 if narrow else 5  # a container's inset in its slot
    left = (w - (SLOTS - 1) * pitch - slot_w) / 2
    stack_top = y + 10
    stack_h = STACK_MAX * CONTAINER_H + 8
    split: list[tuple[str, int]] = []  # (colour, slot index) of a Joker's two colours on one slot
    parts = [
        f'<g class="ship" data-player="{who}">',
        _rect(6, y, w - 12, stack_h + 42, fill=HULL, rx=14, extra=' stroke="#8d9bb3"'),
    ]
    for index in range(SLOTS):
        slot = ship[index] if index < len(ship) else []
        x = left + index * pitch
        targets = sorted(loads.get(index, []), key=DISPLAY_ORDER.index)
        if targets:
            parts.append(
                _rect(
                    x,
                    stack_top,
                    slot_w,
                    stack_h,
                    fill="#fff1c9",
                    rx=6,
                    extra=f' stroke="{ACCENT}" stroke-width="3" stroke-dasharray="6 4"',
                )
            )
        else:
            parts.append(
                _rect(x, stack_top, slot_w, stack_h, fill="#f2f5fa", rx=6, extra=' stroke="#8d9bb3"')
            )
        bottom = stack_top + stack_h - 4
        for level, colour in enumerate(slot[:STACK_MAX]):
            parts.append(
                _container(
                    colour, x + pad, bottom - (level + 1) * CONTAINER_H + 1, slot_w - 2 * pad, CONTAINER_H - 2
                )
            )
        label_y = stack_top + stack_h + 20
        if list(slot) == COMPLETE_STACK:
            parts.append(_rect(x - 1, label_y - 15, slot_w + 2, 21, fill=INK, rx=10) if narrow
                         else _rect(x + 2, label_y - 15, slot_w - 4, 21, fill=INK, rx=10))
            parts.append(
                _text(
                    x + slot_w / 2,
                    label_y + 0.5,
                    f"Slot {index + 1} +{STACK_BONUS}",
                    size=MIN_TEXT if narrow else 14,
                    weight="700",
                    anchor="middle",
                    fill=HIGHLIGHT,
                    extra=' class="complete"',
                )
            )
        else:
            parts.append(
                _text(x + slot_w / 2, label_y, f"Slot {index + 1}", size=14, anchor="middle", fill=MUTED)
            )
        if not targets or viewer is None:
            continue
        share = slot_w / len(targets)
        ghost_y = bottom - (len(slot) + 1) * CONTAINER_H + 1
        for k, colour in enumerate(targets):
            hx = x + k * share
            ghost_w = share - 10
            name = COLOUR_NAMES[colour]
            if len(targets) > 1:
                # A Joker may load either colour here: the halves of a slot are too narrow to tap on a phone,
                # so they only show the choice; the buttons below the ship make it.
                split.append((colour, index))
                parts.append(
                    _rect(hx + 5, ghost_y, ghost_w, CONTAINER_H - 2, fill=FILL[colour], rx=3,
                          extra=' fill-opacity="0.6" stroke="#0b0d12" stroke-width="1.5" stroke-dasharray="4 2"')
                    + _symbol(colour, hx + 5 + ghost_w / 2, ghost_y + (CONTAINER_H - 2) / 2, 6, INK_ON[colour])
                )
                continue
            body = (
                _rect(
                    hx + 1.5,
                    stack_top + 1.5,
                    share - 3,
                    stack_h - 3,
                    fill="#ffffff",
                    rx=5,
                    extra=' fill-opacity="0" class="ring" stroke-width="3"',
                )
                + _rect(
                    hx + 5,
                    ghost_y,
                    ghost_w,
                    CONTAINER_H - 2,
                    fill=FILL[colour],
                    rx=3,
                    extra=' fill-opacity="0.6" stroke="#0b0d12" stroke-width="1.5" stroke-dasharray="4 2"',
                )
                + _symbol(colour, hx + 5 + ghost_w / 2, ghost_y + (CONTAINER_H - 2) / 2, 6, INK_ON[colour])
                + _text(
                    hx + share / 2,
                    ghost_y - 6,
                    "Load",
                    size=13,
                    weight="700",
                    anchor="middle",
                    fill="#7a3d00",
                )
            )
            parts.append(
                _action(
                    f"load:{colour}@{index + 1}", viewer, f"Load {name} onto slot {index + 1}", "load", body
                )
            )
    y += stack_h + 48
    if split and viewer is not None:
        parts.append(_text(12, y + 14, "Joker: either colour may go on the same slot:", size=14, weight="700"))
        y += 22
        gap, bx = 8.0, 12.0
        button_w = (w - 24 - gap) / 2 if narrow else 152.0
        for colour, index in split:
            if bx + button_w > w - 11:
                bx, y = 12.0, y + 70
            name = COLOUR_NAMES[colour]
            body = (
                _rect(bx, y, button_w, 62, fill="#fff1c9", rx=8, extra=f' stroke="{ACCENT}" stroke-width="2"')
                + _ring(bx - 2, y - 2, button_w + 4, 66)
                + _rect(bx + 8, y + 19, 24, 24, fill=FILL[colour], rx=4)
                + _symbol(colour, bx + 20, y + 31, 6, INK_ON[colour])
                + _text(bx + (36 if narrow else 40), y + 37, f"Load {name} on {index + 1}", size=13 if narrow else 14,
                        weight="700")
            )
            label = f"Load {name} on {index + 1}: load {name} onto slot {index + 1}"
            parts.append(_action(f"load:{colour}@{index + 1}", viewer, label, "load", body))
            bx += button_w + gap
        y += 70
    parts.append("</g>")
    return parts, y


def _ring(x: float, y: float, w: float, h: float) -> str:
    """A button's focus / hover ring (drawn by the STYLE only on :hover and :focus-visible)."""
    return _rect(x, y, w, h, fill="none", rx=9, extra=' class="ring" stroke-width="3"')


def _reloads(
    view: Mapping[str, Any], viewer: int, y: float, ctx: RenderContext, w: float = WIDTH
) -> tuple[list[str], float]:
    """Reloads in two picks: first the container ("Move Green from slot 2"), then the slot it goes to.

    With nothing picked, one button per container that may move (``data-select``); with one picked
    (``ctx.selection`` is ``reload:G@2``), its target slots (``data-action``) and a button to put it back.
    """
    reloads = [move for move in map(parse, view.get("legal") or []) if isinstance(move, Reload)]
    if not reloads:
        return [], y
    picked = [move for move in reloads if move.picked == ctx.selection]
    parts = ['<g class="reloads">']
    # Buttons are 32 units high on a landscape screen; in the portrait layout (phones: ~0.73 px per unit)
    # 62, so that a finger's target is at least 44 CSS px both ways.
    button_h = 32 if ctx.wide else 62
    row_h, button_w, gap = button_h + 6, 56 if ctx.wide else 64, 5
    text_dy = button_h / 2 + 5
    if picked:
        colour, source = picked[0].colour, picked[0].source
        name = COLOUR_NAMES[colour]
        parts.append(_text(12, y + 16, f"Move {name} from slot {source} to:", size=15, weight="700"))
        y += 26
        bx = 12.0
        for move in picked:
            label = f"slot {move.target}: move {name} from slot {source} to slot {move.target}"
            body = (
                _rect(bx, y, button_w, button_h, fill="#ffffff", rx=7, extra=f' stroke="{ACCENT}" stroke-width="2"')
                + _ring(bx - 2, y - 2, button_w + 4, button_h + 4)
                + _text(bx + button_w / 2, y + text_dy, f"slot {move.target}", size=14, weight="700",
                        anchor="middle")
            )
            parts.append(_action(str(move), viewer, label, "reload", body))
            bx += button_w + gap
        cancel_w = 150
        if bx + 8 + cancel_w > w - 11:  # (a narrow board: on a row of its own)
            bx, y = 4.0, y + row_h
        body = (
            _rect(bx + 8, y, cancel_w, button_h, fill="#eef1f6", rx=7,
                  extra=f' stroke="{MUTED}" stroke-width="1.5"')
            + _ring(bx + 6, y - 2, cancel_w + 4, button_h + 4)
            + _text(bx + 8 + cancel_w / 2, y + text_dy, "Keep it in place", size=14, anchor="middle")
        )
        parts.append(_action("", viewer, f"Keep it in place: do not move {name}", "unselect", body, select=True))
        parts.append("</g>")
        return parts, y + row_h + 2
    for line in _wrap("Or move a container on your ship (reload):", (w - 24) * 0.86, 15):  # (bold runs wide)
        parts.append(_text(12, y + 16, line, size=15, weight="700"))
        y += 20
    y += 6
    sources: dict[str, Reload] = {}
    for move in reloads:
        sources.setdefault(move.picked, move)
    bx = 12.0
    source_w = 150 if w >= WIDTH else (w - 24 - gap) / 2
    for picked_action, move in sources.items():
        if bx + source_w > w - 11:
            bx = 12.0
            y += row_h
        name = COLOUR_NAMES[move.colour]
        label = f"Move {name} from slot {move.source}, then pick where it goes"
        body = (
            _rect(bx, y, source_w, button_h, fill="#ffffff", rx=7, extra=f' stroke="{ACCENT}" stroke-width="2"')
            + _ring(bx - 2, y - 2, source_w + 4, button_h + 4)
            + _rect(bx + 6, y + button_h / 2 - 10, 20, 20, fill=FILL[move.colour], rx=4)
            + _symbol(move.colour, bx + 16, y + button_h / 2, 5.5, INK_ON[move.colour])
            + _text(bx + 32, y + text_dy, f"{name} from slot {move.source}", size=13.5)
        )
        parts.append(_action(picked_action, viewer, label, "pick", body, select=True))
        bx += source_w + gap
    parts.append("</g>")
    return parts, y + row_h + 2


def _hand(view: Mapping[str, Any], viewer: int, y: float, w: float = WIDTH) -> tuple[list[str], float]:
    hand = list(view.get("hand") or [])  # (the view's hand never holds the face-down choice: it is shown apart)
    counts = Counter(hand)
    legal = set(view.get("legal") or [])
    distinct = sorted(counts, key=lambda c: (DISPLAY_ORDER.index(c[0]), c[1]))
    title = f"Your hand: {len(hand)} card{'s' if len(hand) != 1 else ''}"
    if any(isinstance(parse(action), Play) for action in legal):
        title += " (tap one to play it face down)"
    parts = ['<g class="hand">']
    for line in _wrap(title, (w - 24) * 0.86, 15):
        parts.append(_text(12, y + 18, line, size=15, weight="700"))
        y += 20
    y += 8
    # a narrow board: five cards to a row, 66 units wide (>= 64 CSS px to tap on a phone)
    per_row, gap, card_w = (6, 6, CARD_W) if w >= WIDTH else (5, 6, 66)
    left = (w - per_row * card_w - (per_row - 1) * gap) / 2
    if not distinct:
        parts.append(_text(12, y + 14, "No cards in hand.", size=14, fill=MUTED))
        parts.append("</g>")
        return parts, y + 26
    for index, card in enumerate(distinct):
        x = left + (index % per_row) * (card_w + gap)
        cy = y + (index // per_row) * (CARD_H + gap)
        face = _card_face(card, x, cy, card_w, CARD_H, count=counts[card])
        action = f"play:{card}"
        if action in legal:
            ring = _rect(
                x - 2.5,
                cy - 2.5,
                card_w + 5,
                CARD_H + 5,
                fill="none",
                rx=9,
                extra=' class="ring" stroke-width="3"',
            )
            parts.append(
                _action(
                    action,
                    viewer,
                    f"Play {_describe(card)}" + (f" x{counts[card]}" if counts[card] > 1 else ""),
                    "card",
                    face + ring,
                    extra=f' data-card="{_attr(card)}"',
                )
            )
        else:
            dim = ' opacity="0.6"' if view["phase"] == "choose" else ""
            parts.append(f'<g class="card" data-card="{_attr(card)}"{dim}>{face}</g>')
    rows = (len(distinct) + per_row - 1) // per_row
    parts.append("</g>")
    return parts, y + rows * (CARD_H + gap) + 2
