"""The TF22 ``strong`` bot's search (``bots.StrongBot``): a bounded search over the actions of one move
(``MoveSearch``) on the engine's own states, scored by a richer evaluation (``Evaluator``).

It sees only its view, like ``medium`` (``determinize`` rebuilds a state; its own forecast is on top of the deck)
and draws nothing at random: the same view gives the same action. A bot object may be made afresh for every
decision (a peer match does so), so nothing is kept between calls that could change a choice (only exact work:
the distance fields, and the last decision's values, ``recall.py``): every decision is one search of a number of
positions worked out from the state alone (a count, never a clock: ``decision_budget``): ``MOVE_BUDGET`` (1,000)
shared over the Action Points the move began with, so 66 a decision in a move of 15 AP down to 25 in one of 40 AP,
the most a move can begin with (15 + 10 saved + 5 for each of three enemy Landers held: 4 seats; 33 at 30 AP, the
most with 2 seats), half of it for the root's candidates (dealt out over the units, ``spread``), half for the
follow-ups (those that score or set up first). A move begins with 15 AP at least, so the cap ``BUDGET`` (100) binds
only for a bot without a move budget (``bots.V1``: 100 every decision), and the floor ``MIN_BUDGET`` (24) only for
the medium bot (from 26 AP: for this one it would from 42); tests/games/tf22/test_budgets.py counts it.
Measured (bench/engine_speed.py --moves, bot-vs-bot, 20 turns): about 0.8x the CPU a move of the bot before
(``bots.V1``: 100 positions every decision), and level with it head to head.

A decision:
- candidates: the legal actions less undo, shots at White Ore or Pontoons, Pontoons built onto the map, the
  second naming of a pair of shooters; of the unloads out of a Lander only the best hex per item (nearest its
  work), of a Production Unit's builds only the best place per kind (into a held Lander, else nearest its work);
  repairs and Comm Module replacement (``replace:L``) of a captured Lander are tried like any action;
- each candidate is applied to a copy of the state (``effects.execute`` straight, with no undo entry and no
  forecast read: the evaluation reads neither; a move of an unarmed unit keeps the Zones of Fire of its parent)
  and scored; the best ``ROOT_WIDTH`` are searched one action deeper (the same unit's next action, every shot,
  capture and Lander load that became possible), so a move is worth what it sets up (a load, a shot, a capture);
- the best line is played if it beats ending the move now (the position once the move ends: AP saved are worth a
  little, and in the last move whatever is outside a Lander is lost).

The evaluation (``Evaluator``) counts what the final score counts, in tenths of a point, with the future
discounted by the Action Points it costs:
- White Ore and units inside the Landers the seat holds, foreign Comm Modules (10 each);
- a unit outside, 10 discounted per step from an open pod of home (gently early, steeply in the last move),
  nothing if the AP left until take-off cannot bring it home; what all of them need beyond that costs extra;
- a carrier's White Ore is worth what it will be once unloaded, discounted (``GAMMA``) by the AP still needed
  (steps home, unloads); a carrier with room is worth the better of going home now and first fetching one more
  lump along the cheapest trip (to a hex next to White Ore minable under this tide, then home: a Dijkstra field
  computed once per decision), so near trips pay first and full carriers go home;
- a Production Unit on the map reads the forecast; units stranded, flooded, inside an enemy zone, or about to be
  stranded or flooded by the next tide (the forecast, when the move ends there) lose value; two Robot Combat Units
  side by side lose one;
- enemy units, their carried White Ore, what is inside their Landers and their Laser Turrets count against it, so
  shots, captures and boarding pay when they come;
- a captured Lander it holds is exposed (``Evaluator.exposure``) while another seat's armed unit is near its pods:
  most of what is inside (and, while its own company's Comm Module is in, that company's units outside) is counted
  lost with no Turret standing, less with each Turret standing or that the Comm Modules held can re-arm. So it
  repairs the Turrets (2 AP with a module of the Lander's company), and replaces the Lander's module when that
  frees modules to repair with and loses no unit outside. A built unit is worth what any unit is, so a Production
  Unit turns White Ore into a Transporter where more lies about, or into a unit inside the Lander.
It keeps its armed units inside its Lander (they score there and cost nothing), unloads only its carriers, fills
them before the trip home, and brings everything home in time for the take-off.
"""

from __future__ import annotations

from typing import Any, Protocol

from ...engine import Game
from .actions import UNIT_ACTIONS, Action, Build, Capture, Fire, Land, Load, Move, Repair, Unload, parse
from .board import CELLS, HEXES, NEIGHBOURS, TERRAIN, TERRAIN_NAMES, disk, distance, parse_hex
from .effects import execute
from .fields import FAR as FAR  # (bots.py reads it here)
from .fields import field as _field
from .fields import trips as _trips
from .fire import LAND_CELLS, land_at, tide_active, zones
from .flow import AP_PER_LANDER, AP_PER_TURN, LANDING_ZONE, modules_score
from .legal import unit_actions
from .state import TF22State, lander_hexes
from .tides import LAND, LEVELS, unseen
from .units import ARMED, CAPACITY, CARRIERS, LAND_UNITS, MOBILE, SEA_UNITS, UNITS, size

__all__ = ["Distances", "Evaluator", "MoveSearch", "candidates", "decision_budget", "landing", "pruned", "spread"]


W_ORE = 10.0  # a White Ore (or a unit) inside a held Lander: one point
W_UNIT = 10.0
GAMMA = 0.95  # per Action Point still needed to bring White Ore home: near trips pay first
UNIT_GAMMA = {0: 0.9, 1: 0.985, 2: 0.99, 3: 0.995}  # per step a unit has to go home, by moves left (else 0.997)
SHORT = 1.5  # per Action Point the units and White Ore outside need to come home beyond what is left
ENEMY_UNIT = 4.0  # an enemy unit on the map (destroying or capturing it pays)
ENEMY_ORE = 4.0  # White Ore an enemy carries
ENEMY_HOME = 3.0  # White Ore or a unit inside an enemy Lander
TURRET = 3.0  # an enemy Laser Turret standing
AP_SAVED = 0.1  # per Action Point saved (at most 10)
AP_PER_MOVE = AP_PER_TURN  # (flow's: the AP a move begins with, saved ones and enemy Landers aside)
ROOT_WIDTH = 5  # candidates searched one action deeper
DEEP_WIDTH = 10  # follow-ups tried below each
LANDING_GAMMA = 0.8  # per step from the pods to a lump of White Ore, when choosing where to land
BOARD_NEAR = 4  # an enemy armed unit this near a captured Lander's pods boards it once its Turrets are down
BOARD_FAR = 10  # (half as likely this far)
BOARD_RISK = (0.8, 0.3, 0.1, 0.0)  # share of what a captured Lander holds lost to boarding, by Turrets standing
BUDGET = 100  # positions evaluated per decision at most (binds only without a move budget: 1,000 // 15 = 66)
MOVE_BUDGET = 1000  # positions per move, spread over its decisions by the Action Points it began with (0: none)
MIN_BUDGET = 24  # positions per decision at least (binds for medium from 26 AP; for strong it would from 42, more
# than the 40 a move can begin with: 15 + 10 saved + 5 for each of three enemy Landers held)


# the distance fields by what they are made from (passable hexes, goals, White Ore): most decisions of a move
# change none of it, so they are made once (the lists are only read)
_FIELDS: dict[tuple[bytes, bytes, tuple[int, ...], tuple[int, ...]], tuple[list[int], ...]] = {}


class Evaluator:
    """What one decision needs, computed once on the root state: distances home and the shortest trips for
    White Ore (to a minable lump, then home), the forecast, the Action Points left until take-off."""

    def __init__(self, state: TF22State, seat: int, forecast: list[str]) -> None:
        self.seat = seat
        derived = state.derived
        self.left = state.turns - state.turn  # moves after this one
        homes = state.held_landers(seat)
        # next to a pod whose Turret stands (the Lander loads through those only), else next to any pod
        pods = [pod for lid in homes for pod in derived.pods[lid]]
        goals = [n for pod in pods if pod in derived.top for n in NEIGHBOURS[pod] if n not in derived.lander]
        if not goals:
            goals = [n for pod in pods for n in NEIGHBOURS[pod] if n not in derived.lander]
        blocked = {cell for cell, pid in derived.top.items() if state.pieces[pid].kind in ("ore", "turret")}
        blocked |= set(derived.lander)
        blocked |= zones(state).enemy(seat)
        firm = LAND_CELLS[state.tide]  # land_at(state, cell), read straight
        pontoon = derived.pontoon
        land, sea = bytearray(CELLS), bytearray(CELLS)  # where land units pass (land, Pontoons) and sea units
        for cell in HEXES:
            if cell not in blocked:
                if firm[cell] or cell in pontoon:
                    land[cell] = 1
                else:
                    sea[cell] = 1
        # per hex (FAR where no way leads): the steps home, and a trip for one more lump: to a hex next to it,
        # then from there home (a carrier that loads there)
        ore = [piece.hex for piece in state.pieces.values() if piece.kind == "ore" and piece.hex >= 0
               and (land_at(state, piece.hex) or piece.hex in derived.pontoon)]
        key = (bytes(land), bytes(sea), tuple(goals), tuple(ore))
        fields = _FIELDS.get(key)
        if fields is None:
            land_home = _field(goals, bytearray(land))
            sea_home = _field(goals, bytearray(sea))
            fields = (land_home, sea_home, _trips(self._sources(ore, land_home), land),
                      _trips(self._sources(ore, sea_home), sea))
            if len(_FIELDS) >= 64:
                _FIELDS.clear()
            _FIELDS[key] = fields
        self.land_home, self.sea_home, self.land_trip, self.sea_trip = fields
        # the next tide: the forecast's card (a face: a card a page cannot open yet shows as "?"), else the odds
        # of the cards not seen yet
        if forecast and forecast[0] in LEVELS:
            odds = {forecast[0]: 1.0}
        else:
            cards = unseen(list(state.faceup) if state.deck else list(state.faceup[-1:]))
            odds = {level: cards.count(level) / len(cards) for level in LEVELS if level in cards}
        self.odds = [(LAND[level], chance) for level, chance in odds.items()]
        # all the evaluation reads beside the position: two Evaluators of one context value every position alike
        self.context = (seat, self.left, key, tuple(sorted(odds.items())))
        # by terrain: the odds a land unit is stranded there by the next tide, and a one-hex sea unit afloat
        self.soon_land = {t: sum(chance for firm, chance in self.odds if not firm[t]) for t in TERRAIN_NAMES}
        self.soon_sea = {t: sum(chance for firm, chance in self.odds if firm[t]) for t in TERRAIN_NAMES}
        self.gammas = [GAMMA**n for n in range(80)]
        self.unit_gammas = [UNIT_GAMMA.get(self.left, 0.997) ** n for n in range(80)]
        self.budget = 0

    @staticmethod
    def _sources(ore: list[int], home: list[int]) -> dict[int, int]:
        found: dict[int, int] = {}
        for cell in ore:
            for n in NEIGHBOURS[cell]:
                if home[n] < found.get(n, FAR):  # (FAR where home is out of reach)
                    found[n] = home[n]
        return found

    def home(self, kind: str, cell: int) -> int:
        return (self.sea_home if kind in SEA_UNITS else self.land_home)[cell]

    def trip(self, kind: str, cell: int) -> int:
        return (self.sea_trip if kind in SEA_UNITS else self.land_trip)[cell]

    def carrier(self, kind: str, cell: int, ore: int, room: int) -> float:
        """What a carrier's White Ore will be worth once home, discounted by the steps (and unloads) it still
        needs; with room, the better of going home now and fetching one more lump first."""
        budget = self.budget
        steps = self.home(kind, cell) + ore
        best = W_ORE * ore * self.gammas[steps] if ore and steps <= budget and steps < 80 else 0.0
        if room and self.left > 0:  # the last move has no time for new White Ore
            steps = self.trip(kind, cell) + ore + 2
            if steps <= budget and steps < 80:
                best = max(best, W_ORE * (ore + 1) * self.gammas[steps])
        return best

    def exposure(self, state: TF22State, lid: int, inside: list[int]) -> float:
        """What a captured Lander the seat holds stands to lose to boarding: another seat's armed unit near its pods
        boards it once its Laser Turrets are down, taking what is inside and, while the Lander keeps its own
        company's Comm Module, every unit of that company. Each Turret standing closes it further, and so (half as
        much: the AP are still to spend) each the Comm Modules held can re-arm (a repair; ``replace`` gives one)."""
        seat, pieces, derived = self.seat, state.pieces, state.derived
        pods = derived.pods[lid]
        near = FAR
        for piece in pieces.values():
            if piece.hex >= 0 and piece.kind in ARMED and piece.kind in MOBILE and piece.comm >= 0:
                owner = state.holder[piece.comm]
                if owner >= 0 and owner != seat:
                    near = min(near, *(distance(piece.hex, pod) for pod in pods))
        threat = 1.0 if near <= BOARD_NEAR else 0.5 if near <= BOARD_FAR else 0.0
        if not threat:
            return 0.0
        standing = sum(1 for pod in pods if pod in derived.top)
        company = state.lander_company(lid)
        held = state.modules[seat]
        usable = held[company] + sum(held[c] for c in range(state.seats) if c not in (seat, company)) // 2
        shield = standing + 0.5 * min(len(pods) - standing, usable)
        whole = min(int(shield), len(BOARD_RISK) - 1)
        risk = BOARD_RISK[whole] - (shield - whole) * (BOARD_RISK[whole] - BOARD_RISK[min(whole + 1, 3)])
        stake = sum(W_ORE if pieces[pid].kind == "ore" else W_UNIT for pid in inside if pieces[pid].kind != "turret")
        if pieces[lid].comm == company:  # its units outside follow the Lander
            stake += W_UNIT * sum(1 for piece in pieces.values() if piece.comm == company and piece.kind in MOBILE
                                  and piece.hex >= 0)
        return threat * risk * stake

    def __call__(self, state: TF22State, ended: bool = False) -> float:
        """The position's worth to the seat; ``ended``: as it stands once the seat ends its move here."""
        seat = self.seat
        moving = not ended and state.seat == seat and state.phase in ("play", "interfere")
        ap = min(state.ap[seat], 10) if state.seat == seat else state.saved[seat]
        # what the seat can still spend before its Landers take off (shared by all its units: an upper bound)
        self.budget = (state.ap[seat] if moving else ap) + AP_PER_MOVE * (state.turns - state.turn)
        pieces, derived = state.pieces, state.derived
        holds = derived.cargo
        holder = state.holder
        value = W_ORE * state.freight[seat][0] + W_UNIT * state.freight[seat][1] + W_ORE * modules_score(state, seat)
        mine = set(state.held_landers(seat))
        for lid in state.landers:
            if lid < 0:
                continue
            inside = _inside(holds, lid)
            if lid in mine:
                for pid in inside:
                    value += W_ORE if pieces[pid].kind == "ore" else W_UNIT if pieces[pid].kind in UNITS else 0.0
                if state.lander_company(lid) != seat:
                    value -= self.exposure(state, lid, inside)
            elif holder[pieces[lid].comm] >= 0:
                value -= ENEMY_HOME * len(inside)
        fire = zones(state)
        enemy_zone = fire.enemy(seat)
        land = LAND[state.tide or "N"]
        budget = self.budget
        if state.flown[seat]:
            budget = 0
        # about to flood or strand (the forecast): what counts is where a unit stands when the move ends
        # (while AP are left it can still step on, except before the last move: stranded or flooded then, it is lost)
        soon_cost = max(0.0, 1.0 - state.ap[seat] / 6) if moving and self.left != 1 else 1.0
        need = 0  # Action Points to bring everything outside home
        mountains = state.interference == "mountains"
        rcus: set[int] = set()
        # (the same sums in the same order as written plainly; the look-ups hoisted out of the loop)
        land_home, sea_home, unit_gammas, left = self.land_home, self.sea_home, self.unit_gammas, self.left
        soon_land, pontoon, carrier = self.soon_land, derived.pontoon, self.carrier
        for pid, piece in pieces.items():
            kind, comm, cell, _, _ = piece  # (an unpacking: cheaper than three attribute reads)
            if cell < 0 or comm < 0:
                continue
            owner = holder[comm]
            if owner < 0:
                continue
            if owner != seat:
                if kind in MOBILE:
                    value -= ENEMY_UNIT
                    carried = holds.get(pid)
                    if carried:  # (nothing carried: 0.0 taken off, the same value)
                        value -= ENEMY_ORE * sum(1 for item in carried if pieces[item].kind == "ore")
                elif kind == "turret":
                    value -= TURRET
                continue
            if kind not in MOBILE:
                continue
            steps = (sea_home if kind in SEA_UNITS else land_home)[cell] + 1
            carried = holds.get(pid)
            units = 1 + sum(1 for item in _inside(holds, pid) if pieces[item].kind in UNITS) if carried else 1
            worth = W_UNIT * units * unit_gammas[steps] if steps <= budget and steps < 80 else 0.0
            need += steps
            ore = 0
            if kind in CAPACITY:
                if carried:
                    ore = sum(1 for item in carried if pieces[item].kind == "ore")
                    need += ore
                    used = sum(size(pieces[item].kind, len(holds.get(item, ()))) for item in carried)
                else:
                    used = 0
                worth += carrier(kind, cell, ore, CAPACITY[kind] > used and (kind != "production" or not ore))
                if kind == "production" and left >= 1 and tide_active(state, piece):
                    worth += 1.0  # reads the forecast
            value += worth
            if kind in LAND_UNITS:
                terrain = TERRAIN[cell]
                afloat = cell in pontoon
                stuck = not (land[terrain] or afloat)
                soon = 0.0 if afloat else soon_land[terrain]
                if kind == "rcu" and (not mountains or terrain == "^"):
                    rcus.add(cell)
            else:
                stuck = not tide_active(state, piece)
                soon = self.soon_sea[TERRAIN[cell]] if kind != "freighter" else sum(
                    chance for firm, chance in self.odds if any(firm[TERRAIN[c]] for c in derived.hexes(piece)))
            if stuck:  # inactive until the tide turns; in the last move, for good
                value -= worth if left == 0 else 3.0 + 1.0 * ore
            elif soon and left >= 1:  # the next move the last: stranded or flooded then is lost
                value -= soon * soon_cost * (worth if left == 1 else 1.5 * (1.0 + ore / 3))
            if (cell in enemy_zone) if kind != "freighter" else any(c in enemy_zone for c in derived.hexes(piece)):
                value -= 3.0
        if need > budget:
            value -= SHORT * (need - budget)
        # interference_pairs(state, seat), counted: the Robot Combat Units next to another of the seat's
        pairs = sum(1 for cell in rcus if any(n in rcus for n in NEIGHBOURS[cell]))
        value -= 0.5 * W_UNIT * pairs
        if state.turn < state.turns:
            value += AP_SAVED * ap
        return value


def _inside(cargo: dict[int, list[int]], pid: int) -> list[int]:
    """Everything inside ``pid``, nested cargo included (``Derived.contents``, in another order)."""
    items = cargo.get(pid)
    if not items:
        return []
    found = list(items)
    for item in items:
        if item in cargo:
            found += _inside(cargo, item)
    return found


# --- candidates -----------------------------------------------------------------------------------------
def _useful(state: TF22State, action: str) -> bool:
    if action == "undo":
        return False
    verb = action.split(":", 1)[0]
    if verb == "build":  # a Pontoon onto the map is worth nothing the evaluation sees; into a Lander it is a unit
        head, _, place = action.partition("@")
        return not head.endswith(">pontoon") or _cell(place) in state.derived.lander
    if verb in ("fire", "capture") and "+" in action:
        pair, target = action[len(verb) + 1:].split(">")
        first, second = pair.split("+")
        if int(first) > int(second):
            return False  # the same shot named the other way round
        if verb == "fire":
            piece = state.pieces.get(int(target))
            return piece is not None and piece.kind not in ("ore", "pontoon")
    return True


class Distances(Protocol):
    """Steps for a unit of a kind from a hex: home, and (a carrier) on the trip for more White Ore."""

    def home(self, kind: str, cell: int) -> int: ...

    def trip(self, kind: str, cell: int) -> int: ...


def _lander_unloads(state: TF22State, evaluator: Distances, actions: list[str]) -> list[str]:
    """Of the unloads out of a held Lander, per item the hex nearest its work (White Ore for carriers)."""
    best: dict[int, tuple[float, str]] = {}  # by item (the Lander's own unloads: one unit)
    pieces = state.pieces
    for action in actions:
        move = _read(action)
        assert isinstance(move, Unload)
        kind, cell = pieces[move.piece].kind, move.hex
        score = float(evaluator.trip(kind, cell) if kind in CAPACITY else evaluator.home(kind, cell))
        if move.piece not in best or (score, action) < best[move.piece]:
            best[move.piece] = (score, action)
    return [action for _, action in best.values()]


def _builds(state: TF22State, evaluator: Distances, actions: list[str]) -> list[str]:
    """Of a Production Unit's builds, per kind the place nearest its work: into a held Lander first (it scores
    there at once), else for a Transporter the cheapest trip for White Ore, for the others the way home."""
    best: dict[str, tuple[float, str]] = {}
    lander = state.derived.lander
    for action in actions:
        head, _, place = action.partition("@")
        kind = head.rsplit(">", 1)[1]
        cell = _cell(place)
        score = -1.0 if cell in lander else float(
            evaluator.trip(kind, cell) if kind in CAPACITY else evaluator.home(kind, cell))
        if kind not in best or (score, action) < best[kind]:
            best[kind] = (score, action)
    return [action for _, action in best.values()]


def _alike(state: TF22State, pid: int) -> tuple[Any, ...]:
    """What tells a piece from another to the rules and the evaluation, its id aside (the same kind, company and
    counters, alike cargo)."""
    piece = state.pieces[pid]
    cargo = state.derived.cargo.get(pid, ())
    return (piece.kind, piece.comm, piece.aux, state.shots.get(pid, 0), tuple(state.built.get(pid, ())),
            tuple(sorted(_alike(state, item) for item in cargo)))


_MOVES: dict[str, Action] = {}  # the actions read so far (immutable), by action text: a search reads each many times


def _read(action: str) -> Action:
    """``parse(action)``, kept: a parse costs ~30 times a dictionary look-up."""
    move = _MOVES.get(action)
    if move is None:
        if len(_MOVES) >= 50_000:
            _MOVES.clear()
        move = _MOVES[action] = parse(action)
    return move


def _distinct(state: TF22State, actions: list[str]) -> list[str]:
    """Of the unloads of pieces alike (``_alike``) to the same place, the first only (they lead to the same
    position, the ids aside)."""
    seen: set[tuple[Any, ...]] = set()
    found = []
    for action in actions:
        move = _read(action)
        if isinstance(move, Unload):
            key = (move.unit, move.hex, move.towards, _alike(state, move.piece))
            if key in seen:
                continue
            seen.add(key)
        found.append(action)
    return found


_CELLS: dict[str, int] = {}  # a place's hex, read once (the board's places are few)


def _cell(place: str) -> int:
    cell = _CELLS.get(place)
    if cell is None:
        cell = _CELLS[place] = parse_hex(place.split("/", maxsplit=1)[0])
    return cell


def _cut(state: TF22State, kind: str, actions: list[str], near: Distances, distinct: bool) -> list[str]:
    """One unit's ``actions`` less what ``candidates`` leaves out: of a Lander's unloads onto the map the best hex per
    item, of a Production Unit's builds the best place per kind and (``distinct``) of a carrier's unloads of pieces
    alike to one place the first (``_distinct``). ``candidates`` and ``pruned`` both cut through here."""
    if kind == "lander":
        lander, top = state.derived.lander, state.derived.top
        out, rest = [], []
        for action in actions:
            move = _read(action)
            if isinstance(move, Unload) and lander.get(move.hex) is None and top.get(move.hex) is None:
                out.append(action)
            else:
                rest.append(action)
        actions = rest + _lander_unloads(state, near, out)
    if distinct and kind in CARRIERS:
        actions = _distinct(state, actions)
    if kind == "production":
        builds = [action for action in actions if isinstance(_read(action), Build)]
        if builds:
            actions = [action for action in actions if action not in builds] + _builds(state, near, builds)
    return actions


def pruned(state: TF22State, actions: list[str], near: Distances) -> list[str]:
    """``actions`` (every unit's, in their order) less what ``candidates`` leaves out of a Lander's unloads and a
    Production Unit's builds (``_cut``), and unloads of pieces alike to the same place but one."""
    pieces = state.pieces
    grouped: dict[int, list[str]] = {}
    for action in actions:
        move = _read(action)
        if isinstance(move, (Unload, Build)):  # a tuple: ``A | B`` builds a union per call
            grouped.setdefault(move.unit, []).append(action)
    kept = set(actions)
    for unit, group in grouped.items():
        kept -= set(group)
        kept |= set(_cut(state, pieces[unit].kind, group, near, False))
    return _distinct(state, [action for action in actions if action in kept])


def candidates(state: TF22State, seat: int, evaluator: Evaluator, units: list[int] | None = None,
               distinct: bool = True) -> list[str]:
    """The actions worth trying (of ``units`` only, if given): see the module's docstring (``distinct``: unloads of
    pieces alike to one place but one, ``_distinct``)."""
    found: list[str] = []
    pieces = state.pieces
    pids = units if units is not None else [
        pid for pid, piece in pieces.items()
        if piece.hex >= 0 and piece.comm >= 0 and piece.kind not in ("ore", "pontoon")
        and state.holder[piece.comm] == seat]
    for pid in pids:
        if pid not in pieces:
            continue
        actions = _cut(state, pieces[pid].kind, [a for a in unit_actions(state, seat, pid) if _useful(state, a)],
                       evaluator, distinct)
        found += actions
    return found


class MoveSearch:
    """Positions after candidate actions, scored; at most ``budget`` of them per decision."""

    def __init__(self, game: Game[Any], seat: int, evaluator: Evaluator, budget: int, distinct: bool = True,
                 ordered: bool = False) -> None:
        self.game = game
        self.distinct = distinct
        self.ordered = ordered  # follow-ups: what scores or sets up first (``_setup``), so a narrow width keeps them
        self.seat = seat
        self.evaluate = evaluator
        self.left = budget

    def child(self, state: TF22State, action: str) -> TF22State:
        """The state after the seat's legal ``action`` (``after``)."""
        self.left -= 1
        return after(self.game, state, self.seat, action)

    def value(self, state: TF22State, action: str) -> tuple[float, TF22State]:
        child = self.child(state, action)
        return self.evaluate(child), child

    def follow_up(self, state: TF22State, unit: int, width: int = DEEP_WIDTH,
                  seen: dict[str, float] | None = None) -> float:
        """The best value one more action reaches (of at most ``width`` tried): the same unit's, or any shot,
        capture or load (``seen``: each one's value, by action)."""
        seat = self.seat
        if state.phase != "play" or state.seat != seat or state.ap[seat] < 1 or self.left <= 0:
            return -1e9
        own = candidates(state, seat, self.evaluate, [unit], self.distinct)
        acts = [a for a in own if not a.startswith("move:")] + [a for a in own if a.startswith("move:")][:6]
        for pid, piece in state.pieces.items():
            if (pid != unit and piece.hex >= 0 and piece.comm >= 0 and state.holder[piece.comm] == seat
                    and (piece.kind in ARMED or piece.kind == "lander")):
                acts += [a for a in unit_actions(state, seat, pid) if a.startswith(("fire:", "capture:", "load:"))
                         and _useful(state, a)]
        tried = list(dict.fromkeys(acts))
        if self.ordered:
            lander = state.derived.lander
            tried.sort(key=lambda action: _setup(action, lander))
        best = -1e9
        for action in tried[:width]:
            if self.left <= 0:
                break
            value = self.value(state, action)[0]
            if seen is not None:
                seen[action] = value
            best = max(best, value)
        return best


def after(game: Game[Any], state: TF22State, seat: int, action: str) -> TF22State:
    """The state after the seat's legal ``action``; a unit's is applied straight to a copy, with no undo entry and
    no forecast read (``game.apply`` adds both, and checks it is legal: the evaluations read neither), and keeps the
    Zones of Fire of ``state`` while no armed unit (nor anything carrying one) moved. The copy shares what a unit's
    action never changes (``state.UNIT_SHARED``), as ``game.apply``'s own copy for one does."""
    move = _read(action)
    if not isinstance(move, UNIT_ACTIONS):
        new: TF22State = game.apply(state, seat, action)
        return new
    new = state.copy(unit=True)
    new.journal = []
    new._cache["zones"] = zones(state)  # the same pieces until ``execute`` changes one (which clears it)
    execute(new, seat, move)
    if isinstance(move, Move | Load | Unload):
        moved = move.unit if isinstance(move, Move) else move.piece
        kind = state.pieces[moved].kind
        if kind not in ARMED and kind != "pontoon" and not state.derived.cargo.get(moved):
            new._cache["zones"] = zones(state)  # no armed unit moved: the zones are those of ``state``
    return new


def _setup(action: str, lander: dict[int, int]) -> int:
    """A follow-up's rank: builds, shots, captures, loads, repairs and unloads into a Lander first, then other
    unloads, then moves."""
    move = _read(action)
    if isinstance(move, Move):
        return 2
    if isinstance(move, Unload):
        return 0 if move.hex in lander else 1
    return 0


def decision_budget(state: TF22State, seat: int, budget: int, move_budget: int) -> int:
    """Positions for this decision: ``move_budget`` shared out over the Action Points the move began with (about
    one action each: ``flow.start_move``'s 15, the AP saved and 5 per enemy Lander held; a capture's 5 at once
    counted as if the Lander had been held from the start), within ``MIN_BUDGET``..``budget``; ``move_budget`` 0:
    ``budget``, whatever the move."""
    if not move_budget:
        return budget
    enemy = sum(1 for lid in state.held_landers(seat) if state.lander_company(lid) != seat)
    began = max(state.ap[seat], AP_PER_TURN + state.saved[seat] + AP_PER_LANDER * enemy)
    return max(MIN_BUDGET, min(budget, move_budget // max(1, began)))


def _unit(action: str) -> int:
    head = action.split(":", 1)[1]
    return int(head.split(">")[0].split("<")[0].split("+")[0])


def spread(state: TF22State, evaluator: Distances, tries: list[str]) -> list[str]:
    """``tries`` dealt out over the units: every unit's most promising action, then every unit's second, and so on,
    so a short budget still tries something of each. A unit's own: shots, captures, loads, repairs and whatever goes
    into a Lander first, then its moves and a Lander's unloads (the nearest its work first: home, or for a carrier
    with room the trip for more White Ore), then a carrier's unloads onto the map. Carriers get two a round."""
    pieces, lander, cargo = state.pieces, state.derived.lander, state.derived.cargo
    by_unit: dict[int, list[tuple[int, int, int, str]]] = {}
    for index, action in enumerate(tries):
        unit = _unit(action)
        rank, near = 0, 0
        if action.startswith(("move:", "unload:", "build:")):
            head, _, place = action.rpartition("@") if "@" in action else action.partition(">")
            cell = _cell(place)
            if action.startswith("move:"):
                kind = pieces[unit].kind
                if kind in CAPACITY and (kind == "production" or len(cargo.get(unit, ())) >= CAPACITY[kind]) \
                        and cargo.get(unit):
                    kind = "rcu"  # loaded (a Production Unit with White Ore, a full carrier): the way home counts
            elif action.startswith("unload:"):
                kind = pieces[int(head.split(">")[1])].kind
            else:
                kind = head.rsplit(">", 1)[1]
            if cell not in lander:
                rank = 1 if not action.startswith("unload:") or pieces[unit].kind == "lander" else 2
                near = evaluator.trip(kind, cell) if kind in CAPACITY else evaluator.home(kind, cell)
        by_unit.setdefault(unit, []).append((rank, near, index, action))
    # the carriers (what scores) are dealt two actions a round
    dealt = [(rank // 2 if pieces[unit].kind in CAPACITY else rank, first, action)
             for first, (unit, actions) in enumerate(by_unit.items())
             for rank, (*_, action) in enumerate(sorted(actions))]
    return [action for *_, action in sorted(dealt)]


def _order(action: str) -> int:
    """Shots, captures and cargo first, then the rest: what is tried when the budget is short."""
    return 0 if isinstance(_read(action), Fire | Capture | Load | Unload | Repair) else 1


def landing(state: TF22State, legal: list[str]) -> str:
    """The landing site whose White Ore is cheapest to bring home over the tides to come: per site, every lump left
    after the landing clears its zone, discounted by the steps to it by land (under each tide level, a third each;
    only where it can be mined), halved where a Lander already down is nearer; White Ore on the coast a Sea
    Freighter reaches from the pods counts too."""
    derived = state.derived
    ore = [piece.hex for piece in state.pieces.values() if piece.kind == "ore" and piece.hex >= 0]
    blocked = set(derived.lander) | {cell for cell, pid in derived.top.items() if state.pieces[pid].kind != "ore"}
    ore_cells = set(ore)
    others = [lid for lid in state.landers if lid >= 0]
    rivals = [n for lid in others for pod in derived.pods[lid] for n in NEIGHBOURS[pod]]
    # per tide level, what does not depend on the site: where land and sea units pass, the ore that can be mined
    # and the steps to it from the Landers already down (the nearest neighbour of each lump)
    levels = []
    for level in LEVELS:
        firm = LAND[level]
        land = bytearray(CELLS)
        sea = bytearray(CELLS)
        for cell in HEXES:
            if cell in blocked:
                continue
            if firm[TERRAIN[cell]]:
                land[cell] = cell not in ore_cells
            else:
                sea[cell] = 1
        rival = _field(rivals, bytearray(land))
        theirs = {cell: min(rival[n] for n in NEIGHBOURS[cell]) for cell in ore if firm[TERRAIN[cell]]}
        levels.append((land, sea, theirs))
    best, best_value = legal[0], -1.0
    for action in legal:
        move = parse(action)
        assert isinstance(move, Land)
        hexes = lander_hexes(move.hex, move.orientation)
        zone = {cell for pod in hexes for cell in disk(pod, LANDING_ZONE)}
        around = [n for pod in hexes[1:] for n in NEIGHBOURS[pod] if n not in hexes]
        left = [cell for cell in ore if cell not in zone]
        value = 0.0
        for land, sea, theirs in levels:
            land, sea = bytearray(land), bytearray(sea)
            for cell in hexes:
                land[cell] = sea[cell] = 0
            steps = _field(around, land).__getitem__
            sail = _field(around, sea).__getitem__
            for cell in left:
                if cell not in theirs:
                    continue
                near = min(map(steps, NEIGHBOURS[cell]))
                boat = min(map(sail, NEIGHBOURS[cell]))
                near = min(near, boat + 2)  # by sea: slower to fill, four at a time
                if near >= FAR:
                    continue
                worth = LANDING_GAMMA ** near
                value += worth * (0.5 if theirs[cell] < near else 1.0) / len(LEVELS)
        if value > best_value or (value == best_value and action < best):
            best, best_value = action, value
    return best
