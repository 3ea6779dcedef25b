"""The odd one out board: scores, who has picked, and the buttons of the seat's legal picks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...render import RenderContext
from ...render.svg import action, board_root, rect, text

WIDTH = 420


def _button(x: float, y: float, label: str, act: str, seat: int, words: str, *, select: bool = False,
            picked: bool = False) -> str:
    fill = "#ffd36b" if picked else "#ffffff"
    body = (rect(x, y, 120, 40, fill=fill, rx=8, extra=' stroke="#b35c00" stroke-width="2"')
            + text(x + 60, y + 26, label, size=15, weight="700", anchor="middle"))
    return action(act, seat, words, "select" if select else "move", body, select=select)


def render(view: Mapping[str, Any], ctx: RenderContext | None = None) -> str:
    ctx = ctx or RenderContext()
    seat = view.get("seat")
    chosen = list(view.get("chosen") or [False] * 3)
    for committed in ctx.committed:
        chosen[committed] = True
    parts = [text(12, 28, f"Odd one out — round {min(view['round'] + 1, view['rounds'])}/{view['rounds']}",
                  size=18, weight="700")]
    target = view.get("target")
    parts.append(text(12, 54, "Target: " + ("-" if target is None else str(target)), size=15))
    for index, score in enumerate(view["scores"]):
        name = ctx.label(index, f"Seat {index + 1}")
        mark = "picked" if chosen[index] else ("to act" if index in view.get("to_act", []) else "")
        parts.append(text(12, 84 + 24 * index, f"{name}: {score} points {mark}".rstrip(), size=15,
                          extra=f' data-player="{index}"'))
    y = 170.0
    legal = list(view.get("legal") or [])
    if seat is not None and view.get("my_pick") is not None:
        parts.append(text(12, y, f"You picked {view['my_pick']}", size=15))
    if seat is not None and legal:
        if view["phase"] == "pick":
            for k, act in enumerate(legal):
                parts.append(_button(12 + 130 * k, y, f"Pick {act[-1]}", act, seat, f"Pick {act[-1]}"))
        elif ctx.selection:
            other = int(ctx.selection.split(":")[1])
            name = ctx.label(other, f"Seat {other + 1}")
            for k, act in enumerate(ctx.choices):
                amount = act.rpartition("+")[2]
                parts.append(_button(12 + 130 * k, y, f"+{amount}", act, seat, f"+{amount} to {name}"))
            parts.append(_button(12 + 260, y, "Back", "", seat, "Back: choose another seat", select=True))
        else:
            heads = sorted({act.partition("+")[0] for act in legal})
            for k, head in enumerate(heads):
                other = int(head.split(":")[1])
                name = ctx.label(other, f"Seat {other + 1}")
                parts.append(_button(12 + 130 * k, y, f"Give {name}"[:14], head, seat, f"Give {name} a bonus",
                                     select=True))
        y += 50
    result = view.get("result")
    if result:
        winners = " and ".join(ctx.label(w, f"Seat {w + 1}") for w in result["winners"])
        parts.append(f'<g id="game-over">{text(12, y + 20, f"Game over: {winners} won", size=16, weight="700")}</g>')
        y += 30
    height = int(y + 20)
    return (
        board_root("odd", WIDTH, height, "Odd one out", view, wide=ctx.wide, data={"selection": ctx.selection})
        + rect(0, 0, WIDTH, height, fill="#f6f7f9") + "".join(parts) + "</svg>"
    )
