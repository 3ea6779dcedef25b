"""TF22: LOAD! board: the battle area (the cards chosen now and the last battle, with its outcome)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...render.svg import attr as _attr
from ...render.svg import num as _num
from ...render.svg import rect as _rect
from ...render.svg import text as _text
from ...render.svg import wrap as _wrap
from .actions import COLOUR_NAMES
from .svg_parts import (
    ACCENT,
    MIN_TEXT,
    MINI_H,
    MINI_W,
    MUTED,
    WIDTH,
    _brief,
    _card_back,
    _card_face,
    _card_slot,
    _colour_list,
    _describe,
    _mid,
    _move_words,
    _short,
)


def _choices(view: Mapping[str, Any], names: Sequence[str], order: Sequence[int], card_y: float,
             gap: float = 22) -> list[str]:
    """The simultaneous node: a card back for each seat that has chosen, the viewer's own pick captioned."""
    seat = view.get("seat")
    phase = view["phase"]
    chosen = view.get("chosen") or [False, False]
    top, bottom = order
    body: list[str] = []
    for column, who in enumerate((top, bottom)):
        cx = 18 + column * (MINI_W + gap)
        body.append(_name_over(names[who], cx, card_y, gap))
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
                    size=13 if gap > 20 else MIN_TEXT,
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
    entry: Mapping[str, Any], names: Sequence[str], order: Sequence[int], y: float, narrow: bool = False
) -> list[str]:
    """Between rounds and at the end: what the round just scored, in place of the face-down cards."""
    body = [_text(18, y + 22, f"Round {entry['round']} scored", size=15, weight="700")]
    line_y = y + 50
    for who in order:
        points = entry["seats"][who]["points"]
        who_words = _brief(names[who], 9) if narrow else _short(names[who], 12)
        body.append(_text(18, line_y, f"{who_words}: +{points}", size=14, weight="600"))
        line_y += 20
    return body


def _name_over(name: str, x: float, card_y: float, gap: float) -> str:
    """A seat's name over its mini card (a narrow board: shorter, so that two names keep apart)."""
    narrow = gap < 20
    return _text(x + MINI_W / 2, card_y - 8, _short(name, 8 if narrow else 9), size=MIN_TEXT if narrow else 13,
                 anchor="middle", fill=MUTED)


def _battle_area(
    view: Mapping[str, Any], names: Sequence[str], bottom: int, y: float, w: float = WIDTH
) -> tuple[list[str], float]:
    """The face-down choices of this battle, the last battle's revealed cards and what came of it. On a
    narrow board (a phone) the last battle's outcome and reason go below the cards, in the board's width."""
    top = 1 - bottom
    narrow = w < WIDTH
    gap = 16 if narrow else 22
    phase = view["phase"]
    parts = ['<g class="battle">']
    card_y = y + 52
    scored = list(view.get("rounds_scored") or [])
    if phase in ("deal", "end") and scored:
        body = _round_scored(scored[-1], names, (top, bottom), y, narrow)
    else:
        body = [
            _text(18, y + 22, "This battle", size=15, weight="700"),
            *_choices(view, names, (top, bottom), card_y, gap),
        ]
    lx = 18 + 2 * (MINI_W + gap) + 12
    body.append(
        f'<line x1="{_num(lx - 12)}" y1="{_num(y + 10)}" x2="{_num(lx - 12)}" y2="{_num(card_y + MINI_H + 24)}" '
        'stroke="#c3ccd9"/>'
    )
    battle = view.get("last_battle")
    ty = card_y + MINI_H + 42
    if not battle:
        body.append(_text(lx, y + 22, "Last battle", size=15, weight="700"))
        for index, line in enumerate(_wrap("No battle yet this round.", w - lx - 30, 14)):
            body.append(_text(lx, card_y + 16 + 18 * index, line, size=14, fill=MUTED))
    else:
        when = f"round {battle['round']}, battle {battle['turn']}"
        body.append(_text(lx, y + 22, "Last battle" if narrow else f"Last battle ({when})", size=15, weight="700"))
        cards = battle["cards"]
        winner = battle.get("winner")
        for column, who in enumerate((top, bottom)):
            mx = lx + column * (MINI_W + gap)
            card = cards[who]
            if winner == who:
                body.append(_rect(mx - 4, card_y - 4, MINI_W + 8, MINI_H + 8, fill=ACCENT, rx=10))
            body.append(
                f'<g class="revealed" data-player="{who}" data-card="{_attr(card)}">'
                f"{_card_face(card, mx, card_y, MINI_W, MINI_H)}</g>"
            )
            body.append(_name_over(names[who], mx, card_y, gap))
            if winner == who:
                body.append(
                    _text(
                        mx + MINI_W / 2,
                        card_y + MINI_H + 17,
                        "won",
                        size=13 if not narrow else MIN_TEXT,
                        weight="700",
                        anchor="middle",
                        fill="#7a3d00",
                    )
                )
        tx = lx + 2 * (MINI_W + gap) - 6
        won = f"{_short(names[winner], 12)} won:" if winner is not None else "Tie:"
        if narrow:  # below the cards: "Round 1, battle 2: Load. You won: Green beats Blue"
            ty += 4
            body.append(_text(18, ty, f"{when[:1].upper()}{when[1:]}:", size=14, weight="700"))
            body.append(_text(18 + 8.2 * (len(when) + 2), ty, _outcome_tag(battle), size=16, weight="700",
                              fill="#7a3d00", extra=' class="outcome"'))
            ty += 20
            side = [won, *_wrap(battle["reason"], w - 36, 14)]
        else:
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
            side = [won, *_wrap(battle["reason"], WIDTH - 16 - tx, 13)]
        if narrow:
            for index, line in enumerate(side):
                body.append(_text(18, ty, line, size=14, weight="700" if index == 0 else None,
                                  extra=' class="battle-text"'))
                ty += 18
            ty += 3
        else:
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
            for line in _wrap(text, (w - 36) * (0.9 if weight else 1), 14):
                body.append(_text(18, ty, line, size=14, weight=weight, extra=' class="battle-text"'))
                ty += 18
            ty += 3
    discarded = view.get("discarded") or []
    counts = f"Face-down this round: {view.get('face_down_count', 4)} cards \u00b7 Discarded: {len(discarded)}"
    for line in _wrap(counts, w - 60, 13):  # (a margin: the estimate of a glyph's width is a little short)
        body.append(_text(18, ty + 2, line, size=13, fill=MUTED))
        ty += 17
    ty -= 3
    parts.append(_rect(6, y, w - 12, ty - y, fill="#ffffff", rx=10, extra=' stroke="#c3ccd9"'))
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

