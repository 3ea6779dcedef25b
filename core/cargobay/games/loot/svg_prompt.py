"""Loot N' Loaded board: an action card's prompt. The prompt seat sees the cards it holds out of the deck
(``held``) and every legal answer as a button with readable words, grouped where there are many (Dynamite's
pairs best first with the points they cost, the Sleeping Dart's cards by victim). Cards go back into the deck
in steps (ruling 7: at any depth; ``LootGame.action_steps``): the card (``data-select="put:gold"``), then the
depth: on top, a few below, the bottom, or "deeper" (``put:gold:deeper``), every other depth as a number. Anyone
else sees only who is resolving which card (and how many cards are held, never which)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...render import RenderContext
from .actions import Discard, Draw, Put, Steal, parse
from .effects import SHALLOW, ordinal
from .svg_collection import totals
from .svg_parts import (
    HINTS,
    MUTED,
    TYPE_INK,
    Parts,
    base,
    card_face,
    does,
    grid,
    kind_of,
    lines,
    name,
    panel,
    prompt_of,
    seat_name,
    short_name,
    signed,
    title,
)
from .svg_table import ASK

RULES = {
    "discard": "Dynamite is worth 5 pts: now discard 2 other cards of your collection.",
    "steal": "Sleeping Dart (\u22122 pts): take any card from another player; they take a White Flag.",
    "handkerchief": "Keep it for 4 pts, or discard it and draw the top 2 cards (their actions happen).",
    "copy": "Copy Cat copies the points (and ability) of one card of yours for the rest of the game.",
    "take": "Keys of Power: keep one of the cards drawn (its action happens); the others go back.",
    "trade": "Sleight of Hand (2 pts): you may swap a drawn card for one of yours; the rest go back.",
    "arrange": "Put each card back into the deck at any depth you choose, one card at a time.",
    "letter": "Take a location's card now and sit out this round's picks, or keep the letter for later.",
}
HELD_W, HELD_H = 140, 92
WHAT = {
    "discard": "discards 2 cards", "steal": "takes a card from another player", "handkerchief": "keeps it or draws 2",
    "copy": "chooses a card to copy", "take": "keeps one of the cards drawn", "trade": "may trade a card",
    "arrange": "puts cards back on the deck", "letter": "uses a Love Letter or keeps it",
}


def _cards(text: str, sep: str = ",") -> list[str]:
    return [card for card in text.split(sep) if card]


def _pts(value: int) -> str:
    return f"{signed(value)} pt{'s' if abs(value) != 1 else ''}" if value else "+0 pts"


def _delta(view: Mapping[str, Any], seat: int, act: str) -> int | None:
    """How an answer changes the seat's score now (its cards' own actions aside); None when not known."""
    cards = [list(c) for c in view.get("collections") or []]
    flags = list(view.get("flags") or [0] * len(cards))
    if seat not in range(len(cards)):
        return None
    before = totals(cards, flags, view.get("newest_badge"))[seat]
    own = cards[seat]
    kind, _, rest = act.partition(":")
    gained: list[str] = []
    lost: list[str] = []
    if kind == "discard":
        lost = _cards(rest, "+")
    elif kind == "trade" and rest != "none":
        drawn, _, given = rest.partition(":")
        gained, lost = [drawn], [given]
    elif kind == "steal":
        victim, _, card = rest.partition(":")
        if (not (victim.isascii() and victim.isdigit()) or int(victim) not in range(len(cards))
                or card not in cards[int(victim)]):
            return None
        cards[int(victim)].remove(card)
        flags[int(victim)] += 1
        gained = [card]
    elif kind == "copy" and "cat" in own:
        gained, lost = [f"cat={rest}"], ["cat"]
    elif kind == "take":
        gained = [rest]
    elif kind == "letter" and (rest.isascii() and rest.isdigit()):
        places = view.get("locations") or []
        spot = places[int(rest) - 1] if 0 < int(rest) <= len(places) else None
        gained = [str(spot)] if spot else []
    else:
        return None
    for card in lost:
        if card not in own:
            return None
        own.remove(card)
    own += gained
    return totals(cards, flags, view.get("newest_badge"))[seat] - before


def _with_points(view: Mapping[str, Any], seat: int, acts: Sequence[tuple[str, str]],
                 best_first: bool = False) -> list[tuple[str, str]]:
    """The labels with the score change each answer makes (best first when asked)."""
    out = []
    for act, label in acts:
        change = _delta(view, seat, act)
        out.append((change if change is not None else -999, act, label if change is None
                    else f"{label} ({_pts(change)})"))
    if best_first:
        out.sort(key=lambda item: -item[0])
    return [(act, label) for _, act, label in out]


def _label(view: Mapping[str, Any], ctx: RenderContext, act: str) -> str:
    kind, _, rest = act.partition(":")
    tokens = view.get("tokens") or {}
    if kind in ("take", "trade") and tokens:
        rest = ":".join(str(tokens.get(part) or part) for part in rest.split(":"))
    if act == "keep":
        return "Keep the Handkerchief (4 pts)"
    if act == "draw":
        return "Draw 2 cards, discard the Handkerchief"
    if kind == "steal":
        victim, _, card = rest.partition(":")
        return f"Take {short_name(card)} from {seat_name(view, ctx, int(victim))}"
    if kind == "copy":
        return f"Copy {'a White Flag' if rest == 'flag' else short_name(rest)}"
    if kind == "take":
        return f"Keep {short_name(rest)}"
    if kind == "trade":
        if rest == "none":
            return "No trade: keep your cards"
        drawn, _, own = rest.partition(":")
        return f"Take {short_name(drawn)}, give {short_name(own)}"
    if kind == "letter":
        if rest == "later":
            return "Keep the Love Letter for later"
        places = view.get("locations") or []
        index = int(rest) - 1 if (rest.isascii() and rest.isdigit()) else -1
        spot = places[index] if 0 <= index < len(places) else None
        return f"Use it: take location {rest}" + (f" ({short_name(spot)})" if spot else "")
    return act


def _held(view: Mapping[str, Any], held: Sequence[str], x: float, y: float, w: float, kind: str) -> Parts:
    words = {"take": "Drawn from the deck (keep one):", "trade": "Drawn from the deck (trade one, or not):",
             "arrange": "Out of the deck, to put back:"}.get(kind, "Out of the deck:")
    parts = [title(x + 12, y + 18, words, size=14)]
    y += 28
    per_row = max(1, int((w - 24 + 8) // (HELD_W + 8)))
    for index, card in enumerate(held):
        row, col = divmod(index, per_row)
        parts.append(card_face(card, x + 12 + col * (HELD_W + 8), y + row * (HELD_H + 8), HELD_W, HELD_H,
                               hint=HINTS.get(base(card), "")))
    rows = (len(held) + per_row - 1) // per_row
    return ['<g class="held">', *parts, "</g>"], y + rows * (HELD_H + 8) + 4


def _groups(view: Mapping[str, Any], ctx: RenderContext, kind: str, seat: int,
            acts: Sequence[str]) -> list[tuple[str, list[tuple[str, str]]]]:
    """The answers as (heading, [(action, label)]) groups, in reading order."""
    if all(isinstance(parse(a), Discard) for a in acts):
        pairs = [(a, "Discard " + " + ".join(short_name(c) for c in _cards(a.partition(":")[2], "+"))) for a in acts]
        return [("Best first, with what each does to your score:", _with_points(view, seat, pairs, True))]
    if all(isinstance(parse(a), Steal) for a in acts):
        victims: dict[int, list[tuple[str, str]]] = {}
        for act in acts:
            victims.setdefault(int(act.split(":")[1]), []).append((act, _label(view, ctx, act)))
        scores = view.get("scores") or []
        return [(f"From {seat_name(view, ctx, v)}" + (f" ({scores[v]} pts):" if v < len(scores) else ":"),
                 _with_points(view, seat, rows, True)) for v, rows in sorted(victims.items())]
    return [("", _with_points(view, seat, [(act, _label(view, ctx, act)) for act in acts]))]


def put_steps(view: Mapping[str, Any], ctx: RenderContext,
              acts: Sequence[str]) -> tuple[list[tuple[str, list[tuple[str, str]]]], set[str]]:
    """The put-back answers as groups for the step picked (``ctx.selection``), and which of them are selections."""
    named = view.get("tokens") or {}  # dealt cryptographically: ``#<position>`` for a card out of the deck
    count = int(view.get("deck_count") or 0)
    cards = sorted({act.split(":")[1] for act in acts}, key=lambda c: (short_name(named.get(c) or c), c))
    picked = ctx.selection if ctx.selection.startswith("put:") else ""
    card = picked.split(":")[1] if picked else ""
    shown = short_name(named.get(card) or card) if card else ""
    if not picked:
        heading = (f"Choose a card to put back, then where it goes: any depth of the {count}-card deck."
                   if count else "Choose a card to put back (the deck is empty: it becomes the deck).")
        rows = [(f"put:{c}", f"Put back {short_name(named.get(c) or c)}…") for c in cards]
        return [(heading, rows)], {row for row, _ in rows}
    back = ("", "Back: choose another card")
    if picked.endswith(":deeper"):
        depths = [act.rsplit(":", 1)[1] for act in acts if act.startswith(f"put:{card}:")]
        deep = sorted(int(d) for d in depths if d.isascii() and d.isdigit() and int(d) >= SHALLOW)
        rows = [(f"put:{card}:{depth}", ordinal(depth + 1)) for depth in deep]
        heading = f"Put {shown} back how deep, counted from the top?"
        return [(heading, rows), ("", [(f"put:{card}", "Back: fewer depths"), back])], {f"put:{card}", back[0]}
    rows = []
    for act in acts:
        if not act.startswith(f"put:{card}:"):
            continue
        depth = act.rsplit(":", 1)[1]
        if depth.isascii() and depth.isdigit() and int(depth) < SHALLOW:
            rows.append((act, f"{shown} on top" if depth == "0" else f"{shown} {ordinal(int(depth) + 1)} from the top"))
    rows.sort(key=lambda row: int(row[0].rsplit(":", 1)[1]))
    selects = {back[0]}
    if count > SHALLOW:
        rows.append((f"put:{card}:deeper", f"Deeper: {ordinal(SHALLOW + 1)} to {ordinal(count)}…"))
        selects.add(f"put:{card}:deeper")
    rows.append((f"put:{card}:bottom", f"{shown} at the bottom"))
    heading = f"Where does {shown} go? The deck has {count} card{'s' if count != 1 else ''}."
    return [(heading, rows), ("", [back])], selects


def prompt_panel(view: Mapping[str, Any], ctx: RenderContext, x: float, y: float, w: float) -> Parts:
    """The prompt: the answers for the prompt seat, "<Player> is resolving <card>..." for everyone else."""
    prompt = prompt_of(view)
    if view.get("phase") != "prompt" or prompt is None:
        return [], y
    who, kind, card = prompt
    seat = view.get("seat")
    ink = TYPE_INK[kind_of(card)]
    body: list[str] = []
    if who != seat:
        headline = f"{does(seat_name(view, ctx, who), 'is')} resolving {name(card)}\u2026"
        body, ty = lines(x + 12, y + 8, headline, w - 40, size=16, weight="700", fill=ink, step=20)
        ty += 4
        more = f"{does(seat_name(view, ctx, who), WHAT.get(kind, 'chooses'))}."
        held_count = int(view.get("held_count") or 0)
        if held_count:
            more += f" {held_count} card{'s' if held_count != 1 else ''} out of the deck, face down to you."
        parts, ty = lines(x + 12, ty, more, w - 24, size=14, fill=MUTED)
        body += parts
        return ['<g class="prompt" data-prompt="other">', panel(x, y, w, ty - y + 8, stroke=ink), *body, "</g>"], \
            ty + 16
    body, ty = lines(x + 12, y + 7, name(card), w - 40, size=17, weight="700", fill=ink, step=21)
    parts, ty = lines(x + 12, ty + 4, RULES.get(kind, ASK.get(kind, "Choose one:")), w - 24, size=13.5,
                      fill=MUTED, step=17)
    body += parts
    ty += 4
    held = [str(c) for c in view.get("held") or []]
    if held:
        parts, ty = _held(view, held, x, ty, w, kind)
        body += parts
    acts = [a for a in view.get("legal") or [] if not isinstance(parse(a), Draw)]
    selects: set[str] = set()
    if acts and all(isinstance(parse(a), Put) for a in acts):
        groups, selects = put_steps(view, ctx, acts)
    else:
        groups = _groups(view, ctx, kind, int(seat) if isinstance(seat, int) else 0, acts)
    for heading, group in groups:
        if heading:
            parts, ty = lines(x + 12, ty, heading, w - 24, size=13.5, fill=MUTED, weight="600")
            body += parts
            ty += 2
        deep = ctx.selection.endswith(":deeper") and group and group[0][0] not in selects
        parts, ty = grid(group, int(seat) if isinstance(seat, int) else 0, x + 10, ty, w - 20, kind=kind,
                         size=13.5, selects=selects, columns=max(1, int((w - 12) // 64)) if deep else 0)
        body += parts
        ty += 2
    return ['<g class="prompt" data-prompt="mine">', panel(x, y, w, ty - y + 6, stroke=ink), *body, "</g>"], \
        ty + 14
