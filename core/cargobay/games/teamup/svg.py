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
from dataclasses import dataclass, replace
from typing import Any

from ...render import RenderContext
from ...render.svg import INK, action, attr, board_root, escape, rect, text, wrap
from .actions import CONFIRM_STOP, Place, parse
from .components import CARD_NAMES, DEPTH, LAYERS, SHAPES, WIDTH
from .geometry import PLACEMENTS, RULE_TEXT, Pallet, explain, pid_of
from .svg_iso import LAYER_H, TOPS, Box, Scene, origin, size

__all__ = ["render"]

MIN_FONT = 13  # no text smaller: at the phone's scale (a 400-wide board on 380 px) it stays >= 12 CSS px
TAP = 48  # a button's height: >= 44 CSS px on the phone


@dataclass(frozen=True)
class Frame:
    """Where the parts go: ``tall`` (portrait, one column, a phone) or ``wide`` (landscape, three columns)."""

    name: str
    width: float
    iso: tuple[float, float]  # the 3D view's top-left
    plan: tuple[float, float]  # the plan's top-left (its first row of cells)
    cell: float  # a plan cell's side
    tray: tuple[float, float, float]  # the controls: left, top, width
    layers: tuple[float, float]  # the layer views' top-left
    mini: float  # a layer view's cell

    @property
    def status_y(self) -> float:
        """The status line under the plan (the preview of a spot, the rule it breaks)."""
        return self.plan[1] + DEPTH * self.cell + 34

    @property
    def status_w(self) -> float:
        return WIDTH * self.cell


_ISO_W, _ISO_H = size()
TALL = Frame("tall", 400, iso=(0, 0), plan=(34, 0), cell=58, tray=(8, 0, 384), layers=(8, 0), mini=13)
WIDE = Frame("wide", 1180, iso=(16, 96), plan=(450, 122), cell=56, tray=(830, 96, 340), layers=(840, 0), mini=14)
SVG_W = TALL.width  # (the portrait width, for callers that size a board)
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
    body = rect(x, y, w, TAP, fill=fill, rx=8, extra=' stroke="#1a1d24" stroke-opacity="0.25"') + text(
        x + w / 2, y + TAP / 2 + 5, label, size=15, weight="600", anchor="middle")
    return action(move, seat, aria or label, kind, body, select=select)


def _view_button(rot: int, label: str, aria: str, x: float, y: float) -> str:
    return (f'<g class="tu-view" data-view="rot={rot}" role="button" tabindex="0" aria-label="{attr(aria)}">'
            f"<title>{escape(aria)}</title>" + rect(x, y, TAP, TAP, fill="#e8eef8", rx=TAP / 2,
                                                    extra=' stroke="#7a8aa6"')
            + text(x + TAP / 2, y + TAP / 2 + 7, label, size=20, anchor="middle") + "</g>")


def _header(view: Mapping[str, Any], ctx: RenderContext, f: Frame) -> tuple[list[str], float]:
    """The title, the score so far, whose turn and the card; below it (a wide board: at the right) the
    cards to come in Puzzle mode. Returns the parts and the bottom."""
    mode = str(view.get("mode", "game"))
    card = view.get("card")
    seat = view.get("to_act") or []
    who = ctx.label(seat[0], f"Player {seat[0] + 1}") if seat else ""
    left = f.iso[0] if f.name == "wide" else f.tray[0]
    room = (f.tray[0] - left - 24) if f.name == "wide" else f.tray[2]
    title = (f"Team UP! \u00b7 {mode.capitalize()} \u00b7 {view.get('drawn', 0)} cards drawn, "
             f"{view.get('deck_left', 36)} left")
    parts = (f"Score {view.get('score', 0)}: {view.get('layers_full', 0)} complete layers \u00d7 5, "
             f"\u2212{view.get('unplaced', 27)} boxes not stacked, \u2212{view.get('face_down', 0)} face-down cards")
    out = []
    y = 6
    for line in wrap(title, room - 30, 17):
        y += 22
        out.append(text(left, y, line, size=17, weight="700"))
    for line in wrap(parts, room, 14):
        y += 20
        out.append(text(left, y, line, size=14))
    turn = ""
    if card and view.get("phase") == "place":
        turn = f"Card: {CARD_NAMES.get(card, card)} \u2014 {who}, place a box"
    elif view.get("phase") == "draw" and who:
        turn = f"{who}: draw a card, or stop now"
    for line in wrap(turn, room, 15) if turn else []:
        y += 22
        out.append(text(left, y, line, size=15, weight="700", fill="#8a3b00" if card else INK))
    upcoming = view.get("upcoming")
    if isinstance(upcoming, list) and upcoming and view.get("phase") != "end":
        shown = ", ".join(str(CARD_NAMES.get(str(c), c)) for c in upcoming[:6])
        shown += " \u2026" if len(upcoming) > 6 else ""
        ux, uy = (f.tray[0], 6) if f.name == "wide" else (left, y + 4)
        lines = wrap(f"Next cards: {shown}", f.tray[2], MIN_FONT)[:3]
        out += [text(ux, uy + 17 * (i + 1), line, size=MIN_FONT) for i, line in enumerate(lines)]
        if f.name != "wide":
            y = uy + 17 * len(lines)
    return out, y + 12


def _iso(view: Mapping[str, Any], f: Frame) -> tuple[list[str], float]:
    """The 3D view from each of four sides (one shown), with the buttons that turn it. Returns its bottom."""
    scene = Scene(_boxes(view))
    out = []
    left, top = f.iso
    below = top + _ISO_H + 6
    for k in range(4):
        ox, oy = origin(k + 2, left, top)
        buttons = (_view_button((k + 3) % 4, "\u27f2", "Turn the 3D view left", left, below)
                   + _view_button((k + 1) % 4, "\u27f3", "Turn the 3D view right", left + TAP + 8, below)
                   + text(left + 2 * TAP + 24, below + TAP / 2 + 5, f"3D view, side {k + 1} of 4", size=14))
        out.append(f'<g class="tu-iso r{k}">{scene.draw(k + 2, ox, oy)}{buttons}</g>')
    return out, below + TAP


def _ghosts(box: Box, fill: str, stroke: str, f: Frame) -> str:
    return "".join(f'<g class="tu-iso r{k}">'
                   f'{Scene.ghost(box, k + 2, *origin(k + 2, *f.iso), fill, stroke)}</g>' for k in range(4))


def _cell_xy(f: Frame, x: float, y: float) -> tuple[float, float]:
    """The top-left corner on screen of plan cell (x, y) (y grows up the page, row 0 at the bottom)."""
    return f.plan[0] + x * f.cell, f.plan[1] + (DEPTH - 1 - y) * f.cell


def _plan(view: Mapping[str, Any], f: Frame) -> list[str]:
    heights = view.get("heights") or [[0] * WIDTH for _ in range(DEPTH)]
    left, top, cell = f.plan[0], f.plan[1], f.cell
    out = [text(left - 26, top - 10, "Plan (from above; numbers: boxes stacked)", size=MIN_FONT)]
    for y in range(DEPTH):
        for x in range(WIDTH):
            h = int(heights[y][x])
            cx, cy = _cell_xy(f, x, y)
            shade = 250 - 30 * h
            out.append(rect(cx, cy, cell - 2, cell - 2, fill=f"rgb({shade},{shade - 6},{shade - 20})",
                            rx=3) + text(cx + cell - 6, cy + 16, str(h), size=MIN_FONT, anchor="end",
                                         fill="#fff" if h >= 3 else "#444"))
    for x in range(WIDTH):
        out.append(text(left + x * cell + cell / 2 - 1, top + DEPTH * cell + 16, str(x),
                        size=MIN_FONT, anchor="middle", fill="#555"))
    for y in range(DEPTH):
        out.append(text(left - 8, _cell_xy(f, 0, y)[1] + cell / 2 + 4, str(y), size=MIN_FONT, anchor="end",
                        fill="#555"))
    out.append(text(left - 26, f.status_y, "Hover, focus or press a spot to preview the box there.",
                    size=MIN_FONT, extra=' class="tu-idle"'))
    return out


def _status(say: str, top: float, fill: str, f: Frame) -> str:
    """A status line under the plan (wrapped; at most four lines)."""
    return "".join(text(f.plan[0] - 26, top + 17 * i, line, size=MIN_FONT, weight="700" if i == 0 else None,
                        fill=fill)
                   for i, line in enumerate(wrap(say, f.status_w + 26, MIN_FONT)[:4]))


def _footprint(x: int, y: int, w: int, d: int, fill: str, stroke: str, f: Frame) -> str:
    cx, cy = _cell_xy(f, x, y + d - 1)
    return rect(cx, cy, w * f.cell - 2, d * f.cell - 2, fill=fill, rx=4,
                extra=f' fill-opacity="0.6" stroke="{stroke}" stroke-width="3" stroke-dasharray="6 3"')


def _spots(view: Mapping[str, Any], ctx: RenderContext, seat: int, box: str, orient: str, f: Frame) -> list[str]:
    """Every spot of the plan where the box fits the pallet: legal (clickable) or the rule it breaks."""
    pallet = _pallet(view)
    if pallet is None:
        return []
    shape, _, colour = box.partition("-")
    cell, status_y = f.cell, f.status_y
    out = []
    for y in range(DEPTH):
        for x in range(WIDTH):
            pid = pid_of(shape, orient, x, y)
            if pid < 0:
                continue
            p = PLACEMENTS[pid]
            move = f"place:{box}@{orient}:{x},{y}"
            rule, z = pallet.check(pid)
            cx, cy = _cell_xy(f, x, y)
            where = f"{x},{y}"
            if move in ctx.choices:
                say = f"Place the {colour} {SHAPES[shape].name} box at {where}, layer {z + 1}"
                preview = _box(colour, shape, orient, x, y, z)
                body = (rect(cx + 3, cy + 3, cell - 8, cell - 8, fill="#5cc46f", rx=6,
                             extra=' class="tu-cell" fill-opacity="0.55" stroke="#1d7a35" stroke-width="2"')
                        + text(cx + cell / 2 - 1, cy + cell / 2 + 5, f"L{z + 1}", size=14, weight="700",
                               anchor="middle", fill="#0d4a1d", extra=' pointer-events="none"')
                        + f'<g class="tu-pre">{_footprint(x, y, p.w, p.d, TOPS[colour], "#1d7a35", f)}'
                        + _ghosts(preview, TOPS[colour], "#1d7a35", f)
                        + _status(say, status_y, "#0d4a1d", f) + "</g>")
                out.append(action(move, seat, say, "teamup tu-spot", body))
            else:
                why = explain(rule, pallet, pid, z) if rule else "every box of this kind is on the pallet"
                say = f"Not at {where}: {rule or 'use a remaining box'} \u2014 {why}"
                body = (rect(cx + 14, cy + 14, cell - 30, cell - 30, fill="#d9534f", rx=8,
                             extra=' class="tu-cell" fill-opacity="0.35"')
                        + f'<g class="tu-pre">{_footprint(x, y, p.w, p.d, "#f3b6b3", "#a11", f)}'
                        + (_ghosts(_box(colour, shape, orient, x, y, z), "#f3b6b3", "#a11", f) if 0 <= z < LAYERS
                           else "")
                        + _status(f"{say}. {RULE_TEXT[rule]}." if rule in RULE_TEXT else say, status_y, "#a11", f)
                        + "</g>")
                out.append(f'<g class="tu-bad" tabindex="0" role="img" aria-label="{attr(say)}">'
                           f"<title>{escape(say)}</title>{body}</g>")
    return out


def _layers(view: Mapping[str, Any], f: Frame) -> tuple[list[str], float]:
    """A top view per layer: the boxes lying on it; a complete layer is framed in green. Returns the bottom."""
    mini = f.mini
    left0, top = f.layers
    out = [text(left0, top - 8, "Layers from above", size=MIN_FONT)]
    boxes = _boxes(view)
    full = int(view.get("layers_full", 0))
    pitch = DEPTH * mini + 34
    for z in range(LAYERS):
        left = left0 + (z % 3) * (WIDTH * mini + 18)
        top_z = top + (z // 3) * pitch
        done = z < full
        out.append(rect(left - 2, top_z - 2, WIDTH * mini + 4, DEPTH * mini + 4,
                        fill="#eef8ef" if done else "#f4f4f4", rx=3,
                        extra=f' stroke="{"#1d7a35" if done else "#bbb"}" stroke-width="{2 if done else 1}"'))
        for colour, _, x, y, w, d, bz in boxes:
            if bz != z:
                continue
            bx = left + x * mini
            by = top_z + (DEPTH - y - d) * mini
            out.append(rect(bx + 0.5, by + 0.5, w * mini - 1, d * mini - 1, fill=TOPS[colour],
                            extra=' stroke="#3b2f22" stroke-width="1"'))
        label = f"Layer {z + 1}" + (" \u2713" if done else "")
        out.append(text(left, top_z + DEPTH * mini + 17, label, size=MIN_FONT, weight="700" if done else None,
                        fill="#1d7a35" if done else "#444"))
    return out, top + ((LAYERS + 2) // 3) * pitch


def _confirm_stop(view: Mapping[str, Any], seat: int, f: Frame, y: float) -> tuple[list[str], float]:
    """Stopping ends the game for the team: say what it would score, then Stop or Keep playing."""
    x, _, w = f.tray
    score = view.get("score", 0)
    words = (f"Stop now? The game ends and the team scores {score}: {view.get('layers_full', 0)} complete "
             f"layers \u00d7 5, \u2212{view.get('unplaced', 27)} boxes not stacked, "
             f"\u2212{view.get('face_down', 0)} face-down cards.")
    lines = wrap(words, w - 48, 15)
    out = [f'<g class="tu-confirm" data-would-score="{score}">',
           rect(x, y, w, 22 * len(lines) + TAP + 26, fill="#fde8e2", rx=10, extra=' stroke="#b3261e" stroke-width="2"')]
    out += [text(x + 10, y + 22 + 22 * i, line, size=15, weight="700" if i == 0 else None)
            for i, line in enumerate(lines)]
    by = y + 22 * len(lines) + 14
    half = (w - 28) / 2
    out += [_button("stop", seat, f"Stop, score {score}", x + 10, by, half, fill="#f0b0a0",
                    aria=f"Stop and score {score}: the game ends"),
            _button("", seat, "Keep playing", x + 18 + half, by, half, select=True, fill="#d8ecd8",
                    aria="Keep playing: back to draw a card"), "</g>"]
    return out, by + TAP + 20


def _tray(view: Mapping[str, Any], ctx: RenderContext, seat: int, f: Frame, top: float) -> tuple[list[str], float]:
    """The controls: draw / stop / hint, or the boxes the card allows (box and orientation), rotate."""
    legal = list(view.get("legal", []))
    out: list[str] = []
    if not legal:
        return out, top
    x0, _, width = f.tray
    y = top
    if view.get("phase") == "draw":
        if ctx.selection == CONFIRM_STOP:
            return _confirm_stop(view, seat, f, y)
        third = (width - 16 - 84) / 2
        out += [_button("draw", seat, "Draw a card", x0, y, third),
                _button(CONFIRM_STOP, seat, "Stop now\u2026", x0 + third + 8, y, third, fill="#f0d0c8", select=True,
                        aria="Stop now: asks first, showing what the team would score"),
                _button(HINT, seat, "Hint", x0 + 2 * third + 16, y, 84, select=True, fill="#d8ecd8",
                        aria="Hint: the best next decision and the expected final score")]
        return out, y + TAP + 10
    orients: dict[str, set[str]] = {}
    for move in legal:
        box, _, rest = move.removeprefix("place:").partition("@")
        orients.setdefault(box, set()).add(rest.partition(":")[0])
    picked = ctx.selection.removeprefix("box:") if ctx.selection.startswith("box:") else ""
    picked_box, _, picked_orient = picked.partition("@")
    stock = view.get("stock") or {}
    for line in wrap("Pick a box and its orientation, then a spot on the plan:", width, 14):
        out.append(text(x0, y + 14, line, size=14))
        y += 20
    y += 4
    x = x0
    for box in sorted(orients):
        shape, _, colour = box.partition("-")
        for orient in ("h", "v"):
            if orient not in orients[box]:
                continue
            p = PLACEMENTS[pid_of(shape, orient, 0, 0)]
            chosen = box == picked_box and orient == picked_orient
            arrow = "\u2194" if orient == "h" else "\u2195"
            name = SHAPES[shape].name if shape == "S" else f"{SHAPES[shape].name} {arrow}"
            w = 34 + p.w * 9 + 8 * len(name)
            if x > x0 and x + w > x0 + width:
                x, y = x0, y + 60
            icon = rect(x + 8, y + 44 - p.d * 9, p.w * 9, p.d * 9, fill=TOPS[colour],
                        extra=' stroke="#3b2f22" stroke-width="1"') + text(x + 14 + p.w * 9, y + 42, name,
                                                                           size=MIN_FONT)
            label = f"{colour} {SHAPES[shape].name} box, {ORIENT_WORDS[orient] if shape != 'S' else 'square'}"
            body = rect(x, y, w, 52, fill="#ffe9a8" if chosen else "#f3f5f9", rx=8,
                        extra=f' stroke="{"#c07a00" if chosen else "#9aa6bb"}" stroke-width="{3 if chosen else 1}"')
            body += icon + text(x + w - 6, y + 16, f"\u00d7{stock.get(box, '')}", size=MIN_FONT, anchor="end")
            out.append(action(f"box:{box}@{orient}", seat, f"{label} ({stock.get(box, 0)} left)", "teamup tu-box",
                              body, select=True))
            x += w + 8
    y += 62
    if picked_box and picked_orient and picked_box in orients:
        other = "v" if picked_orient == "h" else "h"
        if other in orients[picked_box]:
            out.append(_button(f"box:{picked_box}@{other}", seat, "\u21bb Rotate box", x0, y, 150,
                               select=True, fill="#cfe3ff", aria=f"Rotate the box: {ORIENT_WORDS[other]}"))
    out.append(_button(HINT, seat, "Hint", x0 + 160, y, 90, select=True, fill="#d8ecd8",
                       aria="Hint: the best placement and the expected final score"))
    return out, y + TAP + 10


def _hint(view: Mapping[str, Any], ctx: RenderContext, seat: int, f: Frame, top: float) -> tuple[list[str], float]:
    hint = ctx.hint
    if not hint:
        return [], top
    x0, _, width = f.tray
    move = str(hint.get("action", ""))
    lines = wrap(str(hint.get("text", "")), width - 24, 14)[:4]
    doable = move in view.get("legal", [])
    height = 14 + 19 * len(lines) + (TAP + 8 if doable else 0)
    out = [rect(x0, top, width, height, fill="#e6f4e6", rx=8, extra=' stroke="#1d7a35"')]
    said = str(hint.get("text", ""))
    out.append(f'<g class="tu-hint" role="status" aria-label="{attr(said)}">'
               + "".join(text(x0 + 12, top + 22 + 19 * i, line, size=14, weight="700", fill="#0d4a1d")
                         for i, line in enumerate(lines)) + "</g>")
    if doable:
        out.append(_button(move, seat, "Do it", x0 + 12, top + 12 + 19 * len(lines), 110, fill="#5cc46f",
                           aria=f"Do the hint: {move}"))
        place = parse(move)
        if isinstance(place, Place):
            shape, colour, orient, x, y = place.shape, place.colour, place.orient, place.x, place.y
            pallet = _pallet(view)
            if pallet is not None:
                _, z = pallet.check(pid_of(shape, orient, x, y))
                out.append(_ghosts(_box(colour, shape, orient, x, y, z), TOPS[colour], "#1d7a35", f))
                p = PLACEMENTS[pid_of(shape, orient, x, y)]
                out.append(_footprint(x, y, p.w, p.d, TOPS[colour], "#1d7a35", f))
    return out, top + height + 10


def _result(view: Mapping[str, Any], f: Frame, top: float) -> tuple[list[str], float]:
    result = view.get("result")
    if not result:
        return [], top
    x0, _, width = f.tray
    lines = [f"Game over: {result['score']} points, {result['rating']}"]
    more = [f"Ended: {result['ended_by']}", f"Set-up code: {result['setup_code']}",
            *wrap("(replay it in Challenge mode, or share it)", width - 24, 14)]
    out = [rect(x0, top, width, 16 + 21 * (len(lines) + len(more)), fill="#fff4d6", rx=8, extra=' stroke="#c07a00"')]
    out += [text(x0 + 12, top + 22 + 21 * i, line, size=15, weight="700") for i, line in enumerate(lines)]
    out += [text(x0 + 12, top + 22 + 21 * (len(lines) + i), line, size=14) for i, line in enumerate(more)]
    return out, top + 24 + 21 * (len(lines) + len(more))


def _face_down(view: Mapping[str, Any], x0: float, width: float, top: float) -> tuple[list[str], float]:
    face_down = [c for c, up in view.get("discards", []) if not up]
    out = []
    if face_down:
        words = "Face-down cards (no legal spot): " + ", ".join(CARD_NAMES.get(c, c) for c in face_down)
        for line in wrap(words, width, MIN_FONT):
            out.append(text(x0, top + 16, line, size=MIN_FONT, fill="#8a1c1c"))
            top += 18
    return out, top


def render(view: Mapping[str, Any], ctx: RenderContext | None = None) -> str:
    """The board: landscape in three columns when ``ctx.wide`` (3D view | plan and layers | controls), else
    portrait in one column (the controls and the plan first, then the 3D view and the layers)."""
    ctx = ctx or RenderContext()
    seat_value = view.get("seat")
    seat = seat_value if isinstance(seat_value, int) else 0
    f = WIDE if ctx.wide else TALL
    body, top = _header(view, ctx, f)
    picked = ctx.selection.removeprefix("box:") if ctx.selection.startswith("box:") else ""
    box, _, orient = picked.partition("@")
    steps = (_result, lambda v, fr, t: _hint(v, ctx, seat, fr, t), lambda v, fr, t: _tray(v, ctx, seat, fr, t))
    if f.name == "tall":  # one column: the result, the hint, the controls, the plan, the 3D view, the layers
        start = top
        for step in steps:  # where the plan goes (a hint's preview is drawn on it: so placed first)
            top = step(view, f, top + 4)[1]
        f = replace(f, plan=(f.plan[0], top + 26))
        # the 3D view keeps room above the stack for two more layers only (the rest is empty sky)
        highest = max([int(b.get("z", 0)) for b in view.get("boxes", [])] + [0])
        iso_top = f.status_y + 4 * 17 + 10 - (LAYERS - min(LAYERS, highest + 2)) * LAYER_H
        f = replace(f, iso=(f.iso[0], iso_top), layers=(f.layers[0], iso_top + _ISO_H + 6 + TAP + 34))
        top = start
        for step in steps:
            parts, top = step(view, f, top + 4)
            body += parts
        iso, _ = _iso(view, f)
        body += iso
        body += _plan(view, f)
        parts, top = _layers(view, f)
        body += parts
        parts, top = _face_down(view, f.tray[0], f.tray[2], top)
        body += parts
    else:  # three columns under the header
        iso, left_bottom = _iso(view, f)
        body += iso
        f = replace(f, layers=(f.plan[0] - 26, f.status_y + 4 * 17 + 24))
        body += _plan(view, f)
        parts, middle_bottom = _layers(view, f)
        body += parts
        top = f.tray[1]
        for step in steps:
            parts, top = step(view, f, top)
            body += parts
        parts, top = _face_down(view, f.tray[0], f.tray[2], top)
        body += parts
        top = max(top, left_bottom, middle_bottom)
    if box and orient and view.get("phase") == "place":
        body += _spots(view, ctx, seat, box, orient, f)
    height = top + 12
    return (
        board_root("teamup", f.width, height, "Team UP! pallet", view, wide=f.name == "wide",
                   data={"score": view.get("score", 0)}, style=STYLE)
        + rect(0, 0, f.width, height, fill="#fbfaf6") + "".join(body) + "</svg>"
    )
