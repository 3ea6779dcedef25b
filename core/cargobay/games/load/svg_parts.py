"""TF22: LOAD! board pieces: colours, sizes, cards, containers, and the words the board uses."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ...render.svg import INK
from ...render.svg import num as _num
from ...render.svg import rect as _rect
from ...render.svg import text as _text
from .actions import COLOUR_NAMES, Load, Reload, parse

WIDTH = 500  # a column of the landscape layout (``ctx.wide``), which puts two side by side
NARROW = 380  # the portrait board: a 390 px phone draws it near 1:1 (~0.98 px a unit), so text >= 12.5 units
MIN_TEXT = 12.5  # the smallest font of the portrait board (>= 12 CSS px on the phone)
GUTTER = 10
DISPLAY_ORDER = "GBRY"  # strongest in battle first: how cards and tables are listed
FILL = {"G": "#1b7a3a", "B": "#1d5bb5", "R": "#c0302b", "Y": "#f2c41c"}
INK_ON = {"G": "#ffffff", "B": "#ffffff", "R": "#ffffff", "Y": "#1a1a1a"}
SYMBOL_NAME = {"G": "circle", "B": "square", "R": "triangle", "Y": "star"}
MUTED = "#4a5263"
PAPER = "#f6f7f9"
PANEL = "#e4e9f1"
HULL = "#c9d3e3"
ACCENT = "#b35c00"  # highlight for targets and the player to act (amber, dark enough on paper)
HIGHLIGHT = "#ffd36b"
BACK = "#23304d"

CARD_W, CARD_H = 74, 78
MINI_W, MINI_H = 56, 78
CONTAINER_H = 24
SLOT_PITCH = 94
SLOT_W = 88
STACK_MAX = 4

STYLE = (
    ".cargobay-load .action{cursor:pointer}"
    ".cargobay-load .action:focus{outline:none}"
    ".cargobay-load .action .ring{stroke:transparent}"
    ".cargobay-load .action:hover .ring{stroke:#0b0d12}"
    ".cargobay-load .action:focus-visible .ring{stroke:#0b0d12;stroke-width:4px;stroke-dasharray:none}"
)


# --- small builders ---------------------------------------------------------------------------------


def _symbol(colour: str, cx: float, cy: float, r: float, fill: str) -> str:
    """The colour-blind-safe mark of a colour: Green circle, Blue square, Red triangle, Yellow star."""
    if colour == "G":
        return f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}" fill="{fill}"/>'
    if colour == "B":
        side = r * 1.7
        return _rect(cx - side / 2, cy - side / 2, side, side, fill=fill)
    if colour == "R":
        points = [(cx, cy - r * 1.1), (cx + r * 1.05, cy + r * 0.8), (cx - r * 1.05, cy + r * 0.8)]
    else:
        points = []
        for k in range(10):
            radius = r * 1.15 if k % 2 == 0 else r * 0.5
            angle = math.pi / 2 + k * math.pi / 5
            points.append((cx + radius * math.cos(angle), cy - radius * math.sin(angle)))
    joined = " ".join(f"{_num(px)},{_num(py)}" for px, py in points)
    return f'<polygon points="{joined}" fill="{fill}"/>'


def _container(colour: str, x: float, y: float, w: float, h: float) -> str:
    """One RCU container: a coloured block with its symbol and name (tighter in a narrow slot)."""
    ink = INK_ON[colour]
    narrow = w < 70
    return (
        _rect(x, y, w, h, fill=FILL[colour], rx=3, extra=' stroke="#0b0d12" stroke-opacity="0.45"')
        + _symbol(colour, x + (7 if narrow else 10), y + h / 2, 4 if narrow else 5, ink)
        + _text(x + (13.5 if narrow else 19), y + h / 2 + 5, COLOUR_NAMES[colour], size=MIN_TEXT if narrow else 14,
                fill=ink, weight="600")
    )


def _card_face(card: str, x: float, y: float, w: float, h: float, *, count: int = 1) -> str:
    """A container card face up: colour, symbol, face value, name; a badge when held more than once."""
    colour, value = card[0], card[1]
    ink = INK_ON[colour]
    parts = [
        _rect(x, y, w, h, fill=FILL[colour], rx=7, extra=' stroke="#0b0d12" stroke-width="1.5"'),
        _rect(
            x + 3.5, y + 3.5, w - 7, h - 7, fill="none", rx=5, extra=f' stroke="{ink}" stroke-opacity="0.5"'
        ),
        _symbol(colour, x + 13, y + 14, 5.5, ink),
    ]
    if count > 1:
        parts.append(
            f'<circle cx="{_num(x + w - 13)}" cy="{_num(y + 14)}" r="10.5" fill="#ffffff" stroke="{INK}"/>'
        )
    # One text element, the name first: its words read "Green 3 x2", as the card's button label does.
    spans = [
        f'<tspan x="{_num(x + w / 2)}" y="{_num(y + h - 9)}" font-size="12.5">{COLOUR_NAMES[colour]}</tspan>',
        (f'<tspan x="{_num(x + w / 2)}" y="{_num(y + h * 0.62)}" font-size="{_num(h * 0.4)}" font-weight="700">'
        f"{value}</tspan>"),
    ]
    if count > 1:
        spans.append(
            f'<tspan x="{_num(x + w - 13)}" y="{_num(y + 18.5)}" font-size="{MIN_TEXT}" font-weight="700" fill="{INK}">'
            f"x{count}</tspan>"
        )
    parts.append(f'<text text-anchor="middle" fill="{ink}">{" ".join(spans)}</text>')
    return "".join(parts)


def _card_back(x: float, y: float, w: float, h: float) -> str:
    return (
        _rect(x, y, w, h, fill=BACK, rx=7, extra=' stroke="#0b0d12" stroke-width="1.5"')
        + _rect(
            x + 5, y + 5, w - 10, h - 10, fill="none", rx=5, extra=' stroke="#8fa3cc" stroke-dasharray="4 3"'
        )
        + _text(
            x + w / 2,
            y + h / 2 + 5,
            "LOAD!",
            size=min(15, w / 4.2),
            weight="700",
            anchor="middle",
            fill="#dfe7f7",
        )
    )


def _card_slot(x: float, y: float, w: float, h: float) -> str:
    """An empty place in the battle area (nothing chosen yet)."""
    return _rect(x, y, w, h, fill="none", rx=7, extra=f' stroke="{MUTED}" stroke-dasharray="5 4"')


# --- words ------------------------------------------------------------------------------------------


def _names(view: Mapping[str, Any], labels: Mapping[Any, str] | None) -> list[str]:
    seat = view.get("seat")
    names = (["You", "Opponent"] if seat == 0 else ["Opponent", "You"]) if seat in (0, 1) else ["Seat 1", "Seat 2"]
    for index in (0, 1):
        if labels:
            given = labels.get(index, labels.get(str(index)))
            if given is not None:
                names[index] = str(given)
    return names


def _colour_list(colours: Sequence[str]) -> str:
    return " or ".join(COLOUR_NAMES[c] for c in colours)


def _describe(card: str) -> str:
    return f"{COLOUR_NAMES[card[0]]} {card[1]}"


def _move_words(action: str) -> str:
    """``load:G@2`` -> "loaded Green onto slot 2"; ``reload:G@1>3`` -> "moved Green from slot 1 to slot 3"."""
    move = parse(action)
    if isinstance(move, Reload):
        return f"moved {COLOUR_NAMES[move.colour]} from slot {move.source} to slot {move.target}"
    if isinstance(move, Load):
        return f"loaded {COLOUR_NAMES[move.colour]} onto slot {move.slot}"
    return action


def _battle_number(view: Mapping[str, Any]) -> int:
    turns = int(view.get("turns", 12))
    if view["phase"] in ("choose", "load"):
        return min(int(view["turn"]) + 1, turns)
    return int(view["turn"])


def _winner_words(result: Mapping[str, Any], names: Sequence[str]) -> str:
    winners = list(result["winners"])
    scores, bonus = result["scores"], result["bonus"]
    if len(winners) == 2:
        return f"Both win: tied on {scores[0]} points and on bonus points ({bonus[0]})"
    winner = winners[0]
    verb = "win" if names[winner] == "You" else "wins"
    text = f"{names[winner]} {verb} {scores[winner]} to {scores[1 - winner]}"
    if scores[0] == scores[1]:
        text = (
            f"{names[winner]} {verb} the tie-break: {scores[winner]} points each, fewer bonus points "
            f"({bonus[winner]} to {bonus[1 - winner]})"
        )
    return text


def _status(view: Mapping[str, Any], names: Sequence[str]) -> tuple[str, bool]:
    """The one-line headline and whether the viewer must act now."""
    seat = view.get("seat")
    phase = view["phase"]
    result = view.get("result")
    if result is not None:
        return f"Game over: {_winner_words(result, names)}", False
    if phase == "deal":
        if int(view["round"]) == 0:
            return "Dealing the cards for round 1", False
        return f"Round {view['round']} scored; dealing round {int(view['round']) + 1}", False
    if phase == "choose":
        chosen = view["chosen"]
        if seat in (0, 1):
            other = names[1 - seat]
            if view.get("legal"):
                tail = f" ({other} has chosen)" if chosen[1 - seat] else ""
                return f"Choose a card to play{tail}", True
            return f"Card chosen: waiting for {_mid(other)}", False
        waiting = [names[s] for s in (0, 1) if not chosen[s]]
        return f"Waiting for {' and '.join(waiting)} to choose a card", False
    loader = view.get("loader")
    colours = list(view.get("load_colours") or [])
    battle = view.get("last_battle") or {}
    joker = battle.get("outcome") == "joker"
    if seat in (0, 1) and loader == seat and view.get("legal"):
        if joker:
            return f"Joker load: load or move {_colour_list(colours)}", True
        return f"You won: load or move {_colour_list(colours)}", True
    if loader in (0, 1):
        kind = " (Joker)" if joker else ""
        return f"{names[loader]} is loading {_colour_list(colours)}{kind}", False
    return "", False


# --- sections ---------------------------------------------------------------------------------------

def _mid(name: str) -> str:
    """A name inside a sentence ("so you took", not "so You took")."""
    return "you" if name == "You" else name


def _short(name: str, limit: int) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "\u2026"


def _brief(name: str, limit: int) -> str:
    """A name in a narrow cell: without its "(Easy bot)" ("Ben (Easy bot)" -> "Ben"), then shortened."""
    return _short(name.split(" (", maxsplit=1)[0] or name, limit)
