"""What the TF22 board reads from a view, computed once per drawing: the pieces and who stands where (the
engine's ``Derived``), the tide, who commands what, which units are inactive, the enemy zones of each seat, the
names the board uses, and how far a unit can go (``reach``).

``reach`` is the board's own breadth-first search over single-hex moves, asking the move generator's rule
(``legal.enterable``: not into an occupied hex, a Lander, a Pontoon (sea units) or a mountain (the Spider)) and
never into an enemy Zone of Fire; a move onto a hex the unit cannot act from (stranding, flooding) ends its way there; a
Sea Freighter puts one of its two hexes next to the other. Its first ring is exactly the unit's legal moves
(tests/games/tf22/test_svg.py checks); the farther rings say what the remaining Action Points reach if nothing
else changes. A breaching move (armed units, into an enemy zone) is drawn from the legal list, never expanded.

>>> from .flow import new_state
>>> from .state import to_json
>>> model = Model({**to_json(new_state(2, 20, "anywhere"), hidden=False), "seat": 0, "zones": [[], []]})
>>> model.level, len(model.ore)
('N', 133)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from .board import NEIGHBOURS, TERRAIN, hex_text
from .legal import enterable
from .state import Derived
from .tides import BEFORE_FIRST_CARD, LAND
from .units import LAND_UNITS, MOBILE, NAMES, SEA_UNITS, Piece

TERRAIN_WORDS = {".": "plains", "~": "open sea", "s": "swamp", "r": "reef", "^": "mountains"}
LEVEL_WORDS = {"E": "ebb", "N": "normal", "F": "flood"}


class Model:
    """A view, read for drawing."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        seat = view.get("seat")
        self.viewer: int | None = seat if isinstance(seat, int) else None
        self.seats = int(view.get("seats", 2))
        self.pieces: dict[int, Piece] = {int(row[0]): Piece(*row[1:]) for row in view.get("pieces", [])}
        self.derived = Derived(self.pieces)
        self.level = str(view.get("tide") or BEFORE_FIRST_CARD)
        self.land = LAND[self.level]
        self.holder: list[int] = list(view.get("holder") or range(self.seats))
        zones = view.get("zones") or [[] for _ in range(self.seats)]
        self.zones: list[frozenset[int]] = [frozenset(zone) for zone in zones]
        self.ore = [pid for pid, piece in self.pieces.items() if piece.kind == "ore" and piece.hex >= 0]
        self.shots = {int(pid): int(count) for pid, count in view.get("shots", [])}
        self._enemy: dict[int, frozenset[int]] = {}

    # --- who, what, where ---------------------------------------------------------------------------------
    def owner(self, pid: int) -> int:
        """The seat commanding the piece (-1: White Ore, Pontoons)."""
        piece = self.pieces[pid]
        return self.holder[piece.comm] if 0 <= piece.comm < len(self.holder) else -1

    def enemy(self, seat: int) -> frozenset[int]:
        """Hexes in another seat's Zone of Fire."""
        found = self._enemy.get(seat)
        if found is None:
            found = self._enemy[seat] = frozenset().union(
                *(zone for other, zone in enumerate(self.zones) if other != seat))
        return found

    def hexes(self, pid: int) -> tuple[int, ...]:
        piece = self.pieces[pid]
        return self.derived.hexes(piece) if piece.hex >= 0 else ()

    def where(self, pid: int) -> int:
        """The hex a piece is on, or that of the outermost carrier holding it (-1 if none)."""
        seen = 0
        while pid in self.pieces and self.pieces[pid].hex < 0 and seen < 50:
            pid = self.pieces[pid].carrier
            seen += 1
        return self.pieces[pid].hex if pid in self.pieces else -1

    def stands(self, kind: str, cell: int) -> bool:
        """A unit of ``kind`` may act on ``cell`` under the current tide (fire.tide_active, for one hex)."""
        if kind in LAND_UNITS:
            return self.land[TERRAIN[cell]] or cell in self.derived.pontoon
        if kind in SEA_UNITS:
            return not self.land[TERRAIN[cell]] and cell not in self.derived.pontoon
        return True

    def inactive(self, pid: int) -> str:
        """Why a unit on the map cannot act ("" if it can): stranded, flooded, or inside an enemy zone (a Laser
        Turret too, ruling 12)."""
        piece = self.pieces[pid]
        if piece.hex < 0 or piece.kind in ("lander", "ore", "pontoon"):
            return ""
        if piece.kind != "turret" and not all(self.stands(piece.kind, cell) for cell in self.hexes(pid)):
            return "stranded" if piece.kind in SEA_UNITS else "flooded"
        owner = self.owner(pid)
        if owner < 0:
            return "commanded by nobody"  # its company's Lander took another company's Comm Module
        if any(cell in self.enemy(owner) for cell in self.hexes(pid)):
            return "under enemy fire"
        return ""

    def cargo(self, pid: int) -> list[int]:
        return list(self.derived.cargo.get(pid, ()))

    def name(self, pid: int, labels: Mapping[int, str] | None = None) -> str:
        """"Robot Combat Unit 140 (Player 2)": its kind, its id, whose."""
        piece = self.pieces[pid]
        if piece.kind == "ore":
            return f"White Ore {pid}"
        owner = self.owner(pid)
        whose = "" if owner < 0 else f" ({(labels or {}).get(owner, f'Player {owner + 1}')})"
        return f"{NAMES[piece.kind]} {pid}{whose}"

    def terrain(self, cell: int) -> str:
        """The terrain of a hex as it is now, e.g. "swamp (flooded)"."""
        letter = TERRAIN[cell]
        word = TERRAIN_WORDS[letter]
        if letter in "sr":
            word += " (dry)" if self.land[letter] else " (flooded)"
        return word

    def place(self, cell: int) -> str:
        return f"{hex_text(cell)}, {self.terrain(cell)}"

    # --- how far a unit goes ----------------------------------------------------------------------------------
    def reach(self, pid: int, ap: int) -> dict[int, int]:
        """Hex -> the fewest Action Points that bring the unit there (onto it: a Sea Freighter covering it)."""
        piece = self.pieces.get(pid)
        owner = self.owner(pid) if piece else -1
        if piece is None or piece.kind not in MOBILE or piece.hex < 0 or ap < 1 or owner < 0 or self.inactive(pid):
            return {}
        derived, kind, enemy = self.derived, piece.kind, self.enemy(owner)

        def closed(cell: int) -> bool:  # the move generator's rule (legal.enterable), enemy zones not entered
            return cell in enemy or not enterable(derived, pid, kind, cell)

        if kind == "freighter":
            return self._freighter_reach(piece, closed, ap)
        cost = {piece.hex: 0}
        todo = deque([piece.hex])
        while todo:
            cell = todo.popleft()
            steps = cost[cell] + 1
            if steps > ap or (cell != piece.hex and not self.stands(kind, cell)):
                continue
            for n in NEIGHBOURS[cell]:
                if n not in cost and not closed(n):
                    cost[n] = steps
                    todo.append(n)
        del cost[piece.hex]
        return cost

    def _freighter_reach(self, piece: Piece, closed: Callable[[int], bool], ap: int) -> dict[int, int]:
        head, tail = self.derived.hexes(piece)
        start = (min(head, tail), max(head, tail))
        seen = {start: 0}
        best: dict[int, int] = {}
        afloat: dict[int, bool] = {}
        todo = deque([start])
        while todo:
            pair = todo.popleft()
            steps = seen[pair] + 1
            if steps > ap:
                continue
            if pair != start:
                for cell in pair:
                    if cell not in afloat:
                        afloat[cell] = self.stands("freighter", cell)
                if not (afloat[pair[0]] and afloat[pair[1]]):
                    continue
            for kept in pair:
                for n in NEIGHBOURS[kept]:
                    if n == pair[0] or n == pair[1] or closed(n):
                        continue
                    new = (kept, n) if kept < n else (n, kept)
                    if new not in seen:
                        seen[new] = steps
                        if steps < best.get(n, ap + 1):
                            best[n] = steps
                        todo.append(new)
        for cell in start:
            best.pop(cell, None)
        return best
