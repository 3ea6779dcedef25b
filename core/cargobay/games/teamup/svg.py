"""A minimal Team UP! board (the engine stage of issue 9): the view listed as text lines, a top view of the
column heights, and the seat's choices as ``render.svg.action`` buttons: ``draw`` / ``stop``; when placing,
the boxes as first picks (``data-select``), then the orientations, then the spots (``data-action``). The real
board (an isometric 3D view, previews, legal spots and the rule of an illegal one) is still to come.

>>> "data-action" in render({"seat": 0, "legal": ["draw", "stop"], "phase": "draw", "heights": [[0] * 6] * 4})
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...render import RenderContext
from ...render.svg import FONT, action, attr, rect, text
from .components import CARD_NAMES

__all__ = ["render"]

WIDTH = 520
LINE = 20
COLUMNS = 4
BUTTON_W, BUTTON_H = 122, 40


def _lines(view: Mapping[str, Any]) -> list[str]:
    card = view.get("card")
    lines = [
        f"Team UP! ({view.get('mode', 'game')}) - {view.get('phase', '')}, cards drawn {view.get('drawn', 0)}, "
        f"{view.get('deck_left', 36)} left",
        f"Score {view.get('score', 0)}: {view.get('layers_full', 0)} full layers, "
        f"{view.get('unplaced', 27)} boxes not stacked, {view.get('face_down', 0)} face-down cards",
    ]
    if card:
        lines.append(f"Card to play: {CARD_NAMES.get(card, card)}")
    neutral = view.get("neutral")
    if neutral:
        lines.append(f"Neutral box: {neutral['orient']}:{neutral['x']},{neutral['y']}")
    boxes = view.get("boxes", [])
    for start in range(0, len(boxes), 6):
        row = boxes[start : start + 6]
        lines.append("  ".join(f"{b['box']}@{b['orient']}:{b['x']},{b['y']} L{b['z'] + 1}" for b in row))
    result = view.get("result")
    if result:
        lines.append(f"Game over ({result['ended_by']}): {result['score']} points, {result['rating']}")
        lines.append(f"Set-up code: {result['setup_code']}")
    return lines


def _buttons(view: Mapping[str, Any], ctx: RenderContext) -> list[tuple[str, str, bool]]:
    """(action or partial action, label, is a selection) for what the seat may pick now."""
    legal = list(view.get("legal", []))
    if not legal:
        return []
    if view.get("phase") != "place":
        return [(move, move, False) for move in legal]
    if ctx.selection:
        return [(s, s.removeprefix("box:"), True) for s in ctx.selections] + [
            (move, move.removeprefix("place:"), False) for move in ctx.choices]
    boxes = sorted({move.removeprefix("place:").partition("@")[0] for move in legal})
    return [(f"box:{box}", box, True) for box in boxes]


def render(view: Mapping[str, Any], ctx: RenderContext | None = None) -> str:
    ctx = ctx or RenderContext()
    seat = view.get("seat")
    lines = _lines(view)
    body = [text(12, 24 + LINE * row, line, size=12) for row, line in enumerate(lines)]
    y = 24 + LINE * len(lines)
    heights = view.get("heights", [])
    for row, values in enumerate(reversed(heights)):  # y grows up the page: row 0 of the pallet at the bottom
        for col, value in enumerate(values):
            shade = 255 - 40 * int(value)
            body.append(rect(12 + col * 26, y + row * 26, 24, 24, fill=f"rgb({shade},{shade},{shade})")
                        + text(24 + col * 26, y + row * 26 + 17, str(value), size=12, anchor="middle"))
    y += 26 * len(heights) + 12
    buttons = _buttons(view, ctx)
    for index, (move, label, select) in enumerate(buttons):
        bx = 12 + (index % COLUMNS) * (BUTTON_W + 6)
        by = y + (index // COLUMNS) * (BUTTON_H + 6)
        shape = rect(bx, by, BUTTON_W, BUTTON_H, fill="#cfe3ff" if select else "#ffd36b", rx=6) + text(
            bx + BUTTON_W / 2, by + 25, label, size=11, anchor="middle")
        body.append(action(move, seat if isinstance(seat, int) else 0, label, "teamup", shape, select=select))
    height = y + ((len(buttons) + COLUMNS - 1) // COLUMNS) * (BUTTON_H + 6) + 12
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="cargobay-teamup" viewBox="0 0 {WIDTH} {height}" '
        f'width="100%" font-family="{attr(FONT)}">' + "".join(body) + "</svg>"
    )
