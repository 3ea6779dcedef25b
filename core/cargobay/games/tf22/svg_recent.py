"""What the other seats did since the viewer last acted (``ctx.recent``: a bot's turn, or a friend's), in words
and on the map: one line per deed (a unit's consecutive moves are one deed: "moved Speedboat 145 3 hexes to
12,7"), and a ring in the seat's colour on each hex a deed ended on.

>>> model = Model({"seat": 0, "seats": 2, "pieces": [[140, "rcu", 1, 3, -1, 0]], "holder": [0, 1]})
>>> deeds(model, ((1, "move:140>2,1"), (1, "move:140>3,1"), (1, "end")), {1: "Ben (Easy bot)"})
[(1, 'moved Robot Combat Unit 140 2 hexes to 3,1', 31), (1, 'ended the turn', -1)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...engine import InvalidActionError
from ...render.svg import num, rect, text, wrap
from .actions import Build, Capture, Fire, Land, Load, Lose, Move, Repair, Replace, Simple, Unload, parse
from .board import hex_text
from .svg_geom import PANEL, SEAT_FILL, centre
from .svg_model import Model
from .units import NAMES

Deed = tuple[int, str, int]  # (seat, words, the hex it ended on or -1)
SHOWN = 10  # deeds listed (the latest)


def _unit(model: Model, pid: int) -> str:
    piece = model.pieces.get(pid)
    return f"{NAMES.get(piece.kind, 'unit')} {pid}" if piece is not None else f"unit {pid}"


def _deed(model: Model, action: str) -> tuple[str, int] | None:
    try:
        move = parse(action)
    except InvalidActionError:
        return None
    if isinstance(move, Move):
        return f"moved {_unit(model, move.unit)} to {hex_text(move.hex)}", move.hex
    if isinstance(move, Load):
        return f"loaded {_unit(model, move.piece)} into {_unit(model, move.unit)}", model.where(move.unit)
    if isinstance(move, Unload):
        return f"unloaded {_unit(model, move.piece)} at {hex_text(move.hex)}", move.hex
    if isinstance(move, Fire):
        pair = f"{_unit(model, move.unit)} and {_unit(model, move.partner)}"
        return f"fired at {_unit(model, move.target)} with {pair}", -1
    if isinstance(move, Capture):
        return f"captured {_unit(model, move.target)} with {_unit(model, move.unit)}", model.where(move.target)
    if isinstance(move, Build):
        return f"built a {NAMES.get(move.kind, move.kind)} at {hex_text(move.hex)}", move.hex
    if isinstance(move, Land):
        return f"landed at {hex_text(move.hex)}", move.hex
    if isinstance(move, Lose):
        return f"lost {_unit(model, move.unit)} to interference", -1
    if isinstance(move, Repair):
        return f"repaired a Laser Turret at {hex_text(move.hex)}", move.hex
    if isinstance(move, Replace):
        return f"replaced the Comm Module of {_unit(model, move.unit)}", model.where(move.unit)
    if isinstance(move, Simple):
        return {"end": ("ended the turn", -1), "takeoff": ("took off", -1)}.get(move.word)
    return None


def deeds(model: Model, recent: Sequence[tuple[int, str]], labels: Mapping[int, str]) -> list[Deed]:
    """The deeds of ``recent`` in order (an undo takes back the deed before it; a unit's consecutive moves are
    one deed)."""
    found: list[Deed] = []
    hexes: list[int] = []  # how many moves the last deed stands for
    for seat, action in recent:
        if action == "undo":
            if found and found[-1][0] == seat:
                found.pop()
                hexes.pop()
            continue
        deed = _deed(model, action)
        if deed is None:
            continue
        words, cell = deed
        if words.startswith("moved ") and found and found[-1][0] == seat \
                and found[-1][1].startswith(words.rsplit(" to ", 1)[0] + " "):
            hexes[-1] += 1
            head = words.rsplit(" to ", 1)[0]
            found[-1] = (seat, f"{head} {hexes[-1]} hexes to {hex_text(cell)}", cell)
            continue
        found.append((seat, words, cell))
        hexes.append(1)
    return found


def panel(model: Model, recent: Sequence[tuple[int, str]], labels: Mapping[int, str], x: float, y: float,
          w: float) -> tuple[list[str], float]:
    """"Since your last move": each deed of the other seats, the latest SHOWN, each line led by who did it."""
    done = deeds(model, recent, labels)
    if not done:
        return [], y
    lines: list[tuple[int, str]] = []  # (the seat whose deed a line starts, or -1; the line)
    if len(done) > SHOWN:
        lines.append((-1, f"... {len(done) - SHOWN} earlier, then:"))
    for seat, words, _ in done[-SHOWN:]:
        who = labels.get(seat, f"Player {seat + 1}")
        lines += [(seat if i == 0 else -1, line) for i, line in enumerate(wrap(f"{who} {words}", w - 34, 13))]
    parts = [rect(x, y, w, 34 + 18 * len(lines), fill=PANEL, rx=8),
             text(x + 10, y + 20, "Since your last move", size=14.5, weight="700")]
    for index, (seat, line) in enumerate(lines):
        row = y + 42 + 18 * index
        if seat >= 0:  # the seat's colour leads each of its deeds
            parts.append(rect(x + 10, row - 10, 10, 10, fill=SEAT_FILL[seat % len(SEAT_FILL)], rx=2,
                              extra=' aria-hidden="true"'))
        parts.append(text(x + 26, row, line, size=13))
    body = ['<g class="recent" data-deeds="' + str(len(done)) + '">', *parts, "</g>"]
    return body, y + 42 + 18 * len(lines)


def marks(model: Model, recent: Sequence[tuple[int, str]], labels: Mapping[int, str]) -> str:
    """A dashed ring in the seat's colour on each hex where a deed of theirs ended (the map's layer)."""
    rings = []
    for seat, _, cell in deeds(model, recent, labels):
        if cell >= 0:
            cx, cy = centre(cell)
            rings.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="17" fill="none" '
                         f'stroke="{SEAT_FILL[seat % len(SEAT_FILL)]}" stroke-width="3" stroke-dasharray="6 3"/>')
    return '<g class="recent-marks noclick" aria-hidden="true">' + "".join(rings) + "</g>" if rings else ""
