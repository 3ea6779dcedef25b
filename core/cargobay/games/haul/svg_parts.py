"""Haul board pieces: colours, sizes, the card face, tucked stacks, buttons, and the words the board uses."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...render.svg import INK, escape
from ...render.svg import action as _action
from ...render.svg import attr as _attr
from ...render.svg import num as _num
from ...render.svg import rect as _rect
from ...render.svg import text as _text
from ...render.svg import wrap as _wrap
from .actions import RANK, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Claim, Refuel, describe, parse

# One column 380 units wide: a 390 px phone draws it at about 0.98 px per unit, so every text is at least 12.5
# units (>= 12 CSS px there) and every control at least 46 units (>= 44 px). The landscape layout
# (``ctx.wide``) puts two columns side by side.
WIDTH = 380
GUTTER = 10
MIN_FONT = 12.5
PAPER = "#f6f7f9"
PANEL = "#e4e9f1"
MUTED = "#4a5263"
ACCENT = "#b35c00"  # the seat to act, the clickable rings (amber, dark enough on paper)
HIGHLIGHT = "#ffd36b"
HEAD = "#14213d"
# a four-colour deck (colour AND symbol on every card): Hearts red, Diamonds blue, Spades black, Clubs green
SUIT_INK = {"H": "#c0302b", "D": "#1d5bb5", "S": "#1a1d24", "C": "#1b7a3a"}
SUIT_TINT = {"H": "#fbe9e8", "D": "#e6eefa", "S": "#eceef2", "C": "#e5f3ea"}

CARD_W, CARD_H = 50, 70  # a card the viewer may click (hand, the Load): ~49 px on a 390 px phone; 7 fit a row
SMALL_W, SMALL_H = 40, 54  # a card on a trailer
PEEK = 16  # how far each tucked card of a Heavy Load peeks out to the right (less in a deep stack)
BUTTON_H = 56
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}

STYLE = (
    ".cargobay-haul .action{cursor:pointer}"
    ".cargobay-haul .action:focus{outline:none}"
    ".cargobay-haul .action .ring{stroke:transparent}"
    ".cargobay-haul .action:hover .ring{stroke:#0b0d12}"
    ".cargobay-haul .action:focus-visible .ring{stroke:#0b0d12;stroke-width:4px}"
)


# --- cards ------------------------------------------------------------------------------------------


def card_face(card: str, x: float, y: float, w: float, h: float, *, dim: bool = False) -> str:
    """A card face up: white, bordered and inked in its suit's colour; its rank and suit symbol in one
    ``<text>`` (reads "8♠"), the symbol large in the middle."""
    suit = card[-1]
    ink = SUIT_INK[suit]
    opacity = ' opacity="0.55"' if dim else ""
    rank = card[:-1]
    spans = (
        f'<tspan x="{_num(x + 5)}" y="{_num(y + h * 0.3)}" font-size="{_num(h * 0.27)}" font-weight="700">'
        f"{escape(rank)}</tspan>"
        f'<tspan x="{_num(x + w / 2)}" y="{_num(y + h * 0.86)}" font-size="{_num(h * 0.46)}" '
        f'text-anchor="middle">{SUIT_SYMBOLS[suit]}</tspan>'
    )
    return (
        f'<g class="card-face" data-card="{_attr(card)}"{opacity}>'
        + _rect(x, y, w, h, fill="#ffffff", rx=6, extra=f' stroke="{ink}" stroke-width="2"')
        + f'<text fill="{ink}">{spans}</text></g>'
    )


def stack(cards: Sequence[str], x: float, y: float, w: float = SMALL_W, h: float = SMALL_H,
          room: float = 0.0) -> str:
    """A trailer slot's cargo: the exposed card on top at ``x``, each tucked card behind it peeking out
    ``PEEK`` units further right (closer when ``room``, the slot's width, would not hold them), its rank over
    its symbol in the strip that shows."""
    parts: list[str] = []
    peek = PEEK if not room or len(cards) < 2 else min(PEEK, (room - w) / (len(cards) - 1))
    for depth in range(len(cards) - 1, 0, -1):
        card = cards[depth]
        left = x + depth * peek
        ink = SUIT_INK[card[-1]]
        strip = left + w - peek / 2
        parts.append(
            f'<g class="tucked" data-card="{_attr(card)}">'
            + _rect(left, y, w, h, fill=SUIT_TINT[card[-1]], rx=5, extra=f' stroke="{ink}" stroke-width="1.5"')
            + f'<text fill="{ink}" text-anchor="middle" font-weight="700">'
            f'<tspan x="{_num(strip)}" y="{_num(y + 16)}" font-size="{MIN_FONT}">{escape(card[:-1])}</tspan>'
            f'<tspan x="{_num(strip)}" y="{_num(y + 32)}" font-size="14">{SUIT_SYMBOLS[card[-1]]}</tspan>'
            "</text></g>"
        )
    if cards:
        parts.append(card_face(cards[0], x, y, w, h))
    return "".join(parts)


def ring(x: float, y: float, w: float, h: float, rx: float = 8) -> str:
    return _rect(x - 3, y - 3, w + 6, h + 6, fill="none", rx=rx, extra=' class="ring" stroke-width="3"')


def button(
    act: str, seat: int, lines: Sequence[str], x: float, y: float, w: float, *,
    select: bool = False, kind: str = "option", label: str = "", fill: str = "#ffffff",
) -> tuple[str, float]:
    """A full-width button: its visible words in ONE ``<text>`` (a line per ``<tspan>``, each of ``lines``
    wrapped to the button's width); the aria-label starts with those words. Returns the element and its
    height (>= BUTTON_H)."""
    size = 15
    words = " ".join(lines)
    wrapped = [_wrap(line, (w - 28) / 1.08, size) for line in lines]
    heads = len(wrapped[0]) if wrapped else 0  # the headline (bold) may take two lines
    lines = [part for parts in wrapped for part in parts]
    height = max(BUTTON_H, 18 + 19 * len(lines))
    top = y + (height - 19 * len(lines)) / 2 + 14
    bold = ' font-weight="700"'
    spans = "".join(  # a space ends each line but the last, so the words read apart (as the aria-label)
        f'<tspan x="{_num(x + 14)}" y="{_num(top + 19 * index)}"{bold if index < heads else ""}>'
        f'{escape(line)}{" " if index < len(lines) - 1 else ""}</tspan>'
        for index, line in enumerate(lines)
    )
    body = (
        _rect(x, y, w, height, fill=fill, rx=10, extra=f' stroke="{ACCENT}" stroke-width="2"')
        + ring(x, y, w, height, 12)
        + f'<text font-size="{size}" fill="{INK}">{spans}</text>'
    )
    return _action(act, seat, label or words, kind, body, select=select), height


# --- words ------------------------------------------------------------------------------------------


def names(view: Mapping[str, Any], labels: Mapping[Any, str]) -> list[str]:
    seat = view.get("seat")
    out = []
    for index in range(4):
        given = labels.get(index, labels.get(str(index))) if labels else None
        out.append(str(given) if given is not None else ("You" if index == seat else f"Seat {index + 1}"))
    return out


def short(name: str, limit: int) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "\u2026"


def brief(name: str, limit: int = 10) -> str:
    """A name where a column is narrow: without its bracket ("Ben (Easy bot)" -> "Ben"), at most ``limit``.

    >>> brief("Ben (Easy bot)"), brief("You"), brief("Bartholomew the Great", 8)
    ('Ben', 'You', 'Barthol…')
    """
    head = name.partition(" (")[0].strip() or name
    return short(head, limit)


def name_lines(name: str, limit: int = 12) -> list[str]:
    """A name in at most two lines for a narrow column: the bracket on its own line.

    >>> name_lines("Dot (Easy bot)"), name_lines("You")
    (['Dot', '(Easy bot)'], ['You'])
    """
    head, bracket, rest = name.partition(" (")
    if not bracket or not head.strip():
        return [short(name, limit)]
    return [short(head, limit), short("(" + rest, limit)]


def mid(name: str) -> str:
    """A name inside a sentence ("so you took", not "so You took")."""
    return "you" if name == "You" else name


def slot_words(cards: Sequence[str]) -> str:
    return "-".join(describe(card) for card in cards) or "empty"


def card_list(cards: Sequence[str]) -> str:
    return " ".join(describe(card) for card in cards)


def explain(view: Mapping[str, Any], seat: int, act: str) -> list[str]:
    """What a resolving action does to the seat's trailer: the headline, then the trailer's points before
    and after (a Forced Unload names every card it discards).

    >>> view = {"trailers": [[[], [], ["8S", "8H", "8D"], []]] * 4, "tokens": [2, 2, 2, 2]}
    >>> explain(view, 0, "claim:6S")
    ['Claim 6♠ by suit: Forced Unload of 8♠-8♥-8♦', 'Trailer 24 → 6 points (discards 3 cards)']
    """
    move = parse(act)
    trailer = view["trailers"][seat]
    before = sum(RANK[card] for slot in trailer for card in slot)
    if isinstance(move, Refuel):
        left = view["tokens"][seat] - 1
        return [f"Refuel: discard {describe(move.card)}, take no cargo",
                f"Uses a token: {left} token{'s' if left != 1 else ''} left; trailer stays {before} points"]
    assert isinstance(move, Claim)
    gain = RANK[move.card]
    if move.heavy:
        slot = trailer[SUITS.index(move.heavy)]
        return [f"Claim {describe(move.card)} as a Heavy Load under {slot_words(slot)}",
                f"Trailer {before} \u2192 {before + gain} points ({SUIT_NAMES[move.heavy]} slot)"]
    slot = trailer[SUITS.index(move.card[-1])]
    if not slot:
        return [f"Claim {describe(move.card)} by suit into the empty {SUIT_NAMES[move.card[-1]]} slot",
                f"Trailer {before} \u2192 {before + gain} points"]
    lost = sum(RANK[card] for card in slot)
    count = f"{len(slot)} card{'s' if len(slot) != 1 else ''}"
    return [f"Claim {describe(move.card)} by suit: Forced Unload of {slot_words(slot)}",
            f"Trailer {before} \u2192 {before - lost + gain} points (discards {count})"]


def winner_words(result: Mapping[str, Any], names_: Sequence[str]) -> str:
    winners = list(result["winners"])
    scores = result["scores"]
    who = " and ".join(names_[w] for w in winners)
    if len(winners) > 1:
        return f"{who} share the win with {scores[winners[0]]} points"
    verb = "win" if names_[winners[0]] == "You" else "wins"
    why = {"score": "", "refuel tokens": " (tie-break: more Refuel tokens left)",
           "haul 4": " (tie-break: higher Haul 4 score)"}.get(result.get("decided_by", ""), "")
    return f"{who} {verb} with {scores[winners[0]]} points{why}"


def status(view: Mapping[str, Any], names_: Sequence[str]) -> tuple[str, bool]:
    """The one-line headline and whether the viewer must act now."""
    seat = view.get("seat")
    phase = view["phase"]
    result = view.get("result")
    if result is not None:
        return f"Game over: {winner_words(result, names_)}", False
    if phase in ("dealer", "deal"):
        return f"Dealing Haul {int(view['haul']) + 1}", False
    acting = (view.get("to_act") or [None])[0]
    mine = acting is not None and acting == seat and bool(view.get("legal"))
    if phase == "play":
        if mine:
            return "Your turn: play a card from your hand into the Load", True
        return f"{names_[acting]} to play a card", False
    place = ORDINAL[4 - len(view.get("resolutions") or [])]
    if mine:
        return f"Your turn to resolve ({place} place): pick a card from the Load", True
    return f"{names_[acting]} to resolve ({place} place)", False


def header(view: Mapping[str, Any], names_: Sequence[str], y: float, width: float) -> tuple[list[str], float]:
    """The title bar (which Haul and Load) and the status line, wrapped (one or two lines)."""
    haul = max(1, int(view["haul"]))
    load = min(int(view["load"]) + 1, int(view["loads"]))
    where = f"Haul {haul}/{view['hauls_total']} \u00b7 Load {load}/{view['loads']}"
    parts = [
        _rect(0, y, width, 40, fill=HEAD),
        _text(12, y + 27, "Haul", size=20, weight="700", fill="#ffffff"),
        _text(width - 12, y + 27, where, size=16, weight="600", anchor="end", fill="#ffffff"),
    ]
    words, must = status(view, names_)
    lines = _wrap(words, (width - 24) / 1.12, 15)  # bold glyphs are wider than wrap's average
    height = 14 + 19 * len(lines)
    parts.append(_rect(0, y + 40, width, height, fill=HIGHLIGHT if must else "#dde3ee"))
    spans = "".join(f'<tspan x="12" y="{_num(y + 60 + 19 * k)}">{escape(line)}{" " if k < len(lines) - 1 else ""}'
                    "</tspan>" for k, line in enumerate(lines))
    parts.append(f'<text font-size="15" font-weight="700" fill="{INK}" class="status">{spans}</text>')
    return parts, y + 40 + height
