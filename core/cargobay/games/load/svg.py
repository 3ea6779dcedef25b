"""The TF22: LOAD! board as SVG: a pure function from a seat's view to one self-contained ``<svg>`` string.

Like python-chess's ``chess.svg``: no I/O, no scripts, no external references, no web fonts (a system
font stack only), every text escaped. The page inserts the string and wires clicks itself: each move the
viewer may make is one element with ``class="action ..."``, ``data-action`` (the engine's action string),
``data-seat``, ``role="button"``, ``tabindex="0"`` and an ``aria-label``.

Decisions the brief left open:
- One portrait layout (viewBox 500 wide, height grows with the content) so that the same string reads at
  ~900 px and at a ~380 px phone width; the page scales it with CSS.
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
from collections import Counter
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from ...render import RenderContext
from ...render.svg import FONT, INK
from ...render.svg import action as _action
from ...render.svg import attr as _attr
from ...render.svg import num as _num
from ...render.svg import rect as _rect
from ...render.svg import text as _text
from ...render.svg import wrap as _wrap
from .actions import COLOUR_NAMES, SLOTS, Load, Reload, parse
from .rules import COMPLETE_STACK, STACK_BONUS

__all__ = ["render"]

WIDTH = 500  # one column; the landscape layout (``ctx.wide``) puts two side by side
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
    """One RCU container: a coloured block with its symbol and name."""
    ink = INK_ON[colour]
    return (
        _rect(x, y, w, h, fill=FILL[colour], rx=3, extra=' stroke="#0b0d12" stroke-opacity="0.45"')
        + _symbol(colour, x + 10, y + h / 2, 5, ink)
        + _text(x + 19, y + h / 2 + 5, COLOUR_NAMES[colour], size=14, fill=ink, weight="600")
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
        f'<tspan x="{_num(x + w / 2)}" y="{_num(y + h * 0.62)}" font-size="{_num(h * 0.4)}" font-weight="700">'
        f"{value}</tspan>",
    ]
    if count > 1:
        spans.append(
            f'<tspan x="{_num(x + w - 13)}" y="{_num(y + 18.5)}" font-size="12" font-weight="700" fill="{INK}">'
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


def _header(view: Mapping[str, Any], names: Sequence[str], y: float) -> tuple[list[str], float]:
    rounds = view.get("rounds", 3)
    turns = view.get("turns", 12)
    parts = [
        _rect(0, y, WIDTH, 44, fill="#14213d"),
        _text(12, y + 29, "TF22: LOAD!", size=21, weight="700", fill="#ffffff"),
        _text(
            WIDTH - 12,
            y + 29,
            f"Round {view['round']}/{rounds} \u00b7 Battle {_battle_number(view)}/{turns}",
            size=17,
            weight="600",
            anchor="end",
            fill="#ffffff",
        ),
    ]
    status, must_act = _status(view, names)
    lines = _wrap(status, WIDTH - 24, 17) if status else []
    height = 12 + 21 * len(lines) if lines else 0
    if lines:
        parts.append(_rect(0, y + 44, WIDTH, height, fill=HIGHLIGHT if must_act else "#dde3ee"))
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


def _player_bar(view: Mapping[str, Any], names: Sequence[str], who: int, y: float) -> tuple[list[str], float]:
    to_act = who in (view.get("to_act") or []) and view.get("result") is None
    hand = view["hand_counts"][who]
    pile = view["piles"][who]
    majorities = view["majorities"][who]
    majority = ", ".join(COLOUR_NAMES[c] for c in DISPLAY_ORDER if c in majorities) or "none"
    parts = [
        _rect(6, y, WIDTH - 12, 48, fill=PANEL, rx=8),
        _text(18, y + 20, _short(names[who], 22), size=17, weight="700", extra=' class="name"'),
        _text(
            WIDTH - 16,
            y + 20,
            f"Score {view['scores'][who]}",
            size=17,
            weight="700",
            anchor="end",
            extra=' class="score"',
        ),
        _text(
            18,
            y + 40,
            f"Hand {hand} \u00b7 Pile {len(pile)} {'card' if len(pile) == 1 else 'cards'} \u00b7 "
            f"Majority: {majority}",
            size=14,
            fill=MUTED,
        ),
    ]
    jammed = [c for c in DISPLAY_ORDER if c in (view.get("cannot_take") or [[], []])[who]]
    height = 48
    if jammed:
        # a win in a colour the ship cannot take becomes the other player's Joker: worth saying
        height = 66
        parts[0] = _rect(6, y, WIDTH - 12, height, fill=PANEL, rx=8)
        words = "Ship cannot take: " + ", ".join(COLOUR_NAMES[c] for c in jammed)
        if len(jammed) < 4:  # the reason fits beside up to three colour names
            words += " (a win there is a Joker)"
        parts.append(_text(18, y + 58, words, size=13, weight="700", fill=ACCENT, extra=' class="jammed"'))
    if to_act:
        parts.insert(1, _rect(6, y, 6, height, fill=ACCENT, rx=3))
        parts.append(_rect(WIDTH - 170, y + 6, 62, 20, fill=ACCENT, rx=10))
        parts.append(
            _text(WIDTH - 139, y + 20.5, "to act", size=13, weight="700", anchor="middle", fill="#ffffff")
        )
    return [f'<g class="player" data-player="{who}">', *parts, "</g>"], y + height + 6


def _ship(view: Mapping[str, Any], who: int, y: float, viewer: int | None) -> tuple[list[str], float]:
    ship = view["ships"][who]
    loads: dict[int, list[str]] = {}
    if viewer == who:
        for action in view.get("legal") or []:
            if action.startswith("load:"):
                colour, _, slot = action[len("load:") :].partition("@")
                loads.setdefault(int(slot) - 1, []).append(colour)
    left = (WIDTH - (SLOTS - 1) * SLOT_PITCH - SLOT_W) / 2
    stack_top = y + 10
    stack_h = STACK_MAX * CONTAINER_H + 8
    split: list[tuple[str, int]] = []  # (colour, slot index) of a Joker's two colours on one slot
    parts = [
        f'<g class="ship" data-player="{who}">',
        _rect(6, y, WIDTH - 12, stack_h + 42, fill=HULL, rx=14, extra=' stroke="#8d9bb3"'),
    ]
    for index in range(SLOTS):
        slot = ship[index] if index < len(ship) else []
        x = left + index * SLOT_PITCH
        targets = sorted(loads.get(index, []), key=DISPLAY_ORDER.index)
        if targets:
            parts.append(
                _rect(
                    x,
                    stack_top,
                    SLOT_W,
                    stack_h,
                    fill="#fff1c9",
                    rx=6,
                    extra=f' stroke="{ACCENT}" stroke-width="3" stroke-dasharray="6 4"',
                )
            )
        else:
            parts.append(
                _rect(x, stack_top, SLOT_W, stack_h, fill="#f2f5fa", rx=6, extra=' stroke="#8d9bb3"')
            )
        bottom = stack_top + stack_h - 4
        for level, colour in enumerate(slot[:STACK_MAX]):
            parts.append(
                _container(
                    colour, x + 5, bottom - (level + 1) * CONTAINER_H + 1, SLOT_W - 10, CONTAINER_H - 2
                )
            )
        label_y = stack_top + stack_h + 20
        if list(slot) == COMPLETE_STACK:
            parts.append(_rect(x + 2, label_y - 15, SLOT_W - 4, 21, fill=INK, rx=10))
            parts.append(
                _text(
                    x + SLOT_W / 2,
                    label_y + 0.5,
                    f"Slot {index + 1} +{STACK_BONUS}",
                    size=14,
                    weight="700",
                    anchor="middle",
                    fill=HIGHLIGHT,
                    extra=' class="complete"',
                )
            )
        else:
            parts.append(
                _text(x + SLOT_W / 2, label_y, f"Slot {index + 1}", size=14, anchor="middle", fill=MUTED)
            )
        if not targets or viewer is None:
            continue
        share = SLOT_W / len(targets)
        ghost_y = bottom - (len(slot) + 1) * CONTAINER_H + 1
        for k, colour in enumerate(targets):
            hx = x + k * share
            ghost_w = share - 10
            name = COLOUR_NAMES[colour]
            if len(targets) > 1:
                # A Joker may load either colour here: the halves of a slot are too narrow to tap on a phone,
                # so they only show the choice; the buttons below the ship make it.
                split.append((colour, index))
                parts.append(
                    _rect(hx + 5, ghost_y, ghost_w, CONTAINER_H - 2, fill=FILL[colour], rx=3,
                          extra=' fill-opacity="0.6" stroke="#0b0d12" stroke-width="1.5" stroke-dasharray="4 2"')
                    + _symbol(colour, hx + 5 + ghost_w / 2, ghost_y + (CONTAINER_H - 2) / 2, 6, INK_ON[colour])
                )
                continue
            body = (
                _rect(
                    hx + 1.5,
                    stack_top + 1.5,
                    share - 3,
                    stack_h - 3,
                    fill="#ffffff",
                    rx=5,
                    extra=' fill-opacity="0" class="ring" stroke-width="3"',
                )
                + _rect(
                    hx + 5,
                    ghost_y,
                    ghost_w,
                    CONTAINER_H - 2,
                    fill=FILL[colour],
                    rx=3,
                    extra=' fill-opacity="0.6" stroke="#0b0d12" stroke-width="1.5" stroke-dasharray="4 2"',
                )
                + _symbol(colour, hx + 5 + ghost_w / 2, ghost_y + (CONTAINER_H - 2) / 2, 6, INK_ON[colour])
                + _text(
                    hx + share / 2,
                    ghost_y - 6,
                    "Load",
                    size=13,
                    weight="700",
                    anchor="middle",
                    fill="#7a3d00",
                )
            )
            parts.append(
                _action(
                    f"load:{colour}@{index + 1}", viewer, f"Load {name} onto slot {index + 1}", "load", body
                )
            )
    y += stack_h + 48
    if split and viewer is not None:
        parts.append(_text(12, y + 14, "Joker: either colour may go on the same slot:", size=14, weight="700"))
        y += 22
        button_w, gap, bx = 152.0, 8.0, 12.0
        for colour, index in split:
            if bx + button_w > WIDTH - 12:
                bx, y = 12.0, y + 70
            name = COLOUR_NAMES[colour]
            body = (
                _rect(bx, y, button_w, 62, fill="#fff1c9", rx=8, extra=f' stroke="{ACCENT}" stroke-width="2"')
                + _ring(bx - 2, y - 2, button_w + 4, 66)
                + _rect(bx + 8, y + 19, 24, 24, fill=FILL[colour], rx=4)
                + _symbol(colour, bx + 20, y + 31, 6, INK_ON[colour])
                + _text(bx + 40, y + 37, f"Load {name} on {index + 1}", size=14, weight="700")
            )
            label = f"Load {name} on {index + 1}: load {name} onto slot {index + 1}"
            parts.append(_action(f"load:{colour}@{index + 1}", viewer, label, "load", body))
            bx += button_w + gap
        y += 70
    parts.append("</g>")
    return parts, y


def _ring(x: float, y: float, w: float, h: float) -> str:
    """A button's focus / hover ring (drawn by the STYLE only on :hover and :focus-visible)."""
    return _rect(x, y, w, h, fill="none", rx=9, extra=' class="ring" stroke-width="3"')


def _reloads(view: Mapping[str, Any], viewer: int, y: float, ctx: RenderContext) -> tuple[list[str], float]:
    """Reloads in two picks: first the container ("Move Green from slot 2"), then the slot it goes to.

    With nothing picked, one button per container that may move (``data-select``); with one picked
    (``ctx.selection`` is ``reload:G@2``), its target slots (``data-action``) and a button to put it back.
    """
    moves = [parse(action) for action in view.get("legal") or [] if action.startswith("reload:")]
    reloads = [move for move in moves if isinstance(move, Reload)]
    if not reloads:
        return [], y
    picked = [move for move in reloads if move.picked == ctx.selection]
    parts = ['<g class="reloads">']
    # Buttons are 32 units high on a landscape screen; in the portrait layout (phones: ~0.73 px per unit)
    # 62, so that a finger's target is at least 44 CSS px both ways.
    button_h = 32 if ctx.wide else 62
    row_h, button_w, gap = button_h + 6, 56 if ctx.wide else 64, 5
    text_dy = button_h / 2 + 5
    if picked:
        colour, source = picked[0].colour, picked[0].source
        name = COLOUR_NAMES[colour]
        parts.append(_text(12, y + 16, f"Move {name} from slot {source} to:", size=15, weight="700"))
        y += 26
        bx = 12.0
        for move in picked:
            label = f"slot {move.target}: move {name} from slot {source} to slot {move.target}"
            body = (
                _rect(bx, y, button_w, button_h, fill="#ffffff", rx=7, extra=f' stroke="{ACCENT}" stroke-width="2"')
                + _ring(bx - 2, y - 2, button_w + 4, button_h + 4)
                + _text(bx + button_w / 2, y + text_dy, f"slot {move.target}", size=14, weight="700",
                        anchor="middle")
            )
            parts.append(_action(str(move), viewer, label, "reload", body))
            bx += button_w + gap
        cancel_w = 150
        body = (
            _rect(bx + 8, y, cancel_w, button_h, fill="#eef1f6", rx=7,
                  extra=f' stroke="{MUTED}" stroke-width="1.5"')
            + _ring(bx + 6, y - 2, cancel_w + 4, button_h + 4)
            + _text(bx + 8 + cancel_w / 2, y + text_dy, "Keep it in place", size=14, anchor="middle")
        )
        parts.append(_action("", viewer, f"Keep it in place: do not move {name}", "unselect", body, select=True))
        parts.append("</g>")
        return parts, y + row_h + 2
    parts.append(_text(12, y + 16, "Or move a container on your ship (reload):", size=15, weight="700"))
    y += 26
    sources: dict[str, Reload] = {}
    for move in reloads:
        sources.setdefault(move.picked, move)
    bx = 12.0
    button_w = 150
    for picked_action, move in sources.items():
        if bx + button_w > WIDTH - 12:
            bx = 12.0
            y += row_h
        name = COLOUR_NAMES[move.colour]
        label = f"Move {name} from slot {move.source}, then pick where it goes"
        body = (
            _rect(bx, y, button_w, button_h, fill="#ffffff", rx=7, extra=f' stroke="{ACCENT}" stroke-width="2"')
            + _ring(bx - 2, y - 2, button_w + 4, button_h + 4)
            + _rect(bx + 6, y + button_h / 2 - 10, 20, 20, fill=FILL[move.colour], rx=4)
            + _symbol(move.colour, bx + 16, y + button_h / 2, 5.5, INK_ON[move.colour])
            + _text(bx + 32, y + text_dy, f"{name} from slot {move.source}", size=13.5)
        )
        parts.append(_action(picked_action, viewer, label, "pick", body, select=True))
        bx += button_w + gap
    parts.append("</g>")
    return parts, y + row_h + 2


def _choices(view: Mapping[str, Any], names: Sequence[str], order: Sequence[int], card_y: float) -> list[str]:
    """The simultaneous node: a card back for each seat that has chosen, the viewer's own pick captioned."""
    seat = view.get("seat")
    phase = view["phase"]
    chosen = view.get("chosen") or [False, False]
    top, bottom = order
    body: list[str] = []
    for column, who in enumerate((top, bottom)):
        cx = 18 + column * (MINI_W + 22)
        body.append(
            _text(cx + MINI_W / 2, card_y - 8, _short(names[who], 9), size=13, anchor="middle", fill=MUTED)
        )
        if phase == "choose" and chosen[who]:
            body.append(f'<g class="choice" data-player="{who}">{_card_back(cx, card_y, MINI_W, MINI_H)}</g>')
            caption = "chosen"
            if who == seat and view.get("my_choice"):
                caption = _describe(view["my_choice"])
            body.append(
                _text(
                    cx + MINI_W / 2,
                    card_y + MINI_H + 17,
                    caption,
                    size=13,
                    weight="600",
                    anchor="middle",
                    extra=' class="choice-caption"',
                )
            )
        else:
            body.append(_card_slot(cx, card_y, MINI_W, MINI_H))
            if phase == "choose":
                body.append(
                    _text(
                        cx + MINI_W / 2,
                        card_y + MINI_H + 17,
                        "choosing",
                        size=13,
                        anchor="middle",
                        fill=MUTED,
                    )
                )
    return body


def _round_scored(
    entry: Mapping[str, Any], names: Sequence[str], order: Sequence[int], y: float
) -> list[str]:
    """Between rounds and at the end: what the round just scored, in place of the face-down cards."""
    body = [_text(18, y + 22, f"Round {entry['round']} scored", size=15, weight="700")]
    line_y = y + 50
    for who in order:
        points = entry["seats"][who]["points"]
        body.append(_text(18, line_y, f"{_short(names[who], 12)}: +{points}", size=14, weight="600"))
        line_y += 20
    return body


def _battle_area(
    view: Mapping[str, Any], names: Sequence[str], bottom: int, y: float
) -> tuple[list[str], float]:
    """The face-down choices of this battle, the last battle's revealed cards and what came of it."""
    top = 1 - bottom
    phase = view["phase"]
    parts = ['<g class="battle">']
    card_y = y + 52
    scored = list(view.get("rounds_scored") or [])
    if phase in ("deal", "end") and scored:
        body = _round_scored(scored[-1], names, (top, bottom), y)
    else:
        body = [
            _text(18, y + 22, "This battle", size=15, weight="700"),
            *_choices(view, names, (top, bottom), card_y),
        ]
    lx = 18 + 2 * (MINI_W + 22) + 12
    body.append(
        f'<line x1="{lx - 12}" y1="{_num(y + 10)}" x2="{lx - 12}" y2="{_num(card_y + MINI_H + 24)}" '
        'stroke="#c3ccd9"/>'
    )
    battle = view.get("last_battle")
    ty = card_y + MINI_H + 42
    if not battle:
        body.append(_text(lx, y + 22, "Last battle", size=15, weight="700"))
        body.append(_text(lx, card_y + 16, "No battle yet this round.", size=14, fill=MUTED))
    else:
        body.append(
            _text(
                lx,
                y + 22,
                f"Last battle (round {battle['round']}, battle {battle['turn']})",
                size=15,
                weight="700",
            )
        )
        cards = battle["cards"]
        winner = battle.get("winner")
        for column, who in enumerate((top, bottom)):
            mx = lx + column * (MINI_W + 22)
            card = cards[who]
            if winner == who:
                body.append(_rect(mx - 4, card_y - 4, MINI_W + 8, MINI_H + 8, fill=ACCENT, rx=10))
            body.append(
                f'<g class="revealed" data-player="{who}" data-card="{_attr(card)}">'
                f"{_card_face(card, mx, card_y, MINI_W, MINI_H)}</g>"
            )
            body.append(
                _text(
                    mx + MINI_W / 2, card_y - 8, _short(names[who], 9), size=13, anchor="middle", fill=MUTED
                )
            )
            if winner == who:
                body.append(
                    _text(
                        mx + MINI_W / 2,
                        card_y + MINI_H + 17,
                        "won",
                        size=13,
                        weight="700",
                        anchor="middle",
                        fill="#7a3d00",
                    )
                )
        tx = lx + 2 * (MINI_W + 22) - 6
        body.append(
            _text(
                tx,
                card_y + 12,
                _outcome_tag(battle),
                size=16,
                weight="700",
                fill="#7a3d00",
                extra=' class="outcome"',
            )
        )
        side = [
            f"{_short(names[winner], 12)} won:" if winner is not None else "Tie:",
            *_wrap(battle["reason"], WIDTH - 16 - tx, 13),
        ]
        for index, line in enumerate(side):
            body.append(
                _text(
                    tx,
                    card_y + 32 + 16 * index,
                    line,
                    size=13,
                    weight="700" if index == 0 else None,
                    extra=' class="battle-text"',
                )
            )
        ty = max(ty, card_y + 32 + 16 * len(side) + 4)
        lines: list[tuple[str, str | None]] = []
        lines.append((_outcome_words(battle, names), None))
        last_load = view.get("last_load")
        if last_load:
            lines.append(
                (f"Last load: {names[last_load['seat']]} {_move_words(last_load['action'])}.", "600")
            )
        elif phase == "load" and view.get("loader") in (0, 1):
            lines.append((f"Waiting for {_mid(names[view['loader']])} to load.", "600"))
        for text, weight in lines:
            for line in _wrap(text, WIDTH - 36, 14):
                body.append(_text(18, ty, line, size=14, weight=weight, extra=' class="battle-text"'))
                ty += 18
            ty += 3
    discarded = view.get("discarded") or []
    body.append(
        _text(
            18,
            ty + 2,
            f"Face-down this round: {view.get('face_down_count', 4)} cards \u00b7 "
            f"Discarded: {len(discarded)}",
            size=13,
            fill=MUTED,
        )
    )
    ty += 14
    parts.append(_rect(6, y, WIDTH - 12, ty - y, fill="#ffffff", rx=10, extra=' stroke="#c3ccd9"'))
    parts.extend(body)
    parts.append("</g>")
    return parts, ty + 8


def _outcome_tag(battle: Mapping[str, Any]) -> str:
    return {"load": "Load", "joker": "Joker!", "tie": "Tie", "discarded": "Discarded"}.get(
        str(battle.get("outcome")), ""
    )


def _outcome_words(battle: Mapping[str, Any], names: Sequence[str]) -> str:
    outcome = battle.get("outcome")
    winner = battle.get("winner")
    colours = list(battle.get("colours") or [])
    if outcome == "tie":
        return "Each card went to its owner's pile; no one loads."
    if outcome == "discarded":
        return "Neither ship could take either colour: both cards were discarded."
    if outcome == "joker" and winner in (0, 1):
        loser = 1 - winner
        lost_colour = COLOUR_NAMES[battle["cards"][winner][0]]
        return (
            f"Joker: {names[winner]} could not load {lost_colour}, so {_mid(names[loser])} took both cards "
            f"to load {_colour_list(colours)}."
        )
    if winner in (0, 1):
        return f"{names[winner]} took both cards to load {_colour_list(colours)}."
    return ""


def _mid(name: str) -> str:
    """A name inside a sentence ("so you took", not "so You took")."""
    return "you" if name == "You" else name


def _short(name: str, limit: int) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "\u2026"


def _hand(view: Mapping[str, Any], viewer: int, y: float) -> tuple[list[str], float]:
    hand = list(view.get("hand") or [])
    choice = view.get("my_choice")
    if choice and view["phase"] == "choose" and choice in hand:
        hand.remove(choice)
    counts = Counter(hand)
    legal = set(view.get("legal") or [])
    distinct = sorted(counts, key=lambda c: (DISPLAY_ORDER.index(c[0]), c[1]))
    title = f"Your hand: {len(hand)} card{'s' if len(hand) != 1 else ''}"
    if any(action.startswith("play:") for action in legal):
        title += " (tap one to play it face down)"
    parts = ['<g class="hand">', _text(12, y + 18, title, size=15, weight="700")]
    y += 28
    per_row, gap = 6, 6
    left = (WIDTH - per_row * CARD_W - (per_row - 1) * gap) / 2
    if not distinct:
        parts.append(_text(12, y + 14, "No cards in hand.", size=14, fill=MUTED))
        parts.append("</g>")
        return parts, y + 26
    for index, card in enumerate(distinct):
        x = left + (index % per_row) * (CARD_W + gap)
        cy = y + (index // per_row) * (CARD_H + gap)
        face = _card_face(card, x, cy, CARD_W, CARD_H, count=counts[card])
        action = f"play:{card}"
        if action in legal:
            ring = _rect(
                x - 2.5,
                cy - 2.5,
                CARD_W + 5,
                CARD_H + 5,
                fill="none",
                rx=9,
                extra=' class="ring" stroke-width="3"',
            )
            parts.append(
                _action(
                    action,
                    viewer,
                    f"Play {_describe(card)}" + (f" x{counts[card]}" if counts[card] > 1 else ""),
                    "card",
                    face + ring,
                    extra=f' data-card="{_attr(card)}"',
                )
            )
        else:
            dim = ' opacity="0.6"' if view["phase"] == "choose" else ""
            parts.append(f'<g class="card" data-card="{_attr(card)}"{dim}>{face}</g>')
    rows = (len(distinct) + per_row - 1) // per_row
    parts.append("</g>")
    return parts, y + rows * (CARD_H + gap) + 2


def _table(view: Mapping[str, Any], names: Sequence[str], bottom: int, y: float) -> tuple[list[str], float]:
    """The legend and, per colour: containers on each ship, pile points, majority holder, supply."""
    top = 1 - bottom
    ships = view["ships"]
    piles = view["piles"]
    supply = view.get("supply") or {}
    majorities = view["majorities"]
    centres = {bottom: (140, 196), top: (258, 314)}  # (ship, pile points) column centres
    majority_x, supply_x = 390, 462
    row_h = 28
    parts = ['<g class="colours">']
    body: list[str] = []
    hy = y + 20
    body.append(_text(16, hy, "Colour", size=14, weight="700"))
    for who in (bottom, top):
        ship_x, pile_x = centres[who]
        body.append(
            _text((ship_x + pile_x) / 2, hy, _short(names[who], 11), size=14, weight="700", anchor="middle")
        )
        body.append(_text(ship_x, hy + 17, "ship", size=12.5, anchor="middle", fill=MUTED))
        body.append(_text(pile_x, hy + 17, "pile pts", size=12.5, anchor="middle", fill=MUTED))
    body.append(_text(majority_x, hy, "Majority", size=14, weight="700", anchor="middle"))
    body.append(_text(supply_x, hy, "Supply", size=14, weight="700", anchor="middle"))
    ry = y + 44
    for index, colour in enumerate(DISPLAY_ORDER):
        if index % 2 == 0:
            body.append(_rect(8, ry, WIDTH - 16, row_h, fill="#eef2f8"))
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
        holder_text = _short(names[holder], 10) if holder is not None else "tie"
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
        for wrapped in _wrap(line, WIDTH - 32, 12.5):
            ry += 17
            body.append(_text(16, ry, wrapped, size=12.5, fill=MUTED))
    ry += 12
    parts.append(_rect(6, y, WIDTH - 12, ry - y, fill="#ffffff", rx=10, extra=' stroke="#c3ccd9"'))
    parts.extend(body)
    parts.append("</g>")
    return parts, ry + 6


def _game_over(
    view: Mapping[str, Any], names: Sequence[str], bottom: int, y: float
) -> tuple[list[str], float]:
    result = view["result"]
    top = 1 - bottom
    body: list[str] = []
    ty = y + 30
    body.append(_text(18, ty, "Game over", size=22, weight="700"))
    ty += 26
    for line in _wrap(_winner_words(result, names), WIDTH - 36, 18):
        body.append(_text(18, ty, line, size=18, weight="700", fill="#7a3d00", extra=' class="winner"'))
        ty += 22
    ty += 6
    col_x = {bottom: 100, top: 296}
    cell_w = 176  # bold text runs wider than _wrap estimates
    for who in (bottom, top):
        body.append(_text(col_x[who], ty, _short(names[who], 18), size=15, weight="700"))
    ty += 8
    for entry in result.get("rounds") or []:
        body.append(f'<line x1="18" y1="{_num(ty)}" x2="{WIDTH - 18}" y2="{_num(ty)}" stroke="#d8c39a"/>')
        body.append(_text(18, ty + 20, f"Round {entry['round']}", size=15, weight="700"))
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
            for line in _wrap(points, cell_w, 13.5):
                body.append(
                    _text(col_x[who], ly, line, size=13.5, weight="600", extra=' class="round-points"')
                )
                ly += 17
            heights.append(ly - ty)
        ty += max(heights) + 2
    bonus = result["bonus"]
    body.append(f'<line x1="18" y1="{_num(ty)}" x2="{WIDTH - 18}" y2="{_num(ty)}" stroke="#d8c39a"/>')
    body.append(_text(18, ty + 20, "Bonus", size=15, weight="700"))
    for who in (bottom, top):
        stacks = bonus[who] // STACK_BONUS
        body.append(
            _text(
                col_x[who],
                ty + 20,
                f"{stacks} complete stack{'s' if stacks != 1 else ''}: +{bonus[who]}",
                size=13.5,
                weight="600",
            )
        )
    ty += 30
    body.append(f'<line x1="18" y1="{_num(ty)}" x2="{WIDTH - 18}" y2="{_num(ty)}" stroke="{INK}"/>')
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
        _rect(6, y, WIDTH - 12, ty - y, fill="#fff6df", rx=12, extra=f' stroke="{ACCENT}" stroke-width="2"'),
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
    body: list[str] = []
    y = 0.0
    parts, y = _header(view, names, y)
    body += parts
    y += 8
    if view.get("result") is not None and not ctx.wide:
        parts, y = _game_over(view, names, bottom, y)
        body += parts
    parts, y = _player_bar(view, names, top, y)
    body += parts
    parts, y = _ship(view, top, y, None)
    body += parts
    y += 4
    parts, y = _battle_area(view, names, bottom, y)
    body += parts
    parts, y = _player_bar(view, names, bottom, y)
    body += parts
    if viewer is not None and view.get("loader") == viewer and view.get("legal"):
        colours = list(view.get("load_colours") or [])
        battle = view.get("last_battle") or {}
        if battle.get("outcome") == "joker":
            note = f"Joker load: tap a highlighted slot to load {_colour_list(colours)}."
        else:
            note = f"Tap a highlighted slot to load {_colour_list(colours)}."
        if not any(a.startswith("load:") for a in view["legal"]):
            note = f"No new {_colour_list(colours)} container can be loaded: move one below."
        for line in _wrap(note, WIDTH - 24, 15):
            body.append(
                _text(12, y + 14, line, size=15, weight="700", fill="#7a3d00", extra=' class="load-note"')
            )
            y += 20
        y += 2
    parts, y = _ship(view, bottom, y, viewer)
    body += parts
    left_height = 0.0
    if ctx.wide:  # landscape: the ships and the battle on the left; the game over, your moves, hand and table right
        left_height, y = y, 0.0
        body.append(f'<g class="right-column" transform="translate({WIDTH + GUTTER},0)">')
        if view.get("result") is not None:
            parts, y = _game_over(view, names, bottom, y)
            body += parts
    if viewer is not None:
        parts, y = _reloads(view, viewer, y, ctx)
        body += parts
        if view.get("result") is None and view["phase"] != "deal":
            parts, y = _hand(view, viewer, y + 4)
            body += parts
    y += 4
    parts, y = _table(view, names, bottom, y)
    body += parts
    if ctx.wide:
        body.append("</g>")
    height = math.ceil(max(y, left_height) + 6)
    width = 2 * WIDTH + GUTTER if ctx.wide else WIDTH
    title = (
        f"TF22: LOAD! round {view['round']}/{view.get('rounds', 3)}, battle {_battle_number(view)}/"
        f"{view.get('turns', 12)}: {_status(view, names)[0]}"
    )
    to_act = " ".join(str(s) for s in view.get("to_act") or [])
    root = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="cargobay-load" viewBox="0 0 {width} {height}" '
        f'width="100%" preserveAspectRatio="xMidYMin meet" role="group" aria-label="{_attr(title)}" '
        f'font-family="{_attr(FONT)}" data-game="load" data-phase="{_attr(view["phase"])}" '
        f'data-round="{_attr(view["round"])}" data-turn="{_attr(view["turn"])}" '
        f'data-seat="{"" if viewer is None else viewer}" data-to-act="{_attr(to_act)}" '
        f'data-layout="{"wide" if ctx.wide else "tall"}">'
    )
    return "".join(
        [
            root,
            f"<title>{escape(title, quote=False)}</title>",
            f"<style>{STYLE}</style>",
            _rect(0, 0, width, height, fill=PAPER),
            *body,
            "</svg>",
        ]
    )
