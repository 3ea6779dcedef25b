"""Loot N' Loaded board: an action card's prompt. The prompt seat sees the cards it holds out of the deck
(``held``) and every legal answer as a button with readable words, grouped where there are many (Dynamite's
pairs best first with the points they cost, the Sleeping Dart's cards by victim, Tall Glass arrangements by how
many go on top). Anyone else sees only who is resolving which card (and how many cards are held, never which)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...render import RenderContext
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
    "arrange": "Each card goes back on top of the deck or at its bottom, in the order you choose.",
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


def _arrange_label(act: str, tokens: Mapping[str, Any] | None = None) -> tuple[int, str]:
    top, _, bottom = act.partition(":")[2].partition("/")
    sides = []
    named = tokens or {}  # dealt cryptographically: ``#<position>`` for a card out of the deck (loot/dealt.py)
    if _cards(top):
        sides.append("Top: " + ", ".join(short_name(named.get(c) or c) for c in _cards(top)))
    if _cards(bottom):
        sides.append("Bottom: " + ", ".join(short_name(named.get(c) or c) for c in _cards(bottom)))
    return len(_cards(top)), " \u00b7 ".join(sides) or "Put nothing back"


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
    if kind == "arrange":
        return _arrange_label(act, tokens)[1]
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
    if all(a.startswith("discard:") for a in acts):
        pairs = [(a, "Discard " + " + ".join(short_name(c) for c in _cards(a.partition(":")[2], "+"))) for a in acts]
        return [("Best first, with what each does to your score:", _with_points(view, seat, pairs, True))]
    if all(a.startswith("steal:") for a in acts):
        victims: dict[int, list[tuple[str, str]]] = {}
        for act in acts:
            victims.setdefault(int(act.split(":")[1]), []).append((act, _label(view, ctx, act)))
        scores = view.get("scores") or []
        return [(f"From {seat_name(view, ctx, v)}" + (f" ({scores[v]} pts):" if v < len(scores) else ":"),
                 _with_points(view, seat, rows, True)) for v, rows in sorted(victims.items())]
    if all(a.startswith("arrange:") for a in acts):
        by_top: dict[int, list[tuple[str, str]]] = {}
        for act in acts:
            on_top, label = _arrange_label(act, view.get("tokens"))
            by_top.setdefault(on_top, []).append((act, label))
        total = max(by_top)
        heads = {}
        for on_top in by_top:
            under = total - on_top
            heads[on_top] = ("All on top" if not under else "All at the bottom" if not on_top
                             else f"{on_top} on top, {under} at the bottom")
        return [(f"{heads[k]} (top: first is the new top card; bottom: last is the bottom card):" if k == total
                 else f"{heads[k]}:", by_top[k]) for k in sorted(by_top, reverse=True)]
    return [("", _with_points(view, seat, [(act, _label(view, ctx, act)) for act in acts]))]


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
        body.append(title(x + 12, y + 24, headline, size=16, fill=ink))
        ty = y + 32
        more = f"{does(seat_name(view, ctx, who), WHAT.get(kind, 'chooses'))}."
        held_count = int(view.get("held_count") or 0)
        if held_count:
            more += f" {held_count} card{'s' if held_count != 1 else ''} out of the deck, face down to you."
        parts, ty = lines(x + 12, ty, more, w - 24, size=14, fill=MUTED)
        body += parts
        return ['<g class="prompt" data-prompt="other">', panel(x, y, w, ty - y + 8, stroke=ink), *body, "</g>"], \
            ty + 16
    body.append(title(x + 12, y + 24, name(card), size=17, fill=ink))
    parts, ty = lines(x + 12, y + 32, RULES.get(kind, ASK.get(kind, "Choose one:")), w - 24, size=13.5,
                      fill=MUTED, step=17)
    body += parts
    ty += 4
    held = [str(c) for c in view.get("held") or []]
    if held:
        parts, ty = _held(view, held, x, ty, w, kind)
        body += parts
    acts = [a for a in view.get("legal") or [] if not a.startswith("draw:")]
    for heading, group in _groups(view, ctx, kind, int(seat) if isinstance(seat, int) else 0, acts):
        if heading:
            parts, ty = lines(x + 12, ty, heading, w - 24, size=13.5, fill=MUTED, weight="600")
            body += parts
            ty += 2
        parts, ty = grid(group, int(seat) if isinstance(seat, int) else 0, x + 10, ty, w - 20, kind=kind,
                         size=13.5)
        body += parts
        ty += 2
    return ['<g class="prompt" data-prompt="mine">', panel(x, y, w, ty - y + 6, stroke=ink), *body, "</g>"], \
        ty + 14
