"""Haul (../shared/rules/haul.txt; game design David McDougal): 4 drivers, 4 Hauls of 7 Loads, Heavy Loads,
Forced Unloads and Refuel stops.

Rulings applied (../shared/notes/rules-decisions.md, "Haul"):
1. Exactly 4 seats.
2. Among equal ranks, the card played earlier in this Load's play order (from the lead) finishes higher.
3. Resolving: each player in reverse finishing order must Claim one remaining card or Refuel (with a token
   left) on one remaining card; the first finisher gets the last card and may still Refuel it.
4. A Heavy Load matches only an exposed (top) card; buried cards never match. A Forced Unload discards the
   whole slot face up. Discards are public in every view.

Decided here (the rulebook and the rulings do not say):
- Seats are numbered clockwise: play goes 0, 1, 2, 3; "the Dealer's left" and "rotate the Dealer one
  seat to the left" are the next seat (dealer + 1).
- The first Dealer is chosen at random: a chance action ``dealer:N`` before the first deal (in the log).
- A deal is one chance action, the shuffled deck: cards 1-7 to seat 0, 8-14 to seat 1, and so on (all 28
  are dealt, nothing stays hidden but the hands). It is a ``deck_event``: local matches draw it from the
  seed; between browsers it is dealt cryptographically, and a page's log shows ``?`` for the cards it may
  not see; a card played is shown with its proof (cargobay.deck, cargobay.net.dealing).
- A trailer slot is a list, exposed card first, then the tucked cards in the order they were tucked. An
  exposed card always sits in its own suit's slot, so a Heavy Load is named by that slot
  (``claim:8D>S``: tuck 8♦ under the Spades slot's exposed 8♠).
- Loading by suit is always allowed, even when the card could join a Heavy Load (the rulebook: "you
  choose"); a Forced Unload discards the slot's cards in their order, exposed card first.
- Trailers and the discard pile are cleared when the next Haul is dealt, so between Hauls (and at the end)
  the view still shows the trailers that were scored; every Haul's scores and trailers are kept in
  ``hauls`` for the score table.
- Tie-breaks (highest total, then most unused Refuel tokens, then highest Haul 4 score, else shared): the
  result names the one that decided (``decided_by``) and each seat's ``place`` (1 = winner; tied seats
  share a place).

Actions (strings that parse back, games/haul/actions.py):
- chance ``dealer:2`` (once) and ``deal:8S,2H,...`` (each Haul);
- ``play:8S`` - the seat to play puts a card from its hand into the Load;
- ``claim:8S`` - Claim Cargo, load by suit (a Forced Unload when the Spades slot is occupied);
- ``claim:8D>S`` - Claim Cargo as a Heavy Load under the exposed card of the Spades slot;
- ``refuel:8S`` - spend a Refuel token, discard the card.

Selection step: resolving is two picks, the card first (``resolve:8S``), then what to do with it (claim by
suit, tuck under a matching exposed card, or refuel), so the board can preview each option on the trailer
before the player commits. Playing a card is one pick.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from ...deck import HIDDEN, DeckEvent, check_faces, take
from ...engine import (
    CHANCE,
    JSON,
    TERMINAL,
    Game,
    IllegalActionError,
)
from .actions import (
    _PARSED,
    DECK,
    ORDER,
    RANK,
    SUIT,
    SUIT_NAMES,
    SUITS,
    Claim,
    Deal,
    Dealer,
    Play,
    Refuel,
    describe,
    parse,
)
from .info import INFO
from .state import HAULS, LOADS, SEATS, TOKENS, HaulState, Trailer, from_json, to_json

__all__ = ["DECK", "GAME", "HAULS", "INFO", "LOADS", "SEATS", "TOKENS", "HaulGame", "HaulState"]

SLOT = {suit: index for index, suit in enumerate(SUITS)}
# the action texts, made once per card (str(Play(card)), str(Claim(card)), str(Refuel(card)), str(Claim(card, suit)))
_PLAY = {card: f"play:{card}" for card in DECK}
_CLAIM = {card: f"claim:{card}" for card in DECK}
_REFUEL = {card: f"refuel:{card}" for card in DECK}
_HEAVY = {(card, suit): f"claim:{card}>{suit}" for card in DECK for suit in SUITS}
_DEAL = DeckEvent(DECK, tuple(seat for seat in range(SEATS) for _ in range(LOADS)), "deal:")  # every Haul's
_SORTED_DECK = sorted(DECK)
_PLAYABLE = frozenset(DECK)


def _seen(state: HaulState) -> list[str]:
    """The cards of this Haul's deal seen so far: in hands, played, in trailers, discarded."""
    seen = [card for hand in state.hands for card in hand if card != HIDDEN]
    seen.extend(card for _, card in state.played)
    seen.extend(card for trailer in state.trailers for slot in trailer for card in slot)
    seen.extend(state.discards)
    return seen


def finishing_order(played: Iterable[tuple[int, str] | list[Any]]) -> list[int]:
    """Seats from first to last place: higher rank first; equal ranks, the card played earlier.

    >>> finishing_order([(1, "8S"), (2, "5C"), (3, "8H"), (0, "3D")])  # the rulebook's 8 - 5 - 8 - 3
    [1, 3, 2, 0]
    """
    entries = list(played)
    ranked = sorted(range(len(entries)), key=lambda index: (-RANK[entries[index][1]], index))
    return [int(entries[index][0]) for index in ranked]


def heavy_slots(trailer: Trailer, card: str) -> list[str]:
    """The slots whose exposed card has ``card``'s exact rank (buried cards never match).

    >>> heavy_slots([["8H"], [], ["8S", "8D"], ["5C"]], "8C")
    ['H', 'S']
    """
    rank = RANK[card]
    return [suit for suit, slot in zip(SUITS, trailer, strict=True) if slot and RANK[slot[0]] == rank]


def trailer_points(trailer: Trailer) -> int:
    """Every card's rank, the buried ones in Heavy Loads included (Jack = 11).

    >>> trailer_points([["7H"], ["9D"], ["10S"], ["8C", "8H", "8D", "8S"]])  # the rulebook's 58
    58
    """
    return sum(RANK[card] for slot in trailer for card in slot)


def sort_cards(cards: Iterable[str]) -> list[str]:
    """A hand in suit and rank order; cards this page does not see (``HIDDEN``) first."""
    return sorted(cards, key=lambda card: ORDER.get(card, -1))


def tiebreak(scores: list[int], tokens: list[int], last_haul: list[int]) -> tuple[list[int], str, list[int]]:
    """Winners, the rule that decided, and each seat's place (1 = first; equal keys share a place).

    >>> tiebreak([50, 60, 60, 60], [0, 1, 2, 2], [10, 20, 15, 15])
    ([2, 3], 'shared', [4, 3, 1, 1])
    """
    keys = [(scores[seat], tokens[seat], last_haul[seat]) for seat in range(len(scores))]
    places = [1 + sum(other > key for other in keys) for key in keys]
    winners = [seat for seat, place in enumerate(places) if place == 1]
    leaders = [seat for seat in range(len(scores)) if scores[seat] == max(scores)]
    most_tokens = max(tokens[seat] for seat in leaders)
    if len(leaders) == 1:
        decided_by = "score"
    elif sum(tokens[seat] == most_tokens for seat in leaders) == 1:
        decided_by = "refuel tokens"
    else:
        decided_by = "haul 4" if len(winners) == 1 else "shared"
    return winners, decided_by, places


class HaulGame(Game[HaulState]):
    info = INFO

    # --- the node -------------------------------------------------------------------------------
    def new_state(self, seats: int = SEATS, options: Mapping[str, Any] | None = None) -> HaulState:
        if seats != SEATS:
            raise ValueError("Haul is for exactly 4 players")
        if options:
            raise ValueError(f"Haul has no options (got {sorted(options)})")
        return HaulState()

    def current_player(self, state: HaulState) -> int:
        phase = state.phase
        if phase == "play":
            assert state.leader is not None
            return (state.leader + len(state.played)) % SEATS
        if phase == "resolve":
            return state.order[SEATS - 1 - len(state.resolutions)]
        return TERMINAL if phase == "end" else CHANCE

    def acting_seats(self, state: HaulState) -> tuple[int, ...]:
        phase = state.phase
        if phase == "play":
            assert state.leader is not None
            return ((state.leader + len(state.played)) % SEATS,)
        if phase == "resolve":
            return (state.order[SEATS - 1 - len(state.resolutions)],)
        return ()

    def legal_actions(self, state: HaulState, seat: int) -> list[str]:
        phase = state.phase
        if phase == "play":
            assert state.leader is not None
            if seat != (state.leader + len(state.played)) % SEATS:  # (current_player)
                return []
            hand = state.hands[seat]
            if not _PLAYABLE.issuperset(hand):  # (a HIDDEN card)
                return sorted([f"play:{card}" for card in hand if card != HIDDEN])
            return sorted(map(_PLAY.__getitem__, hand))
        if phase != "resolve" or seat != state.order[SEATS - 1 - len(state.resolutions)]:
            return []
        ranks = [RANK[slot[0]] if slot else 0 for slot in state.trailers[seat]]  # the exposed cards' (heavy_slots)
        refuel = bool(state.tokens[seat])
        actions = []
        for card in state.remaining:
            actions.append(_CLAIM[card])
            rank = RANK[card]
            if rank in ranks:
                actions += [_HEAVY[card, suit] for suit, top in zip(SUITS, ranks, strict=True) if top == rank]
            if refuel:
                actions.append(_REFUEL[card])
        actions.sort()
        return actions

    def action_steps(self, action: str) -> tuple[str, ...]:
        """Resolving is two picks: the Load's card (``resolve:8S``), then claim / tuck / refuel."""
        move = parse(action)
        return (move.picked,) if isinstance(move, Claim | Refuel) else ()

    def sample_chance(self, state: HaulState, rng: random.Random) -> str:
        if state.phase == "dealer":
            return f"dealer:{rng.randrange(SEATS)}"
        event = self.deck_event(state)
        if event is not None:
            return event.seeded(rng)
        raise IllegalActionError("no chance event is pending", "Setup: a Dealer, then a deal each Haul")

    def deck_event(self, state: HaulState) -> DeckEvent | None:
        """Each Haul: the 28 cards shuffled, 7 to each seat in turn."""
        if state.phase != "deal":
            return None
        return _DEAL

    def shown_cards(self, state: HaulState, seat: int, action: str) -> tuple[str, ...]:
        """A card played goes face up into the Load."""
        move = parse(action)
        return (move.card,) if isinstance(move, Play) else ()

    # --- apply ----------------------------------------------------------------------------------
    def apply(self, state: HaulState, seat: int, action: str) -> HaulState:
        move = _PARSED.get(action) if type(action) is str else None  # (parse's own cache, looked up here)
        if move is None:
            move = parse(action)
        if type(move) is Play:
            return self._play(state, seat, move.card)
        if type(move) is Claim or type(move) is Refuel:
            return self._resolve(state, seat, move)
        if type(move) is Dealer:
            return self._choose_dealer(state, seat, move.seat)
        assert type(move) is Deal
        return self._deal(state, seat, list(move.cards))

    def _choose_dealer(self, state: HaulState, seat: int, dealer: int) -> HaulState:
        if seat != CHANCE or state.phase != "dealer":
            raise IllegalActionError("the first Dealer is chosen once, at random, before the first deal",
                                     "Setup: choose a Dealer randomly")
        new = state.sharing()
        new.dealer = dealer
        new.phase = "deal"
        return new

    def _deal(self, state: HaulState, seat: int, cards: list[str]) -> HaulState:
        if seat != CHANCE:
            raise IllegalActionError("only chance deals", "Setup: shuffle all 28 cards, deal 7 to each player")
        if state.phase == "dealer":
            raise IllegalActionError("the first Dealer is chosen before the first deal",
                                     "Setup: choose a Dealer randomly")
        if state.phase != "deal":
            raise IllegalActionError("cards are dealt only at the start of a Haul", "Game Structure")
        if sorted(cards) != _SORTED_DECK and not check_faces(cards, DECK):
            raise IllegalActionError("a deal lists all 28 cards once each", "The Deck")
        assert state.dealer is not None
        new = state.sharing()  # (every list that changes is a new one)
        new.haul += 1
        new.load = 0
        new.phase = "play"
        new.leader = (state.dealer + 1) % SEATS
        new.hands = [sort_cards(cards[LOADS * s : LOADS * (s + 1)]) for s in range(SEATS)]
        new.played, new.order, new.remaining, new.resolutions = [], [], [], []
        new.trailers = [[[] for _ in SUITS] for _ in range(SEATS)]  # trailers reset between Hauls
        new.discards = []
        new.last_load = None
        return new

    def _play(self, state: HaulState, seat: int, card: str) -> HaulState:
        if state.phase != "play":
            raise IllegalActionError("no card may be played now",
                                     "Playing a Load: each player plays one card, then cargo is resolved")
        assert state.leader is not None
        turn = (state.leader + len(state.played)) % SEATS  # (current_player)
        if seat != turn:
            raise IllegalActionError(f"seat {turn} plays next, not seat {seat}",
                                     "Playing a Load: from the lead player, clockwise")
        hand = state.hands[seat]
        if card not in hand:
            if HIDDEN not in hand:
                raise IllegalActionError(f"{describe(card)} is not in seat {seat}'s hand",
                                         "Playing a Load: play any card from your hand")
            held = DECK.count(card)  # a card played from a hand this page never saw (a peer match's log): not more
            if _seen(state).count(card) >= held:  # than the deck holds
                raise IllegalActionError(f"{describe(card)} is played from a hidden hand, but the deck's {held} "
                                         f"{'is' if held == 1 else 'are'} already seen in this deal",
                                         "The Deck: 28 cards, each dealt once a Haul")
        new = state.sharing()  # (new lists for what changes: the hand, the Load's cards)
        hand = hand[:]
        take(hand, card)
        hands = state.hands[:]
        hands[seat] = hand
        new.hands = hands
        played = [*state.played, [seat, card]]
        new.played = played
        if len(played) == SEATS:
            new.order = finishing_order(played)
            new.remaining = [card for _, card in played]
            new.resolutions = []
            new.phase = "resolve"
        return new

    def _resolve(self, state: HaulState, seat: int, move: Claim | Refuel) -> HaulState:
        if state.phase != "resolve":
            raise IllegalActionError("no card may be resolved now",
                                     "Resolve Cargo: after all four cards are played")
        turn = state.order[SEATS - 1 - len(state.resolutions)]  # (current_player)
        if seat != turn:
            raise IllegalActionError(f"seat {turn} resolves next, not seat {seat}",
                                     "Resolve Cargo: in reverse finishing order")
        card = move.card
        if card not in state.remaining:
            raise IllegalActionError(f"{describe(card)} is not a card still remaining in the current Load",
                                     "Resolve Cargo: choose one card still remaining in the current Load")
        refuel, heavy = (False, move.heavy) if isinstance(move, Claim) else (True, "")
        trailer = state.trailers[seat]
        if refuel:
            if not state.tokens[seat]:
                raise IllegalActionError(f"seat {seat} has no Refuel token left",
                                         "Refuel: 2 tokens per player for the whole game")
        elif heavy:
            slot = trailer[SLOT[heavy]]
            if not slot or RANK[slot[0]] != RANK[card]:
                exposed = f"its exposed card is {describe(slot[0])}" if slot else "it is empty"
                raise IllegalActionError(
                    f"{describe(card)} cannot join the {SUIT_NAMES[heavy]} slot: {exposed}",
                    "Heavy Load: tuck under an exposed card of the exact same rank",
                )
        new = state.sharing()  # (new lists for what changes: the Load's cards, a trailer and its slot, ...)
        remaining = state.remaining[:]
        remaining.remove(card)
        new.remaining = remaining
        record: JSON = {"seat": seat, "action": str(move), "card": card, "unloaded": []}
        if refuel:
            tokens = state.tokens[:]
            tokens[seat] -= 1
            new.tokens = tokens
            new.discards = [*state.discards, card]
            record["kind"] = "refuel"
        else:
            trailer = trailer[:]
            trailers = state.trailers[:]
            trailers[seat] = trailer
            new.trailers = trailers
            if heavy:
                index = SLOT[heavy]
                trailer[index] = [*trailer[index], card]
                record["kind"] = "heavy load"
            else:
                index = SLOT[SUIT[card]]
                slot = trailer[index]
                record["kind"] = "forced unload" if slot else "load"
                record["unloaded"] = list(slot)
                new.discards = [*state.discards, *slot]
                trailer[index] = [card]
        new.resolutions = [*state.resolutions, record]
        if not remaining:
            self._end_load(new)
        return new

    def _end_load(self, state: HaulState) -> None:
        """The Load's end, and the Haul's; ``state`` may share its lists with another (new ones replace them)."""
        state.last_load = {"haul": state.haul, "load": state.load + 1, "played": state.played,
                           "order": state.order, "resolutions": state.resolutions}
        state.leader = state.order[0]
        state.load += 1
        state.played, state.order, state.resolutions = [], [], []
        state.phase = "play"
        if state.load < LOADS:
            return
        points = [trailer_points(trailer) for trailer in state.trailers]
        state.scores = [score + points[seat] for seat, score in enumerate(state.scores)]
        state.hauls = [*state.hauls, {"haul": state.haul, "dealer": state.dealer, "scores": points,
                                      "trailers": [[list(slot) for slot in t] for t in state.trailers]}]
        state.leader = None
        if state.haul < HAULS:
            assert state.dealer is not None
            state.phase = "deal"
            state.dealer = (state.dealer + 1) % SEATS
        else:
            state.phase = "end"

    # --- what is seen ---------------------------------------------------------------------------
    def scores(self, state: HaulState) -> list[int]:
        return list(state.scores)

    def result(self, state: HaulState) -> JSON | None:
        if state.phase != "end":
            return None
        last = state.hauls[-1]["scores"]
        winners, decided_by, places = tiebreak(state.scores, state.tokens, last)
        return {
            "scores": list(state.scores),
            "haul_scores": [haul["scores"] for haul in state.hauls],
            "tokens": list(state.tokens),
            "winners": winners,
            "decided_by": decided_by,
            "places": places,
        }

    def view(self, state: HaulState, seat: int | None) -> JSON:
        own = seat if seat in range(SEATS) else None
        acting = self.acting_seats(state)
        return {
            "game": self.id,
            "seat": own,
            "phase": state.phase,
            "dealer": state.dealer,
            "haul": state.haul,
            "hauls_total": HAULS,
            "load": state.load,
            "loads": LOADS,
            "leader": state.leader,
            "to_act": list(acting),
            "hand": None if own is None else list(state.hands[own]),
            "hand_counts": [len(hand) for hand in state.hands],
            "played": [list(entry) for entry in state.played],
            "order": list(state.order),
            "remaining": list(state.remaining),
            "resolutions": list(state.resolutions),
            "trailers": [[list(slot) for slot in trailer] for trailer in state.trailers],
            "trailer_points": [trailer_points(trailer) for trailer in state.trailers],
            "discards": list(state.discards),
            "tokens": list(state.tokens),
            "scores": list(state.scores),
            "hauls": list(state.hauls),
            "last_load": state.last_load,
            "legal": [] if own is None else self.legal_actions(state, own),
            "result": self.result(state),
        }

    def determinize(self, view: Mapping[str, Any], rng: random.Random) -> HaulState:
        """A full state consistent with a seat's view: the cards it has not seen dealt at random to the others.

        Every other card (played, in the Load, on a trailer, discarded) is public, so the unseen cards are
        exactly the other three hands; each gets as many as its ``hand_counts``."""
        seat = view["seat"]
        if seat not in range(SEATS):
            raise ValueError("determinize needs a seat's view")
        hands: list[list[str]] = [[] for _ in range(SEATS)]
        if view["phase"] in ("play", "resolve"):
            hands[seat] = list(view["hand"])
            in_load = [card for _, card in view["played"]] if view["phase"] == "play" else view["remaining"]
            unseen = Counter(DECK)
            unseen.subtract(view["hand"])
            unseen.subtract(in_load)
            unseen.subtract(card for trailer in view["trailers"] for slot in trailer for card in slot)
            unseen.subtract(view["discards"])
            pool = sort_cards(unseen.elements())
            rng.shuffle(pool)
            start = 0
            for other in range(SEATS):
                if other != seat:
                    count = view["hand_counts"][other]
                    hands[other] = sort_cards(pool[start : start + count])
                    start += count
        return self.state_from_json({
            "phase": view["phase"], "dealer": view["dealer"], "haul": view["haul"], "load": view["load"],
            "leader": view["leader"], "hands": hands, "played": view["played"], "order": view["order"],
            "remaining": view["remaining"], "resolutions": view["resolutions"], "trailers": view["trailers"],
            "discards": view["discards"], "tokens": view["tokens"], "scores": view["scores"],
            "hauls": view["hauls"], "last_load": view["last_load"],
        })

    # --- JSON (state.py) -------------------------------------------------------------------------
    def state_to_json(self, state: HaulState) -> JSON:
        return to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> HaulState:
        return from_json(data)


GAME = HaulGame()
