"""TF22 (../shared/rules/tf22.txt): 2-4 companies mine White Ore on GH-328 for 20 turns under shifting tides, fight
with zones of fire, capture units and Landers, and take off.

Rulings applied (../shared/notes/rules-decisions.md, "TF22"): 1 the map and the ore pattern (board.py); 2 the
start and the Lander's shape (a centre and three alternating pods, each with a Laser Turret); 3 cargo spaces
(units.py); 4 the two-hex Sea Freighter, which may strand itself like any sea unit (legal.py); 5 the 15-card tide
deck, reshuffled when empty, and what an active Production Unit is; 6 Action Points; 7 Zones of Fire and capture;
8 RCU interference (its Full Metal Planete variant is the option ``interference: mountains``); 9 take-off and
scoring; 10 alliances are talk only; 11 building into any free adjacent hex unloading allows, flooded ones
included, the limit counted per Production Unit (legal.py); 12 Laser Turrets under enemy fire are inactive (fire.py);
13 the map file's half hexes are off the board (board.py). A refused action names the fact and the rule that
applies (refusals.py).

docs/tf22-engine.md is the contract for the board and the bots (actions, phases, view, every decision). The
module map: board (the 504 hexes from map.txt, 28 x 19 cells reconciled with the rulebook's 28 x 18), tides,
units (types and capacities), state (state, JSON, the undo journal), fire (activity, zones, destruction),
legal (the move generator: every unit rule and the decisions taken where the rulebook is silent), effects (what
an action does), flow (turns, landing, forecasts, take-off, scoring), actions (the strings and their parser).

Undo: ``undo`` takes back the seat's last action of its current move (its journal, state.py), until the move ends
or something hidden was revealed (a forecast read by a Production Unit that became active). The turn-1 landing
and chance events are never undone.

Decided here too: option ``turns`` (3-20, default 20) shortens a match (take-off in the last turn), for quick
games and the tests; the map is read at normal tide in turn 1 (no card is in effect before turn 2); a player whose
Landers are all captured or gone has no further moves.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ... import tokens
from ...deck import DeckEvent
from ...engine import CHANCE, JSON, TERMINAL, Choices, Game, IllegalActionError
from . import dealt, flow
from .actions import UNIT_ACTIONS, First, Land, Lose, Order, Simple, Tides, parsed, steps
from .board import WIDTH, hex_text
from .effects import execute
from .fire import zones
from .info import INFO
from .legal import actors, global_actions, interference_pairs, landing_sites, legal_actions, unit_actions
from .refusals import explain
from .state import MAX_SEATS, TF22State, from_json, to_json
from .tides import DECK, unseen

__all__ = ["GAME", "INFO", "TF22Game", "TF22State"]

CHANCE_PHASES = ("order", "deal", "first", "reshuffle", "open")


class TF22Game(Game[TF22State]):
    info = INFO

    # --- the node -------------------------------------------------------------------------------
    def new_state(self, seats: int = 2, options: Mapping[str, Any] | None = None) -> TF22State:
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"TF22 takes 2-{MAX_SEATS} seats, not {seats}")
        resolved = self.info.resolve_options(options)
        turns = resolved["turns"]
        assert isinstance(turns, int)
        state = flow.new_state(seats, turns, str(resolved["interference"]))
        state.crypto = tokens.fresh() if resolved["crypto"] else None
        return state

    def current_player(self, state: TF22State) -> int:
        if state.phase in CHANCE_PHASES:
            return CHANCE
        if state.phase == "end":
            return TERMINAL
        return state.seat

    def acting_seats(self, state: TF22State) -> tuple[int, ...]:
        return (state.seat,) if state.phase in ("land", "play", "interfere") else ()

    def legal_actions(self, state: TF22State, seat: int) -> list[str]:
        if state.phase == "open":  # a tide opening (dealt.py): nobody acts until it is
            return []
        return legal_actions(state, seat)

    def action_steps(self, action: str) -> tuple[str, ...]:
        """Unit first (``unit:7``), then the action; an unload picks its cargo (``cargo:3>40``), a shot or capture
        its target (``aim:7>40``) and a build its kind (``make:12>rcu``) in between; a landing its centre hex."""
        return steps(action)

    def legal_choices(self, state: TF22State, seat: int, prefix: str = "") -> Choices:
        """Only what the next pick needs: at the start the actions of no unit and one ``unit:`` per piece with
        any; after ``unit:7`` that unit's actions, grouped by their next step."""
        if prefix == "":
            if state.phase == "land":
                sites = {step for action in legal_actions(state, seat) for step in steps(action)}
                return Choices("", (), tuple(sorted(sites)))
            units = [pid for pid in actors(state, seat) if unit_actions(state, seat, pid)]
            return Choices("", tuple(sorted(global_actions(state, seat))),
                           tuple(sorted(f"unit:{pid}" for pid in units)))
        kind, _, rest = prefix.partition(":")
        head = rest.split(">")[0]
        if kind == "site":
            candidates = [a for a in legal_actions(state, seat) if a.startswith(f"land:{rest}/")]
        elif kind in ("unit", "cargo", "aim", "make") and (head.isascii() and head.isdigit()):
            candidates = unit_actions(state, seat, int(head)) if state.seat == seat else []
        else:
            candidates = []
        actions: set[str] = set()
        selections: set[str] = set()
        for action in candidates:
            chain = ("", *steps(action))
            if prefix in chain:
                index = chain.index(prefix)
                (actions if index == len(chain) - 1 else selections).add(
                    action if index == len(chain) - 1 else chain[index + 1])
        if not actions and not selections:
            raise IllegalActionError(f"no legal action of seat {seat} starts with {prefix!r}")
        return Choices(prefix, tuple(sorted(actions)), tuple(sorted(selections)))

    def deck_event(self, state: TF22State) -> DeckEvent | None:
        """With ``crypto``: the tide deck dealt and opened cryptographically (dealt.py)."""
        return dealt.deck_event(state)

    def sample_chance(self, state: TF22State, rng: random.Random) -> str:
        drawn = dealt.sample(state, rng)
        if drawn is not None:
            return drawn
        if state.phase == "order":
            seats = list(range(state.seats))
            rng.shuffle(seats)
            return "order:" + ",".join(map(str, seats))
        if state.phase == "first":
            return f"first:{rng.randrange(state.seats)}"
        if state.phase in ("deal", "reshuffle"):
            cards = list(DECK) if state.phase == "deal" else unseen(state.faceup[-1:])
            rng.shuffle(cards)
            return "tides:" + "".join(cards)
        raise IllegalActionError("no chance event is pending", "Turn Order")

    # --- apply ----------------------------------------------------------------------------------
    def apply(self, state: TF22State, seat: int, action: str) -> TF22State:
        if state.crypto is not None:  # a tide is opened first (dealt.py)
            return dealt.apply(self._apply, state, seat, action)
        return self._apply(state, seat, action)

    def _apply(self, state: TF22State, seat: int, action: str) -> TF22State:
        move, text = _parsed(action)
        if type(move) in UNIT_MOVES:  # most actions: a unit's (the same steps as below, in one place)
            if seat == CHANCE or self.current_player(state) != seat:
                raise IllegalActionError(f"it is not seat {seat}'s turn", "Turn Order: players act in turn order")
            if move.unit not in state.pieces or text not in unit_actions(state, seat, move.unit):
                fact, rule = explain(state, seat, move)
                raise IllegalActionError(f"{action!r} is not legal now: {fact}", rule)
            new = state.copy(unit=True)  # a unit's action changes nothing of the turn's flow (state.UNIT_SHARED)
            small = new.open_entry(state)
            execute(new, seat, move)
            new.close_entry(small)
            flow.look(new, seat, barrier=True)
            return new
        if isinstance(move, (Order, Tides, First)):  # a tuple: ``A | B`` would build a union at every call
            return self._chance(state, seat, move)
        if seat == CHANCE or self.current_player(state) != seat:
            raise IllegalActionError(f"it is not seat {seat}'s turn", "Turn Order: players act in turn order")
        if isinstance(move, Land):
            if state.phase != "land":
                raise IllegalActionError("Landers land in turn 1 only", "Turn 1 - Landing")
            if str(move) not in landing_sites(state):
                raise IllegalActionError(f"no Lander can land at {hex_text(move.hex)}/{move.orientation}",
                                         "Turn 1 - Landing: plains and swamps, off the edge, 3 hexes from others")
            new = state.copy()
            flow.land(new, seat, move.hex, move.orientation)
            return new
        if isinstance(move, Simple) and move.word == "undo":
            if not state.journal:
                raise IllegalActionError("nothing to take back", "Undo: only this move's actions, until a reveal")
            new = state.copy(unit=True)
            new.undo()
            return new
        if text not in global_actions(state, seat):  # ``end``, ``takeoff`` or ``lose:`` (a unit's: above)
            fact, rule = explain(state, seat, move)
            raise IllegalActionError(f"{action!r} is not legal now: {fact}", rule)
        new = state.copy()  # each may end the move (the turn's flow)
        small = new.open_entry(state)
        if isinstance(move, Lose):
            execute(new, seat, move)
            new.close_entry(small)
            if not _interfering(new, seat):
                flow.finish_move(new)
            return new
        if move.word == "takeoff":
            new._diff = None
            flow.take_off(new, seat)
            flow.finish_move(new)
            return new
        new.phase = "interfere" if _interfering(new, seat) else "play"  # end
        if new.phase == "play":
            new._diff = None
            flow.finish_move(new)
            return new
        new.close_entry(small)
        return new

    def _chance(self, state: TF22State, seat: int, move: Order | Tides | First) -> TF22State:
        if seat != CHANCE:
            raise IllegalActionError("only chance rolls and shuffles", "Turn Order: roll for player order")
        new = state.copy()
        if isinstance(move, Order) and state.phase == "order":
            if sorted(move.seats) != list(range(state.seats)):
                raise IllegalActionError(
                    f"the landing order lists seats 0-{state.seats - 1} of this {state.seats}-seat match once each, "
                    f"not {','.join(map(str, move.seats))}", "Turn 1: roll for order")
            new.order = list(move.seats)
            new.phase = "land"
            new.mover = 0
        elif isinstance(move, Tides) and state.phase in ("deal", "reshuffle"):
            expected = list(DECK) if state.phase == "deal" else unseen(state.faceup[-1:])
            if Counter(move.cards) != Counter(expected):
                raise IllegalActionError(f"the deck holds {''.join(expected)} in some order",
                                         "Tides: 15 cards, 5 ebb, 5 normal, 5 flood (ruling 5)")
            (flow.deal if state.phase == "deal" else flow.reshuffle)(new, list(move.cards))
        elif isinstance(move, First) and state.phase == "first":
            if move.seat >= state.seats:
                raise IllegalActionError(f"no seat {move.seat}: this match has seats 0-{state.seats - 1}",
                                         "Turn 2: roll for first player")
            flow.first(new, move.seat)
        else:
            raise IllegalActionError(f"{move} is not the pending chance event ({state.phase})", "Turn Order")
        return new

    # --- what is seen ---------------------------------------------------------------------------
    def scores(self, state: TF22State) -> list[int]:
        return [flow.score(state, seat)[0] for seat in range(state.seats)]

    def result(self, state: TF22State) -> JSON | None:
        if state.phase != "end":
            return None
        winners, decided_by, places = flow.ranking(state)
        return {
            "scores": self.scores(state),
            "ore": [flow.score(state, seat)[1] for seat in range(state.seats)],
            "freight": [list(row) for row in state.freight],
            "modules": [flow.modules_score(state, seat) for seat in range(state.seats)],
            "winners": winners,
            "decided_by": decided_by,
            "places": places,
        }

    def view(self, state: TF22State, seat: int | None) -> JSON:
        own = seat if seat is not None and 0 <= seat < state.seats else None
        data = to_json(state, hidden=False)
        fire = zones(state)
        data.update(
            game=self.id,
            seat=own,
            width=WIDTH,
            deck_size=len(state.deck),
            forecast=[] if own is None else [tokens.face(state, c) or "?" for c in state.deck[: state.known[own]]],
            to_act=list(self.acting_seats(state)),
            zones=[fire.zone(other) for other in range(state.seats)],
            scores=self.scores(state),
            legal=[] if own is None else self.legal_actions(state, own),
            result=self.result(state),
        )
        return data

    def determinize(self, view: Mapping[str, Any], rng: random.Random) -> TF22State:
        """The face-down tide cards the seat has not seen, shuffled behind those it has (its forecast)."""
        forecast = list(view["forecast"])
        rest = unseen(list(view["faceup"]) + forecast) if view["deck_size"] else []
        rng.shuffle(rest)
        data = {key: value for key, value in view.items() if key in _STATE_KEYS}
        data["deck"] = (forecast + rest)[: view["deck_size"]]
        return self.state_from_json(data)

    # --- JSON -----------------------------------------------------------------------------------
    def state_to_json(self, state: TF22State) -> JSON:
        return to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> TF22State:
        return from_json(data)


UNIT_MOVES = frozenset(UNIT_ACTIONS)  # the types of a unit's actions (``_apply``'s first case)
_PARSED: dict[str, tuple[Any, str]] = {}
_PARSED_MAX = 1 << 16


def _parsed(action: object) -> tuple[Any, str]:
    """``parse(action)`` and the action's own string form (``str`` of it), remembered: the values are immutable,
    so one table serves every state and match (emptied when it grows past ``_PARSED_MAX`` entries)."""
    found = _PARSED.get(action) if isinstance(action, str) else None
    if found is None:
        found = parsed(action)  # InvalidActionError for what is no action: never remembered
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
        _PARSED[action] = found  # type: ignore[index]  # parse accepted it, so it is a str
    return found


def _interfering(state: TF22State, seat: int) -> bool:
    return bool(interference_pairs(state, seat))


_STATE_KEYS = frozenset(to_json(flow.new_state(2, 20, "anywhere")))

GAME = TF22Game()
