"""Loot N' Loaded board: the table. The header (round tracker, the phase in words, what the viewer must do),
the locations with their face-up cards (``pick:N`` buttons in a pick, the viewer's pick highlighted), who has
committed (never what), the reveal of the last simultaneous choices, what is still to resolve, the events."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ...render import RenderContext, seat_swatch
from ...render.svg import action as _action
from ...render.svg import rect as _rect
from ...render.svg import text as _text
from .svg_collection import gain_for, totals
from .svg_parts import (
    ACCENT,
    GUN_NAMES,
    HEAD,
    HIGHLIGHT,
    HINTS,
    LINE,
    MUTED,
    TYPE_WORD,
    Parts,
    card_face,
    choices_of,
    clip,
    does,
    event_words,
    face_lines,
    kind_of,
    lines,
    name,
    names_list,
    narrow,
    panel,
    prompt_of,
    ring,
    seat_name,
    short_name,
    signed,
    title,
)

CARD_H = 118
ASK = {  # the prompt seat's own headline, by prompt kind
    "discard": "Your Dynamite: choose 2 of your cards to discard",
    "steal": "Your Sleeping Dart: take a card from another player",
    "handkerchief": "Your Handkerchief: keep it or draw 2 cards",
    "copy": "Your Copy Cat: choose a card of yours to copy",
    "take": "Your Keys of Power: keep one of the 3 cards drawn",
    "trade": "Your Sleight of Hand: trade a card, or not",
    "arrange": "Put the cards back on the deck: top or bottom",
    "letter": "Your Love Letter: use it now or keep it",
}


def winner_words(view: Mapping[str, Any], ctx: RenderContext) -> str:
    result = view.get("result") or {}
    winners = list(result.get("winners") or [])
    scores = list(result.get("scores") or view.get("scores") or [])
    if not winners:
        return "Game over"
    points = scores[winners[0]] if winners[0] < len(scores) else 0
    who = names_list(view, ctx, winners)
    if len(winners) > 1:
        return f"{who} share the win with {points} pts"
    verb = "win" if who == "You" else "wins"
    tied = list(result.get("tied") or [])
    if len(tied) > 1:
        return f"{who} {verb} the tie playoff ({points} pts)"
    return f"{who} {verb} with {points} pts"


def status(view: Mapping[str, Any], ctx: RenderContext) -> tuple[str, bool]:
    """The phase in words, from the viewer's side, and whether the viewer must act now."""
    seat = view.get("seat")
    phase = view.get("phase")
    acting = list(view.get("to_act") or [])
    mine = seat in acting and bool(view.get("legal"))
    duels = view.get("duels") or []
    if view.get("result") is not None or phase == "end":
        return f"Game over: {winner_words(view, ctx)}", False
    if phase == "deck":
        return "Shuffling the deck and dealing the locations", False
    if phase == "pick":
        again = " again (too crowded)" if view.get("crowded") else ""  # crowded resets when a round starts
        if mine:
            return f"Your pick{again}: tap a location", True
        if seat in (view.get("pickers") or []) and view.get("my_pick"):
            return f"You picked location {view['my_pick']}; waiting for {names_list(view, ctx, acting)}", False
        verb = "is" if len(acting) == 1 and names_list(view, ctx, acting) != "You" else "are"
        out = "Love Letter used: you sit out this pick; " if seat in (view.get("sitting") or []) else ""
        return f"{out}{names_list(view, ctx, acting)} {verb} picking{again}", False
    if phase in ("gun", "coin") and duels:
        location, a, b = (int(v) for v in duels[0][:3])
        card = (view.get("locations") or [None] * location)[location - 1]
        what = f"{short_name(card)} at location {location}" if card else f"location {location}"
        if phase == "coin":
            return f"A coin decides the duel for {what}", False
        if mine:
            return f"Duel for {what}: choose your gun", True
        if seat in (a, b) and view.get("my_gun"):
            return f"You chose {GUN_NAMES.get(view['my_gun'], view['my_gun'])}; waiting", False
        return f"{names_list(view, ctx, (a, b))} duel for {what}", False
    if phase == "shootout":
        return f"Shootout: {names_list(view, ctx, view.get('shooters') or acting)}", False
    if phase == "coin":
        return f"A coin decides between {names_list(view, ctx, view.get('coin_among') or [])}", False
    if phase == "playoff":
        if mine:
            return "Tie playoff: choose your gun", True
        return f"Tie playoff: {names_list(view, ctx, view.get('playoff') or acting)}", False
    prompt = prompt_of(view)
    if phase == "prompt" and prompt:
        who, kind, card = prompt
        if who == seat:
            return ASK.get(kind, f"Your {name(card)}: choose"), mine
        return f"{does(seat_name(view, ctx, who), 'is')} resolving {name(card)}\u2026", False
    return str(phase or ""), False


def header(view: Mapping[str, Any], ctx: RenderContext, x: float, y: float, w: float) -> Parts:
    """The title bar, the round tracker (round N of 10) and the status line."""
    rounds = int(view.get("rounds") or 10)
    now = int(view.get("round") or 0)
    over = view.get("result") is not None
    parts = [_rect(x, y, w, 44, fill=HEAD),
             _text(x + 12, y + 29, "Loot N' Loaded", size=21, weight="700", fill="#ffffff"),
             _text(x + w - 12, y + 29, f"Round {max(now, 1)} of {rounds}" if not over else "Final",
                   size=17, weight="600", anchor="end", fill="#ffffff", extra=' class="round"')]
    y += 44
    parts.append(f'<g class="round-tracker" data-round="{now}" role="img" '
                 f'aria-label="Round {max(now, 1)} of {rounds}">')
    parts.append(_rect(x, y, w, 36, fill="#26355a"))
    step = (w - 24) / rounds
    for index in range(1, rounds + 1):
        cx = x + 12 + step * (index - 0.5)
        done = index < now or over
        current = index == now and not over
        fill = HIGHLIGHT if current else "#8ea0c4" if done else "none"
        parts.append(f'<circle cx="{cx:.1f}" cy="{y + 18}" r="12" fill="{fill}" stroke="#dbe4f5" '
                     f'stroke-width="{2 if not current else 0}"/>')
        parts.append(_text(cx, y + 23, str(index), size=13, weight="700", anchor="middle",
                           fill="#14213d" if current or done else "#ffffff"))
    parts.append("</g>")
    y += 36
    words, must = status(view, ctx)
    rows, _ = lines(x + 12, y + 6, words, w - 24, size=16, weight="700", step=20, extra=' class="status"')
    height = 12 + 20 * len(rows)
    parts.insert(len(parts), _rect(x, y, w, height, fill=HIGHLIGHT if must else "#dde3ee"))
    parts += rows
    return parts, y + height + 8


def _committed(view: Mapping[str, Any], ctx: RenderContext) -> set[int]:
    return {int(s) for s in view.get("committed") or []} | {int(s) for s in ctx.committed}


def locations(view: Mapping[str, Any], ctx: RenderContext, x: float, y: float, w: float) -> Parts:
    """The locations, 3 to a row: each face-up card (type colour, name, points hint); a ``pick:N`` button when
    the viewer may pick it; the viewer's committed pick highlighted; duels and crowds marked."""
    seat = view.get("seat")
    if view.get("phase") in ("playoff", "end") or view.get("result") is not None:
        return [], y  # round 10 is over: nothing left to pick
    legal = set(view.get("legal") or [])
    places = list(view.get("locations") or [])
    duels = {int(d[0]): d for d in view.get("duels") or []}
    crowded = {int(c) for c in view.get("crowded") or []}
    my_pick = view.get("my_pick")
    deck = int(view.get("deck_count") or 0)
    now = None
    if isinstance(seat, int) and seat < len(view.get("collections") or []):
        now = totals(view["collections"], view.get("flags") or [0] * len(view["collections"]),
                     view.get("newest_badge"))[seat]
    columns = 2 if len(places) in (2, 4) or narrow(w) else 3  # (a phone: 2, for cards ~170 units wide)
    cell = (w - 20 - 10 * (columns - 1)) / columns
    rows = (len(places) + columns - 1) // columns
    height = 36 + rows * (CARD_H + 30) + 4
    parts = ['<g class="locations">', panel(x, y, w, height), title(x + 12, y + 23, "Locations"),
             _text(x + w - 12, y + 23, f"Deck: {deck} card{'s' if deck != 1 else ''}", size=14, anchor="end",
                   fill=MUTED, extra=' class="deck"')]
    for index, card in enumerate(places):
        number = index + 1
        row, col = divmod(index, columns)
        cx = x + 10 + col * (cell + 10)
        cy = y + 36 + row * (CARD_H + 30)
        act = f"pick:{number}"
        picked = my_pick == number
        if card is None:
            parts.append(_rect(cx, cy, cell, CARD_H, fill="none", rx=8, extra=f' stroke="{MUTED}" '
                               'stroke-dasharray="5 4"'))
            parts.append(_text(cx + cell / 2, cy + 50, f"Location {number}", size=14, weight="700",
                               anchor="middle", fill=MUTED))
            parts.append(_text(cx + cell / 2, cy + 70, "empty", size=14, anchor="middle", fill=MUTED))
            continue
        gain = gain_for(view, seat, card, now) if isinstance(seat, int) else None
        points = "" if gain is None else f"{signed(gain) if gain else '+0'} pt{'s' if abs(gain) != 1 else ''} for you"
        note = "your pick" if picked else points
        if picked:
            parts.append(_rect(cx - 5, cy - 5, cell + 10, CARD_H + 10, fill=HIGHLIGHT, rx=11,
                               extra=f' stroke="{ACCENT}" stroke-width="3" class="my-pick"'))
        face = card_face(card, cx, cy, cell, CARD_H, top=f"Location {number}", hint=HINTS.get(card, ""),
                         note=note)
        if act in legal and isinstance(seat, int):
            # the visible words, in order, then what pressing does
            words = [" ".join(face_lines(card, cell)), HINTS.get(card, ""), note]
            label = f"Location {number} {TYPE_WORD[kind_of(card)]}: " + ", ".join(w for w in words if w) + \
                ". Pick it"
            parts.append(_action(act, seat, label, "pick", face + ring(cx, cy, cell, CARD_H, 10),
                                 extra=f' data-location="{number}"'))
        else:
            parts.append(face)
        tag = ""
        if number in duels:
            room = max(3, int((cell / (13 * 0.6) - 9) / 2))
            who = [seat_name(view, ctx, int(s)) for s in duels[number][1:3]]
            if any(len(n) > room for n in who):  # "Cal (Medium bot)" -> "Cal", then shortened if need be
                who = [n.split(" (")[0] or n for n in who]
            tag = "duel: " + " v ".join(clip(n, room) for n in who)
        elif number in crowded:
            tag = "too crowded: redo"
        if tag:
            parts.append(_text(cx + cell / 2, cy + CARD_H + 18, tag, size=13, weight="700", anchor="middle",
                               fill=ACCENT, extra=' class="tag"'))
    parts.append("</g>")
    return parts, y + height + 8


def waiting(view: Mapping[str, Any], ctx: RenderContext, x: float, y: float, w: float) -> Parts:
    """Who has committed in a simultaneous choice (never what), and who is still choosing."""
    phase = view.get("phase")
    if phase not in ("pick", "gun", "playoff", "shootout"):
        return [], y
    done = sorted(_committed(view, ctx))
    still = [s for s in view.get("to_act") or [] if s not in done]
    words = []
    if done:
        verb = "Picked" if phase == "pick" else "Ready"
        words.append(f"{verb}: " + ", ".join(f"{seat_name(view, ctx, s)} \u2713" for s in done))
    if still:
        who = ", ".join(seat_name(view, ctx, int(s)) for s in still)
        words.append(("still choosing: " if words else "Still choosing: ") + who)
    if not words:
        return [], y
    parts, y2 = lines(x + 12, y, " \u00b7 ".join(words), w - 24, size=14, fill=MUTED, weight="600",
                      extra=' class="committed"')
    return ['<g class="waiting">', *parts, "</g>"], y2 + 6


def _reveal_lines(view: Mapping[str, Any], ctx: RenderContext) -> tuple[str, list[str]]:
    last = view.get("last") or {}
    kind = last.get("kind")
    choices = choices_of(last)
    if not choices:
        return "", []
    if kind == "pick":
        spots: dict[int, list[int]] = {}
        for who, where in choices:
            spots.setdefault(int(where), []).append(who)
        out = []
        for where in sorted(spots):
            seats = spots[where]
            what = " (duel)" if len(seats) == 2 else " (too crowded)" if len(seats) > 2 else ""
            out.append(f"Location {where}: {names_list(view, ctx, seats)}{what}")
        return "Picks revealed", out
    if kind in ("gun", "playoff"):
        out = [" v ".join(f"{seat_name(view, ctx, s)}: {GUN_NAMES.get(str(g), str(g))}" for s, g in choices)]
        return "Guns revealed", out
    if kind == "shootout":
        def time(value: object) -> str:
            return "too early" if str(value) in ("early", "0") else f"{value} ms"
        return "Draw times", [", ".join(f"{seat_name(view, ctx, s)}: {time(v)}" for s, v in choices)]
    return "Revealed", [", ".join(f"{seat_name(view, ctx, s)}: {v}" for s, v in choices)]


def reveal(view: Mapping[str, Any], ctx: RenderContext, x: float, y: float, w: float) -> Parts:
    """The last simultaneous choices, all shown at once (who went where, the guns, the draw times)."""
    head, rows = _reveal_lines(view, ctx)
    if not rows:
        return [], y
    body = [title(x + 12, y + 22, head)]
    ty = y + 30
    for row in rows:
        parts, ty = lines(x + 12, ty, row, w - 24, size=14, extra=' class="reveal-line"')
        body += parts
    return ['<g class="reveal">', panel(x, y, w, ty - y + 8), *body, "</g>"], ty + 16


def pending(view: Mapping[str, Any], ctx: RenderContext, x: float, y: float, w: float) -> Parts:
    """What is still to resolve this round: pickups, cards being gained, further duels, the redo."""
    words = []
    for entry in view.get("queue") or []:
        words.append(f"{does(seat_name(view, ctx, int(entry[1])), 'takes')} location {entry[0]}")
    for entry in view.get("gains") or []:
        words.append(f"{does(seat_name(view, ctx, int(entry[0])), 'gains')} {short_name(entry[1])}")
    for duel in (view.get("duels") or [])[1:]:
        words.append(f"duel at location {duel[0]}: {names_list(view, ctx, duel[1:3])}")
    if view.get("redo"):
        words.append(f"redo: {names_list(view, ctx, view['redo'])}")
    if not words:
        return [], y
    parts, y2 = lines(x + 12, y, "Next: " + "; ".join(words), w - 24, size=14, fill=MUTED,
                      extra=' class="pending"')
    return ['<g class="pending">', *parts, "</g>"], y2 + 6


def events(view: Mapping[str, Any], ctx: RenderContext, x: float, y: float, w: float, keep: int = 6) -> Parts:
    """The last few events, readable; a line about one seat starts with its colour."""
    happened = [(e, event_words(view, ctx, e)) for e in view.get("events") or []][-keep:]
    if not happened:
        return [], y
    body = [title(x + 12, y + 22, "What just happened")]
    ty = y + 30
    for event, words in happened:
        subject = re.match(r"seat (\d+)\b", str(event))  # led by one seat: its colour (as TF22's list), else a dot
        if subject:
            body.append(seat_swatch(int(subject.group(1)), x + 9, ty + 4, 10))
        else:
            body.append(f'<circle cx="{x + 14}" cy="{ty + 9}" r="2.5" fill="{MUTED}"/>')
        parts, ty = lines(x + 22, ty, words, w - 34, size=13.5, step=17, extra=' class="event"')
        body += parts
    return ['<g class="events">', panel(x, y, w, ty - y + 8, stroke=LINE), *body, "</g>"], ty + 16
