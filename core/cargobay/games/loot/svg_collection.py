"""Loot N' Loaded board: every seat's collection grouped into sets, each with its running score (the rules'
scoring from ``cards.py``: set tables, White Flags, Queen's Jewels, Hogwash majorities), the total, the gun hand
(single-use guns spent greyed) and the unused Love Letters."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...render import RenderContext, seat_swatch
from ...render.svg import INK
from ...render.svg import rect as _rect
from ...render.svg import text as _text
from ...render.svg import wrap as _wrap
from .cards import FLAGS, JEWEL_SETS, JEWELS, SETS, hogwash_points
from .svg_parts import (
    ACCENT,
    GUN_NAMES,
    GUN_ORDER,
    MUTED,
    PANEL,
    TYPE_INK,
    Parts,
    base,
    chip,
    clip,
    kind_of,
    narrow,
    seat_name,
    short_name,
    signed,
)

EACH = {"gold": 3, "humility": 2, "glass": 3, "dynamite": 5, "dart": -2, "handkerchief": 4, "sleight": 2,
        "letter": 2, "keys": 0, "cat": 0}
EACH_WORDS = {"cat": "not copied yet", "keys": "no points"}
JEWEL_WORDS = {"jewelR": "red", "jewelG": "green", "jewelB": "blue", "jewelY": "yellow"}
ROW = 21
CHECK = " \u2713"


@dataclass(frozen=True)
class Row:
    """One set (or group of cards scored together) in a collection, with the points it scores now."""

    kind: str  # the card type, for its colour
    words: str
    points: int


def group_of(card: str) -> str:
    card = base(card)
    if card in JEWELS:
        return "jewels"
    return "hogwash" if card in ("hog2", "hog3") else card


def _sets(label: str, table: Sequence[int], count: int, kind: str, extra: str = "") -> list[Row]:
    """A set-table item: a row per complete set, then the set being built (its running score)."""
    full = len(table) - 1
    rows = [Row(kind, f"{label} {full}/{full} \u2713{extra if not k else ''}", table[full])
            for k in range(count // full)]
    if count % full:
        rows.append(Row(kind, f"{label} {count % full}/{full}{'' if rows else extra}", table[count % full]))
    return rows


def _jewels(counts: Counter[str], extra: str) -> list[Row]:
    """Greedy sets of different jewels, largest first (as ``cards.jewel_points``)."""
    left = Counter({jewel: counts[jewel] for jewel in JEWELS})
    rows: list[Row] = []
    while +left:
        colours = [jewel for jewel in JEWELS if left[jewel] > 0]
        done = " \u2713" if len(colours) == len(JEWELS) else ""
        words = f"Jewels {', '.join(JEWEL_WORDS[c] for c in colours)}{done}{'' if rows else extra}"
        rows.append(Row("basic", words, JEWEL_SETS[len(colours)]))
        for colour in colours:
            left[colour] -= 1
    return rows


def breakdown(collections: Sequence[Sequence[str]], flags: Sequence[int],
              newest_badge: int | None = None) -> list[list[Row]]:
    """Each seat's sets with their running scores, in the order the first card of each was gained.
    ``sum(row.points)`` is the seat's score (a Copy Cat that copied scores as the copied card)."""
    effective = [[base(card) for card in cards] for cards in collections]
    flag_counts = [int(f) + cards.count("flag") for f, cards in zip(flags, effective, strict=False)]
    heads = [2 * cards.count("hog2") + 3 * cards.count("hog3") for cards in effective]
    hog = hogwash_points(heads, [h > 0 for h in heads])
    humble = [cards.count("humility") for cards in effective]
    most = max(humble, default=0)
    out = []
    for seat, cards in enumerate(collections):
        counts = Counter(c for c in effective[seat] if c != "flag")
        kinds = {group_of(c) for c in counts} | ({"flag"} if flag_counts[seat] else set())
        cats = Counter(group_of(c) for c in cards if c.startswith("cat="))
        rows: list[Row] = []
        for group in dict.fromkeys(group_of(c) for c in cards if base(c) != "flag"):
            copies = f" + Copy Cat (as {short_name(group)})" if cats[group] and group != "jewels" else ""
            if group == "jewels":
                copies = " + Copy Cat" if cats[group] else ""
                rows += _jewels(counts, copies)
            elif group == "hogwash":
                place = ["1st", "2nd", "3rd"][[9, 6, 4].index(hog[seat])] if hog[seat] in (9, 6, 4) else "4th+"
                words = f"Hogwash {heads[seat]} heads ({place}){' + Copy Cat' if cats[group] else ''}"
                rows.append(Row("hogwash", words, hog[seat]))
            elif group in SETS:
                rows += _sets(short_name(group), SETS[group], counts[group], kind_of(group), copies)
            elif group == "sheriff":
                n = counts[group]
                newest = newest_badge == seat
                words = f"Sheriff \u00d7{n} ({'the newest 5, ' if newest else ''}2 each){copies}"
                rows.append(Row("unique", words, 2 * n + (3 if newest else 0)))
            elif group == "bullets":
                n = counts[group]
                ok = len(kinds) >= 6
                words = f"Bullets \u00d7{n} ({min(len(kinds), 6)}/6 types{CHECK if ok else ''}){copies}"
                rows.append(Row("unique", words, 4 * n if ok else 0))
            else:
                n = counts[group]
                each = EACH.get(group, 0)
                how = EACH_WORDS.get(group, f"{each if each >= 0 else signed(each)} each")
                rows.append(Row(kind_of(group), f"{short_name(group)} \u00d7{n} ({how}){copies}", each * n))
                if group == "humility" and most and humble[seat] == most:
                    rows.append(Row("unique", "Humility: the most (+4)", 4))
        if flag_counts[seat]:
            copies = " + Copy Cat" if "flag" in effective[seat] else ""
            rows += _sets("White Flags", FLAGS, flag_counts[seat], "flag", copies)
        out.append(rows)
    return out


def totals(collections: Sequence[Sequence[str]], flags: Sequence[int], newest_badge: int | None = None) -> list[int]:
    return [sum(row.points for row in rows) for rows in breakdown(collections, flags, newest_badge)]


def gain_for(view: Mapping[str, Any], seat: int, card: str, before: int | None = None) -> int | None:
    """How many points ``card`` would add to ``seat``'s score now (None for an action card: it does more);
    ``before``: the seat's score now, when known."""
    if kind_of(card) == "action":
        return None
    collections = [list(c) for c in view.get("collections") or []]
    flags = list(view.get("flags") or [0] * len(collections))
    if seat not in range(len(collections)):
        return None
    newest = view.get("newest_badge")
    if before is None:
        before = totals(collections, flags, newest)[seat]
    collections[seat].append(card)
    return totals(collections, flags, seat if card == "sheriff" else newest)[seat] - before


def _guns(x: float, y: float, spent: Sequence[str], right: float = float("inf")) -> tuple[str, float]:
    """The gun hand as chips (the spent ones struck through), in rows that end before ``right``; returns the
    chips and the y below them."""
    parts = [_text(x, y + 16, "Guns", size=13, weight="700", fill=MUTED)]
    cx = x + 40
    for gun in GUN_ORDER:
        used = gun in spent
        words = GUN_NAMES[gun] + (" used" if used else "")
        if cx + len(words) * 12.5 * 0.58 + 14 > right:
            cx, y = x + 40, y + 27
        element, w = chip(cx, y, words, fill="#dfe3ea" if used else "#ffffff", ink=MUTED if used else INK,
                          stroke="#8a93a6" if not used else "none", size=12.5, strike=used)
        parts.append(f'<g class="gun{" spent" if used else ""}" data-gun="{gun}">{element}</g>')
        cx += w + 5
    return "".join(parts), y + 30


def _badge(view: Mapping[str, Any], ctx: RenderContext, seat: int) -> tuple[str, str]:
    """What the seat is doing now, in a word or two, and its colour ("" when nothing)."""
    phase = view.get("phase")
    committed = set(view.get("committed") or []) | set(ctx.committed)
    acting = set(view.get("to_act") or [])
    if view.get("result") is not None:
        return ("winner", ACCENT) if seat in (view["result"].get("winners") or []) else ("", "")
    if phase == "pick" and seat in (view.get("sitting") or []):
        return "sitting out (Love Letter)", MUTED
    if phase in ("pick", "gun", "playoff", "shootout"):
        if seat in committed:
            return ("chosen \u2713" if phase != "pick" else "picked \u2713"), "#15803d"
        if seat in acting:
            doing = {"pick": "picking\u2026", "shootout": "drawing\u2026"}.get(str(phase), "choosing a gun\u2026")
            return doing, ACCENT
    if phase == "prompt" and seat in acting:
        return "resolving\u2026", ACCENT
    return "", ""


def seat_panel(view: Mapping[str, Any], ctx: RenderContext, seat: int, rows: Sequence[Row], x: float, y: float,
               w: float) -> Parts:
    """One seat: name, badge and total; guns; unused Love Letters; the sets with their points."""
    mine = seat == view.get("seat")
    scores = view.get("scores") or []
    total = scores[seat] if seat < len(scores) else sum(r.points for r in rows)
    letters = [entry for entry in view.get("letters") or [] if entry and int(entry[0]) == seat]
    parts = [f'<g class="collection" data-player="{seat}" data-score="{total}">']
    parts.append(seat_swatch(seat, x + 10, y + 9))
    parts.append(_text(x + 30, y + 22, clip(seat_name(view, ctx, seat), 20), size=16, weight="700"))
    badge, colour = _badge(view, ctx, seat)
    ty = y + 32
    # (class "seat-doing", not "badge": the page's .badge rule would set its font to 12 px)
    if badge and narrow(w):  # (a phone: under the name, clear of the total)
        parts.append(_text(x + 30, y + 41, badge, size=13, weight="700", fill=colour, extra=' class="seat-doing"'))
        ty += 20
    elif badge:
        parts.append(_text(x + 210, y + 22, badge, size=13, weight="700", fill=colour, extra=' class="seat-doing"'))
    points = f"{total} pt{'s' if abs(total) != 1 else ''}"
    parts.append(_text(x + w - 10, y + 22, points, size=16, weight="700", anchor="end", extra=' class="total"'))
    spent = (view.get("spent") or [[]] * (seat + 1))[seat]
    chips, ty = _guns(x + 10, ty, spent, x + w - 8)
    parts.append(chips)
    ty += 2
    if letters:
        rounds = ", ".join(f"round {int(entry[1])}" for entry in letters if len(entry) > 1)
        words = f"Love Letter{'s' if len(letters) > 1 else ''} ready: {len(letters)}" + (
            f" (from {rounds})" if rounds else "")
        for line in _wrap(words, (w - 20) * 0.86, 13.5):  # (bold runs wider than _wrap's estimate)
            parts.append(_text(x + 10, ty + 16, line, size=13.5, weight="700", fill=TYPE_INK["action"],
                               extra=' class="letters"'))
            ty += 18
        ty += 8
    if not rows:
        parts.append(_text(x + 10, ty + 15, "No items yet", size=14, fill=MUTED))
        ty += ROW
    for row in rows:  # a set's words wrap (a phone's panel is ~370 units wide), its points on its first line
        parts.append(_rect(x + 10, ty + 3, 8, 15, fill=TYPE_INK[row.kind], rx=2))
        parts.append(_text(x + w - 10, ty + 15, signed(row.points), size=14, weight="700",
                           anchor="end", fill=INK if row.points >= 0 else TYPE_INK["action"]))
        for line in _wrap(row.words, (w - 80) * 0.95, 14):
            parts.append(_text(x + 24, ty + 15, line, size=14, extra=' class="set"'))
            ty += 17
        ty += ROW - 17
    height = ty - y + 8
    parts.insert(1, _rect(x, y, w, height, fill="#fff8e6" if mine else PANEL, rx=10,
                          extra=f' stroke="{ACCENT if mine else "#c3ccd9"}"'))
    parts.append("</g>")
    return parts, y + height + 8


def collections(view: Mapping[str, Any], ctx: RenderContext, x: float, y: float, w: float,
                spare: tuple[float, float] | None = None) -> Parts:
    """Every seat's panel, the viewer's first, then the others in seat order after it. With ``spare`` (the
    x and the top of a second column, landscape) each panel goes to the shorter of the two columns; the
    returned y is then the lower column's bottom."""
    players = int(view.get("players") or len(view.get("collections") or []))
    cards = [list(c) for c in view.get("collections") or [[]] * players]
    flags = list(view.get("flags") or [0] * players)
    rows = breakdown(cards, flags, view.get("newest_badge"))
    seat_ = view.get("seat")
    first = seat_ if isinstance(seat_, int) and seat_ in range(players) else 0
    parts: list[str] = [_text(x + 4, y + 20, "Collections and scores", size=16, weight="700")]
    y += 30
    other_x, other_y = spare or (x, float("inf"))
    for step in range(players):
        seat = (first + step) % players
        rows_of = rows[seat] if seat < len(rows) else []
        if other_y + 10 < y:
            element, other_y = seat_panel(view, ctx, seat, rows_of, other_x, other_y, w)
        else:
            element, y = seat_panel(view, ctx, seat, rows_of, x, y, w)
        parts += element
    return parts, max(y, other_y) if spare else y
