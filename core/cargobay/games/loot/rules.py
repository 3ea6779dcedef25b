"""Loot N' Loaded (../shared/rules/loot.txt): 2-6 players, 10 rounds of secret location picks, gun duels,
White Flags and item sets. This is the rules engine only (issue 8); ``INFO.available`` is False.

Rulings applied (../shared/notes/rules-decisions.md, "Loot N' Loaded"):
1. Locations = number of players; 2 players: 3 locations. Hogwash is always in the deck (four 2-head and four
   3-head cards). Queen's Jewels: 2 cards of each of 4 jewels (red, green, blue, yellow).
2. Pick resolution, lowest location first: uncontested pickups, then duels, then the 3+ redo among the crowded
   players over the locations still open (still holding a card).
3. Shootouts are modelled the no-reflex way ("Other ways to play"): a tie (same gun) means both play a gun
   card again; the Duel Gun acts as an Acolyte (so Acolyte v Duel Gun is a tie); after 3 ties in a row a fair
   coin (a chance action ``coin:<seat>``) decides. The quick-draw shootout is a page feature, not modelled.
5. Queen's Jewels sets are formed greedily (largest sets of different jewels first). Empty deck: locations stay
   empty; the game still ends after round 10.

Decided here (the rulebook and the rulings do not say):
- Set-up is one chance action, ``deck:<cards, top first>``: the item types are drawn at random by the table
  "# of Item Cards" (the recommended random mix) from the types implemented so far, every card of each chosen
  type is added (2 players: 2 fewer cards of each basic item, the Card Balance rule), plus Hogwash; then the
  top card is flipped onto each location (2 players, Queen's Jewels: one red and one yellow are the 2 removed).
  Any deck with that composition is accepted in a log.
- Picks and gun cards are SIMULTANEOUS nodes: every seat still to choose acts; a choice is hidden from the
  other seats (their views show only who has committed) until everyone has chosen.
- All players crowded out in one pick (even at two different locations, 6 players) redo together, once the
  other locations are resolved. A 3+ crowd on a location already crowded this round discards its card and each
  of them takes a White Flag. A redo player with no open location left takes a White Flag (missed card).
- The loser of a duel (card duel or coin) takes a White Flag. White Flags are unlimited (the box's spares).
- Scores are live: ``scores`` counts every collection now (Hogwash majorities among current holders).
- Action cards resolve at once, before the next pickup: the owner's choice is a prompt node (one seat acts).
  Dynamite: the owner discards 2 other cards of their collection (only 1 if that is all they have, none in an
  empty collection: no prompt); Sleeping Dart: any item card of any other player (not a White Flag), the
  victim takes a White Flag, the stolen card's own action is not performed again (no prompt when nobody else
  has a card); Handkerchief: ``keep`` (4 points) or ``draw`` (discard it, gain the top 2 cards, each with its
  action, in order). Cards drawn by an effect (Handkerchief, the third Clover) are gained before any other.
- End tie: shared win (the rulings' quick-draw / gun-card playoff is not modelled yet).

Scoring (Item Cards): a set that is complete starts a new set; White Flags 1/3/5/8/12 per set of 5; Hogwash
by heads 9/6/4 then 2 for every other holder, ties share and skip places; Snake Oil -2/7; Totems 2/4/8/12/18;
Golden Compass 2/3/10; Queen's Jewels 2/5/9/16 per set of different jewels; Crystal Flower 0/6/0/16; Boots 0/6;
Collection of Bullets 4 each with at least 6 different item types (White Flag and Bullets count); Sheriff's
Badge 5 for the most recent, 2 for each other; Lucky 4 Leaf Clover 2/5/7 (the third draws the top card of the
deck at once); Badge of Humility 2 each, +4 to every player with the most; Gold 3 each; Dynamite 5; Sleeping
Dart -2; Handkerchief kept 4.

NOT implemented yet (so not in any deck): Tall Glass of Water (unique: look at and reorder the top 3) and the
action cards Keys of Power, Copy Cat, Sleight of Hand and Love Letter (the recommended mix draws its action
types from the three implemented: with 4-6 players all three are in); the choice of item types per match (an
option; only the recommended random mix now) and custom mixes of 10-15 cards per player; the 2-player third
location is always used (not optional); the end-of-game tie playoff; the quick-draw shootout; the rulebook's
Copy Cat example; bots beyond ``easy``; a real board (``svg.py`` lists the view and the legal actions).

Actions (strings that parse back, games/loot/actions.py): chance ``deck:...`` and ``coin:<seat>``;
``pick:<location>`` (1-based); ``gun:<acolyte|deadly|duel|sneaky|valiant>``; ``discard:oil+gold`` (Dynamite),
``steal:2:hog3`` (Sleeping Dart), ``keep`` / ``draw`` (Handkerchief).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...checks import choice as _choice
from ...checks import integer as _int
from ...engine import CHANCE, JSON, SIMULTANEOUS, TERMINAL, Game, IllegalActionError, StateError
from .actions import GUNS, SINGLE_USE, Coin, Deck, Discard, Handkerchief, Pick, Steal, parse, parse_card
from .cards import (
    ACTION,
    BASIC,
    BEATS,
    MIX,
    UNIQUE,
    build_deck,
    collection_points,
    deck_types,
    locations_for,
    score_all,
    valid_deck,
)
from .info import INFO

__all__ = ["GAME", "INFO", "ROUNDS", "LootGame", "LootState", "build_deck", "collection_points", "score_all"]

ROUNDS = 10
PHASES = ("deck", "pick", "gun", "coin", "prompt", "end")
@dataclass
class LootState:
    """A match of Loot N' Loaded; mutable inside ``LootGame`` only, which copies before it changes one."""

    players: int = 2
    phase: str = "deck"
    round: int = 0
    deck: list[str] = field(default_factory=list)  # top first
    locations: list[str | None] = field(default_factory=list)
    collections: list[list[str]] = field(default_factory=list)  # in the order gained
    flags: list[int] = field(default_factory=list)
    spent: list[list[str]] = field(default_factory=list)  # single-use guns used
    discards: list[str] = field(default_factory=list)
    pickers: list[int] = field(default_factory=list)  # seats picking now (everyone, or a redo group)
    picks: list[int | None] = field(default_factory=list)  # per seat, this pick node's secret location
    crowded: list[int] = field(default_factory=list)  # locations crowded (3+) this round
    redo: list[int] = field(default_factory=list)  # crowded seats waiting to redo
    duels: list[list[int]] = field(default_factory=list)  # [location, seat, seat], the first one is on
    guns: list[str | None] = field(default_factory=list)  # per seat, the secret gun card of the duel on
    ties: int = 0
    queue: list[list[int]] = field(default_factory=list)  # uncontested pickups still to resolve: [location, seat]
    gains: list[list[Any]] = field(default_factory=list)  # cards being gained, next first: [seat, card]
    prompt: list[Any] | None = None  # [seat, card]: an action card's choice pending
    events: list[str] = field(default_factory=list)  # what happened since the last node, for the board

    def copy(self) -> LootState:
        return LootState(
            players=self.players, phase=self.phase, round=self.round, deck=list(self.deck),
            locations=list(self.locations), collections=[list(c) for c in self.collections],
            flags=list(self.flags), spent=[list(s) for s in self.spent], discards=list(self.discards),
            pickers=list(self.pickers), picks=list(self.picks), crowded=list(self.crowded),
            redo=list(self.redo), duels=[list(d) for d in self.duels], guns=list(self.guns), ties=self.ties,
            queue=[list(q) for q in self.queue], gains=[list(g) for g in self.gains],
            prompt=None if self.prompt is None else list(self.prompt),
            events=list(self.events),
        )


def duel_winner(first: str, second: str) -> int | None:
    """0 if ``first`` wins, 1 if ``second`` wins, None for a tie (the Duel Gun acts as an Acolyte).

    >>> duel_winner("valiant", "deadly"), duel_winner("sneaky", "valiant"), duel_winner("acolyte", "duel")
    (0, 0, None)
    """
    a = "acolyte" if first == "duel" else first
    b = "acolyte" if second == "duel" else second
    if a == b:
        return None
    if a == "acolyte":
        return 0
    if b == "acolyte":
        return 1
    return 0 if BEATS[a] == b else 1


class LootGame(Game[LootState]):
    info = INFO

    # --- the node -------------------------------------------------------------------------------
    def new_state(self, seats: int = 4, options: Mapping[str, Any] | None = None) -> LootState:
        if not 2 <= seats <= 6:
            raise ValueError("Loot N' Loaded is for 2 to 6 seats")
        if options:
            raise ValueError(f"Loot N' Loaded has no options (got {sorted(options)})")
        return LootState(
            players=seats, locations=[None] * locations_for(seats), collections=[[] for _ in range(seats)],
            flags=[0] * seats, spent=[[] for _ in range(seats)], picks=[None] * seats, guns=[None] * seats,
        )

    def current_player(self, state: LootState) -> int:
        if state.phase in ("deck", "coin"):
            return CHANCE
        if state.phase == "prompt":
            assert state.prompt is not None
            return int(state.prompt[0])
        if state.phase == "end":
            return TERMINAL
        return SIMULTANEOUS

    def acting_seats(self, state: LootState) -> tuple[int, ...]:
        if state.phase == "pick":
            return tuple(seat for seat in sorted(state.pickers) if state.picks[seat] is None)
        if state.phase == "gun":
            return tuple(seat for seat in sorted(state.duels[0][1:]) if state.guns[seat] is None)
        if state.phase == "prompt":
            assert state.prompt is not None
            return (int(state.prompt[0]),)
        return ()

    def open_locations(self, state: LootState) -> list[int]:
        return [index + 1 for index, card in enumerate(state.locations) if card is not None]

    def legal_actions(self, state: LootState, seat: int) -> list[str]:
        if seat not in self.acting_seats(state):
            return []
        if state.phase == "pick":
            return sorted(f"pick:{location}" for location in self.open_locations(state))
        if state.phase == "prompt":
            return self._prompt_actions(state)
        return sorted(f"gun:{gun}" for gun in GUNS if gun not in state.spent[seat])

    def sample_chance(self, state: LootState, rng: random.Random) -> str:
        if state.phase == "deck":
            basic, unique, action = MIX[state.players]
            types = rng.sample(BASIC, basic) + rng.sample(UNIQUE, unique) + rng.sample(ACTION, action)
            cards = build_deck(state.players, types)
            rng.shuffle(cards)
            return str(Deck(tuple(cards)))
        if state.phase == "coin":
            return f"coin:{rng.choice(state.duels[0][1:])}"
        raise IllegalActionError("no chance event is pending", "Set Up; Other Ways to Play: toss a coin")

    # --- apply ----------------------------------------------------------------------------------
    def apply(self, state: LootState, seat: int, action: str) -> LootState:
        move = parse(action)
        if isinstance(move, Deck):
            return self._deck(state, seat, list(move.cards))
        if isinstance(move, Coin):
            return self._coin(state, seat, move.seat)
        if seat not in self.acting_seats(state):
            raise IllegalActionError(f"seat {seat} has nothing to choose now",
                                     "Pick Items / Resolve Duels: only the players picking or dueling choose")
        if isinstance(move, Pick):
            if state.phase != "pick":
                raise IllegalActionError("no location is picked now", "Pick Items")
            return self._pick(state, seat, move.location)
        if isinstance(move, Discard | Steal | Handkerchief):
            return self._answer(state, seat, str(move))
        if state.phase != "gun":
            raise IllegalActionError("no gun card is played now", "Resolve Duels")
        return self._gun(state, seat, move.gun)

    def _deck(self, state: LootState, seat: int, cards: list[str]) -> LootState:
        if seat != CHANCE or state.phase != "deck":
            raise IllegalActionError("the deck is made once, by chance, at set-up", "Set Up")
        if not valid_deck(state.players, cards):
            raise IllegalActionError("not a deck of whole item types in the recommended mix plus Hogwash",
                                     "# of Item Cards")
        new = state.copy()
        new.deck = cards
        new.events = [f"deck of {len(cards)} cards: {', '.join(sorted(deck_types(cards)))} and Hogwash"]
        self._replenish(new)
        self._start_round(new)
        return new

    def _start_round(self, state: LootState) -> None:
        state.crowded = []
        if state.round == ROUNDS:  # after round 10 the game ends
            state.phase = "end"
            state.pickers = []
            return
        state.round += 1
        if not self.open_locations(state):  # an empty deck: nothing to pick, the round passes
            state.events.append(f"round {state.round}: no cards left to pick")
            self._start_round(state)
            return
        state.phase = "pick"
        state.pickers = list(range(state.players))
        state.picks = [None] * state.players

    def _replenish(self, state: LootState) -> None:
        for index, card in enumerate(state.locations):
            if card is None and state.deck:
                state.locations[index] = state.deck.pop(0)

    def _gain(self, state: LootState, seat: int, card: str) -> None:
        """A card joins a collection; its action is resolved at once (a prompt, or more cards gained first)."""
        state.collections[seat].append(card)
        own = state.collections[seat]
        if card == "clover" and own.count("clover") % 3 == 0 and state.deck:
            drawn = state.deck.pop(0)  # the third Lucky 4 Leaf Clover draws the top card at once
            state.events.append(f"seat {seat} draws {drawn} (third clover)")
            state.gains.insert(0, [seat, drawn])
        else:
            others = any(state.collections[o] for o in range(state.players) if o != seat)
            asks = {"dynamite": len(own) > 1, "dart": others, "handkerchief": True}
            if asks.get(card, False):
                state.prompt = [seat, card]

    def _run(self, state: LootState) -> None:
        """Go on resolving: a pending prompt, cards being gained, pickups left, then duels, the redo, the round."""
        while True:
            if state.prompt is not None:
                state.phase = "prompt"
                return
            if state.gains:
                seat, card = state.gains.pop(0)
                self._gain(state, seat, card)
                continue
            if state.queue:
                location, seat = state.queue.pop(0)
                card = state.locations[location - 1]
                assert card is not None
                state.locations[location - 1] = None
                state.events.append(f"seat {seat} takes {card} from location {location}")
                state.gains.insert(0, [seat, card])
                continue
            self._advance(state)
            return

    def _prompt_actions(self, state: LootState) -> list[str]:
        assert state.prompt is not None
        seat, card = state.prompt
        own = list(state.collections[seat])
        if card == "dynamite":
            own.remove("dynamite")  # the Dynamite just gained is not one of the 2 discarded
            if len(own) <= 1:
                return [f"discard:{c}" for c in sorted(set(own))]
            ordered = sorted(own)
            return sorted({f"discard:{ordered[i]}+{ordered[j]}" for i in range(len(ordered))
                           for j in range(i + 1, len(ordered))})
        if card == "dart":
            return sorted({f"steal:{o}:{c}" for o in range(state.players) if o != seat for c in state.collections[o]})
        return ["draw", "keep"]

    def _answer(self, state: LootState, seat: int, action: str) -> LootState:
        if state.phase != "prompt" or action not in self._prompt_actions(state):
            raise IllegalActionError(f"{action!r} does not answer the action card pending",
                                     "Action Cards: Dynamite, Sleeping Dart, Handkerchief")
        assert state.prompt is not None
        card = state.prompt[1]
        new = state.copy()
        new.prompt = None
        new.events = []
        move = parse(action)
        if isinstance(move, Discard):
            for item in move.cards:
                new.collections[seat].remove(item)
                new.discards.append(item)
            new.events.append(f"seat {seat}'s Dynamite discards {', '.join(move.cards)}")
        elif isinstance(move, Steal):
            new.collections[move.seat].remove(move.card)
            new.collections[seat].append(move.card)  # moved: its action is not performed again
            new.flags[move.seat] += 1
            new.events.append(f"seat {seat}'s Sleeping Dart takes {move.card} from seat {move.seat}")
        elif isinstance(move, Handkerchief) and move.draw:
            new.collections[seat].remove(card)
            new.discards.append(card)
            drawn, new.deck = new.deck[:2], new.deck[2:]
            new.gains[:0] = [[seat, c] for c in drawn]
            new.events.append(f"seat {seat} discards the Handkerchief and draws {', '.join(drawn) or 'nothing'}")
        else:
            new.events.append(f"seat {seat} keeps the Handkerchief")
        self._run(new)
        return new

    def _pick(self, state: LootState, seat: int, location: int) -> LootState:
        if location not in self.open_locations(state):
            raise IllegalActionError(f"location {location} has no card to pick", "Pick Items")
        new = state.copy()
        new.picks[seat] = location
        if not self.acting_seats(new):
            new.events = []
            self._resolve_picks(new)
        return new

    def _resolve_picks(self, state: LootState) -> None:
        by_location: dict[int, list[int]] = {}
        for seat in state.pickers:
            location = state.picks[seat]
            assert location is not None
            by_location.setdefault(location, []).append(seat)
        state.events.append("picks: " + ", ".join(f"seat {s} -> {state.picks[s]}" for s in sorted(state.pickers)))
        state.picks = [None] * state.players
        state.pickers = []
        # uncontested pickups, lowest location first (resolved by _run, actions at once)
        state.queue = [[location, by_location[location][0]] for location in sorted(by_location)
                       if len(by_location[location]) == 1]
        for location in sorted(by_location):
            seats = sorted(by_location[location])
            if len(seats) == 2:
                state.duels.append([location, *seats])
        for location in sorted(by_location):
            seats = sorted(by_location[location])
            if len(seats) >= 3:
                if location in state.crowded:  # crowded a second time: the card is discarded, all take a flag
                    card = state.locations[location - 1]
                    assert card is not None
                    state.discards.append(card)
                    state.locations[location - 1] = None
                    for seat in seats:
                        state.flags[seat] += 1
                    state.events.append(f"location {location} crowded again: {card} discarded, White Flags")
                else:
                    state.crowded.append(location)
                    state.redo += seats
                    state.events.append(f"location {location} too crowded: seats {seats} redo")
        self._run(state)

    def _advance(self, state: LootState) -> None:
        if state.duels:
            state.phase = "gun"
            state.guns = [None] * state.players
            state.ties = 0
            return
        if state.redo:
            redo, state.redo = sorted(state.redo), []
            if self.open_locations(state):
                state.phase = "pick"
                state.pickers = redo
                state.picks = [None] * state.players
                return
            for seat in redo:  # nothing left to pick: a missed card
                state.flags[seat] += 1
            state.events.append(f"no location left for seats {redo}: White Flags")
        self._replenish(state)
        self._start_round(state)

    def _gun(self, state: LootState, seat: int, gun: str) -> LootState:
        if gun in state.spent[seat]:
            raise IllegalActionError(f"seat {seat} has already used its {gun} gun",
                                     "Resolve Duels: the Acolyte and the Duel Gun are used once per game")
        new = state.copy()
        new.guns[seat] = gun
        if self.acting_seats(new):
            return new
        new.events = []
        location, first, second = new.duels[0]
        a, b = new.guns[first], new.guns[second]
        assert a is not None and b is not None
        for who, played in ((first, a), (second, b)):
            if played in SINGLE_USE:
                new.spent[who].append(played)
        new.events.append(f"duel at location {location}: seat {first} {a}, seat {second} {b}")
        winner = duel_winner(a, b)
        new.guns = [None] * new.players
        if winner is None:
            new.ties += 1
            if new.ties >= 3:
                new.phase = "coin"
                new.events.append("three ties in a row: a coin decides")
            else:
                new.events.append("a tie: play again")
            return new
        self._end_duel(new, (first, second)[winner])
        return new

    def _coin(self, state: LootState, seat: int, winner: int) -> LootState:
        if seat != CHANCE or state.phase != "coin":
            raise IllegalActionError("a coin is tossed only after three tied gun cards", "Other Ways to Play")
        if winner not in state.duels[0][1:]:
            raise IllegalActionError(f"seat {winner} is not in this duel", "Other Ways to Play")
        new = state.copy()
        new.events = [f"the coin names seat {winner}"]
        self._end_duel(new, winner)
        return new

    def _end_duel(self, state: LootState, winner: int) -> None:
        location, first, second = state.duels.pop(0)
        loser = second if winner == first else first
        card = state.locations[location - 1]
        assert card is not None
        state.locations[location - 1] = None
        state.flags[loser] += 1
        state.events.append(f"seat {winner} wins {card}; seat {loser} takes a White Flag")
        state.ties = 0
        state.gains.append([winner, card])
        self._run(state)

    # --- what is seen ---------------------------------------------------------------------------
    def scores(self, state: LootState) -> list[int]:
        return score_all(state.collections, state.flags)

    def result(self, state: LootState) -> JSON | None:
        if state.phase != "end":
            return None
        scores = self.scores(state)
        best = max(scores)
        return {"scores": scores, "winners": [seat for seat, s in enumerate(scores) if s == best]}

    def view(self, state: LootState, seat: int | None) -> JSON:
        own = seat if seat in range(state.players) else None
        acting = self.acting_seats(state)
        waiting = state.pickers if state.phase == "pick" else state.duels[0][1:] if state.phase == "gun" else []
        return {
            "game": self.id,
            "seat": own,
            "players": state.players,
            "phase": state.phase,
            "round": state.round,
            "rounds": ROUNDS,
            "to_act": list(acting),
            "committed": sorted(s for s in waiting if s not in acting),
            "my_pick": None if own is None else state.picks[own],
            "my_gun": None if own is None else state.guns[own],
            "deck_count": len(state.deck),
            "deck_cards": sorted(state.deck),  # the composition is public (types and revealed cards); not the order
            "locations": list(state.locations),
            "collections": [list(c) for c in state.collections],
            "flags": list(state.flags),
            "spent": [list(s) for s in state.spent],
            "discards": list(state.discards),
            "pickers": list(state.pickers),
            "crowded": list(state.crowded),
            "redo": list(state.redo),
            "duels": [list(d) for d in state.duels],
            "ties": state.ties,
            "queue": [list(q) for q in state.queue],
            "gains": [list(g) for g in state.gains],
            "prompt": None if state.prompt is None else list(state.prompt),
            "events": list(state.events),
            "scores": self.scores(state),
            "legal": [] if own is None else self.legal_actions(state, own),
            "result": self.result(state),
        }

    def determinize(self, view: Mapping[str, Any], rng: random.Random) -> LootState:
        """A state consistent with a seat's view: the deck's order shuffled, committed secret choices drawn."""
        seat = view["seat"]
        players = view["players"]
        deck = list(view["deck_cards"])
        rng.shuffle(deck)
        picks: list[int | None] = [None] * players
        guns: list[str | None] = [None] * players
        if seat in range(players):
            picks[seat], guns[seat] = view["my_pick"], view["my_gun"]
        state = self.state_from_json({
            "players": players, "phase": view["phase"], "round": view["round"], "deck": deck,
            "locations": view["locations"], "collections": view["collections"], "flags": view["flags"],
            "spent": view["spent"], "discards": view["discards"], "pickers": view["pickers"], "picks": picks,
            "crowded": view["crowded"], "redo": view["redo"], "duels": view["duels"], "guns": guns,
            "ties": view["ties"], "events": view["events"],
            "queue": view["queue"], "gains": view["gains"], "prompt": view["prompt"],
        })
        for other in view["committed"]:
            if other != seat:
                if state.phase == "pick":
                    state.picks[other] = rng.choice(self.open_locations(state))
                else:
                    state.guns[other] = rng.choice([g for g in GUNS if g not in state.spent[other]])
        return state

    # --- JSON -----------------------------------------------------------------------------------
    def state_to_json(self, state: LootState) -> JSON:
        return {
            "players": state.players, "phase": state.phase, "round": state.round, "deck": list(state.deck),
            "locations": list(state.locations), "collections": [list(c) for c in state.collections],
            "flags": list(state.flags), "spent": [list(s) for s in state.spent], "discards": list(state.discards),
            "pickers": list(state.pickers), "picks": list(state.picks), "crowded": list(state.crowded),
            "redo": list(state.redo), "duels": [list(d) for d in state.duels], "guns": list(state.guns),
            "ties": state.ties, "events": list(state.events), "queue": [list(q) for q in state.queue],
            "gains": [list(g) for g in state.gains], "prompt": None if state.prompt is None else list(state.prompt),
        }

    def state_from_json(self, data: Mapping[str, Any]) -> LootState:
        try:
            players = _int(data["players"], 2, 6)
            count = locations_for(players)

            def seats(value: Any) -> list[Any]:
                if not isinstance(value, list) or len(value) != players:
                    raise ValueError("expected one entry per seat")
                return value

            def seat_list(value: Any) -> list[int]:
                return [_int(s, 0, players - 1) for s in _list(value)]

            locations = _list(data["locations"])
            if len(locations) != count:
                raise ValueError(f"{players} players play with {count} locations")
            state = LootState(
                players=players,
                phase=_choice(data["phase"], PHASES),
                round=_int(data["round"], 0, ROUNDS),
                deck=[_card(c) for c in _list(data["deck"])],
                locations=[None if c is None else _card(c) for c in locations],
                collections=[[_card(c) for c in _list(cards)] for cards in seats(data["collections"])],
                flags=[_int(f, 0, 1000) for f in seats(data["flags"])],
                spent=[[_choice(g, SINGLE_USE) for g in _list(s)] for s in seats(data["spent"])],
                discards=[_card(c) for c in _list(data["discards"])],
                pickers=seat_list(data["pickers"]),
                picks=[None if p is None else _int(p, 1, count) for p in seats(data["picks"])],
                crowded=[_int(p, 1, count) for p in _list(data["crowded"])],
                redo=seat_list(data["redo"]),
                duels=[[_int(d[0], 1, count), *seat_list(d[1:])] for d in _list(data["duels"])],
                guns=[None if g is None else _choice(g, GUNS) for g in seats(data["guns"])],
                ties=_int(data["ties"], 0, 3),
                events=[str(e) for e in _list(data["events"])],
                queue=[[_int(q[0], 1, count), _int(q[1], 0, players - 1)] for q in _list(data["queue"])],
                gains=[[_int(g[0], 0, players - 1), _card(g[1])] for g in _list(data["gains"])],
                prompt=None if data["prompt"] is None else [_int(data["prompt"][0], 0, players - 1),
                                                            _choice(data["prompt"][1], ACTION)],
            )
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise StateError(f"not a Loot N' Loaded state: {error}") from error
        if any(len(d) != 3 for d in state.duels):
            raise StateError("a duel is a location and two seats")
        if state.phase == "gun" and not state.duels:
            raise StateError("a gun card is played only in a duel")
        if state.phase == "pick" and not state.pickers:
            raise StateError("a pick needs players picking")
        if (state.phase == "prompt") != (state.prompt is not None):
            raise StateError("an action card's choice is pending exactly in the prompt phase")
        return state


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"expected a list, got {value!r}")
    return value


def _card(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected a card code, got {value!r}")
    try:
        return parse_card(value)
    except ValueError as error:
        raise ValueError(str(error)) from error


GAME = LootGame()
