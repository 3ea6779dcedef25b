"""What the viewer may click on the TF22 board, where it goes and what it is called.

The selection step (docs/tf22-engine.md): with nothing picked, every unit with an action is a ``data-select``
(``unit:7``; a landing: ``site:x,y``) and the actions made in one pick (``end``, ``undo``, ``takeoff``,
``lose:7``) are ``data-action``. Once a unit is picked (``ctx.selection``), its actions are drawn where they
land: a move on the hex it enters (with its AP cost), a load on the piece loaded, an unload / build / repair on
its hex, a shot's target (``aim:7>40``) on the target and then the partner (``fire:7+9>40``) on the partner; the
picks that are not places (``cargo:3>40``, ``make:12>rcu``) are buttons in the side panel.

The last unit moved keeps its moves: with nothing selected, when the viewer's last action moved a unit, its
moves (from ``view["legal"]``, the list the selection step derives from) are drawn on the hexes around it next
to the usual first picks, so a unit crosses the map one click per hex.

>>> split(["end", "move:7>1,2", "fire:7+9>40", "land:3,4/1"], "")
(['end'], ['site:3,4', 'unit:7'])
>>> split(["end", "move:7>1,2", "fire:7+9>40"], "unit:7")
(['move:7>1,2'], ['aim:7>40'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ...engine import InvalidActionError
from .actions import Build, Capture, Fire, Land, Load, Lose, Move, Repair, Replace, Simple, Unload, parse, steps
from .board import NEIGHBOURS, TERRAIN, hex_text, neighbour, parse_hex
from .state import freighter_hexes
from .svg_model import Model
from .units import NAMES


def split(legal: Iterable[str], prefix: str) -> tuple[list[str], list[str]]:
    """(complete actions, longer partial actions) that continue ``prefix`` (as ``TF22Game.legal_choices``)."""
    complete: set[str] = set()
    partial: set[str] = set()
    for action in legal:
        try:
            chain = ("", *steps(action))
        except InvalidActionError:
            continue
        if prefix in chain:
            index = chain.index(prefix)
            if index == len(chain) - 1:
                complete.add(action)
            else:
                partial.add(chain[index + 1])
    return sorted(complete), sorted(partial)


@dataclass
class Picks:
    selection: str = ""  # what is picked (ctx.selection, or the unit that stays picked)
    sticky: bool = False  # the selection is the last unit moved, not a pick of the page
    complete: list[str] = field(default_factory=list)  # data-action
    partial: list[str] = field(default_factory=list)  # data-select

    @property
    def unit(self) -> int:
        """The picked unit (-1 if none)."""
        head = self.selection.partition(":")[2].split(">")[0]
        return int(head) if self.selection and (head.isascii() and head.isdigit()) else -1


def last_actor(model: Model) -> int:
    """The unit the viewer's last action of this move moved; -1 if none."""
    journal = model.view.get("journal") or []
    if not journal or not isinstance(journal[-1], Mapping):
        return -1
    changed = journal[-1].get("pieces") or []
    if len(changed) != 1:
        return -1
    pid, old = changed[0][0], changed[0][1]
    now = model.pieces.get(pid)
    if old is None or now is None:
        return -1
    return int(pid) if old[2] >= 0 and now.hex >= 0 and old[2] != now.hex else -1


def picks(model: Model, selection: str, choices: tuple[str, ...], selections: tuple[str, ...]) -> Picks:
    """What is clickable: the picks that continue ``selection`` (the page's, with its ``choices`` and
    ``selections``), and besides them the first picks (another unit, End turn ...) so a player can change
    their mind without cancelling first."""
    legal = list(model.view.get("legal") or [])
    if model.viewer is None or not legal:
        return Picks()
    complete, partial = split(legal, "")
    if selection:
        others = [p for p in partial if p != selection and not (p.startswith("unit:") and _head(p) == _head(selection))]
        return Picks(selection, False, sorted(set(choices) | set(complete)), sorted(set(selections) | set(others)))
    actor = last_actor(model)
    moves = [action for action in legal if action.startswith(f"move:{actor}>")] if actor >= 0 else []
    if moves:
        return Picks(f"unit:{actor}", True, sorted(complete + moves), partial)
    return Picks("", False, complete, partial)


def _head(pick: str) -> str:
    return pick.partition(":")[2].split(">")[0]


# --- where a pick goes -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Anchor:
    cell: int  # the hex it is drawn on (-1: a button in the panel)
    way: int = -1  # a direction (a Sea Freighter's second hex), -1 none
    word: str = ""  # the short word drawn on the map


PANEL = Anchor(-1)


def anchor(model: Model, pick: str, partial: bool) -> Anchor:
    """Where ``pick`` is drawn: a hex of the map (with the word shown there) or the side panel."""
    kind, _, rest = pick.partition(":")
    if partial:
        if kind == "unit" and (rest.isascii() and rest.isdigit()) and int(rest) in model.pieces:
            return Anchor(model.pieces[int(rest)].hex, -1, "unit")
        if kind == "site":
            return Anchor(parse_hex(rest), -1, "site")
        if kind == "aim":
            target = int(rest.split(">")[1])
            return Anchor(model.where(target), -1, "attack")
        return PANEL  # cargo:, make:, anything new
    try:
        move = parse(pick)
    except InvalidActionError:
        return PANEL
    if isinstance(move, Move):
        unit = model.pieces.get(move.unit)
        kind = unit.kind if unit is not None else ""
        cells = freighter_hexes(move.hex, move.towards) if move.towards >= 0 else (move.hex,)
        safe = all(cell >= 0 and model.stands(kind, cell) for cell in cells)
        return Anchor(move.hex, move.towards, "1" if safe else "1!")
    if isinstance(move, Load):
        return Anchor(model.where(move.piece), -1, "load")
    if isinstance(move, Unload):
        return Anchor(move.hex, move.towards, "unload!" if _unload_risk(model, move) else "unload")
    if isinstance(move, Fire | Capture):
        if move.partner >= 0:
            return PANEL  # the partner: a button ("Fire with ..."), the target has its crosshair on the map
        unit = model.pieces.get(move.unit)
        pods = model.derived.pods.get(move.target, ())
        near = [pod for pod in pods if unit is not None and _adjacent(unit.hex, pod)]
        return Anchor(near[0] if near else model.where(move.target), -1, "board")
    if isinstance(move, Build):
        return Anchor(move.hex, -1, "build")
    if isinstance(move, Repair):
        return Anchor(move.hex, -1, "repair")
    if isinstance(move, Land):
        return Anchor(move.hex, move.orientation, "land")
    return PANEL


def _adjacent(a: int, b: int) -> bool:
    return a >= 0 and b in NEIGHBOURS[a]


# --- what a pick is called ---------------------------------------------------------------------------------
def describe(model: Model, pick: str, labels: Mapping[int, str], cost: int | None = None) -> str:
    """The words a screen reader says for a pick (and its tooltip); they start with the visible word."""
    kind, _, rest = pick.partition(":")

    def name(pid: int) -> str:
        return model.name(pid, labels) if pid in model.pieces else f"piece {pid}"

    if pick == "":
        return "Cancel: pick another unit"
    if pick in ("end", "undo", "takeoff"):
        return {"end": "End turn", "undo": "Undo the last action", "takeoff": "Take off now (ends your game)"}[pick]
    if kind == "unit" and (rest.isascii() and rest.isdigit()):
        pid = int(rest)
        where = model.place(model.pieces[pid].hex) if pid in model.pieces and model.pieces[pid].hex >= 0 else ""
        return f"{name(pid)} at {where}: pick it" if where else f"{name(pid)}: pick it"
    if kind == "site":
        return f"Land here: centre at {model.place(parse_hex(rest))}"
    if kind == "cargo":
        carrier, piece = (int(v) for v in rest.split(">"))
        return f"Unload {name(piece)} from {name(carrier)}"
    if kind == "aim":
        unit, target = (int(v) for v in rest.split(">"))
        return f"Attack {name(target)} with {name(unit)}"
    if kind == "make":
        maker, what = rest.split(">")
        return f"Build a {NAMES.get(what, what)} with {name(int(maker))}"
    try:
        move = parse(pick)
    except InvalidActionError:
        return pick
    if isinstance(move, Move):
        tail = f", second hex {hex_text(_second(move.hex, move.towards))}" if move.towards >= 0 else ""
        kind = model.pieces[move.unit].kind if move.unit in model.pieces else ""
        cells = (move.hex, _second(move.hex, move.towards)) if move.towards >= 0 else (move.hex,)
        stuck = not all(cell >= 0 and model.stands(kind, cell) for cell in cells)
        warn = ", where it is stranded or flooded (inactive)" if stuck else ""
        return f"Move {name(move.unit)} to {model.place(move.hex)}{tail}: 1 AP{warn}"
    if isinstance(move, Load):
        return f"Load {name(move.piece)} into {name(move.unit)}: 1 AP"
    if isinstance(move, Unload):
        tail = f", second hex {hex_text(_second(move.hex, move.towards))}" if move.towards >= 0 else ""
        risk = _unload_risk(model, move)
        warn = f", where it is {risk}" if risk else ""
        into = model.derived.lander.get(move.hex, model.derived.top.get(move.hex))
        if into is not None:
            return f"Unload {name(move.piece)} from {name(move.unit)} into {name(into)} at {hex_text(move.hex)}: 1 AP"
        return f"Unload {name(move.piece)} from {name(move.unit)} onto {model.place(move.hex)}{tail}: 1 AP{warn}"
    if isinstance(move, Fire):
        return f"Fire at {name(move.target)} with {name(move.unit)} and {name(move.partner)}: 2 AP"
    if isinstance(move, Capture):
        if move.partner < 0:
            return f"Board {name(move.target)} with {name(move.unit)}: captures it, 1 AP"
        return f"Capture {name(move.target)} with {name(move.unit)} and {name(move.partner)}: 1 AP"
    if isinstance(move, Build):
        return f"Build a {NAMES[move.kind]} at {model.place(move.hex)} with {name(move.unit)}: 1 AP"
    if isinstance(move, Repair):
        return f"Repair the Laser Turret at {hex_text(move.hex)} of {name(move.unit)}"
    if isinstance(move, Replace):
        return (f"Replace the Comm Module of {name(move.unit)} by one of yours: 1 AP; its company's units outside are "
                "then commanded by nobody")
    if isinstance(move, Lose):
        return f"Lose {name(move.unit)} to interference"
    if isinstance(move, Land):
        pods = "N, SE, SW" if move.orientation == 0 else "NE, S, NW"
        return f"Land with pods {pods} around {model.place(move.hex)}"
    if isinstance(move, Simple):
        return move.word
    return pick


def _unload_risk(model: Model, move: Unload) -> str:
    """What becomes of a piece unloaded there: "" (fine), "lost in the open sea", "flooded", "stranded"."""
    piece = model.pieces.get(move.piece)
    derived = model.derived
    if piece is None or move.hex in derived.top or move.hex in derived.lander or piece.kind == "pontoon":
        return ""  # into a carrier, or a Pontoon (it bridges)
    cells = freighter_hexes(move.hex, move.towards) if move.towards >= 0 else (move.hex,)
    if piece.kind in ("speedboat", "freighter"):
        return "" if all(c >= 0 and model.stands(piece.kind, c) for c in cells) else "stranded (inactive)"
    if move.hex in derived.pontoon or model.land[TERRAIN[move.hex]]:
        return ""
    return "lost in the open sea" if TERRAIN[move.hex] == "~" else "flooded (inactive)"


def _second(cell: int, way: int) -> int:
    return neighbour(cell, way)


def button_word(model: Model, pick: str, labels: Mapping[int, str]) -> str:
    """The short text of a panel button."""
    kind, _, rest = pick.partition(":")
    if pick in ("end", "undo", "takeoff", ""):
        return {"end": "End turn", "undo": "Undo", "takeoff": "Take off", "": "Cancel"}[pick]
    if kind == "cargo":
        piece = int(rest.split(">")[1])
        kind = model.pieces[piece].kind if piece in model.pieces else ""
        return f"Unload {NAMES.get(kind, 'piece')}" + ("" if kind == "ore" else f" {piece}")
    if kind == "make":
        return f"Build {NAMES.get(rest.split('>')[1], rest)}"
    if kind in ("fire", "capture") and "+" in rest:
        partner = int(rest.split("+")[1].split(">")[0])
        what = NAMES[model.pieces[partner].kind] if partner in model.pieces else "unit"
        return f"{'Fire' if kind == 'fire' else 'Capture'} with {what} {partner}"
    if kind == "lose" and (rest.isascii() and rest.isdigit()) and int(rest) in model.pieces:
        return f"Lose {model.name(int(rest), labels)} at {hex_text(model.pieces[int(rest)].hex)}"
    return describe(model, pick, labels)
