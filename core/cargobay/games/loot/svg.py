"""A minimal Loot N' Loaded board (issue 8's engine stage): the view listed as text lines, and every legal
action as a ``render.svg.action`` button. The real board (locations with cards, sets with running scores, the
reveal of picks, duels step by step) is still to come.

>>> "data-action" in render({"seat": 0, "legal": ["pick:1"], "players": 2, "locations": ["oil", None, None]})
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...render import RenderContext
from ...render.svg import FONT, action, attr, rect, text
from .actions import CARD_NAMES

__all__ = ["render"]

WIDTH = 500
LINE = 22


def _card(code: object) -> str:
    return CARD_NAMES.get(str(code), str(code)) if code is not None else "(empty)"


def render(view: Mapping[str, Any], ctx: RenderContext | None = None) -> str:
    ctx = ctx or RenderContext()
    seat = view.get("seat")
    players = int(view.get("players", 0))
    lines: list[str] = [
        f"Loot N' Loaded - round {view.get('round', 0)} of {view.get('rounds', 10)} ({view.get('phase', '')})",
    ]
    for index, card in enumerate(view.get("locations", [])):
        lines.append(f"Location {index + 1}: {_card(card)}")
    scores = view.get("scores", [])
    for other in range(players):
        cards = ", ".join(_card(c) for c in view.get("collections", [[]] * players)[other]) or "nothing"
        flags = view.get("flags", [0] * players)[other]
        spent = ", ".join(view.get("spent", [[]] * players)[other]) or "none"
        who = ctx.label(other, f"Player {other + 1}")
        score = scores[other] if other < len(scores) else 0
        lines.append(f"{who}: {score} pts, {flags} White Flags, used guns: {spent}; {cards}")
    for duel in view.get("duels", [])[:1]:
        lines.append(f"Duel at location {duel[0]}: Player {duel[1] + 1} v Player {duel[2] + 1} "
                     f"(ties so far: {view.get('ties', 0)})")
    prompt = view.get("prompt")
    if prompt:
        lines.append(f"Player {int(prompt[0]) + 1} resolves {_card(prompt[1])}")
    lines += [str(event) for event in view.get("events", [])]
    body = [text(12, 28 + LINE * row, line, size=13) for row, line in enumerate(lines)]
    y = 28 + LINE * len(lines)
    legal = list(view.get("legal", []))
    for index, move in enumerate(legal):
        x = 12 + (index % 4) * 120
        top = y + (index // 4) * 56
        label = str(move).replace("pick:", "Location ").replace("gun:", "Gun: ")
        shape = rect(x, top, 112, 48, fill="#ffd36b", rx=8) + text(x + 56, top + 29, label, size=13, anchor="middle")
        body.append(action(str(move), seat if isinstance(seat, int) else 0, label, "loot", shape))
    height = y + ((len(legal) + 3) // 4) * 56 + 12
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="cargobay-loot" viewBox="0 0 {WIDTH} {height}" '
        f'width="100%" font-family="{attr(FONT)}">' + "".join(body) + "</svg>"
    )
