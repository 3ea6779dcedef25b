"""Loot N' Loaded board pieces: colours and sizes, card names and types, seat names, the card face, buttons
(one or a readable grid of them) and the words the board uses for the view's parts (prompts, events)."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from ...render import RenderContext
from ...render.svg import INK, escape
from ...render.svg import action as _action
from ...render.svg import num as _num
from ...render.svg import rect as _rect
from ...render.svg import text as _text
from ...render.svg import wrap as _wrap

WIDTH = 500  # a column of the landscape layout (``ctx.wide``), which puts two side by side
NARROW = 380  # the portrait board: a 390 px phone draws it near 1:1 (~0.98 px a unit), so text >= 12.5 units
GUTTER = 10
PAPER = "#f6f7f9"
PANEL = "#e8ecf2"
LINE = "#c3ccd9"
MUTED = "#4a5263"  # >= 7:1 on white, >= 5:1 on PANEL
ACCENT = "#a65300"  # the seat to act, the clickable outlines (amber, dark enough on white)
HIGHLIGHT = "#ffd36b"
HEAD = "#14213d"
BUTTON_H = 60  # >= 44 CSS px on a 390 px phone (the 380-unit board is ~370 px wide there)

# the card types as the rulebook colours them; a dark band (white text on it: >= 5:1) and a light tint
TYPE_INK = {"basic": "#b45309", "unique": "#15803d", "action": "#b91c1c", "hogwash": "#6b3f1d", "flag": "#3f4a5e"}
TYPE_TINT = {"basic": "#fff3e3", "unique": "#e8f6ec", "action": "#fdecec", "hogwash": "#f3ebe2", "flag": "#eef1f5"}
TYPE_WORD = {"basic": "Basic", "unique": "Unique", "action": "Action", "hogwash": "Hogwash", "flag": "Flag"}

NAMES = {
    "oil": "Snake Oil", "totem": "Totem of Knowledge", "compass": "Golden Compass",
    "jewelR": "Queen's Jewels (red)", "jewelG": "Queen's Jewels (green)", "jewelB": "Queen's Jewels (blue)",
    "jewelY": "Queen's Jewels (yellow)", "flower": "Crystal Flower", "boots": "Boots of Speed",
    "bullets": "Collection of Bullets", "sheriff": "Sheriff's Badge", "glass": "Tall Glass of Water",
    "clover": "Lucky 4 Leaf Clover", "humility": "Badge of Humility", "gold": "Gold", "keys": "Keys of Power",
    "dynamite": "Dynamite", "cat": "Copy Cat", "sleight": "Sleight of Hand", "letter": "Love Letter",
    "dart": "Sleeping Dart", "handkerchief": "Handkerchief", "hog2": "Hogwash (2 heads)",
    "hog3": "Hogwash (3 heads)", "flag": "White Flag",
}
SHORT = {
    "oil": "Snake Oil", "totem": "Totem", "compass": "Compass", "jewelR": "Red Jewel", "jewelG": "Green Jewel",
    "jewelB": "Blue Jewel", "jewelY": "Yellow Jewel", "flower": "Flower", "boots": "Boots", "bullets": "Bullets",
    "sheriff": "Sheriff", "glass": "Tall Glass", "clover": "Clover", "humility": "Humility", "gold": "Gold",
    "keys": "Keys", "dynamite": "Dynamite", "cat": "Copy Cat", "sleight": "Sleight", "letter": "Love Letter",
    "dart": "Dart", "handkerchief": "Handkerchief", "hog2": "Hogwash 2", "hog3": "Hogwash 3", "flag": "White Flag",
}
BASIC = {"oil", "totem", "compass", "jewelR", "jewelG", "jewelB", "jewelY", "flower", "boots"}
UNIQUE = {"bullets", "sheriff", "glass", "clover", "humility", "gold"}
ACTION = {"keys", "dynamite", "cat", "sleight", "letter", "dart", "handkerchief"}
HINTS = {  # what a card is worth (and does), in a few words
    "oil": "1: \u22122 \u00b7 2: 7 pts", "totem": "2/4/8/12/18 pts", "compass": "2/3/10 pts",
    "jewelR": "2/5/9/16 pts, mixed", "jewelG": "2/5/9/16 pts, mixed", "jewelB": "2/5/9/16 pts, mixed",
    "jewelY": "2/5/9/16 pts, mixed", "flower": "0/6/0/16 pts", "boots": "0/6 pts", "bullets": "4 pts if 6+ types",
    "sheriff": "newest 5, others 2", "glass": "3 pts; sort top 3", "clover": "2/5/7 pts; 3rd draws",
    "humility": "2 pts; most +4", "gold": "Gold 3 pts", "keys": "draw 3, keep 1", "dynamite": "5 pts; discard 2",
    "cat": "copies a card", "sleight": "2 pts; may trade", "letter": "2 pts; pick first",
    "dart": "\u22122 pts; steal 1",
    "handkerchief": "keep 4 pts or draw 2", "hog2": "2 heads: 9/6/4/2", "hog3": "3 heads: 9/6/4/2",
}
GUN_NAMES = {"acolyte": "Acolyte", "deadly": "Deadly", "duel": "Duel Gun", "sneaky": "Sneaky", "valiant": "Valiant"}
GUN_ORDER = ("valiant", "deadly", "sneaky", "acolyte", "duel")
PROMPT_KINDS = {"dynamite": "discard", "dart": "steal", "handkerchief": "handkerchief", "cat": "copy",
                "keys": "take", "sleight": "trade", "glass": "arrange", "letter": "letter"}

STYLE = (
    ".cargobay-loot .action{cursor:pointer}"
    ".cargobay-loot .action:focus{outline:none}"
    ".cargobay-loot .action .ring{stroke:transparent}"
    ".cargobay-loot .action:hover .ring{stroke:#0b0d12}"
    ".cargobay-loot .action:focus-visible .ring{stroke:#0b0d12;stroke-width:4px}"
)

Parts = tuple[list[str], float]


def narrow(w: float) -> bool:
    """Whether a part ``w`` wide is in the portrait board (NARROW: a phone), not a landscape column."""
    return w < (NARROW + WIDTH) / 2


# --- words ------------------------------------------------------------------------------------------


def base(card: str) -> str:
    """The card a collection entry scores as (``cat=gold`` -> ``gold``, ``sheriff@3.2`` -> ``sheriff``)."""
    return (card.partition("=")[2] if card.startswith("cat=") else card).partition("@")[0]


def _date(code: str) -> str:
    """" (round 3)" for a Badge obtained in round 3 (ruling 6: Badges are told apart by when), else ""."""
    _, at, date = code.partition("@")
    return f" (round {date.partition('.')[0]})" if at else ""


def kind_of(card: str) -> str:
    card = base(card)
    if card in BASIC:
        return "basic"
    if card in UNIQUE:
        return "unique"
    if card in ACTION:
        return "action"
    return "flag" if card == "flag" else "hogwash"


def name(card: object) -> str:
    """A card's full name; a Copy Cat that copied reads "Copy Cat (as Gold)"."""
    code = str(card)
    if code.startswith("cat="):
        return f"Copy Cat (as {SHORT.get(base(code), base(code))}{_date(code)})"
    return NAMES.get(base(code), code) + _date(code)


def short_name(card: object) -> str:
    code = str(card)
    if code.startswith("cat="):
        return f"Copy Cat (as {SHORT.get(base(code), base(code))}{_date(code)})"
    return SHORT.get(base(code), code) + _date(code)


def seat_name(view: Mapping[str, Any], ctx: RenderContext, seat: int) -> str:
    return ctx.label(seat, "You" if seat == view.get("seat") else f"Player {seat + 1}")


def names_list(view: Mapping[str, Any], ctx: RenderContext, seats: Iterable[int]) -> str:
    who = [seat_name(view, ctx, int(s)) for s in seats]
    if len(who) <= 1:
        return who[0] if who else "nobody"
    return ", ".join(who[:-1]) + " and " + who[-1]


def signed(value: int) -> str:
    """+3, \u22122 (a true minus sign), 0."""
    return f"+{value}" if value > 0 else f"\u2212{-value}" if value < 0 else "0"


def does(who: str, verb: str) -> str:
    """"Ann takes", but "You take" (the verb is the first word of ``verb``)."""
    first, _, rest = verb.partition(" ")
    if who == "You":
        first = {"is": "are", "has": "have"}.get(first, first[:-3] + "y" if first.endswith("ies")
                                                  else first.removesuffix("s"))
    return f"{who} {first}{' ' + rest if rest else ''}"


def clip(words: str, limit: int) -> str:
    return words if len(words) <= limit else words[: limit - 1] + "\u2026"


def prompt_of(view: Mapping[str, Any]) -> tuple[int, str, str] | None:
    """The pending prompt as (seat, kind, card); also reads the engine's older ``[seat, card]`` form."""
    prompt = view.get("prompt")
    if not prompt:
        return None
    if len(prompt) >= 3:
        return int(prompt[0]), str(prompt[1]), str(prompt[2])
    card = str(prompt[1])
    return int(prompt[0]), PROMPT_KINDS.get(card, card), card


def choices_of(last: Mapping[str, Any] | None) -> list[tuple[int, Any]]:
    """A reveal's choices as (seat, value) in seat order: ``{seat: value}`` (JSON turns the seat keys into
    strings) or ``[[seat, value], ...]``."""
    if not last:
        return []
    choices = last.get("choices") or {}
    pairs = choices.items() if isinstance(choices, Mapping) else [tuple(p) for p in choices if len(p) == 2]
    out = []
    for key, value in pairs:
        try:
            out.append((int(key), value))
        except (TypeError, ValueError):
            continue
    return sorted(out)


_SEATS = re.compile(r"\bseats? \[([\d, ]*)\]|\bseats? (\d+)")
_ONE_OUT = re.compile(r"\bseats \[(\d+)\] are out\b")
_CODES = re.compile(r"\b(cat=\w+|" + "|".join(sorted(NAMES, key=len, reverse=True)) + r")\b")
_AND = re.compile(r"\band (draws|takes|keeps|discards|wins|loses|puts)\b")
_GUNS = re.compile(r"\b(acolyte|deadly|sneaky|valiant)\b")
_VERBS = re.compile(r"\bYou (wins|takes|draws|keeps|discards|picks|plays|copies|trades|uses|steals|loses|is)\b")


def _you(match: re.Match[str]) -> str:
    verb = match.group(1)
    return "You " + ("are" if verb == "is" else verb[:-3] + "y" if verb.endswith("ies") else verb[:-1])


def event_words(view: Mapping[str, Any], ctx: RenderContext, event: object) -> str:
    """An engine event made readable: seat numbers become names, card codes card names."""
    def seats(match: re.Match[str]) -> str:
        if match.group(1) is not None:
            numbers = [int(n) for n in re.findall(r"\d+", match.group(1))]
            return names_list(view, ctx, numbers)
        return seat_name(view, ctx, int(match.group(2)))

    words = _ONE_OUT.sub(r"seat \1 is out", str(event))  # ("seats [2] are out": one seat is out)
    words = _SEATS.sub(seats, words)
    words = _CODES.sub(lambda m: short_name(m.group(1)), words)
    words = _GUNS.sub(lambda m: GUN_NAMES[m.group(1)], words)
    words = re.sub(r"\b(plays?) duel\b", r"\1 Duel Gun", words)
    words = words.replace("You's ", "Your ").replace(" -> ", " \u2192 ")
    words = _VERBS.sub(_you, words)
    if words.startswith("You "):
        words = _AND.sub(lambda m: "and " + m.group(1)[:-1], words)
    return words[:1].upper() + words[1:]


# --- drawing ----------------------------------------------------------------------------------------


def ring(x: float, y: float, w: float, h: float, rx: float = 8) -> str:
    return _rect(x - 3, y - 3, w + 6, h + 6, fill="none", rx=rx, extra=' class="ring" stroke-width="3"')


def panel(x: float, y: float, w: float, h: float, fill: str = "#ffffff", stroke: str = LINE) -> str:
    return _rect(x, y, w, h, fill=fill, rx=10, extra=f' stroke="{stroke}"')


def title(x: float, y: float, words: str, *, size: float = 15, fill: str = INK) -> str:
    return _text(x, y, words, size=size, weight="700", fill=fill)


def lines(x: float, y: float, words: str, width: float, *, size: float = 14, fill: str = INK,
          weight: str | None = None, step: float = 18, extra: str = "") -> Parts:
    """Wrapped text, one ``<text>`` per line; returns the parts and the y below the last line."""
    parts = []
    # (_wrap's glyph estimate is a regular one: bold runs ~12% wider, and any text a little wider than it says)
    for line in _wrap(words, width * (0.86 if weight in ("600", "700") else 0.95), size):
        parts.append(_text(x, y + size, line, size=size, fill=fill, weight=weight, extra=extra))
        y += step
    return parts, y


def button(act: str, seat: int, label: str, x: float, y: float, w: float, *, h: float = BUTTON_H,
           kind: str = "option", size: float = 14, fill: str = "#ffffff", select: bool = False) -> str:
    """A button whose visible words are its aria-label (shortened visibly only when it cannot fit); ``select``:
    a selection step (``data-select``, a partial action) rather than a complete action."""
    room = int((w - 16) / (size * 0.56))
    shown = clip(label, room)
    body = (
        _rect(x, y, w, h, fill=fill, rx=9, extra=f' stroke="{ACCENT}" stroke-width="2"')
        + ring(x, y, w, h, 11)
        + _text(x + w / 2, y + h / 2 + size * 0.36, shown, size=size, weight="600", anchor="middle")
    )
    return _action(act, seat, label, kind, body, select=select)


def grid(acts: Sequence[tuple[str, str]], seat: int, x: float, y: float, w: float, *, kind: str = "option",
         size: float = 14, columns: int = 0, selects: Collection[str] = ()) -> Parts:
    """Buttons in rows: as many columns (1-3) as the longest label allows; returns the y below them. The
    actions in ``selects`` are selection steps (``data-select``)."""
    if not acts:
        return [], y
    longest = max(len(label) for _, label in acts) * size * 0.56 + 20
    if not columns:
        columns = max(1, min(3, int((w + 8) // (longest + 8)), len(acts)))
    cell = (w - 8 * (columns - 1)) / columns
    parts = []
    for index, (act, label) in enumerate(acts):
        row, col = divmod(index, columns)
        parts.append(button(act, seat, label, x + col * (cell + 8), y + row * (BUTTON_H + 8), cell, kind=kind,
                            size=size, select=act in selects))
    rows = (len(acts) + columns - 1) // columns
    return parts, y + rows * (BUTTON_H + 8)


def face_lines(card: str, w: float) -> list[str]:
    """A card face's name in at most 2 lines of a ``w`` wide card (the short name when the full one is longer)."""
    full = _wrap(name(card), w - 16, 18)
    return full if len(full) <= 2 else _wrap(short_name(card), w - 16, 18)[:2]


def card_face(card: str, x: float, y: float, w: float, h: float, *, top: str = "", hint: str = "",
              note: str = "", dim: bool = False) -> str:
    """A card face up: a band in its type's colour (``top`` on it), its name and a points hint. Each text ends
    in a space: a screen reader (and axe) joins a clickable card's texts into words that match its label."""
    kind = kind_of(card)
    ink = TYPE_INK[kind]
    parts = [
        f'<g class="card" data-card="{escape(card, quote=True)}" data-type="{kind}"'
        + (' opacity="0.6"' if dim else "") + ">",
        _rect(x, y, w, h, fill=TYPE_TINT[kind], rx=8, extra=f' stroke="{ink}" stroke-width="2"'),
        _rect(x, y, w, 24, fill=ink, rx=8),
        _rect(x, y + 14, w, 10, fill=ink),
        _text(x + 8, y + 17, (top or TYPE_WORD[kind]) + " ", size=13, weight="700", fill="#ffffff"),
    ]
    if top:
        parts.append(_text(x + w - 8, y + 17, TYPE_WORD[kind] + " ", size=12.5, anchor="end", fill="#ffffff"))
    ty = y + 42
    for line in face_lines(card, w):
        parts.append(_text(x + 7, ty, line + " ", size=15, weight="700", extra=' class="card-name"'))
        ty += 18
    if hint:
        parts.append(_text(x + 7, ty + 2, hint + " ", size=13, fill=MUTED, extra=' class="card-hint"'))
    if note:
        parts.append(_text(x + 7, y + h - 9, note + " ", size=13, weight="700", fill=ink, extra=' class="note"'))
    parts.append("</g>")
    return "".join(parts)


def chip(x: float, y: float, words: str, *, fill: str, ink: str = INK, stroke: str = "none", size: float = 13,
         strike: bool = False) -> tuple[str, float]:
    """A small rounded label; returns it and its width."""
    w = len(words) * size * 0.58 + 14
    parts = [_rect(x, y, w, 22, fill=fill, rx=11, extra=f' stroke="{stroke}"' if stroke != "none" else ""),
             _text(x + w / 2, y + 15.5, words, size=size, anchor="middle", fill=ink, weight="600")]
    if strike:
        parts.append(f'<line x1="{_num(x + 6)}" y1="{_num(y + 11)}" x2="{_num(x + w - 6)}" y2="{_num(y + 11)}" '
                     f'stroke="{ink}" stroke-width="1.5"/>')
    return "".join(parts), w
