"""Loot N' Loaded board: the duel on (location, the two seats, ties so far, the gun buttons for a duelling
viewer), the coin, the quick-draw shootout (no buttons: the page's overlay finds ``data-shootout``), the end
of game tie playoff, and the final scores with the winners."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...render import RenderContext
from ...render.svg import text as _text
from .actions import Gun, parse
from .svg_parts import (
    ACCENT,
    GUN_NAMES,
    GUN_ORDER,
    HIGHLIGHT,
    MUTED,
    Parts,
    chip,
    grid,
    lines,
    names_list,
    narrow,
    panel,
    seat_name,
    short_name,
    title,
)
from .svg_table import winner_words

BEATS_WORDS = {"valiant": "beats Deadly", "deadly": "beats Sneaky", "sneaky": "beats Valiant",
               "acolyte": "beats all; once"}
ORDINAL = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def _quick(view: Mapping[str, Any]) -> bool:
    return str(view.get("mode") or "gun cards") == "quick-draw"


def gun_label(view: Mapping[str, Any], gun: str) -> str:
    if gun == "duel":
        return "Duel Gun (shootout; once)" if _quick(view) else "Duel Gun (as Acolyte; once)"
    return f"{GUN_NAMES.get(gun, gun)} ({BEATS_WORDS.get(gun, '')})"


def guns(view: Mapping[str, Any], x: float, y: float, w: float) -> Parts:
    """The viewer's gun buttons (every legal ``gun:``), the spent ones greyed, the gun played highlighted."""
    seat = view.get("seat")
    legal = [a for a in view.get("legal") or [] if isinstance(parse(a), Gun)]
    parts: list[str] = []
    if isinstance(seat, int) and legal:
        order = {gun: index for index, gun in enumerate(GUN_ORDER)}
        legal.sort(key=lambda a: order.get(a[4:], 9))
        buttons, y = grid([(a, gun_label(view, a[4:])) for a in legal], seat, x, y, w, kind="gun", size=14,
                          columns=1 if narrow(w) else 2 if w < 700 else 3)  # (a phone: room for "(beats …)")
        parts += buttons
    spent = view.get("spent") or []
    used = spent[seat] if isinstance(seat, int) and seat < len(spent) else []
    mine = view.get("my_gun")
    cx = x
    notes: list[str] = []
    if mine:
        element, width = chip(cx, y, f"Your gun: {GUN_NAMES.get(mine, mine)} \u2713", fill=HIGHLIGHT,
                              stroke=ACCENT)
        notes.append(element)
        cx += width + 8
    if used and (legal or mine):
        notes.append(_text(cx, y + 16, "Used: " + ", ".join(GUN_NAMES.get(g, g) for g in used), size=13.5,
                           fill=MUTED))
    if notes:
        parts += notes
        y += 30
    return parts, y


def duel(view: Mapping[str, Any], ctx: RenderContext, x: float, y: float, w: float) -> Parts:
    """The duel on: where, for which card, who against whom, the ties so far; the gun buttons for a duellist."""
    duels = view.get("duels") or []
    if view.get("phase") not in ("gun", "coin", "shootout") or not duels:
        return [], y
    location, a, b = (int(v) for v in duels[0][:3])
    places = view.get("locations") or []
    card = places[location - 1] if 0 < location <= len(places) else None
    ties = int(view.get("ties") or 0)
    head = f"Duel at location {location}" + (f" for {short_name(card)}" if card else "")
    body, ty = lines(x + 12, y + 7, head, w - 40, size=17, weight="700", step=21)
    ty += 7
    who = f"{seat_name(view, ctx, a)} v {seat_name(view, ctx, b)}"
    if ties:
        who += f" \u00b7 ties so far: {ties}"
    parts, ty = lines(x + 12, ty, who, w - 24, size=15, weight="600", extra=' class="duellists"')
    body += parts
    if view.get("phase") == "gun":
        rule = ("Valiant beats Deadly, Deadly beats Sneaky, Sneaky beats Valiant; Acolyte beats all three. "
                + ("The same gun or a Duel Gun: a shootout." if _quick(view)
                   else "The Duel Gun acts as an Acolyte; the same gun: play again (after 3 ties a coin)."))
        parts, ty = lines(x + 12, ty + 2, rule, w - 24, size=13, fill=MUTED, step=16)
        body += parts
        parts, ty = guns(view, x + 10, ty + 6, w - 20)
        body += parts
    elif view.get("phase") == "coin":
        parts, ty = lines(x + 12, ty, "Three ties in a row: a coin toss decides.", w - 24, size=14, fill=MUTED)
        body += parts
    return [f'<g class="duel" data-location="{location}">', panel(x, y, w, ty - y + 8, stroke=ACCENT),
            *body, "</g>"], ty + 16


def shootout(view: Mapping[str, Any], ctx: RenderContext, x: float, y: float, w: float) -> Parts:
    """The quick-draw shootout: who shoots; the page's quick-draw overlay does the drawing (no buttons here)."""
    if view.get("phase") != "shootout":
        return [], y
    shooters = [int(s) for s in view.get("shooters") or view.get("to_act") or []]
    names = " v ".join(seat_name(view, ctx, s) for s in shooters)
    body: list[str] = []
    parts, ty = lines(x + 12, y + 6, f"Shootout: {names} \u2014 get ready to draw!", w - 24, size=18, weight="700",
                      step=22, extra=' class="shootout-title"')
    body += parts
    rule = "Press when you see \u201cDraw!\u201d: the fastest wins; a press before it loses."
    parts, ty = lines(x + 12, ty + 2, rule, w - 24, size=14, fill=MUTED)
    body += parts
    drawn = view.get("my_draw")
    if drawn is not None:
        words = "You drew too early!" if str(drawn) in ("early", "0") else f"You drew in {drawn} ms"
        parts, ty = lines(x + 12, ty, words, w - 24, size=14, weight="700")
        body += parts
    who = ",".join(str(s) for s in shooters)
    return [f'<g class="shootout" data-shootout="1" data-shooters="{who}">',
            panel(x, y, w, ty - y + 8, fill="#fff6df", stroke=ACCENT), *body, "</g>"], ty + 16


def coin(view: Mapping[str, Any], ctx: RenderContext, x: float, y: float, w: float) -> Parts:
    """A coin toss outside a duel (a void shootout or playoff)."""
    if view.get("phase") != "coin" or view.get("duels"):
        return [], y
    among = view.get("coin_among") or view.get("playoff") or []
    parts, ty = lines(x + 12, y + 8, f"A coin toss decides between {names_list(view, ctx, among)}", w - 24,
                      size=16, weight="700")
    return ['<g class="coin">', panel(x, y, w, ty - y + 8), *parts, "</g>"], ty + 16


def playoff(view: Mapping[str, Any], ctx: RenderContext, x: float, y: float, w: float) -> Parts:
    """The end-of-game tie playoff (gun cards): the tied seats and, for one of them, the gun buttons."""
    if view.get("phase") != "playoff":
        return [], y
    tied = [int(s) for s in view.get("playoff") or view.get("to_act") or []]
    scores = view.get("scores") or []
    points = f" on {scores[tied[0]]} pts" if tied and tied[0] < len(scores) else ""
    body = [title(x + 12, y + 24, "Tie playoff", size=17)]
    parts, ty = lines(x + 12, y + 32, f"Tied for the most{points}: {names_list(view, ctx, tied)}. A gun beaten "
                      "by another gun is out.", w - 24, size=14)
    body += parts
    parts, ty = guns(view, x + 10, ty + 6, w - 20)
    body += parts
    return ['<g class="playoff">', panel(x, y, w, ty - y + 8, stroke=ACCENT), *body, "</g>"], ty + 16


def game_over(view: Mapping[str, Any], ctx: RenderContext, x: float, y: float, w: float) -> Parts:
    """Final scores, the winner(s), the tie and how it was decided."""
    result = view.get("result")
    if result is None:
        return [], y
    scores = list(result.get("scores") or view.get("scores") or [])
    winners = set(result.get("winners") or [])
    body = [title(x + 14, y + 28, "Game over", size=22)]
    parts, ty = lines(x + 14, y + 36, winner_words(view, ctx), w - 28, size=17, weight="700", fill="#7a3d00",
                      step=22, extra=' class="winner"')
    body += parts
    tied = list(result.get("tied") or [])
    if len(tied) > 1:
        decided = "a shootout" if _quick(view) else "a gun-card playoff"
        words = f"{names_list(view, ctx, tied)} tied for the most points; {decided} decided."
        if len(winners) > 1:
            words = f"{names_list(view, ctx, tied)} tied for the most points and share the win."
        parts, ty = lines(x + 14, ty, words, w - 28, size=14, fill=MUTED)
        body += parts
    ranking = sorted(range(len(scores)), key=lambda s: (s not in winners, -scores[s], s))
    for seat in ranking:
        rank = 0 if seat in winners else max(1, sum(1 for other in scores if other > scores[seat]))
        mark = " \u2605" if seat in winners else ""
        words = f"{ORDINAL[min(rank, 5)]}  {seat_name(view, ctx, seat)}: {scores[seat]} pts{mark}"
        body.append(_text(x + 14, ty + 18, words, size=15, weight="700" if seat in winners else None,
                          extra=' class="final"'))
        ty += 22
    return ['<g id="game-over" class="game-over">', panel(x, y, w, ty - y + 12, fill="#fff6df", stroke=ACCENT),
            *body, "</g>"], ty + 20
