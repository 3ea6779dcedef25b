"""The TF22: LOAD! board as SVG: a pure function from a seat's view to one self-contained ``<svg>`` string.

Like python-chess's ``chess.svg``: no I/O, no scripts, no external references, no web fonts (a system
font stack only), every text escaped. The page inserts the string and wires clicks itself: each move the
viewer may make is one element with ``class="action ..."``, ``data-action`` (the engine's action string),
``data-seat``, ``role="button"``, ``tabindex="0"`` and an ``aria-label``.

Decisions the brief left open:
- A portrait layout (viewBox 380 wide, height grows with the content): a 390 px phone draws it near 1:1, so its
  text (>= 12.5 units) is >= 12 CSS px and its buttons (>= 46 units) >= 44 px; the page scales it with CSS. The
  landscape layout (``ctx.wide``) has two 500-unit columns.
- Equal cards in a hand are drawn once with a "x2" badge, so every ``play:`` action appears exactly once.
- A load target is a highlighted ghost container on the target slot; when a Joker offers two colours on
  one slot, the slot is split into one half per colour. Reloads are buttons ("Move Green from slot 1 to
  slot 3").
- The viewer's own face-down choice is drawn as a card back captioned with its name (only the viewer's
  view holds it); the opponent's choice is only ever a card back.
- Both discard piles are public in the view, so their points by colour are shown for both players.
- The root carries ``data-phase``, ``data-round`` and ``data-turn`` (the engine's count of battles
  resolved this round); the game-over summary is the group ``id="game-over"``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ...render import RenderContext
from ...render.svg import INK, board_root
from ...render.svg import num as _num
from ...render.svg import rect as _rect
from ...render.svg import text as _text
from ...render.svg import wrap as _wrap
from .actions import COLOUR_NAMES, Load, parse
from .rules import STACK_BONUS
from .svg_battle import _battle_area
from .svg_parts import (
    ACCENT,
    DISPLAY_ORDER,
    FILL,
    GUTTER,
    HIGHLIGHT,
    INK_ON,
    MUTED,
    NARROW,
    PANEL,
    PAPER,
    STYLE,
    WIDTH,
    _battle_number,
    _brief,
    _colour_list,
    _names,
    _short,
    _status,
    _symbol,
    _winner_words,
)
from .svg_ship import _hand, _reloads, _ship

__all__ = ["render"]


def _header(view: Mapping[str, Any], names: Sequence[str], y: float, w: float) -> tuple[list[str], float]:
    rounds = view.get("rounds", 3)
    turns = view.get("turns", 12)
    parts = [
        _rect(0, y, w, 44, fill="#14213d"),
        _text(12, y + 29, "TF22: LOAD!", size=21 if w >= WIDTH else 19, weight="700", fill="#ffffff"),
        _text(
            w - 12,
            y + 29,
            f"Round {view['round']}/{rounds} \u00b7 Battle {_battle_number(view)}/{turns}",
            size=17 if w >= WIDTH else 15,
            weight="600",
            anchor="end",
            fill="#ffffff",
        ),
    ]
    status, must_act = _status(view, names)
    lines = _wrap(status, w - (24 if w >= WIDTH else 70), 17) if status else []  # (bold runs wide)
    height = 12 + 21 * len(lines) if lines else 0
    if lines:
        parts.append(_rect(0, y + 44, w, height, fill=HIGHLIGHT if must_act else "#dde3ee"))
        for index, line in enumerate(lines):
            parts.append(
                _text(
                    12,
                    y + 44 + 22 + 21 * index,
                    line,
                    size=17,
                    weight="700" if must_act else "600",
                    extra=' class="status"',
                )
            )
    return parts, y + 44 + height


def _player_bar(
    view: Mapping[str, Any], names: Sequence[str], who: int, y: float, w: float
) -> tuple[list[str], float]:
    to_act = who in (view.get("to_act") or []) and view.get("result") is None
    hand = view["hand_counts"][who]
    pile = view["piles"][who]
    majorities = view["majorities"][who]
    majority = ", ".join(COLOUR_NAMES[c] for c in DISPLAY_ORDER if c in majorities) or "none"
    facts = (f"Hand {hand} \u00b7 Pile {len(pile)} {'card' if len(pile) == 1 else 'cards'} \u00b7 "
             f"Majority: {majority}")
    fact_lines = _wrap(facts, w - 60, 14)  # (a margin: the estimate of a glyph's width is a little short)
    height = 48 + 18 * (len(fact_lines) - 1)
    parts = [
        _rect(6, y, w - 12, height, fill=PANEL, rx=8),
        _text(18, y + 20, _short(names[who], 22 if w >= WIDTH else 15), size=17, weight="700", extra=' class="name"'),
        _text(
            w - 16,
            y + 20,
            f"Score {view['scores'][who]}",
            size=17,
            weight="700",
            anchor="end",
            extra=' class="score"',
        ),
        *(_text(18, y + 40 + 18 * i, line, size=14, fill=MUTED) for i, line in enumerate(fact_lines)),
    ]
    jammed = [c for c in DISPLAY_ORDER if c in (view.get("cannot_take") or [[], []])[who]]
    if jammed:
        # a win in a colour the ship cannot take becomes the other player's Joker: worth saying
        words = "Ship cannot take: " + ", ".join(COLOUR_NAMES[c] for c in jammed)
        if len(jammed) < 4:  # the reason fits beside up to three colour names
            words += " (a win there is a Joker)"
        for line in _wrap(words, (w - 24) * 0.86, 13):
            parts.append(_text(18, y + height + 10, line, size=13, weight="700", fill=ACCENT, extra=' class="jammed"'))
            height += 18
        parts[0] = _rect(6, y, w - 12, height, fill=PANEL, rx=8)
    if to_act:
        parts.insert(1, _rect(6, y, 6, height, fill=ACCENT, rx=3))
        parts.append(_rect(w - 170, y + 6, 62, 20, fill=ACCENT, rx=10))
        parts.append(
            _text(w - 139, y + 20.5, "to act", size=13, weight="700", anchor="middle", fill="#ffffff")
        )
    return [f'<g class="player" data-player="{who}">', *parts, "</g>"], y + height + 6


def _table(
    view: Mapping[str, Any], names: Sequence[str], bottom: int, y: float, w: float
) -> tuple[list[str], float]:
    """The legend and, per colour: containers on each ship, pile points, majority holder, supply (a narrow
    board: the columns closer, the headers a little smaller)."""
    top = 1 - bottom
    ships = view["ships"]
    piles = view["piles"]
    supply = view.get("supply") or {}
    majorities = view["majorities"]
    narrow = w < WIDTH
    if narrow:
        centres = {bottom: (98.0, 140.0), top: (182.0, 224.0)}  # (ship, pile points) column centres
        majority_x, supply_x, head, holder_chars = 282.0, 346.0, 13.0, 8
    else:
        centres = {bottom: (140, 196), top: (258, 314)}
        majority_x, supply_x, head, holder_chars = 390, 462, 14, 10
    row_h = 28
    parts = ['<g class="colours">']
    body: list[str] = []
    hy = y + 20
    body.append(_text(16, hy, "Colour", size=14, weight="700"))
    for who in (bottom, top):
        ship_x, pile_x = centres[who]
        who_words = _brief(names[who], 9) if narrow else _short(names[who], 11)
        body.append(_text((ship_x + pile_x) / 2, hy, who_words, size=head, weight="700", anchor="middle"))
        body.append(_text(ship_x, hy + 17, "ship", size=12.5, anchor="middle", fill=MUTED))
        body.append(_text(pile_x, hy + 17, "pile pts", size=12.5, anchor="middle", fill=MUTED))
    body.append(_text(majority_x, hy, "Majority", size=head, weight="700", anchor="middle"))
    body.append(_text(supply_x, hy, "Supply", size=head, weight="700", anchor="middle"))
    ry = y + 44
    for index, colour in enumerate(DISPLAY_ORDER):
        if index % 2 == 0:
            body.append(_rect(8, ry, w - 16, row_h, fill="#eef2f8"))
        body.append(_rect(14, ry + 4, 20, 20, fill=FILL[colour], rx=4))
        body.append(_symbol(colour, 24, ry + 14, 5.5, INK_ON[colour]))
        body.append(_text(40, ry + 19, COLOUR_NAMES[colour], size=14))
        holder = next((who for who in (0, 1) if colour in majorities[who]), None)
        for who in (bottom, top):
            ship_x, pile_x = centres[who]
            count = sum(slot.count(colour) for slot in ships[who])
            points = sum(int(card[1]) for card in piles[who] if card[0] == colour)
            weight = "700" if holder == who else None
            body.append(_text(ship_x, ry + 19, str(count), size=15, weight=weight, anchor="middle"))
            body.append(_text(pile_x, ry + 19, str(points), size=15, weight=weight, anchor="middle"))
        holder_text = "tie"
        if holder is not None:
            holder_text = _brief(names[holder], holder_chars) if narrow else _short(names[holder], holder_chars)
        body.append(
            _text(
                majority_x,
                ry + 19,
                holder_text,
                size=14,
                weight="700" if holder is not None else None,
                anchor="middle",
                fill=INK if holder is not None else MUTED,
            )
        )
        body.append(_text(supply_x, ry + 19, str(supply.get(colour, "")), size=15, anchor="middle"))
        ry += row_h
    for line in (
        "Battle: Green beats Blue and Red; Blue beats Red and Yellow; Red beats Yellow; Yellow beats Green.",
        "Stacks: Yellow at the bottom, then Red, Blue, Green; a complete stack is worth +3 at the end.",
    ):
        for wrapped in _wrap(line, w - 40, 13):
            ry += 17
            body.append(_text(16, ry, wrapped, size=13, fill=MUTED))
    ry += 12
    parts.append(_rect(6, y, w - 12, ry - y, fill="#ffffff", rx=10, extra=' stroke="#c3ccd9"'))
    parts.extend(body)
    parts.append("</g>")
    return parts, ry + 6


def _game_over(
    view: Mapping[str, Any], names: Sequence[str], bottom: int, y: float, w: float
) -> tuple[list[str], float]:
    result = view["result"]
    top = 1 - bottom
    body: list[str] = []
    ty = y + 30
    body.append(_text(18, ty, "Game over", size=22, weight="700"))
    ty += 26
    for line in _wrap(_winner_words(result, names), (w - 40) * 0.86, 18):
        body.append(_text(18, ty, line, size=18, weight="700", fill="#7a3d00", extra=' class="winner"'))
        ty += 22
    ty += 6
    narrow = w < WIDTH
    col_x = {bottom: 94, top: 230} if narrow else {bottom: 100, top: 296}
    cell_w = 132 if narrow else 176  # bold text runs wider than _wrap estimates
    for who in (bottom, top):
        body.append(_text(col_x[who], ty, _short(names[who], 13 if narrow else 18), size=15, weight="700"))
    ty += 8
    for entry in result.get("rounds") or []:
        body.append(f'<line x1="18" y1="{_num(ty)}" x2="{_num(w - 18)}" y2="{_num(ty)}" stroke="#d8c39a"/>')
        body.append(_text(18, ty + 20, f"Round {entry['round']}", size=14 if narrow else 15, weight="700"))
        heights = []
        for who in (bottom, top):
            seat_entry = entry["seats"][who]
            by_colour = seat_entry.get("points_by_colour") or {}
            owned = [c for c in DISPLAY_ORDER if c in (seat_entry.get("majorities") or [])]
            majority = "Majority: " + (", ".join(COLOUR_NAMES[c] for c in owned) or "none")
            sums = " + ".join(f"{COLOUR_NAMES[c]} {by_colour.get(c, 0)}" for c in owned)
            points = (
                f"{sums} = {seat_entry['points']}" if len(owned) > 1 else f"{seat_entry['points']} points"
            )
            ly = ty + 20
            for line in _wrap(majority, cell_w, 13.5):
                body.append(_text(col_x[who], ly, line, size=13.5, fill=MUTED))
                ly += 17
            for line in _wrap(points, cell_w * (0.82 if narrow else 1), 13.5):
                body.append(
                    _text(col_x[who], ly, line, size=13.5, weight="600", extra=' class="round-points"')
                )
                ly += 17
            heights.append(ly - ty)
        ty += max(heights) + 2
    bonus = result["bonus"]
    body.append(f'<line x1="18" y1="{_num(ty)}" x2="{_num(w - 18)}" y2="{_num(ty)}" stroke="#d8c39a"/>')
    body.append(_text(18, ty + 20, "Bonus", size=15, weight="700"))
    for who in (bottom, top):
        stacks = bonus[who] // STACK_BONUS
        kind = "" if narrow else "complete "
        body.append(
            _text(
                col_x[who],
                ty + 20,
                f"{stacks} {kind}stack{'s' if stacks != 1 else ''}: +{bonus[who]}",
                size=13.5,
                weight="600",
            )
        )
    ty += 30
    body.append(f'<line x1="18" y1="{_num(ty)}" x2="{_num(w - 18)}" y2="{_num(ty)}" stroke="{INK}"/>')
    body.append(_text(18, ty + 25, "Total", size=17, weight="700"))
    for who in (bottom, top):
        body.append(
            _text(
                col_x[who], ty + 25, str(result["scores"][who]), size=20, weight="700", extra=' class="total"'
            )
        )
    ty += 40
    parts = [
        '<g id="game-over" class="game-over">',
        _rect(6, y, w - 12, ty - y, fill="#fff6df", rx=12, extra=f' stroke="{ACCENT}" stroke-width="2"'),
        *body,
        "</g>",
    ]
    return parts, ty + 8


# --- the board --------------------------------------------------------------------------------------


def render(
    view: Mapping[str, Any], ctx: RenderContext | None = None, *, labels: Mapping[Any, str] | None = None
) -> str:
    """The board as one self-contained ``<svg>`` element, drawn from ``view`` (``LoadGame.view``) only.

    The viewer's ship is at the bottom (a spectator sees seat 1's ship, i.e. seat index 0, at the bottom).
    ``ctx.labels`` (or ``labels``) names the seats, e.g. ``{0: "You", 1: "Strong bot"}``; ``ctx.committed``
    lists the seats whose card is chosen but not yet seen here (a peer match); ``ctx.selection`` is the
    picked container of a reload.
    """
    ctx = ctx or RenderContext(labels=dict(labels or {}))
    if ctx.committed:
        chosen = list(view.get("chosen") or [])
        for seat_index in ctx.committed:
            if 0 <= seat_index < len(chosen):
                chosen[seat_index] = True
        view = {**view, "chosen": chosen}
    labels = ctx.labels
    seat = view.get("seat")
    viewer = seat if seat in (0, 1) else None
    bottom = viewer if viewer is not None else 0
    top = 1 - bottom
    names = _names(view, labels)
    w = WIDTH if ctx.wide else NARROW  # a column's width
    body: list[str] = []
    y = 0.0
    parts, y = _header(view, names, y, w)  # (landscape: over the left column; the right one starts at the top)
    body += parts
    y += 8
    if view.get("result") is not None and not ctx.wide:
        parts, y = _game_over(view, names, bottom, y, w)
        body += parts
    parts, y = _player_bar(view, names, top, y, w)
    body += parts
    parts, y = _ship(view, top, y, None, w)
    body += parts
    y += 4
    parts, y = _battle_area(view, names, bottom, y, w)
    body += parts
    parts, y = _player_bar(view, names, bottom, y, w)
    body += parts
    if viewer is not None and view.get("loader") == viewer and view.get("legal"):
        colours = list(view.get("load_colours") or [])
        battle = view.get("last_battle") or {}
        if battle.get("outcome") == "joker":
            note = f"Joker load: tap a highlighted slot to load {_colour_list(colours)}."
        else:
            note = f"Tap a highlighted slot to load {_colour_list(colours)}."
        if not any(isinstance(parse(a), Load) for a in view["legal"]):
            note = f"No new {_colour_list(colours)} container can be loaded: move one below."
        for line in _wrap(note, (w - 24) * 0.86, 15):
            body.append(
                _text(12, y + 14, line, size=15, weight="700", fill="#7a3d00", extra=' class="load-note"')
            )
            y += 20
        y += 2
    parts, y = _ship(view, bottom, y, viewer, w)
    body += parts
    left_height = 0.0
    if ctx.wide:  # landscape: the ships and the battle on the left; the game over, your moves, hand and table right
        left_height, y = y, 0.0
        body.append(f'<g class="right-column" transform="translate({WIDTH + GUTTER},0)">')
        if view.get("result") is not None:
            parts, y = _game_over(view, names, bottom, y, w)
            body += parts
    if viewer is not None:
        parts, y = _reloads(view, viewer, y, ctx, w)
        body += parts
        if view.get("result") is None and view["phase"] != "deal":
            parts, y = _hand(view, viewer, y + 4, w)
            body += parts
    y += 4
    parts, y = _table(view, names, bottom, y, w)
    body += parts
    if ctx.wide:
        body.append("</g>")
    height = math.ceil(max(y, left_height) + 6)
    width = 2 * WIDTH + GUTTER if ctx.wide else NARROW
    title = (
        f"TF22: LOAD! round {view['round']}/{view.get('rounds', 3)}, battle {_battle_number(view)}/"
        f"{view.get('turns', 12)}: {_status(view, names)[0]}"
    )
    root = board_root("load", width, height, title, {**view, "seat": viewer}, wide=ctx.wide,
                      data={"round": view["round"], "turn": view["turn"]}, style=STYLE)
    return "".join(
        [
            root,
            _rect(0, 0, width, height, fill=PAPER),
            *body,
            "</svg>",
        ]
    )
