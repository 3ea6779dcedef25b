"""A placeholder Haul board: the view as lines of text, and a button for every legal pick.

Until the real board exists (four trailers, the Load, the discard pile), this keeps the page and the
contract test working: the play phase offers ``play:`` buttons; the resolve phase offers the Load's cards
as selections (``resolve:8S``), then the ways to resolve the picked card, each with what it does to the
trailer (a Forced Unload names the cards it discards).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...render import RenderContext
from ...render.svg import FONT, action, attr, rect, text
from .actions import SUIT_NAMES, SUITS, Claim, Refuel, describe, parse

WIDTH = 640
LINE = 22


def _cards(cards: list[str]) -> str:
    return " ".join(describe(card) for card in cards) or "-"


def _slot(cards: list[str]) -> str:
    return "-".join(describe(card) for card in cards) or "empty"


def explain(view: Mapping[str, Any], seat: int, act: str) -> str:
    """What a resolving action does to the seat's trailer, in words.

    >>> view = {"trailers": [[[], [], ["8S", "8H", "8D"], []]] * 4, "tokens": [2, 2, 2, 2]}
    >>> explain(view, 0, "claim:6S")
    'Claim 6♠ by suit: Forced Unload of 8♠-8♥-8♦'
    """
    move = parse(act)
    if isinstance(move, Refuel):
        return f"Refuel {describe(move.card)}: discard it, {view['tokens'][seat] - 1} token(s) left"
    if isinstance(move, Claim) and move.heavy:
        slot = view["trailers"][seat][SUITS.index(move.heavy)]
        return f"Claim {describe(move.card)} as a Heavy Load under {_slot(slot)}"
    if isinstance(move, Claim):
        slot = view["trailers"][seat][SUITS.index(move.card[-1])]
        unload = f": Forced Unload of {_slot(slot)}" if slot else f" into the empty {SUIT_NAMES[move.card[-1]]} slot"
        return f"Claim {describe(move.card)} by suit{unload}"
    return f"Play {describe(act.partition(':')[2])}"


def _button(x: float, y: float, label: str, act: str, seat: int, *, select: bool = False, width: float = 140) -> str:
    body = (rect(x, y, width, 30, fill="#ffffff", rx=6, extra=' stroke="#b35c00" stroke-width="2"')
            + text(x + 8, y + 20, label, size=13, weight="700"))
    return action(act, seat, label, "select" if select else "move", body, select=select)


def render(view: Mapping[str, Any], ctx: RenderContext | None = None) -> str:
    ctx = ctx or RenderContext()
    seat = view.get("seat")
    names = [ctx.label(index, f"Seat {index + 1}") for index in range(4)]
    lines = [f"Haul {view['haul']}/{view['hauls_total']}, Load {min(view['load'] + 1, view['loads'])}"
             f"/{view['loads']} - {view['phase']}"]
    if view.get("dealer") is not None:
        lines.append(f"Dealer: {names[view['dealer']]}")
    if view.get("to_act"):
        lines.append("To act: " + ", ".join(names[s] for s in view["to_act"]))
    for index in range(4):
        trailer = view["trailers"][index]
        slots = "  ".join(f"{suit}: {_slot(slot)}" for suit, slot in zip(SUITS, trailer, strict=True))
        lines.append(f"{names[index]}: {view['scores'][index]} points, {view['tokens'][index]} refuel, "
                     f"{view['hand_counts'][index]} cards | {slots} ({view['trailer_points'][index]})")
    if view.get("played"):
        lines.append("Load: " + ", ".join(f"{names[s]} {describe(c)}" for s, c in view["played"]))
    if view.get("order"):
        lines.append("Finishing order: " + ", ".join(names[s] for s in view["order"]))
    if view.get("remaining"):
        lines.append("Remaining: " + _cards(view["remaining"]))
    lines.append("Discards: " + _cards(view.get("discards") or []))
    if view.get("hand") is not None:
        lines.append("Your hand: " + _cards(view["hand"]))
    result = view.get("result")
    parts = [text(12, 26 + LINE * k, line, size=14, weight="700" if k == 0 else None) for k, line in enumerate(lines)]
    y = 26 + LINE * len(lines)
    legal = list(view.get("legal") or [])
    if seat is not None and legal:
        if ctx.selection:
            buttons = [(explain(view, seat, act), act, False) for act in ctx.choices]
            buttons.append(("Back: pick another card", "", True))
            for k, (label, act, select) in enumerate(buttons):
                parts.append(_button(12, y + 36 * k, label, act, seat, select=select, width=WIDTH - 24))
            y += 36 * len(buttons)
        else:
            if view["phase"] == "resolve":
                picks = sorted({f"resolve:{act.partition(':')[2].partition('>')[0]}" for act in legal})
                buttons = [(f"Resolve {describe(p.partition(':')[2])}", p, True) for p in picks]
            else:
                buttons = [(f"Play {describe(act.partition(':')[2])}", act, False) for act in legal]
            for k, (label, act, select) in enumerate(buttons):
                parts.append(_button(12 + 150 * (k % 4), y + 36 * (k // 4), label, act, seat, select=select))
            y += 36 * ((len(buttons) + 3) // 4)
    if result:
        winners = " and ".join(names[w] for w in result["winners"])
        parts.append(f'<g id="game-over">{text(12, y + 20, f"Game over: {winners} won", size=16, weight="700")}</g>')
        y += 30
    height = int(y + 20)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="cargobay-haul" viewBox="0 0 {WIDTH} {height}" width="100%" '
        f'role="group" aria-label="Haul" font-family="{attr(FONT)}" data-game="haul" '
        f'data-phase="{attr(view["phase"])}" data-selection="{attr(ctx.selection)}">'
        + rect(0, 0, WIDTH, height, fill="#f6f7f9") + "".join(parts) + "</svg>"
    )
