"""TF22 pieces on the map: a shape and a letter per kind in the commanding seat's colour (Landers over their four
hexes, Sea Freighters over two, Laser Turrets on the pods, Pontoons under what stands on them, White Ore as a
white lump), a badge with the number of items a carrier holds (its contents in the label), inactive units
dimmed with a dashed ring, and what the viewer may pick drawn as ``render.svg.action`` elements.

Shapes: Robot Combat Unit a circle "R", Heavy Combat Spider a hexagon "S", Transporter a rounded box "T",
Production Unit a diamond "P", Speedboat a hull "B", Sea Freighter a long hull "F", Laser Turret a triangle,
Lander a cluster of four hexes "L", Pontoon brown planks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from ...render.svg import action, attr, escape, num
from .svg_geom import INK, NEUTRAL, PICK, SEAT_FILL, SEAT_TINT, centre, hex_points
from .svg_model import Model
from .units import NAMES

LETTER = {"rcu": "R", "spider": "S", "transporter": "T", "production": "P", "speedboat": "B", "freighter": "F",
          "lander": "L", "turret": ""}
OUTLINE = ' stroke="#ffffff" stroke-width="1.6"'


def colour(model: Model, pid: int) -> str:
    owner = model.owner(pid)
    return SEAT_FILL[owner % len(SEAT_FILL)] if owner >= 0 else NEUTRAL


def _shape(kind: str, cx: float, cy: float, fill: str) -> str:
    x, y = num(cx), num(cy)
    if kind == "rcu":
        return f'<circle cx="{x}" cy="{y}" r="11" fill="{fill}"{OUTLINE}/>'
    if kind == "spider":
        pts = " ".join(f"{num(cx + dx)},{num(cy + dy)}" for dx, dy in
                       ((0, -13), (11.3, -6.5), (11.3, 6.5), (0, 13), (-11.3, 6.5), (-11.3, -6.5)))
        return f'<polygon points="{pts}" fill="{fill}"{OUTLINE}/>'
    if kind == "transporter":
        return f'<rect x="{num(cx - 12)}" y="{num(cy - 9)}" width="24" height="18" rx="4" fill="{fill}"{OUTLINE}/>'
    if kind == "production":
        return (f'<path d="M{x},{num(cy - 13)}l13,13l-13,13l-13,-13z" fill="{fill}"{OUTLINE}/>')
    if kind == "speedboat":
        return f'<path d="M{num(cx - 14)},{y}q14,-14 28,0q-14,12 -28,0z" fill="{fill}"{OUTLINE}/>'
    if kind == "turret":
        return f'<path d="M{x},{num(cy - 11)}l10,17h-20z" fill="{fill}"{OUTLINE}/>'
    return f'<circle cx="{x}" cy="{y}" r="10" fill="{fill}"{OUTLINE}/>'


def _letter(kind: str, cx: float, cy: float) -> str:
    letter = LETTER.get(kind, "")
    if not letter:
        return ""
    return (f'<text x="{num(cx)}" y="{num(cy + 4)}" font-size="11.5" font-weight="700" text-anchor="middle" '
            f'fill="#ffffff">{letter}</text>')


def contents(model: Model, pid: int) -> str:
    """"2 White Ore, Robot Combat Unit 140": what a carrier holds (nested cargo in brackets)."""
    items = model.cargo(pid)
    if not items:
        return "empty"
    ore = sum(1 for item in items if model.pieces[item].kind == "ore")
    parts = [f"{ore} White Ore"] if ore else []
    for item in items:
        if model.pieces[item].kind == "ore":
            continue
        inner = f" [{contents(model, item)}]" if model.cargo(item) else ""
        parts.append(f"{NAMES[model.pieces[item].kind]} {item}{inner}")
    return ", ".join(parts)


def _badge(cx: float, cy: float, count: int) -> str:
    if count <= 0:
        return ""
    return (f'<g class="cargo-badge"><circle cx="{num(cx)}" cy="{num(cy)}" r="7.5" fill="#ffffff" stroke="{INK}" '
            f'stroke-width="1.2"/><text x="{num(cx)}" y="{num(cy + 3.5)}" font-size="10" font-weight="700" '
            f'text-anchor="middle" fill="{INK}">{count}</text></g>')


def label(model: Model, pid: int, labels: Mapping[int, str]) -> str:
    """A piece in words: name, place, state, cargo."""
    piece = model.pieces[pid]
    words = [model.name(pid, labels), f"at {model.place(piece.hex)}"]
    why = model.inactive(pid)
    if why:
        words.append(f"inactive ({why})")
    shots = model.shots.get(pid, 0)
    if shots:
        words.append(f"fired {shots} of 2 shots")
    if piece.kind in ("lander", "transporter", "production", "freighter"):
        words.append(f"holds {contents(model, pid)}")
    return ", ".join(words)


def draw_piece(model: Model, pid: int, labels: Mapping[int, str], pick: str | None = None, seat: int = 0,
               extra: str = "", picked: bool = False) -> str:
    """One piece on the map (a unit, a Turret, a Lander); with ``pick`` a ``data-select`` element (``unit:7``)."""
    piece = model.pieces[pid]
    fill = colour(model, pid)
    cells = model.hexes(pid)
    cx, cy = centre(piece.hex)
    parts: list[str] = []
    if picked:
        parts += [f'<polygon points="{hex_points(cell, 1.5)}" fill="{PICK}" stroke="#8a5a00" stroke-width="2"/>'
                  for cell in cells]
    if piece.kind == "lander":
        owner = max(0, model.owner(pid))
        tint = SEAT_TINT[owner % len(SEAT_TINT)]
        for cell in cells[1:]:
            if cell >= 0:
                parts.append(f'<polygon points="{hex_points(cell, 1)}" fill="{tint}" fill-opacity="0.8" '
                             f'stroke="{fill}" stroke-width="2.5"/>')
        parts.append(f'<polygon class="ring" points="{hex_points(piece.hex, 1)}" fill="{fill}"/>')
        parts.append(_letter("lander", cx, cy))
        parts.append(_badge(cx + 10, cy - 10, len(model.derived.contents(pid))))
    elif piece.kind == "freighter":
        (hx, hy), (tx, ty) = centre(cells[0]), centre(cells[1])
        line = f'x1="{num(hx)}" y1="{num(hy)}" x2="{num(tx)}" y2="{num(ty)}" stroke-linecap="round"'
        parts.append(f'<line class="ring" {line} stroke="#ffffff" stroke-width="22"/>')
        parts.append(f'<line {line} stroke="{fill}" stroke-width="18"/>')
        mx, my = (hx + tx) / 2, (hy + ty) / 2
        parts.append(_letter("freighter", mx, my))
        parts.append(_badge(mx + 10, my - 10, len(model.cargo(pid))))
    else:
        parts.append(f'<circle class="ring" cx="{num(cx)}" cy="{num(cy)}" r="15.5" fill="none"/>')
        parts.append(_shape(piece.kind, cx, cy, fill))
        parts.append(_letter(piece.kind, cx, cy))
        if piece.kind in ("transporter", "production"):
            parts.append(_badge(cx + 11, cy - 11, len(model.cargo(pid))))
    why = model.inactive(pid)
    if why:
        parts.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="15" fill="none" stroke="{INK}" stroke-width="1.5" '
                     'stroke-dasharray="3 2"/>')
    body = "".join(parts)
    words = label(model, pid, labels)
    dim = ' opacity="0.6"' if why else ""
    if pick is not None:
        cls = "unit picked" if picked else "unit"
        words += ": picked" if picked else ": pick it"
        return action(pick, seat, words, cls, f"<g{dim}>{body}</g>", f' data-piece="{pid}"{extra}', select=True)
    return (f'<g class="piece" data-piece="{pid}" data-kind="{piece.kind}"{dim}>'
            f"<title>{escape(words, quote=False)}</title>{body}</g>")


def pontoon(cell: int) -> str:
    cx, cy = centre(cell)
    return (f'<g class="pontoon"><rect x="{num(cx - 15)}" y="{num(cy - 8)}" width="30" height="16" rx="2" '
            f'fill="{NEUTRAL}" stroke="#3a2e20" stroke-width="1.2"/>'
            f'<path d="M{num(cx - 5)},{num(cy - 8)}v16M{num(cx + 5)},{num(cy - 8)}v16" stroke="#3a2e20" '
            'stroke-width="1"/></g>')


def ore(cells: list[int]) -> str:
    return "".join(f'<use href="#tf22-ore" x="{num(centre(c)[0])}" y="{num(centre(c)[1])}"/>' for c in cells)


def reach_code(reach: Mapping[int, int]) -> str:
    """``data-reach``: the hexes by cost, groups for cost 1, 2, ... separated by ".", each hex its index in two
    base-36 digits (web/ui/mapview.py reads it).

    >>> reach_code({29: 1, 30: 1, 31: 3})
    '0t0u..0v'
    """
    if not reach:
        return ""
    groups: Counter[int] = Counter(reach.values())
    top = max(groups)
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    by_cost: list[list[str]] = [[] for _ in range(top)]
    for cell, cost in sorted(reach.items()):
        by_cost[cost - 1].append(digits[cell // 36] + digits[cell % 36])
    return ".".join("".join(group) for group in by_cost)


def reach_attr(reach: Mapping[int, int]) -> str:
    code = reach_code(reach)
    return f' data-reach="{attr(code)}"' if code else ""
