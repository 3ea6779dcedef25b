"""The Team UP! board: the pallet in 3D (isometric, turned in 90° steps), a plan of the pallet to place the
box on, a top view per layer, and the controls.

Page contract (``render.svg``): ``data-action`` for complete actions (``draw``, ``stop``, a placement),
``data-select`` for the selection step: the box and its orientation first (``box:B-red@h``; "Rotate box"
selects the other orientation), then a spot on the plan (``place:B-red@h:2,1``). ``data-select="hint"``
asks for the game's hint (``Game.hint``; the page draws it from ``RenderContext.hint``). ``data-view="rot=K"``
turns the 3D view (a page-side view setting, kept on the board element as ``data-view-rot``; no engine
action): the four drawings are all in the SVG and a style rule shows the one chosen.

With a box and orientation picked, every spot of the plan where the box fits the pallet is either a legal
spot (highlighted, clickable) or shows, on hover and keyboard focus, the rule it breaks. Hovering or
focusing a legal spot previews the box in 3D and on the plan (pure CSS, no script).

>>> svg = render({"seat": 0, "legal": ["draw", "stop"], "phase": "draw", "boxes": [], "layers": 5,
...               "neutral": {"orient": "h", "x": 0, "y": 0}})
>>> 'data-action="draw"' in svg and 'data-view="rot=1"' in svg and 'data-select="hint"' in svg
True
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from ...render import RenderContext
from ...render.svg import FONT, action, attr, num, rect, text, wrap
from .components import CARD_NAMES, DEPTH, LAYERS, SHAPES, WIDTH
from .geometry import PLACEMENTS, RULE_TEXT, Pallet, explain, pid_of
from .svg_iso import TOPS, Box, Scene, origin, size

__all__ = ["render"]

SVG_W = 760
ISO_LEFT, ISO_TOP = 20, 96
PLAN_LEFT, PLAN_TOP, PLAN_CELL = 456, 112, 46
STATUS_W = SVG_W - PLAN_LEFT - 12  # the status lines under the plan
MINI_CELL = 13
ORIENT_WORDS = {"h": "lengthwise (along the 6-cell side)", "v": "crosswise (along the 4-cell side)"}
HINT = "hint"
STYLE = (
    ".tu-pre{visibility:hidden;pointer-events:none}"
    ".tu-spot:hover .tu-pre,.tu-spot:focus .tu-pre,.tu-bad:hover .tu-pre,.tu-bad:focus .tu-pre{visibility:visible}"
    ".tu-bad{cursor:help;outline:none}.tu-bad:focus .tu-cell{stroke:#a11;stroke-width:3}"
    "svg:has(.tu-spot:hover,.tu-spot:focus,.tu-bad:hover,.tu-bad:focus) .tu-idle{visibility:hidden}"
    ".tu-iso{display:none}.tu-iso.r0{display:inline}"
    + "".join(f'[data-view-rot="{k}"] .tu-iso.r0{{display:none}}[data-view-rot="{k}"] .tu-iso.r{k}{{display:inline}}'
              for k in (1, 2, 3))
    + ".tu-view{cursor:pointer}"
)


def _box(colour: str, shape: str, orient: str, x: int, y: int, z: int) -> Box:
    p = PLACEMENTS[pid_of(shape, orient, x, y)]
    return (colour, orient, x, y, p.w, p.d, z)


def _boxes(view: Mapping[str, Any]) -> list[Box]:
    out = []
    neutral = view.get("neutral")
    if neutral:
        out.append(_box("N", "N", neutral["orient"], neutral["x"], neutral["y"], 0))
    for b in view.get("boxes", []):
        shape, _, colour = str(b["box"]).partition("-")
        out.append(_box(colour, shape, b["orient"], b["x"], b["y"], b["z"]))
    return out


def _pallet(view: Mapping[str, Any]) -> Pallet | None:
    neutral = view.get("neutral")
    if not neutral:
        return None
    pallet = Pallet.start(pid_of("N", neutral["orient"], neutral["x"], neutral["y"]))
    for b in view.get("boxes", []):
        pallet = pallet.place(pid_of(str(b["box"])[0], b["orient"], b["x"], b["y"]), b["z"])
    return pallet


def _button(move: str, seat: int, label: str, x: float, y: float, w: float, *, select: bool = False,
            fill: str = "#ffd36b", kind: str = "teamup", aria: str = "") -> str:
    body = rect(x, y, w, 34, fill=fill, rx=8, extra=' stroke="#1a1d24" stroke-opacity="0.25"') + text(
        x + w / 2, y + 22, label, size=13, weight="600", anchor="middle")
    return action(move, seat, aria or label, kind, body, select=select)


def _view_button(rot: int, label: str, aria: str, x: float, y: float) -> str:
    return (f'<g class="tu-view" data-view="rot={rot}" role="button" tabindex="0" aria-label="{attr(aria)}">'
            f"<title>{escape(aria)}</title>" + rect(x, y, 40, 30, fill="#e8eef8", rx=15,
                                                    extra=' stroke="#7a8aa6"')
            + text(x + 20, y + 21, label, size=16, anchor="middle") + "</g>")


def _header(view: Mapping[str, Any], ctx: RenderContext) -> list[str]:
    mode = str(view.get("mode", "game"))
    card = view.get("card")
    seat = view.get("to_act") or []
    who = ctx.label(seat[0], f"Player {seat[0] + 1}") if seat else ""
    title = (f"Team UP! \u00b7 {mode.capitalize()} \u00b7 {view.get('drawn', 0)} cards drawn, "
             f"{view.get('deck_left', 36)} left")
    parts = (f"Score {view.get('score', 0)}: {view.get('layers_full', 0)} complete layers \u00d7 5, "
             f"\u2212{view.get('unplaced', 27)} boxes not stacked, \u2212{view.get('face_down', 0)} face-down cards")
    out = [text(ISO_LEFT, 30, title, size=16, weight="700"), text(ISO_LEFT, 54, parts, size=13)]
    if card and view.get("phase") == "place":
        out.append(text(ISO_LEFT, 76, f"Card: {CARD_NAMES.get(card, card)} \u2014 {who}, place a box", size=14,
                        weight="700", fill="#8a3b00"))
    elif view.get("phase") == "draw" and who:
        out.append(text(ISO_LEFT, 76, f"{who}: draw a card, or stop now", size=14, weight="700"))
    upcoming = view.get("upcoming")
    if isinstance(upcoming, list) and upcoming and view.get("phase") != "end":
        shown = ", ".join(str(CARD_NAMES.get(str(c), c)) for c in upcoming[:6])
        shown += " \u2026" if len(upcoming) > 6 else ""
        out += [text(PLAN_LEFT, 26 + 15 * i, line, size=11)
                for i, line in enumerate(wrap(f"Next cards: {shown}", STATUS_W, 11)[:3])]
    return out


def _iso(view: Mapping[str, Any], seat: int) -> tuple[list[str], Scene]:
    scene = Scene(_boxes(view))
    out = []
    _, height = size()
    for k in range(4):
        ox, oy = origin(k + 2, ISO_LEFT, ISO_TOP)
        buttons = (_view_button((k + 3) % 4, "\u27f2", "Turn the 3D view left", ISO_LEFT, ISO_TOP + height + 6)
                   + _view_button((k + 1) % 4, "\u27f3", "Turn the 3D view right", ISO_LEFT + 46,
                                  ISO_TOP + height + 6)
                   + text(ISO_LEFT + 96, ISO_TOP + height + 26, f"3D view, side {k + 1} of 4", size=12))
        out.append(f'<g class="tu-iso r{k}">{scene.draw(k + 2, ox, oy)}{buttons}</g>')
    return out, scene


def _ghosts(box: Box, fill: str, stroke: str) -> str:
    return "".join(f'<g class="tu-iso r{k}">'
                   f'{Scene.ghost(box, k + 2, *origin(k + 2, ISO_LEFT, ISO_TOP), fill, stroke)}</g>' for k in range(4))


def _cell_xy(x: float, y: float) -> tuple[float, float]:
    """The top-left corner on screen of plan cell (x, y) (y grows up the page, row 0 at the bottom)."""
    return PLAN_LEFT + x * PLAN_CELL, PLAN_TOP + (DEPTH - 1 - y) * PLAN_CELL


def _plan(view: Mapping[str, Any], status_y: float) -> list[str]:
    heights = view.get("heights") or [[0] * WIDTH for _ in range(DEPTH)]
    out = [text(PLAN_LEFT, PLAN_TOP - 10, "Plan (seen from above; numbers: boxes stacked)", size=12)]
    for y in range(DEPTH):
        for x in range(WIDTH):
            h = int(heights[y][x])
            cx, cy = _cell_xy(x, y)
            shade = 250 - 30 * h
            out.append(rect(cx, cy, PLAN_CELL - 2, PLAN_CELL - 2, fill=f"rgb({shade},{shade - 6},{shade - 20})",
                            rx=3) + text(cx + PLAN_CELL - 8, cy + 14, str(h), size=10, anchor="end",
                                         fill="#fff" if h >= 3 else "#555"))
    for x in range(WIDTH):
        out.append(text(PLAN_LEFT + x * PLAN_CELL + PLAN_CELL / 2 - 1, PLAN_TOP + DEPTH * PLAN_CELL + 12, str(x),
                        size=10, anchor="middle", fill="#666"))
    for y in range(DEPTH):
        out.append(text(PLAN_LEFT - 6, _cell_xy(0, y)[1] + PLAN_CELL / 2 + 3, str(y), size=10, anchor="end",
                        fill="#666"))
    out.append(text(PLAN_LEFT, status_y, "Hover or focus a spot to preview the box there.", size=12,
                    extra=' class="tu-idle"'))
    return out


def _status(say: str, top: float, fill: str) -> str:
    """A status line under the plan (wrapped; at most four lines)."""
    return "".join(text(PLAN_LEFT, top + 16 * i, line, size=12, weight="700" if i == 0 else None, fill=fill)
                   for i, line in enumerate(wrap(say, STATUS_W, 12)[:4]))


def _footprint(x: int, y: int, w: int, d: int, fill: str, stroke: str) -> str:
    cx, cy = _cell_xy(x, y + d - 1)
    return rect(cx, cy, w * PLAN_CELL - 2, d * PLAN_CELL - 2, fill=fill, rx=4,
                extra=f' fill-opacity="0.6" stroke="{stroke}" stroke-width="3" stroke-dasharray="6 3"')


def _spots(view: Mapping[str, Any], ctx: RenderContext, seat: int, box: str, orient: str,
           status_y: float) -> list[str]:
    """Every spot of the plan where the box fits the pallet: legal (clickable) or the rule it breaks."""
    pallet = _pallet(view)
    if pallet is None:
        return []
    shape, _, colour = box.partition("-")
    out = []
    for y in range(DEPTH):
        for x in range(WIDTH):
            pid = pid_of(shape, orient, x, y)
            if pid < 0:
                continue
            p = PLACEMENTS[pid]
            move = f"place:{box}@{orient}:{x},{y}"
            rule, z = pallet.check(pid)
            cx, cy = _cell_xy(x, y)
            where = f"{x},{y}"
            if move in ctx.choices:
                say = f"Place the {colour} {SHAPES[shape].name} box at {where}, layer {z + 1}"
                preview = _box(colour, shape, orient, x, y, z)
                body = (rect(cx + 3, cy + 3, PLAN_CELL - 8, PLAN_CELL - 8, fill="#5cc46f", rx=6,
                             extra=' class="tu-cell" fill-opacity="0.55" stroke="#1d7a35" stroke-width="2"')
                        + text(cx + PLAN_CELL / 2 - 1, cy + PLAN_CELL / 2 + 5, f"L{z + 1}", size=12, weight="700",
                               anchor="middle", fill="#0d4a1d", extra=' pointer-events="none"')
                        + f'<g class="tu-pre">{_footprint(x, y, p.w, p.d, TOPS[colour], "#1d7a35")}'
                        + _ghosts(preview, TOPS[colour], "#1d7a35")
                        + _status(say, status_y, "#0d4a1d") + "</g>")
                out.append(action(move, seat, say, "teamup tu-spot", body))
            else:
                why = explain(rule, pallet, pid, z) if rule else "every box of this kind is on the pallet"
                say = f"Not at {where}: {rule or 'use a remaining box'} \u2014 {why}"
                body = (rect(cx + 14, cy + 14, PLAN_CELL - 30, PLAN_CELL - 30, fill="#d9534f", rx=8,
                             extra=' class="tu-cell" fill-opacity="0.35"')
                        + f'<g class="tu-pre">{_footprint(x, y, p.w, p.d, "#f3b6b3", "#a11")}'
                        + (_ghosts(_box(colour, shape, orient, x, y, z), "#f3b6b3", "#a11") if 0 <= z < LAYERS
                           else "")
                        + _status(f"{say}. {RULE_TEXT[rule]}." if rule in RULE_TEXT else say, status_y, "#a11")
                        + "</g>")
                out.append(f'<g class="tu-bad" tabindex="0" role="img" aria-label="{attr(say)}">'
                           f"<title>{escape(say)}</title>{body}</g>")
    return out


def _layers(view: Mapping[str, Any], top: float) -> list[str]:
    """A top view per layer: the boxes lying on it; a complete layer is framed in green."""
    out = [text(PLAN_LEFT, top - 8, "Layers from above", size=12)]
    boxes = _boxes(view)
    full = int(view.get("layers_full", 0))
    for z in range(LAYERS):
        left = PLAN_LEFT + (z % 3) * (WIDTH * MINI_CELL + 16)
        top_z = top + (z // 3) * (DEPTH * MINI_CELL + 30)
        done = z < full
        out.append(rect(left - 2, top_z - 2, WIDTH * MINI_CELL + 4, DEPTH * MINI_CELL + 4,
                        fill="#eef8ef" if done else "#f4f4f4", rx=3,
                        extra=f' stroke="{"#1d7a35" if done else "#bbb"}" stroke-width="{2 if done else 1}"'))
        for colour, _, x, y, w, d, bz in boxes:
            if bz != z:
                continue
            bx = left + x * MINI_CELL
            by = top_z + (DEPTH - y - d) * MINI_CELL
            out.append(rect(bx + 0.5, by + 0.5, w * MINI_CELL - 1, d * MINI_CELL - 1, fill=TOPS[colour],
                            extra=' stroke="#3b2f22" stroke-width="1"'))
        label = f"Layer {z + 1}" + (" \u2713" if done else "")
        out.append(text(left, top_z + DEPTH * MINI_CELL + 14, label, size=10, weight="700" if done else None,
                        fill="#1d7a35" if done else "#444"))
    return out


def _tray(view: Mapping[str, Any], ctx: RenderContext, seat: int, top: float) -> tuple[list[str], float]:
    """The controls: draw / stop / hint, or the boxes the card allows (box and orientation), rotate."""
    legal = list(view.get("legal", []))
    out: list[str] = []
    if not legal:
        return out, top
    y = top
    if view.get("phase") == "draw":
        out += [_button("draw", seat, "Draw a card", ISO_LEFT, y, 150),
                _button("stop", seat, "Stop now (score)", ISO_LEFT + 160, y, 170, fill="#f0d0c8",
                        aria="Stop now: the team ends the game and scores")]
        out.append(_button(HINT, seat, "Hint", ISO_LEFT + 340, y, 90, select=True, fill="#d8ecd8",
                           aria="Hint: the best next decision and the expected final score"))
        return out, y + 44
    orients: dict[str, set[str]] = {}
    for move in legal:
        box, _, rest = move.removeprefix("place:").partition("@")
        orients.setdefault(box, set()).add(rest.partition(":")[0])
    picked = ctx.selection.removeprefix("box:") if ctx.selection.startswith("box:") else ""
    picked_box, _, picked_orient = picked.partition("@")
    stock = view.get("stock") or {}
    out.append(text(ISO_LEFT, y + 12, "Pick a box and its orientation, then a spot on the plan:", size=13))
    y += 20
    x = ISO_LEFT
    for box in sorted(orients):
        shape, _, colour = box.partition("-")
        for orient in ("h", "v"):
            if orient not in orients[box]:
                continue
            p = PLACEMENTS[pid_of(shape, orient, 0, 0)]
            chosen = box == picked_box and orient == picked_orient
            arrow = "\u2194" if orient == "h" else "\u2195"
            name = SHAPES[shape].name if shape == "S" else f"{SHAPES[shape].name} {arrow}"
            w = 24 + p.w * 9 + 7 * len(name)
            icon = rect(x + 8, y + 40 - p.d * 9, p.w * 9, p.d * 9, fill=TOPS[colour],
                        extra=' stroke="#3b2f22" stroke-width="1"') + text(x + 14 + p.w * 9, y + 38, name, size=12)
            label = f"{colour} {SHAPES[shape].name} box, {ORIENT_WORDS[orient] if shape != 'S' else 'square'}"
            body = rect(x, y, w + 10, 48, fill="#ffe9a8" if chosen else "#f3f5f9", rx=8,
                        extra=f' stroke="{"#c07a00" if chosen else "#9aa6bb"}" stroke-width="{3 if chosen else 1}"')
            body += icon + text(x + w + 4, y + 12, f"\u00d7{stock.get(box, '')}", size=10, anchor="end")
            out.append(action(f"box:{box}@{orient}", seat, f"{label} ({stock.get(box, 0)} left)", "teamup tu-box",
                              body, select=True))
            x += w + 16
            if x > SVG_W - 140:
                x, y = ISO_LEFT, y + 56
    y += 58
    if picked_box and picked_orient and picked_box in orients:
        other = "v" if picked_orient == "h" else "h"
        if other in orients[picked_box]:
            out.append(_button(f"box:{picked_box}@{other}", seat, "\u21bb Rotate box", ISO_LEFT, y, 150,
                               select=True, fill="#cfe3ff", aria=f"Rotate the box: {ORIENT_WORDS[other]}"))
    out.append(_button(HINT, seat, "Hint", ISO_LEFT + 160, y, 90, select=True, fill="#d8ecd8",
                       aria="Hint: the best placement and the expected final score"))
    return out, y + 44


def _hint(view: Mapping[str, Any], ctx: RenderContext, seat: int, top: float) -> tuple[list[str], float]:
    hint = ctx.hint
    if not hint:
        return [], top
    move = str(hint.get("action", ""))
    lines = wrap(str(hint.get("text", "")), SVG_W - 2 * ISO_LEFT - 140, 13)[:3]
    out = [rect(ISO_LEFT, top, SVG_W - 2 * ISO_LEFT, 16 + 18 * len(lines), fill="#e6f4e6", rx=8,
                extra=' stroke="#1d7a35"')]
    said = str(hint.get("text", ""))
    out.append(f'<g class="tu-hint" role="status" aria-label="{attr(said)}">'
               + "".join(text(ISO_LEFT + 12, top + 22 + 18 * i, line, size=13, weight="700", fill="#0d4a1d")
                         for i, line in enumerate(lines)) + "</g>")
    if move in view.get("legal", []):
        out.append(_button(move, seat, "Do it", SVG_W - ISO_LEFT - 100, top + 5, 90, fill="#5cc46f",
                           aria=f"Do the hint: {move}"))
        if move.startswith("place:"):
            box, _, rest = move.removeprefix("place:").partition("@")
            orient, _, spot = rest.partition(":")
            x, _, y = spot.partition(",")
            shape, _, colour = box.partition("-")
            pallet = _pallet(view)
            if pallet is not None:
                _, z = pallet.check(pid_of(shape, orient, int(x), int(y)))
                out.append(_ghosts(_box(colour, shape, orient, int(x), int(y), z), TOPS[colour], "#1d7a35"))
                p = PLACEMENTS[pid_of(shape, orient, int(x), int(y))]
                out.append(_footprint(int(x), int(y), p.w, p.d, TOPS[colour], "#1d7a35"))
    return out, top + 24 + 18 * len(lines)


def _result(view: Mapping[str, Any], top: float) -> tuple[list[str], float]:
    result = view.get("result")
    if not result:
        return [], top
    lines = [f"Game over ({result['ended_by']}): {result['score']} points, {result['rating']}",
             f"Set-up code: {result['setup_code']} (replay it in Challenge mode, or share it)"]
    return [rect(ISO_LEFT, top, SVG_W - 2 * ISO_LEFT, 56, fill="#fff4d6", rx=8, extra=' stroke="#c07a00"')] + [
        text(ISO_LEFT + 12, top + 22 + 20 * i, line, size=14, weight="700" if i == 0 else None)
        for i, line in enumerate(lines)], top + 64


def render(view: Mapping[str, Any], ctx: RenderContext | None = None) -> str:
    ctx = ctx or RenderContext()
    seat_value = view.get("seat")
    seat = seat_value if isinstance(seat_value, int) else 0
    body = _header(view, ctx)
    iso, _ = _iso(view, seat)
    body += iso
    status_y = PLAN_TOP + DEPTH * PLAN_CELL + 34
    body += _plan(view, status_y)
    body += _layers(view, status_y + 70)
    picked = ctx.selection.removeprefix("box:") if ctx.selection.startswith("box:") else ""
    box, _, orient = picked.partition("@")
    if box and orient and view.get("phase") == "place":
        body += _spots(view, ctx, seat, box, orient, status_y)
    _, iso_h = size()
    top = max(ISO_TOP + iso_h + 50, status_y + 70 + 2 * (DEPTH * MINI_CELL + 30))
    parts, top = _result(view, top)
    body += parts
    parts, top = _hint(view, ctx, seat, top)
    body += parts
    parts, top = _tray(view, ctx, seat, top)
    body += parts
    face_down = [c for c, up in view.get("discards", []) if not up]
    if face_down:
        words = "Face-down cards (no legal spot): " + ", ".join(CARD_NAMES.get(c, c) for c in face_down)
        for line in wrap(words, SVG_W - 2 * ISO_LEFT, 12):
            body.append(text(ISO_LEFT, top + 16, line, size=12, fill="#8a1c1c"))
            top += 18
    height = top + 12
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="cargobay-teamup" viewBox="0 0 {SVG_W} {num(height)}" '
        f'width="100%" font-family="{attr(FONT)}"><title>Team UP! pallet</title><style>{STYLE}</style>'
        + rect(0, 0, SVG_W, height, fill="#fbfaf6") + "".join(body) + "</svg>"
    )

