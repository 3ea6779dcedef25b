"""The TF22 board's panels beside (landscape) or under (portrait) the map: the header (turn, tide, whose move,
AP), the buttons (End turn, Undo, Take off, Cancel, and the picks that are no place on the map: which cargo to
unload, what to build, which Robot Combat Unit to lose), the picked unit and its cargo, the players, the tide
forecast (only the viewer's own, from the view), the turn log, the legend and, at the end, the score table.
Each part is ``(svg parts, the y below it)``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ...render import RenderContext
from ...render.svg import action, rect, text, wrap
from .svg_geom import INK, MUTED, PANEL, PICK, PLAIN, SEA, SEAT_FILL, SEAT_NAMES, SHALLOW
from .svg_model import LEVEL_WORDS, Model
from .svg_picks import Picks, anchor, button_word, describe
from .svg_pieces import label

Parts = tuple[list[str], float]
CARD = {"E": ("#f2d27a", "ebb"), "N": ("#d5dae3", "normal"), "F": ("#5d8fd0", "flood")}


def who(ctx: RenderContext, seat: int) -> str:
    return ctx.label(seat, f"Player {seat + 1}")


def status(model: Model, ctx: RenderContext) -> str:
    """The line saying what happens now."""
    view = model.view
    result = view.get("result")
    if isinstance(result, Mapping):
        winners = [who(ctx, s) for s in result.get("winners") or []]
        if not winners:
            return "Game over"
        return f"Game over: {' and '.join(winners)} win{'s' if len(winners) == 1 and winners[0] != 'You' else ''}"
    phase = view.get("phase")
    to_act = list(view.get("to_act") or [])
    if not to_act:
        return {"order": "Rolling for the landing order", "deal": "Shuffling the tide deck",
                "first": "Rolling for the first player", "reshuffle": "Shuffling the tide deck again"}.get(
            str(phase), "")
    mover = to_act[0]
    mine = model.viewer == mover
    ap = (view.get("ap") or [0] * model.seats)[mover]
    if phase == "land":
        return "Your landing: pick a site, then the pods" if mine else f"{who(ctx, mover)} is landing"
    if phase == "interfere":
        return ("Interference: lose one of your side-by-side Robot Combat Units" if mine
                else f"{who(ctx, mover)} loses a Robot Combat Unit to interference")
    if view.get("breach", -1) >= 0 and mine:
        return f"Your move: {ap} AP. Fire now with the unit that breached the zone"
    return f"Your move: {ap} AP left" if mine else f"{who(ctx, mover)} is moving ({ap} AP left)"


def header(model: Model, ctx: RenderContext, x: float, y: float, w: float) -> Parts:
    view = model.view
    tide = LEVEL_WORDS.get(str(view.get("tide") or ""), "normal (turn 1)")
    top = f"TF22 \u00b7 turn {view.get('turn', 1)} of {view.get('turns', 20)} \u00b7 tide: {tide}"
    tops = wrap(top, (w - 24) / 1.12, 17)[:2]  # a phone-wide board: the tide on a line of its own
    lines = wrap(status(model, ctx), (w - 24) / 1.1, 14.5)[:2]
    height = 44 + 22 * (len(tops) - 1) + 20 * len(lines)
    parts = [rect(x, y, w, height, fill="#14213d", rx=8)]
    parts += [text(x + 12, y + 25 + 22 * i, line, size=17, weight="700", fill="#ffffff") for i, line in enumerate(tops)]
    below = y + 49 + 22 * (len(tops) - 1)
    parts += [text(x + 12, below + 20 * i, line, size=14.5, fill="#ffd36b", weight="600")
              for i, line in enumerate(lines)]
    return parts, y + height + 8


def button(pick: str, seat: int, label: str, word: str, x: float, y: float, w: float, h: float, *,
           partial: bool = False, strong: bool = False) -> str:
    fill = "#1f5f8b" if strong else PICK
    ink = "#ffffff" if strong else INK
    lines = wrap(word, (w - 12) / 1.12, 14)[:2]  # bold glyphs are wider than wrap's average
    size = 14 if len(lines) == 1 else 13
    body = rect(x, y, w, h, fill=fill, rx=8, extra=' class="ring" stroke="#8a5a00" stroke-width="1"')
    for index, line in enumerate(lines):
        base = y + h / 2 + 5 + (index - (len(lines) - 1) / 2) * (size + 2)
        body += text(x + w / 2, base, line, size=size, weight="700", anchor="middle", fill=ink)
    kind = "button" + (" strong" if strong else "")
    return action(pick, seat, label, kind, body, select=partial)


def hint(model: Model, picks: Picks) -> str:
    """What to do now, in a sentence (only for the viewer to act)."""
    phase = model.view.get("phase")
    if not picks.complete and not picks.partial:
        return ""
    if phase == "land":
        if picks.selection:
            return "Pick the pods: A (north, south-east, south-west) or B (north-east, south, north-west)."
        return ("Pick a yellow hex: your Lander's centre (plains or swamp, off the edge, 3 hexes from other "
                "Landers). White Ore within 3 hexes of it is lost.")
    if phase == "interfere":
        return "Two of your Robot Combat Units stand side by side: pick the one to lose."
    if picks.selection.startswith("aim:"):
        return "Now pick the partner below: the unit that fires with it (to capture, both stand next to it)."
    if picks.selection.startswith(("cargo:", "make:")):
        return "Pick the yellow hex to put it on."
    if picks.selection and not picks.sticky:
        return ("Yellow hexes: what the picked unit can do there (a number: the AP it costs; 1!: it is stranded "
                "or flooded there). Cancel or Escape: pick another.")
    return MOUSE_HINT


# The default hint in two wordings: the board draws both, and its style shows the one for the screen's pointer
# (a touch screen has no hover, wheel or keys).
MOUSE_HINT = ("Pick a unit with a yellow ring (hover or focus one: where it can go, in AP). Map: drag or "
              "Shift+arrows to pan, wheel, pinch or +/- to zoom.")
TOUCH_HINT = ("Tap a unit with a yellow ring: the yellow hexes show where it can go, in AP. Map: drag to pan, "
              "pinch to zoom; touch and hold a piece to read it.")


def refusal(model: Model, ctx: RenderContext, picks: Picks) -> str:
    """What a tap on the map where nothing may be picked is told (the page shows it, ui/panzoom.py)."""
    phase = model.view.get("phase")
    if not picks.complete and not picks.partial:
        mover = (model.view.get("to_act") or [None])[0]
        return "Not your move: wait" + (f" for {who(ctx, mover)}." if isinstance(mover, int) else ".")
    if phase == "land":
        if picks.selection:
            return "Pick pods A or B around the picked site, or Cancel to pick another site."
        return "Not a landing site there. Yellow hexes are: plains or swamp, off the edge, 3 hexes from other Landers."
    if phase == "interfere":
        return "Nothing to pick there: pick the ringed Robot Combat Unit to lose."
    if picks.selection and not picks.sticky:
        return "The picked unit can do nothing there: only the yellow hexes. Cancel: pick another unit."
    return "Nothing of yours to pick there: pick a unit with a yellow ring."


def tap_note(model: Model, ctx: RenderContext, picks: Picks, x: float, y: float, w: float) -> str:
    """The refusal, hidden over the bottom of the map's window until the page shows it (an illegal tap)."""
    size = 15.0
    lines = wrap(refusal(model, ctx, picks), w - 28, size)[:3]
    height = 14 + (size + 5) * len(lines)
    top = y - height - 6
    body = [rect(x + 6, top, w - 12, height, fill="#14213d", rx=8, extra=' fill-opacity="0.94"')]
    body += [text(x + 16, top + 7 + (size + 5) * (i + 0.75), line, size=size, fill="#ffffff", weight="600")
             for i, line in enumerate(lines)]
    return ('<g class="tap-note noclick" data-tap-note="1" visibility="hidden" role="status">'
            + "".join(body) + "</g>")


def controls(model: Model, ctx: RenderContext, picks: Picks, x: float, y: float, w: float, h: float) -> Parts:
    """What to do, and the buttons: every pick the map does not show, End turn / Undo / Take off, Cancel."""
    seat = model.viewer if model.viewer is not None else 0
    labels = ctx.labels
    parts: list[str] = []
    said = hint(model, picks)
    tall = 0
    for words, kind in ((said, "for-mouse"), (TOUCH_HINT, "for-touch")) if said == MOUSE_HINT else ((said, ""),):
        lines = wrap(words, w - 8, 13)
        if lines[0]:
            drawn = "".join(text(x + 4, y + 14 + 18 * i, line, size=13, fill=INK) for i, line in enumerate(lines))
            parts.append(f'<g class="tf22-hint {kind}">{drawn}</g>' if kind else drawn)
            tall = max(tall, 18 * len(lines) + 6)
    y += tall
    panel = [(p, False) for p in picks.complete if anchor(model, p, False).cell < 0]
    panel += [(p, True) for p in picks.partial if anchor(model, p, True).cell < 0]
    if picks.selection and not picks.sticky:
        panel.append(("", True))
    if not panel:
        return parts, y
    order = {"end": 0, "takeoff": 1, "undo": 2, "": 3}
    panel.sort(key=lambda item: (order.get(item[0], 4), item[0]))
    first = [item for item in panel if item[0] in order]
    rest = [item for item in panel if item[0] not in order]
    if rest:
        parts.append(text(x + 4, y + 16, "Pick one:", size=14, weight="700"))
        y += 24
    columns = 2 if w >= 300 else 1
    gap = 8
    bw = (w - gap * (columns - 1)) / columns
    for index, (pick, partial) in enumerate(rest):
        bx = x + (index % columns) * (bw + gap)
        by = y + (index // columns) * (h + gap)
        parts.append(button(pick, seat, describe(model, pick, labels), button_word(model, pick, labels),
                            bx, by, bw, h, partial=partial))
    if rest:
        y += ((len(rest) + columns - 1) // columns) * (h + gap)
    count = len(first)
    if count:
        bw = (w - gap * (count - 1)) / count
        for index, (pick, partial) in enumerate(first):
            parts.append(button(pick, seat, describe(model, pick, labels), button_word(model, pick, labels),
                                x + index * (bw + gap), y, bw, h, partial=partial, strong=pick == "end"))
        y += h + gap
    return parts, y + 2


def picked(model: Model, ctx: RenderContext, picks: Picks, x: float, y: float, w: float) -> Parts:
    """The picked unit in words, with its cargo."""
    pid = picks.unit
    if pid < 0 or pid not in model.pieces or model.pieces[pid].hex < 0:
        return [], y
    words = label(model, pid, ctx.labels)
    lines = wrap(("Still moving: " if picks.sticky else "Picked: ") + words, w - 16, 13.5)
    parts = [rect(x, y, w, 12 + 19 * len(lines), fill="#fff6dc", rx=8, extra=' stroke="#8a5a00" stroke-width="1"')]
    parts += [text(x + 8, y + 21 + 19 * i, line, size=13.5, fill=INK) for i, line in enumerate(lines)]
    return parts, y + 20 + 19 * len(lines)


def players(model: Model, ctx: RenderContext, x: float, y: float, w: float) -> Parts:
    view = model.view
    parts = [rect(x, y, w, 30 + 40 * model.seats, fill=PANEL, rx=8),
             text(x + 10, y + 20, "Players", size=14.5, weight="700")]
    ap = view.get("ap") or [0] * model.seats
    saved = view.get("saved") or [0] * model.seats
    scores = view.get("scores") or [0] * model.seats
    flown = view.get("flown") or [False] * model.seats
    for seat in range(model.seats):
        row = y + 44 + 40 * seat
        on_map = sum(1 for pid, piece in model.pieces.items() if piece.hex >= 0 and model.owner(pid) == seat
                     and piece.kind not in ("lander", "turret"))
        state = "took off" if flown[seat] else f"AP {ap[seat]}, saved {saved[seat]}"
        parts.append(rect(x + 10, row - 12, 14, 14, fill=SEAT_FILL[seat % 4], rx=3))
        points = f"{scores[seat]} point{'' if scores[seat] == 1 else 's'}"
        parts.append(text(x + 30, row, f"{who(ctx, seat)} ({SEAT_NAMES[seat % 4]}): {points}",
                          size=13.5, weight="600"))
        parts.append(text(x + 30, row + 18, f"{state} \u00b7 {on_map} units outside", size=12.5, fill=MUTED))
    return parts, y + 38 + 40 * model.seats


def forecast(model: Model, ctx: RenderContext, x: float, y: float, w: float) -> Parts:
    """The tide: now, the cards revealed this cycle, and the viewer's forecast (the view has only its own)."""
    view = model.view
    seen = [str(card) for card in view.get("forecast") or []]
    faceup = [str(card) for card in view.get("faceup") or []]
    parts = [text(x + 10, y + 20, "Tides", size=14.5, weight="700")]
    row = y + 30
    parts.append(text(x + 10, row + 18, "Your forecast:", size=13.5))
    cx = x + 110
    if seen:
        for card in seen:
            colour, word = CARD[card]
            parts.append(rect(cx, row + 2, 62, 24, fill=colour, rx=5, extra=f' stroke="{INK}" stroke-width="1"'))
            parts.append(text(cx + 31, row + 19, word, size=13, weight="700", anchor="middle"))
            cx += 68
    else:
        why = "none: no active Production Unit" if model.viewer is not None else "hidden"
        parts.append(text(cx, row + 18, why, size=13, fill=MUTED))
    row += 32
    history = " ".join(LEVEL_WORDS[c] for c in faceup[-6:]) or "none yet"
    lines = wrap(f"Revealed this cycle (latest last): {history}; {view.get('deck_size', 0)} cards face down",
                 w - 20, 12.5)
    parts += [text(x + 10, row + 16 + 17 * i, line, size=12.5, fill=MUTED) for i, line in enumerate(lines)]
    height = row + 22 + 17 * len(lines) - y
    return [f'<g class="forecast" data-forecast="{"".join(seen)}">', rect(x, y, w, height, fill=PANEL, rx=8), *parts,
            "</g>"], y + height + 8


def seat_words(event: str, labels: Mapping[int, str]) -> str:
    """An engine event with each "Player N" named as the board names that seat.

    >>> seat_words("Player 2 reads the tide forecast", {1: "Ben (Easy bot)"})
    'Ben (Easy bot) reads the tide forecast'
    >>> seat_words("Player 1 moves first; White Ore 3 is captured by Player 1", {0: "You"})
    'You move first; White Ore 3 is captured by you'
    """
    words = re.sub(r"\bPlayer (\d)\b", lambda m: str(labels.get(int(m.group(1)) - 1, m.group(0))), event)
    words = re.sub(r"(^|; )You (\w+)s\b", r"\1You \2", words)
    return words.replace("by You", "by you")


def log(model: Model, x: float, y: float, w: float, limit: int = 8,
        labels: Mapping[int, str] | None = None) -> Parts:
    events = [seat_words(str(e), labels or {}) for e in model.view.get("events") or []][-limit:]
    if not events:
        return [], y
    lines: list[str] = []
    for event in events:
        lines += wrap(event, w - 20, 13)
    parts = [rect(x, y, w, 34 + 18 * len(lines), fill=PANEL, rx=8), text(x + 10, y + 20, "This turn", size=14.5,
                                                                             weight="700")]
    parts += [text(x + 10, y + 42 + 18 * i, line, size=13) for i, line in enumerate(lines)]
    return parts, y + 42 + 18 * len(lines)


LEGEND_TERRAIN = (("plains", PLAIN), ("mountains", "url(#tf22-mountain)"), ("open sea", SEA),
                  ("swamp", "url(#tf22-swamp-dry)"), ("reef", "url(#tf22-reef-wet)"), ("flooded", SHALLOW))
LEGEND_UNITS = ("R Robot Combat Unit", "S Heavy Combat Spider", "T Transporter", "P Production Unit",
                "B Speedboat", "F Sea Freighter", "L Lander, \u25b2 Laser Turret")


def legend(x: float, y: float, w: float) -> Parts:
    parts = [text(x + 10, y + 20, "Legend", size=14.5, weight="700")]
    columns = 3 if w >= 300 else 2
    cw = (w - 20) / columns
    for index, (word, fill) in enumerate(LEGEND_TERRAIN):
        cx, cy = x + 10 + (index % columns) * cw, y + 32 + (index // columns) * 22
        parts.append(rect(cx, cy, 16, 16, fill=fill, rx=2, extra=f' stroke="{INK}" stroke-width="0.8"'))
        parts.append(text(cx + 22, cy + 13, word, size=12.5))
    row = y + 32 + ((len(LEGEND_TERRAIN) + columns - 1) // columns) * 22 + 6
    lines: list[str] = []
    for words in ("; ".join(LEGEND_UNITS) + ". Dashed outline: a Zone of Fire; a number on a unit: its cargo; "
                  "a dashed ring: inactive.",):
        lines += wrap(words, w - 20, 12.5)
    parts += [text(x + 10, row + 12 + 17 * i, line, size=12.5) for i, line in enumerate(lines)]
    height = row + 20 + 17 * len(lines) - y
    return [rect(x, y, w, height, fill=PANEL, rx=8), *parts], y + height + 8


def scores(model: Model, ctx: RenderContext, x: float, y: float, w: float) -> Parts:
    """The score table at the end: points, White Ore, units taken off, Comm Modules, place."""
    result: Any = model.view.get("result")
    if not isinstance(result, Mapping):
        return [], y
    heads = ("Player", "Points", "Ore", "Units", "Modules", "Place")
    share = (0.3, 0.14, 0.1, 0.13, 0.2, 0.13)
    xs = [x + 10]
    for part in share[:-1]:
        xs.append(xs[-1] + (w - 20) * part)
    parts = [rect(x, y, w, 44 + 24 * model.seats + 26, fill="#fff6dc", rx=8,
                  extra=' class="score-table" stroke="#8a5a00" stroke-width="1.5"'),
             text(x + 10, y + 22, "Final score", size=16, weight="700")]
    for column, head in enumerate(heads):
        parts.append(text(xs[column], y + 44, head, size=12.5, weight="700", fill=MUTED))
    freight = result.get("freight") or [[0, 0]] * model.seats
    for seat in range(model.seats):
        row = y + 66 + 24 * seat
        place = (result.get("places") or [0] * model.seats)[seat]
        values = (who(ctx, seat), str(result["scores"][seat]), str(freight[seat][0]), str(freight[seat][1]),
                  str((result.get("modules") or [0] * model.seats)[seat]), str(place))
        for column, value in enumerate(values):
            parts.append(text(xs[column], row, value, size=13.5, weight="700" if place == 1 else None))
    decided = str(result.get("decided_by") or "")
    parts.append(text(x + 10, y + 66 + 24 * model.seats, f"Decided by {decided}.", size=12.5, fill=MUTED))
    return parts, y + 44 + 24 * model.seats + 34

