"""The TF22 map: one ``<svg data-panzoom="1">`` the page pans and zooms (web/ui/panzoom.py), in layers:
terrain under the current tide (one compact path per look: plains, mountains, open sea, swamp and reef each dry
or flooded), the landing zones (turn 1), each seat's Zone of Fire (a tinted, dashed outline in its colour),
Pontoons, Landers, White Ore, the picked unit's reach (AP cost per hex), the units, the page's hover layer, and
on top what the viewer may click there (moves with their cost, load, unload, attack, build, repair, board a
Lander, landing sites and pod layouts).

Clickable hexes are ``render.svg.action`` elements: one pick on a hex fills the hex (its word in the middle);
several on one hex, or one on a hex where a unit of the viewer may itself be picked, are small pills (a Sea
Freighter's arrow points at its second hex), so the unit stays clickable.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from functools import cache

from ...render.svg import action, attr, num
from .board import HEXES, TERRAIN, disk, hex_text, parse_hex
from .state import lander_hexes
from .svg_geom import (
    ARROWS,
    HEX_H,
    INK,
    MAP_H,
    MAP_W,
    PICK,
    PLAIN,
    SEA,
    SEAT_FILL,
    SEAT_TINT,
    SIZE,
    centre,
    hex_path,
    hex_points,
)
from .svg_model import Model
from .svg_picks import Picks, anchor, describe
from .svg_pieces import draw_piece, ore, pontoon, reach_attr
from .svg_recent import marks as recent_marks
from .tides import LAND

PAD = 4.0
PILL_H = 15.0


@cache
def _terrain(level: str) -> str:
    """The terrain layer under a tide level (three strings for the whole match: cached)."""
    land = LAND[level]
    looks: dict[str, list[str]] = defaultdict(list)
    for cell in HEXES:
        letter = TERRAIN[cell]
        if letter in "sr":
            key = f"{'swamp' if letter == 's' else 'reef'}-{'dry' if land[letter] else 'wet'}"
        else:
            key = {".": "plain", "~": "sea", "^": "mountain"}[letter]
        looks[key].append(hex_path(cell))
    fills = {"plain": PLAIN, "sea": SEA, "mountain": "url(#tf22-mountain)", "swamp-dry": "url(#tf22-swamp-dry)",
             "swamp-wet": "url(#tf22-swamp-wet)", "reef-dry": "url(#tf22-reef-dry)",
             "reef-wet": "url(#tf22-reef-wet)"}
    return '<g class="terrain" stroke="#5c4a32" stroke-opacity="0.35" stroke-width="0.8">' + "".join(
        f'<path data-terrain="{key}" fill="{fills[key]}" d="{"".join(paths)}"/>'
        for key, paths in sorted(looks.items())) + "</g>"


def _zones(model: Model) -> str:
    parts = []
    for seat, zone in enumerate(model.zones):
        if zone:
            d = "".join(hex_path(cell, 2.5 + 2 * seat) for cell in sorted(zone))
            tint = SEAT_TINT[seat % len(SEAT_TINT)]
            parts.append(f'<path class="zone" data-zone="{seat}" d="{d}" fill="{tint}" fill-opacity="0.16" '
                         f'stroke="{SEAT_FILL[seat % len(SEAT_FILL)]}" stroke-width="1.6" stroke-dasharray="4 3"/>')
    return '<g class="zones noclick">' + "".join(parts) + "</g>"


def _landing_zones(model: Model) -> str:
    if model.view.get("phase") != "land":
        return ""
    cells = {cell for lid in model.view.get("landers") or [] if lid in model.pieces
             for pod in model.hexes(lid) if pod >= 0 for cell in disk(pod, 3)}
    if not cells:
        return ""
    d = "".join(hex_path(cell, 1) for cell in sorted(cells))
    return f'<path class="landing-zone noclick" d="{d}" fill="{INK}" fill-opacity="0.22"/>'


def _reach(model: Model, reach: Mapping[int, int], skip: set[int]) -> str:
    if not reach:
        return ""
    area = "".join(hex_path(cell, 1) for cell in sorted(reach))
    parts = [(f'<path d="{area}" fill="{PICK}" fill-opacity="0.22" stroke="#8a5a00" stroke-opacity="0.5" '
             'stroke-width="1"/>')]
    for cell, cost in sorted(reach.items()):
        if cell in skip:
            continue
        cx, cy = centre(cell)
        parts.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="8" fill="#ffffff" fill-opacity="0.9"/>'
                     f'<text x="{num(cx)}" y="{num(cy + 3.5)}" font-size="10" font-weight="700" '
                     f'text-anchor="middle" fill="{INK}">{cost}</text>')
    return '<g class="reach noclick" data-for="' + attr(str(len(reach))) + '">' + "".join(parts) + "</g>"


def _hex_target(pick: str, seat: int, label: str, cell: int, word: str, partial: bool, kind: str) -> str:
    cx, cy = centre(cell)
    text = (f'<text x="{num(cx)}" y="{num(cy + 4)}" font-size="{11 if len(word) <= 3 else 9.5}" font-weight="700" '
            f'text-anchor="middle" fill="{INK}">{attr(word)}</text>') if word else ""
    body = f'<polygon class="hit ring" points="{hex_points(cell, 1.5)}"/>' + text
    return action(pick, seat, label, kind, body, f' data-hex="{cell}"', select=partial)


def _pill(pick: str, seat: int, label: str, x: float, y: float, word: str, partial: bool) -> str:
    width = max(22.0, 6.2 * len(word) + 10)
    body = (f'<rect class="ring" x="{num(x - width / 2)}" y="{num(y - PILL_H / 2)}" width="{num(width)}" '
            f'height="{num(PILL_H)}" rx="7" fill="{PICK}" stroke="#8a5a00" stroke-width="1"/>'
            f'<text x="{num(x)}" y="{num(y + 3.5)}" font-size="9.5" font-weight="700" text-anchor="middle" '
            f'fill="{INK}">{attr(word)}</text>')
    return action(pick, seat, label, "target pill", body, select=partial)


def _lander_choice(model: Model, pick: str, seat: int, label: str, cell: int, orientation: int) -> str:
    """A landing's orientation: its three pods (A yellow, B green), each marked with the letter."""
    pods = [pod for pod in lander_hexes(cell, orientation)[1:] if pod >= 0]
    letter = "AB"[orientation]
    body = "".join(f'<polygon class="hit ring" points="{hex_points(pod, 1.5)}"/>'
                   f'<text x="{num(centre(pod)[0])}" y="{num(centre(pod)[1] + 5)}" font-size="14" font-weight="700" '
                   f'text-anchor="middle" fill="{INK}">{letter}</text>' for pod in pods)
    return action(pick, seat, label, f"target pods-{letter.lower()}", body, f' data-hex="{cell}"')


def _crosshair(cell: int) -> str:
    """The target of a shot being aimed."""
    cx, cy = centre(cell)
    x, y = num(cx), num(cy)
    return (f'<g class="aimed noclick" stroke="#b3261e" stroke-width="2.5" fill="none">'
            f'<circle cx="{x}" cy="{y}" r="15"/><path d="M{x},{num(cy - 19)}v9M{x},{num(cy + 10)}v9'
            f'M{num(cx - 19)},{y}h9M{num(cx + 10)},{y}h9"/></g>')


def _site(model: Model, cell: int, seat: int) -> str:
    """The picked landing site's centre, in the viewer's colour (pressing it again keeps it picked)."""
    cx, cy = centre(cell)
    body = (f'<polygon class="ring" points="{hex_points(cell, 1.5)}" fill="{SEAT_FILL[seat % len(SEAT_FILL)]}"/>'
            f'<text x="{num(cx)}" y="{num(cy + 4)}" font-size="11.5" font-weight="700" text-anchor="middle" '
            'fill="#ffffff">L</text>')
    label = f"Picked landing site: centre at {model.place(cell)}; now pick pods A or B"
    return action(f"site:{hex_text(cell)}", seat, label, "picked-site", body, f' data-hex="{cell}"', select=True)


def _targets(model: Model, picks: Picks, labels: Mapping[int, str], seat: int, selectable: set[int]) -> str:
    """Every pick anchored on a hex (the rest go to the panel)."""
    spots: dict[int, list[tuple[str, bool, int, str]]] = defaultdict(list)
    for partial, group in ((False, picks.complete), (True, picks.partial)):
        for pick in group:
            if partial and pick.startswith("unit:"):
                continue  # drawn as the unit itself
            where = anchor(model, pick, partial)
            if where.cell >= 0:
                spots[where.cell].append((pick, partial, where.way, where.word))
    parts, last = [], []  # the pods of a landing go over the other sites
    if picks.selection.startswith("site:"):
        last.append(_site(model, parse_hex(picks.selection[5:]), seat))
    for pick in picks.complete:  # the Robot Combat Units one of which is lost to interference: ringed
        if pick.startswith("lose:") and (pick[5:].isascii() and pick[5:].isdigit()) and int(pick[5:]) in model.pieces:
            cx, cy = centre(model.pieces[int(pick[5:])].hex)
            parts.append(f'<circle class="noclick" cx="{num(cx)}" cy="{num(cy)}" r="16" fill="none" stroke="{PICK}" '
                         'stroke-width="4" stroke-dasharray="5 3"/>')
    if picks.selection.startswith("aim:"):
        target = int(picks.selection.split(">")[1])
        parts += [_crosshair(cell) for cell in (model.hexes(target) if target in model.pieces else ())]
    for cell, found in sorted(spots.items()):
        crowded = len(found) > 1 or cell in selectable
        for index, (pick, partial, way, word) in enumerate(found):
            label = describe(model, pick, labels)
            if word == "land":
                last.append(_lander_choice(model, pick, seat, label, cell, way))
            elif not crowded:
                kind = "target site" if word == "site" else "target"
                text = "" if word == "site" else word + (f" {ARROWS[way]}" if way >= 0 else "")
                parts.append(_hex_target(pick, seat, label, cell, text, partial, kind))
            else:  # stacked pills (above a unit that may be picked itself); an arrow: the Freighter's second hex
                cx, cy = centre(cell)
                if cell in selectable:  # the unit's middle stays clickable: pills on its upper edge
                    x, y = cx, cy - 12 - index * (PILL_H + 1)
                else:
                    x, y = cx, cy + (index - (len(found) - 1) / 2) * (PILL_H + 1)
                text = word + (f" {ARROWS[way]}" if way >= 0 else "")
                parts.append(_pill(pick, seat, label, x, y, text, partial))
    return "".join(parts + last)


def focus_hex(model: Model, picks: Picks) -> int:
    """Where the viewer's choice is, for the page to bring into a zoomed-in map's window (data-focus): the
    picked landing site or unit; while landing, the legal site nearest the middle of them all; else the
    viewer's Lander (-1: none).

    >>> focus_hex(Model({"seat": 0, "seats": 2, "phase": "land", "legal": ["land:3,4/0", "land:5,4/1"],
    ...                  "pieces": []}), Picks(partial=["site:3,4", "site:5,4"]))
    115
    """
    if picks.selection.startswith("site:"):
        return parse_hex(picks.selection[5:])
    if picks.unit >= 0 and picks.unit in model.pieces and model.pieces[picks.unit].hex >= 0:
        return model.pieces[picks.unit].hex
    sites = [parse_hex(p[5:]) for p in picks.partial if p.startswith("site:")]
    if sites:
        points = [centre(cell) for cell in sites]
        mx, my = sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)
        return min(sites, key=lambda cell: ((centre(cell)[0] - mx) ** 2 + (centre(cell)[1] - my) ** 2, cell))
    home = [lid for lid in model.view.get("landers") or [] if lid in model.pieces and model.viewer is not None
            and model.owner(lid) == model.viewer and model.pieces[lid].hex >= 0]
    return model.pieces[home[0]].hex if home else -1


def map_svg(model: Model, picks: Picks, labels: Mapping[int, str], x: float, y: float, w: float,
            recent: Sequence[tuple[int, str]] = ()) -> tuple[str, float]:
    """The map scaled into ``w`` units of width at (x, y); its height. ``recent``: the other seats' actions
    since the viewer's last (where their deeds ended is ringed in their colour)."""
    seat = model.viewer if model.viewer is not None else 0
    ap = int((model.view.get("ap") or [0] * model.seats)[seat]) if model.viewer is not None else 0
    derived = model.derived
    layers = [_terrain(model.level), _landing_zones(model), _zones(model)]
    layers.append('<g class="pontoons noclick">' + "".join(pontoon(cell) for cell in sorted(derived.pontoon)) + "</g>")
    ore_cells = sorted(model.pieces[pid].hex for pid in model.ore)
    layers.append(f'<g class="ore noclick" data-hexes="{" ".join(map(str, ore_cells))}">{ore(ore_cells)}</g>')
    picked = picks.unit
    movers = {int(p.split(":")[1]) for p in picks.partial if p.startswith("unit:")}
    reach = model.reach(picked, ap) if picked >= 0 and picks.selection == f"unit:{picked}" else {}
    cost_one = {anchor(model, p, False).cell for p in picks.complete if p.startswith(f"move:{picked}>")}
    layers.append(_reach(model, reach, cost_one))
    units: list[str] = []
    selectable: set[int] = set()
    on_map = sorted((pid for pid, piece in model.pieces.items() if piece.hex >= 0 and piece.kind not in
                     ("ore", "pontoon")), key=lambda pid: (model.pieces[pid].kind != "lander", pid))
    for pid in on_map:
        is_picked = pid == picked
        if pid in movers or (is_picked and not picks.sticky):
            pick = f"unit:{pid}"  # the picked unit too: the focus stays on it (Cancel and Escape unpick it)
            extra = reach_attr(model.reach(pid, ap)) if not is_picked else ""
            units.append(draw_piece(model, pid, labels, pick, seat, extra, picked=is_picked))
            selectable.update(model.hexes(pid))
        else:
            units.append(draw_piece(model, pid, labels, picked=is_picked))
    layers.append('<g class="units">' + "".join(units) + "</g>")
    layers.append(recent_marks(model, recent, labels))
    layers.append('<g data-hover-layer="1"></g>')
    layers.append('<g class="targets">' + _targets(model, picks, labels, seat, selectable) + "</g>")
    height = w * (MAP_H + 2 * PAD) / (MAP_W + 2 * PAD)
    where = focus_hex(model, picks)
    focus = ' data-focus="{} {}"'.format(*(num(v) for v in centre(where))) if where >= 0 else ""
    head = (f'<svg class="tf22-map" x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(height)}" '
            f'viewBox="{num(-PAD)} {num(-PAD)} {num(MAP_W + 2 * PAD)} {num(MAP_H + 2 * PAD)}" '
            f'preserveAspectRatio="xMidYMid meet" data-panzoom="1" data-hex-size="{num(SIZE)}" '
            f'data-hex-h="{num(HEX_H)}" data-cols="28"{focus} style="touch-action:none" role="group" '
            f'aria-label="Map of GH-328: 28 by 18 hexes">')
    # the map's window on the page (the page measures this: a nested <svg>'s own box grows with its content)
    frame = (f'<rect data-map-frame="1" x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(height)}" '
             'fill="#23304d"/>')
    return frame + head + "".join(layers) + "</svg>", height

