"""Peek deck: a small test game that uses every operation of the deck API (cargobay.deck), so the peer
protocol's cryptographic deal of each is tested whole, with in-memory pages, apart from any real game.

2-4 seats; 12 cards ``c1``..``c6`` twice. Set-up (``deal:``, a new deck): 2 cards to each seat, the rest the
draw pile (face down, nobody). Turns go round, ``turns`` of them in all; on its turn a seat may
- ``peek``: see the pile's top card, alone (``see:``, a peek for that seat, over the current deck);
- ``flip``: the top card is shown to all (``see:``, public) and scores its number for the seat;
- ``play:cN``: a card of its hand is shown (``Game.shown_cards``) and scores twice its number;
- ``return``: the pile (and every peek) goes back and is reshuffled (``back:``, return and reshuffle).
A page knows the faces of the positions shown to it; its state keeps ``?`` for the rest. Not a real game:
nothing else is tested here.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

from cargobay.deck import HIDDEN, NOBODY, PUBLIC, DeckEvent, peek, take
from cargobay.engine import CHANCE, JSON, TERMINAL, Game, GameInfo, IllegalActionError, Option

CARDS = tuple(f"c{n}" for n in range(1, 7)) * 2
HAND = 2
INFO = GameInfo(id="peekdeck", title="Peek deck", seats=(2, 4), simultaneous=False, hidden_information=True,
                options=(Option("turns", "Turns", 8, low=1, high=30),), listed=False)

State = dict[str, Any]


class PeekDeck(Game[State]):
    info = INFO

    def new_state(self, seats: int, options: Mapping[str, Any] | None = None) -> State:
        turns = self.info.resolve_options(options)["turns"]
        return {"players": seats, "phase": "deal", "turn": 0, "turns": turns, "deck": [], "pile": [],
                "hands": [[] for _ in range(seats)], "table": [], "scores": [0] * seats, "pending": None,
                "peeked": [None] * seats}

    def current_player(self, state: State) -> int:
        player: int = {"deal": CHANCE, "open": CHANCE, "turn": state["turn"] % state["players"], "end": TERMINAL}[
            state["phase"]]
        return player

    def acting_seats(self, state: State) -> tuple[int, ...]:
        return (state["turn"] % state["players"],) if state["phase"] == "turn" else ()

    def legal_actions(self, state: State, seat: int) -> list[str]:
        if seat not in self.acting_seats(state):
            return []
        moves = [f"play:{card}" for card in sorted(set(state["hands"][seat])) if card != HIDDEN]
        if state["pile"]:
            moves += ["flip", "peek"]
        if len(state["pile"]) >= 2:
            moves.append("return")
        return moves or ["pass"]

    def deck_event(self, state: State) -> DeckEvent | None:
        seats = state["players"]
        if state["phase"] == "deal":
            to = tuple(seat for seat in range(seats) for _ in range(HAND))
            return DeckEvent(CARDS, to + (NOBODY,) * (len(CARDS) - len(to)), "deal:")
        if state["phase"] != "open":
            return None
        kind, seat = state["pending"]
        if kind == "return":
            return DeckEvent.returning(CARDS, state["pile"], [NOBODY] * len(state["pile"]), "back:")
        top = state["pile"][0]
        return DeckEvent.opening(CARDS, len(state["deck"]), {top: PUBLIC if kind == "flip" else peek(seat)}, "see:")

    def sample_chance(self, state: State, rng: random.Random) -> str:
        event = self.deck_event(state)
        if event is None:
            raise IllegalActionError("no chance event is pending", "Peek deck")
        return event.local(rng, state["deck"])

    def shown_cards(self, state: State, seat: int, action: str) -> tuple[str, ...]:
        return (action[5:],) if action.startswith("play:") else ()

    def apply(self, state: State, seat: int, action: str) -> State:
        new = copy.deepcopy(state)
        if seat == CHANCE:
            self._chance(new, action)
            return new
        if new["phase"] != "turn" or seat not in self.acting_seats(state):
            raise IllegalActionError(f"seat {seat} is not to move", "Peek deck")
        if action in ("peek", "flip", "return"):
            if not new["pile"] or (action == "return" and len(new["pile"]) < 2):
                raise IllegalActionError("the pile is too small", "Peek deck")
            new["phase"], new["pending"] = "open", [action, seat]
            return new
        if action.startswith("play:"):
            card = action[5:]
            if card not in CARDS or not take(new["hands"][seat], card):
                raise IllegalActionError(f"{card} is not in seat {seat}'s hand", "Peek deck")
            new["table"].append(card)
            new["scores"][seat] += 2 * int(card[1:])
        elif action != "pass" or self.legal_actions(state, seat) != ["pass"]:
            raise IllegalActionError(f"{action!r} is not a move now", "Peek deck")
        self._next(new)
        return new

    def _chance(self, state: State, action: str) -> None:
        event = self.deck_event(state)
        if event is None or not action.startswith(event.prefix):
            raise IllegalActionError("no such chance event now", "Peek deck")
        faces = action[len(event.prefix):].split(",")
        if len(faces) != len(event.to) or any(face not in CARDS and face != HIDDEN for face in faces):
            raise IllegalActionError("a deck event lists every position of its deck", "Peek deck")
        if event.source == "new":
            state["deck"], state["pile"] = faces, list(range(HAND * state["players"], len(CARDS)))
            state["hands"] = [faces[seat * HAND:(seat + 1) * HAND] for seat in range(state["players"])]
            state["phase"] = "turn"
            return
        kind, seat = state["pending"]
        state["phase"], state["pending"] = "turn", None
        if kind == "return":  # a new deck of the pile's cards: nobody has seen them since
            state["deck"], state["pile"] = faces, list(range(len(faces)))
            state["peeked"] = [None] * state["players"]
            self._next(state)
            return
        top = state["pile"][0]
        if faces[top] != HIDDEN:
            state["deck"][top] = faces[top]
        if kind == "peek":
            state["peeked"][seat] = top
        else:
            if faces[top] == HIDDEN:
                raise IllegalActionError("a card flipped is shown to all", "Peek deck")
            state["table"].append(faces[top])
            state["scores"][seat] += int(faces[top][1:])
            state["pile"].pop(0)
            state["peeked"] = [None if p == top else p for p in state["peeked"]]
        self._next(state)

    def _next(self, state: State) -> None:
        state["turn"] += 1
        if state["turn"] >= state["turns"]:
            state["phase"] = "end"

    def view(self, state: State, seat: int | None) -> JSON:
        own = seat if seat is not None and 0 <= seat < state["players"] else None
        top = state["pile"][0] if state["pile"] else None
        known = own is not None and state["peeked"][own] == top and top is not None
        return {"seat": own, "phase": state["phase"], "turn": state["turn"], "pile": len(state["pile"]),
                "table": list(state["table"]), "scores": list(state["scores"]), "pending": state["pending"],
                "hands": [len(hand) for hand in state["hands"]], "peeked": list(state["peeked"]),
                "hand": list(state["hands"][own]) if own is not None else None,
                "top": state["deck"][top] if known else None,
                "legal": self.legal_actions(state, own) if own is not None else [], "result": self.result(state)}

    def scores(self, state: State) -> list[int]:
        return list(state["scores"])

    def result(self, state: State) -> JSON | None:
        if state["phase"] != "end":
            return None
        best = max(state["scores"])
        return {"scores": list(state["scores"]),
                "winners": [s for s in range(state["players"]) if state["scores"][s] == best]}

    def state_to_json(self, state: State) -> JSON:
        return copy.deepcopy(state)

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        return copy.deepcopy(dict(data))


GAME = PeekDeck()
