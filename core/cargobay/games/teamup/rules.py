"""Team UP! (../shared/rules/teamup.txt): 1-5 players stack 27 boxes on a 6 x 4 pallet, 5 layers, together.

Components: the rulings' reconstructed sheet (``components.py``, ../shared/notes/rules-decisions.md Team UP!);
stacking instructions: ``geometry.py`` (rule names: inside the pallet, coloured side up, no overhang, touch
another box, identical sides). Rulings applied: 1 (grid, layers, flat boxes turned in the plane), 2-3 (the
box set, the 36 cards), 4 (identical sides, touching, support), 5 (full layers, scoring, stopping, Puzzle).

Decided here (the rulebook and the rulings do not say):
- Seats take turns 0, 1, 2, ... (a turn is one card); the team's score is every seat's score.
- The set-up is one chance action ``setup:<code>`` (``codes.py``): the neutral box at a random corner in a
  random orientation, and the shuffled deck. The draw pile's order is then fixed and hidden from every seat
  (the view shows which cards are still in it, not their order), except in Challenge mode.
- A turn is two decisions of the seat to play: ``draw`` (or ``stop``), then a placement for the drawn card.
  When no box allowed by the card has a legal spot (or none is left), the card goes face down at once: the
  engine decides, the player has no choice, and the turn passes.
- Stopping ("the players mutually agree to stop drawing new cards"): the seat about to draw may play
  ``stop`` instead, for the team; the game ends and is scored. A drawn card must be played.
- The game ends when all 27 boxes are stacked, when the last of the 36 cards is played, or on ``stop``.
- The pallet holds 5 layers: a box above layer 5 is outside the pallet.
- Winning: the result's ``winners`` are every seat when the rating is "good" or better (11 points or more);
  in Puzzle mode only a perfect pallet (25) solves the puzzle.
- Modes (option ``mode``) and set-up codes (option ``setup``): "game" plays a new shuffle, or the set-up of
  the code given (Competition: every team plays the same set-up); "challenge" replays a set-up (the code of a
  previous round, shown when a game ends) with the card order known to the team, as the rulebook's Challenge
  leaves the used cards in their order; "puzzle" deals an order that the solver has proved allows a perfect
  pallet (``solver.puzzle_setup``), or checks the code given.

Actions: see ``actions.py``; the selection step picks the box, then its orientation, then the spot.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...engine import CHANCE, JSON, TERMINAL, Game, IllegalActionError, InvalidActionError, StateError
from .actions import BOXES, CONFIRM_STOP, Draw, Place, Setup, Stop, parse
from .codes import CodeError, decode, encode, neutral_footprint
from .components import (
    BOX_COUNTS,
    BOX_TOTAL,
    CARD_KINDS,
    CARD_NAMES,
    DECK,
    DEPTH,
    LAYERS,
    POINTS_PER_LAYER,
    SHAPES,
    WIDTH,
    card_allows,
    rating,
)
from .geometry import NOT_UP, PIDS_BY_SHAPE, PLACEMENTS, RULE_COLOUR, Pallet, explain, pid_of
from .info import INFO
from .state import PHASES, TeamUpState, from_json, to_json

__all__ = ["GAME", "INFO", "PHASES", "TeamUpGame", "TeamUpState", "legal_placements", "score_parts"]

RULE_TURN = "Game Turn: draw a card, then place a box"
RULE_CARD = "follow the card"
RULE_LEFT = "use a remaining box"
RULE_PUZZLE = "Puzzle: a card sequence that could provide a perfect pallet"
WIN_SCORE = 11  # "good" or better
_HINTS: dict[tuple[str, int], JSON] = {}  # the last hints asked for, by state and seat


def legal_placements(pallet: Pallet, card: str, stock: Mapping[str, int]) -> list[str]:
    """Every legal placement for ``card``: the boxes it allows that are left, on every legal spot."""
    _, colours, shapes = CARD_KINDS[card]
    actions: list[str] = []
    for shape in shapes:
        names = [f"{shape}-{colour}" for colour in colours if stock.get(f"{shape}-{colour}", 0) > 0]
        if not names:
            continue
        for pid in PIDS_BY_SHAPE[shape]:
            if pallet.legal_layer(pid) >= 0:
                p = PLACEMENTS[pid]
                actions.extend(f"place:{name}@{p.orient}:{p.x},{p.y}" for name in names)
    return sorted(actions)


def score_parts(state: TeamUpState) -> dict[str, int]:
    """The rulebook's three scoring steps: full layers (5 each), boxes not stacked, face-down cards."""
    layers = state.pallet.full_layers()
    unplaced = BOX_TOTAL - len(state.boxes)
    face_down = state.face_down()
    return {"layers_full": layers, "unplaced": unplaced, "face_down": face_down,
            "score": POINTS_PER_LAYER * layers - unplaced - face_down}


class TeamUpGame(Game[TeamUpState]):
    info = INFO

    # --- the node -------------------------------------------------------------------------------
    def new_state(self, seats: int = 1, options: Mapping[str, Any] | None = None) -> TeamUpState:
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Team UP! is for {self.min_seats}-{self.max_seats} players, not {seats}")
        resolved = self.info.resolve_options(options)
        state = TeamUpState(seats=seats, mode=str(resolved["mode"]))
        code = str(resolved["setup"]).strip()
        if code:
            try:
                return self._setup(state, CHANCE, code)
            except (CodeError, IllegalActionError) as error:
                raise ValueError(f"option 'setup': {error}") from error
        return state

    def current_player(self, state: TeamUpState) -> int:
        if state.phase == "setup":
            return CHANCE
        if state.phase == "end":
            return TERMINAL
        turn = state.drawn if state.phase == "draw" else state.drawn - 1
        return turn % state.seats

    def acting_seats(self, state: TeamUpState) -> tuple[int, ...]:
        player = self.current_player(state)
        return (player,) if player >= 0 else ()

    def legal_actions(self, state: TeamUpState, seat: int) -> list[str]:
        if state.phase not in ("draw", "place") or seat != self.current_player(state):
            return []
        if state.phase == "draw":
            return ["draw", "stop"]
        assert state.card is not None
        return legal_placements(state.pallet, state.card, state.stock())

    def action_steps(self, action: str) -> tuple[str, ...]:
        """A placement is picked box first; ``stop`` ends the game for the whole team, so the page asks first
        (the pick ``confirm:stop`` shows what the team would score)."""
        move = parse(action)
        if isinstance(move, Stop):
            return (CONFIRM_STOP,)
        return move.steps() if isinstance(move, Place) else ()

    def sample_chance(self, state: TeamUpState, rng: random.Random) -> str:
        if state.phase != "setup":
            raise IllegalActionError("no chance event is pending", "Set-Up: once, before the first card")
        if state.mode == "puzzle":
            from .solver import puzzle_setup  # the solver is loaded only for Puzzle mode

            return f"setup:{encode(*puzzle_setup(rng))}"
        deck = list(DECK)
        rng.shuffle(deck)
        return f"setup:{encode(rng.randrange(8), deck)}"

    # --- apply ----------------------------------------------------------------------------------
    def apply(self, state: TeamUpState, seat: int, action: str) -> TeamUpState:
        move = parse(action)
        if isinstance(move, Setup):
            try:
                return self._setup(state, seat, move.code)
            except CodeError as error:
                raise InvalidActionError(str(error)) from error
        if state.phase in ("setup", "end"):
            raise IllegalActionError("the game has not started" if state.phase == "setup" else "the game is over",
                                     RULE_TURN)
        turn = self.current_player(state)
        if seat != turn:
            raise IllegalActionError(f"it is seat {turn}'s turn, not seat {seat}'s", "Game Turn: players take turns")
        if isinstance(move, Draw | Stop):
            if state.phase != "draw":
                raise IllegalActionError(f"the drawn card ({CARD_NAMES[str(state.card)]}) must be played first",
                                         RULE_TURN)
            return self._stop(state) if isinstance(move, Stop) else self._draw(state)
        if state.phase != "place":
            raise IllegalActionError("draw a card before placing a box", RULE_TURN)
        return self._place(state, move)

    def _setup(self, state: TeamUpState, seat: int, code: str) -> TeamUpState:
        if seat != CHANCE or state.phase != "setup":
            raise IllegalActionError("the set-up happens once, before the first card",
                                     "Set-Up: the neutral box and the shuffled draw pile")
        spot, deck = decode(code)
        if state.mode == "puzzle":
            from .solver import proves_perfect

            if not proves_perfect(spot, deck):
                raise IllegalActionError("this card order is not proved to allow a perfect pallet", RULE_PUZZLE)
        new = state.copy()
        new.code, new.spot, new.deck = encode(spot, deck), spot, deck
        orient, x, y = neutral_footprint(spot)
        new.pallet = Pallet.start(pid_of("N", orient, x, y))
        new.phase = "draw"
        return new

    def _stop(self, state: TeamUpState) -> TeamUpState:
        new = state.copy()
        new.stopped = True
        new.phase = "end"
        return new

    def _draw(self, state: TeamUpState) -> TeamUpState:
        new = state.copy()
        new.drawn += 1
        new.phase = "place"
        card = new.card
        assert card is not None
        if not legal_placements(new.pallet, card, new.stock()):
            new.discards.append((card, False))  # no legal placement: face down, the turn ends
            self._next(new)
        return new

    def _place(self, state: TeamUpState, move: Place) -> TeamUpState:
        card = state.card
        assert card is not None
        if move.orient in NOT_UP:
            raise IllegalActionError(f"a box lies flat, coloured side up, not {move.orient}", RULE_COLOUR)
        if not card_allows(card, move.box):
            _, colours, shapes = CARD_KINDS[card]
            wanted = f"a {colours[0]} box" if len(colours) == 1 else " or ".join(
                f"a {SHAPES[shape].name} box" for shape in shapes)
            raise IllegalActionError(f"the {CARD_NAMES[card]} card asks for {wanted}, not {move.box}", RULE_CARD)
        if state.stock()[move.box] <= 0:
            raise IllegalActionError(f"every {move.box} box is on the pallet already", RULE_LEFT)
        pid = pid_of(move.shape, move.orient, move.x, move.y)
        rule, z = state.pallet.check(pid)
        if rule:
            raise IllegalActionError(f"{move.box} at {move.orient}:{move.x},{move.y}: "
                                     f"{explain(rule, state.pallet, pid, z)}", rule)
        new = state.copy()
        new.pallet = state.pallet.place(pid, z)
        new.boxes.append((move.box, move.orient, move.x, move.y, z))
        new.discards.append((card, True))
        self._next(new)
        return new

    def _next(self, state: TeamUpState) -> None:
        """After a card: the next turn, or the end (every box stacked, or no card left)."""
        done = len(state.boxes) == BOX_TOTAL or len(state.discards) == len(state.deck)
        state.phase = "end" if done else "draw"

    # --- what is seen ---------------------------------------------------------------------------
    def scores(self, state: TeamUpState) -> list[int]:
        return [score_parts(state)["score"]] * state.seats

    def result(self, state: TeamUpState) -> JSON | None:
        if state.phase != "end":
            return None
        parts = score_parts(state)
        score = parts["score"]
        won = score == 25 if state.mode == "puzzle" else score >= WIN_SCORE
        ended_by = ("the team stopped" if state.stopped else
                    "all boxes stacked" if len(state.boxes) == BOX_TOTAL else "no card left")
        return {**parts, "scores": [score] * state.seats, "winners": list(range(state.seats)) if won else [],
                "rating": rating(score), "ended_by": ended_by, "setup_code": state.code, "mode": state.mode}

    def view(self, state: TeamUpState, seat: int | None) -> JSON:
        own = seat if seat is not None and 0 <= seat < state.seats else None
        started = state.phase != "setup"
        seen = [card for card, _ in state.discards] + ([state.card] if state.card else [])
        unseen = Counter(DECK) if started else Counter()
        unseen.subtract(seen)
        public_order = state.mode == "challenge" or state.phase == "end"
        orient, x, y = neutral_footprint(state.spot)
        heights = state.pallet.heights()
        stock = state.stock()
        return {
            "game": self.id,
            "seat": own,
            "seats": state.seats,
            "mode": state.mode,
            "phase": state.phase,
            "to_act": list(self.acting_seats(state)),
            "card": state.card,
            "drawn": state.drawn,
            "deck_left": len(state.deck) - state.drawn if started else len(DECK),
            "unseen": {card: unseen[card] for card in CARD_KINDS} if started else {},
            "upcoming": list(state.deck[state.drawn:]) if started and public_order else None,
            "neutral": {"spot": state.spot, "orient": orient, "x": x, "y": y} if started else None,
            "boxes": [{"box": box, "orient": o, "x": bx, "y": by, "z": z} for box, o, bx, by, z in state.boxes],
            "heights": [heights[row * WIDTH:(row + 1) * WIDTH] for row in range(DEPTH)],
            "layers": LAYERS,
            "stock": {box: stock[box] for box in BOXES},
            "discards": [[card, up] for card, up in state.discards],
            **score_parts(state),
            "setup_code": state.code if public_order else None,
            "legal": [] if own is None else self.legal_actions(state, own),
            "result": self.result(state),
        }

    def hint(self, state: TeamUpState, seat: int) -> JSON | None:
        """The hint button (``hint.advice``): blind to the card order, but in Challenge mode (known to the team)
        and Puzzle mode (the puzzle's published solution: the exact solver on the order); cached per state."""
        if seat != self.current_player(state):
            return None
        key = (json.dumps(self.state_to_json(state), sort_keys=True), seat)
        if key not in _HINTS:
            from .hint import advice

            known = state.deck[state.drawn:] if state.mode == "puzzle" else None  # after the drawn card
            view = self.view(state, seat)
            if len(_HINTS) > 16:
                _HINTS.clear()
            _HINTS[key] = advice(view, known, f"{state.code}/{state.drawn}/{len(state.boxes)}")
        return dict(_HINTS[key])

    def determinize(self, view: Mapping[str, Any], rng: random.Random) -> TeamUpState:
        """A full state consistent with a view: the cards still in the draw pile in a random order (in
        Challenge mode, and at the end, their known order)."""
        if view["phase"] == "setup":
            return self.new_state(view["seats"], {"mode": view["mode"]})
        seen = [card for card, _ in view["discards"]] + ([view["card"]] if view["card"] else [])
        if view["upcoming"] is not None:
            rest = list(view["upcoming"])
        else:
            rest = [card for card, count in view["unseen"].items() for _ in range(count)]
            rng.shuffle(rest)
        deck = seen + rest
        return self.state_from_json({
            "seats": view["seats"], "mode": view["mode"], "phase": view["phase"],
            "code": encode(view["neutral"]["spot"], deck), "spot": view["neutral"]["spot"], "deck": deck,
            "drawn": view["drawn"], "boxes": [[b["box"], b["orient"], b["x"], b["y"], b["z"]] for b in view["boxes"]],
            "discards": view["discards"], "stopped": view["result"] is not None and
            view["result"]["ended_by"] == "the team stopped",
        })

    # --- JSON (state.py; the pallet is rebuilt here, by the rules) ------------------------------
    def state_to_json(self, state: TeamUpState) -> JSON:
        return to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> TeamUpState:
        state = from_json(data)
        if state.phase != "setup":
            state.pallet = _replay(state)
        return state


def _replay(state: TeamUpState) -> Pallet:
    """Replay the discards: each face-up card placed the next box legally, each face-down card had no legal
    placement. The pallet, or StateError."""
    orient, x, y = neutral_footprint(state.spot)
    pallet = Pallet.start(pid_of("N", orient, x, y))
    in_play = state.drawn - len(state.discards)
    if in_play != (1 if state.phase == "place" else 0):
        raise StateError("every drawn card is in the discard pile, except the one being played")
    if [card for card, _ in state.discards] != list(state.deck[: len(state.discards)]):
        raise StateError("the discard pile is not the top of the deck, in order")
    stock = Counter(BOX_COUNTS)
    boxes = iter(state.boxes)
    for card, up in state.discards:
        legal = legal_placements(pallet, card, stock)
        if not up:
            if legal:
                raise StateError(f"a {card} card went face down although a box could follow it")
            continue
        entry = next(boxes, None)
        if entry is None:
            raise StateError("more face-up cards than boxes on the pallet")
        box, o, bx, by, z = entry
        if f"place:{box}@{o}:{bx},{by}" not in legal:
            raise StateError(f"{box} at {o}:{bx},{by} was not a legal placement for a {card} card")
        pid = pid_of(box[0], o, bx, by)
        if pallet.legal_layer(pid) != z:
            raise StateError(f"{box} at {o}:{bx},{by} lies on layer {pallet.legal_layer(pid) + 1}, not {z + 1}")
        pallet = pallet.place(pid, z)
        stock[box] -= 1
    if next(boxes, None) is not None:
        raise StateError("more boxes on the pallet than face-up cards")
    over = len(state.boxes) == BOX_TOTAL or len(state.discards) == len(state.deck) or state.stopped
    if (state.phase == "end") != over or (state.stopped and state.phase != "end"):
        raise StateError("the game ends exactly when every box is stacked, no card is left, or the team stops")
    if state.phase == "place" and not legal_placements(pallet, state.deck[state.drawn - 1], stock):
        raise StateError("a card that no box can follow is not played: it goes face down")
    return pallet


GAME = TeamUpGame()
