"""TF22: LOAD! (../shared/rules/load.txt): two players, simultaneous card battles, container stacking.

Rulings applied (../shared/notes/rules-decisions.md, "TF22: LOAD!"):
1. The battle relation is a cyclic table (Green > Blue, Red; Blue > Red, Yellow; Red > Yellow;
   Yellow > Green); same colour: higher value wins; same card: tie, each card to its owner's pile.
2. The winner MUST load or reload in the winning colour when either is legal. A reload moves the
   top container of that colour to a DIFFERENT slot.
3. Joker: when the winner can do neither, the loser takes both cards and must load or reload one of
   the two card colours he can use; when he can use neither, both cards go to the face-down discard.
4. The supply is 10 containers per colour shared by both ships (derived from the ships).
5. Majority = strictly more containers of a colour than the other ship; 0-0 is a tie.
6. Each round all 28 cards are collected and dealt anew (a chance action); ships persist.
7. After round 3, +3 per complete stack; tie: fewer bonus points wins, else both win.

Decided here (the rulings do not say): the personal piles lie face down, but both cards of every
battle were shown face up, so a pile holds nothing a player with a good memory does not know; the
view shows both piles. The 4 face-down cards of each round stay hidden from everyone.

Actions (strings that parse back):
- chance ``deal:G3,B0,...`` - the 28 cards in shuffled order: 4 face-down discards, 12 to seat 0,
  12 to seat 1 (``deck_event``: local matches draw it from the seed; between browsers it is dealt
  cryptographically and a page's log shows ``?`` for every card it may not see: its hand and the other
  hand's cards are then taken as they are played, each with its proof, cargobay.deck and .net.dealing);
- ``play:G3`` - a seat's secret card at the simultaneous node;
- ``load:G@2`` - a new container of that colour onto slot 2 (slots 1-5);
- ``reload:G@1>3`` - the green container on top of slot 1 moved onto slot 3.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...deck import HIDDEN, NOBODY, DeckEvent, check_faces, take
from ...engine import (
    CHANCE,
    JSON,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    IllegalActionError,
    StateError,
)
from .actions import _PARSED, COLOUR_NAMES, COLOURS, SLOTS, Deal, Load, Play, Reload, parse, parse_card
from .info import INFO
from .state import HAND_SIZE, ROUNDS, STACK_RANK, LoadState, from_json, to_json

__all__ = [
    "COLOURS",
    "COLOUR_NAMES",
    "DECK",
    "GAME",
    "HAND_SIZE",
    "ROUNDS",
    "SLOTS",
    "STACK_RANK",
    "LoadGame",
    "LoadState",
    "parse_card",
]

BEATS = {"G": frozenset("BR"), "B": frozenset("RY"), "R": frozenset("Y"), "Y": frozenset("G")}
VALUES = (0, 1, 1, 2, 2, 3, 3)
DECK = tuple(sorted(f"{colour}{value}" for colour in COLOURS for value in VALUES))
FACE_DOWN = 4
SUPPLY_PER_COLOUR = 10
STACK_BONUS = 3
COMPLETE_STACK = list(COLOURS)


def card_colour(card: str) -> str:
    return card[0]


def card_value(card: str) -> int:
    return int(card[1])


def battle_winner(card0: str, card1: str) -> int | None:
    """Seat 0 or 1 that wins the battle, or None for a tie.

    >>> battle_winner("Y0", "G3"), battle_winner("R1", "R2"), battle_winner("B2", "B2")
    (0, 1, None)
    """
    c0, c1 = card0[0], card1[0]
    if c0 == c1:
        if card0[1] == card1[1]:
            return None
        return 0 if card0[1] > card1[1] else 1
    return 0 if c1 in BEATS[c0] else 1


def _battle(card0: str, card1: str) -> tuple[int | None, str]:
    """``battle_winner`` and ``battle_reason`` of two cards, made once per pair."""
    key = card0 + card1
    known = _BATTLES.get(key)
    if known is None:
        known = _BATTLES[key] = (battle_winner(card0, card1), battle_reason(card0, card1))
    return known


_BATTLES: dict[str, tuple[int | None, str]] = {}  # (16 x 16 card pairs at most: every card is checked)


def battle_reason(card0: str, card1: str) -> str:
    winner = battle_winner(card0, card1)
    if winner is None:
        return f"{describe(card0)} ties {describe(card1)}"
    win, lose = (card0, card1) if winner == 0 else (card1, card0)
    if win[0] == lose[0]:
        return f"{describe(win)} beats {describe(lose)}: same colour, higher value"
    return f"{COLOUR_NAMES[win[0]]} beats {COLOUR_NAMES[lose[0]]}"


def describe(card: str) -> str:
    return f"{COLOUR_NAMES[card[0]]} {card[1]}"


def can_stack(slot: list[str], colour: str) -> bool:
    """Whether a container of ``colour`` may go on top of ``slot`` (bottom first)."""
    return not slot or STACK_RANK[slot[-1]] < STACK_RANK[colour]


def supply(state: LoadState) -> dict[str, int]:
    """Containers left in the common stock, per colour."""
    used = Counter(colour for ship in state.ships for slot in ship for colour in slot)
    return {colour: SUPPLY_PER_COLOUR - used[colour] for colour in COLOURS}


def in_supply(state: LoadState, colour: str) -> int:
    """``supply(state)[colour]``, counted for the one colour."""
    return SUPPLY_PER_COLOUR - sum([slot.count(colour) for ship in state.ships for slot in ship])


# the action texts, made once: _LOAD[colour][index] = str(Load(colour, index + 1)), _RELOAD[colour][source][target]
_LOAD = {c: [str(Load(c, i + 1)) for i in range(SLOTS)] for c in COLOURS}
_RELOAD = {c: [[str(Reload(c, a + 1, b + 1)) for b in range(SLOTS)] for a in range(SLOTS)] for c in COLOURS}
_PLAY = {card: str(Play(card)) for card in DECK}
_PLAYABLE = frozenset(_PLAY)
_DEAL = DeckEvent(DECK, (NOBODY,) * FACE_DOWN + (0,) * HAND_SIZE + (1,) * HAND_SIZE, "deal:")  # every round's
_SORTED_DECK = list(DECK)  # (DECK is sorted)
# a slot a container may go on (can_stack), by its top: _UNDER[colour] holds the tops it may stack on, and None
_UNDER = {c: frozenset([None, *(top for top in COLOURS if STACK_RANK[top] < STACK_RANK[c])]) for c in COLOURS}


def load_options(state: LoadState, seat: int, colour: str) -> list[str]:
    """Every legal load and reload of ``colour`` on ``seat``'s ship, sorted (the loads by slot, then the reloads
    by source and target).

    A load needs a container of ``colour`` left in the supply (ruling 4), and there always is one when a slot can
    take it: a slot holds each colour once at most (the stacking order), a slot that can take ``colour`` holds none,
    so at most 9 of the 10 are on the two ships."""
    under = _UNDER[colour]
    tops = [slot[-1] if slot else None for slot in state.ships[seat]]
    targets = [index for index, top in enumerate(tops) if top in under]  # can_stack
    if not targets:
        return []
    loads = _LOAD[colour]
    options = [loads[index] for index in targets]
    if colour in tops:
        reloads = _RELOAD[colour]
        for source, top in enumerate(tops):
            if top == colour:
                options += [reloads[source][target] for target in targets if target != source]
    return options


def can_load(state: LoadState, seat: int, colour: str) -> bool:
    """``bool(load_options(state, seat, colour))``, without listing them: a slot that can take ``colour`` (the
    supply has one then, ``load_options``)."""
    return not _UNDER[colour].isdisjoint([slot[-1] if slot else None for slot in state.ships[seat]])


def majorities(ships: list[list[list[str]]]) -> list[list[str]]:
    """Per seat, the colours in which it holds strictly more containers than the other ship."""
    counts = [Counter(colour for slot in ship for colour in slot) for ship in ships]
    return [[c for c in COLOURS if counts[seat][c] > counts[1 - seat][c]] for seat in (0, 1)]


def complete_stacks(ship: list[list[str]]) -> int:
    return sum(1 for slot in ship if slot == COMPLETE_STACK)


def round_points(state: LoadState) -> list[JSON]:
    """Each seat's points for the round now ending: card values in its pile, in colours of its majority."""
    owned = majorities(state.ships)
    breakdown = []
    for seat in (0, 1):
        by_colour = {
            colour: sum(card_value(card) for card in state.piles[seat] if card[0] == colour) for colour in owned[seat]
        }
        breakdown.append({"majorities": owned[seat], "points_by_colour": by_colour, "points": sum(by_colour.values())})
    return breakdown



def _seen(state: LoadState) -> list[str]:
    """The cards of this round's deal seen so far: in hands, chosen, won into piles, discarded, face down."""
    seen = [card for hand in state.hands for card in hand if card != HIDDEN]
    seen.extend(card for card in state.chosen if card is not None)
    seen.extend(card for pile in state.piles for card in pile)
    seen.extend(state.discarded)
    seen.extend(card for card in state.face_down if card != HIDDEN)
    return seen

class LoadGame(Game[LoadState]):
    info = INFO

    # --- the node -------------------------------------------------------------------------------
    def new_state(self, seats: int = 2, options: Mapping[str, Any] | None = None) -> LoadState:
        if seats != 2:
            raise ValueError("TF22: LOAD! is for exactly 2 players")
        if options:
            raise ValueError(f"TF22: LOAD! has no options (got {sorted(options)})")
        return LoadState()

    def current_player(self, state: LoadState) -> int:
        phase = state.phase
        if phase == "choose":
            return SIMULTANEOUS
        if phase == "load":
            assert state.loader is not None
            return state.loader
        return CHANCE if phase == "deal" else TERMINAL

    def acting_seats(self, state: LoadState) -> tuple[int, ...]:
        phase = state.phase
        if phase == "choose":
            first, second = state.chosen
            if first is None:
                return (0, 1) if second is None else (0,)
            return (1,) if second is None else ()
        if phase == "load":
            assert state.loader is not None
            return (state.loader,)
        return ()

    def legal_actions(self, state: LoadState, seat: int) -> list[str]:
        phase = state.phase
        if phase == "choose":
            if seat not in (0, 1) or state.chosen[seat] is not None:
                return []
            hand = set(state.hands[seat])  # (sorted as the cards: one prefix; each card once)
            if HIDDEN in hand or not _PLAYABLE.issuperset(hand):
                return sorted({f"play:{card}" for card in hand if card != HIDDEN})
            return [*map(_PLAY.__getitem__, sorted(hand))]
        if phase == "load" and seat == state.loader:
            colours = state.load_colours
            if len(colours) == 1:
                return load_options(state, seat, colours[0])  # (sorted, each once)
            return sorted({opt for colour in colours for opt in load_options(state, seat, colour)})
        return []

    def sample_chance(self, state: LoadState, rng: random.Random) -> str:
        event = self.deck_event(state)
        if event is None:
            raise IllegalActionError("no chance event is pending", "a deal starts each round")
        return event.seeded(rng)

    def deck_event(self, state: LoadState) -> DeckEvent | None:
        """Each round: the 28 cards shuffled, 4 face down (nobody), 12 to seat 0, 12 to seat 1."""
        if state.phase != "deal":
            return None
        return _DEAL

    def shown_cards(self, state: LoadState, seat: int, action: str) -> tuple[str, ...]:
        """A card played is shown at the battle."""
        move = parse(action)
        return (move.card,) if isinstance(move, Play) else ()

    # --- apply ----------------------------------------------------------------------------------
    def apply(self, state: LoadState, seat: int, action: str) -> LoadState:
        move = _PARSED.get(action) if type(action) is str else None  # (parse's own cache, looked up here)
        if move is None:
            move = parse(action)
        kind = type(move)
        if kind is Play:
            assert isinstance(move, Play)
            return self._play(state, seat, move.card)
        if kind is Deal:
            assert isinstance(move, Deal)
            return self._deal(state, seat, list(move.cards))
        assert isinstance(move, Load | Reload)
        return self._load(state, seat, move)

    def action_steps(self, action: str) -> tuple[str, ...]:
        """A reload is two picks: the container (``reload:G@1``), then the slot it goes to."""
        move = parse(action)
        return (move.picked,) if isinstance(move, Reload) else ()

    def _deal(self, state: LoadState, seat: int, cards: list[str]) -> LoadState:
        if seat != CHANCE:
            raise IllegalActionError("only chance deals", "Setting up: the cards are shuffled and dealt")
        if state.phase != "deal":
            raise IllegalActionError("cards are dealt only at the start of a round", "Rounds 2 & 3")
        if sorted(cards) != _SORTED_DECK and not check_faces(cards, DECK):
            raise IllegalActionError(
                "a deal lists all 28 container cards once each (0,1,1,2,2,3,3 per colour)", "Game Components"
            )
        new = state.copy()
        new.round += 1
        new.turn = 0
        new.phase = "choose"
        new.face_down = cards[:FACE_DOWN]
        new.hands = [sorted(cards[FACE_DOWN : FACE_DOWN + HAND_SIZE]), sorted(cards[FACE_DOWN + HAND_SIZE :])]
        new.piles = [[], []]
        new.discarded = []
        new.chosen = [None, None]
        new.last_battle = None
        new.last_load = None
        return new

    def _play(self, state: LoadState, seat: int, card: str) -> LoadState:
        if state.phase == "load":
            raise IllegalActionError(
                f"no card may be played now: seat {state.loader} must load first", "Gameplay: load after a battle"
            )
        if state.phase != "choose":
            raise IllegalActionError("no card may be played now", "Gameplay: cards are chosen once per battle")
        if seat not in (0, 1):
            raise IllegalActionError(f"seat {seat} does not play cards (a match has seats 0 and 1)",
                                     "Gameplay: each of the 2 players chooses a container card")
        if state.chosen[seat] is not None:
            raise IllegalActionError(f"seat {seat} has already chosen a card for this battle",
                                     "Gameplay: each player secretly chooses 1 container card a battle")
        hand = state.hands[seat]
        if card not in hand:
            if HIDDEN not in hand:
                raise IllegalActionError(f"{describe(card)} is not in seat {seat}'s hand",
                                         "Gameplay: each player chooses 1 container card from his hand")
            held = DECK.count(card)  # a card played from a hand this page never saw (a peer match's log): not more
            if _seen(state).count(card) >= held:  # than the deck holds
                raise IllegalActionError(f"{describe(card)} is played from a hidden hand, but the deck's {held} "
                                         f"{'is' if held == 1 else 'are'} already seen in this round's deal",
                                         "Each round: the 28 cards are dealt once (ruling 6)")
        new = state.sharing()  # (new lists for what changes: the hand, the choices)
        hand = hand[:]
        take(hand, card)
        hands = state.hands[:]
        hands[seat] = hand
        new.hands = hands
        chosen = state.chosen[:]
        chosen[seat] = card
        new.chosen = chosen
        if None not in chosen:
            self._resolve_battle(new)
        return new

    def _resolve_battle(self, state: LoadState) -> None:
        """The battle of the two chosen cards; ``state`` may share its lists with another (new ones replace them)."""
        cards = [card for card in state.chosen if card is not None]
        state.chosen = [None, None]
        winner, reason = _battle(cards[0], cards[1])
        battle: JSON = {
            "round": state.round,
            "turn": state.turn + 1,
            "cards": cards,
            "winner": winner,
            "reason": reason,
        }
        state.last_load = None
        if winner is None:
            state.piles = [[*pile, card] for pile, card in zip(state.piles, cards, strict=True)]
            battle.update(outcome="tie", loader=None, colours=[])
            state.last_battle = battle
            self._next_battle(state)
            return
        colour = cards[winner][0]
        if can_load(state, winner, colour):
            battle.update(outcome="load", loader=winner, colours=[colour])
            self._won(state, winner, cards)
            self._await_load(state, winner, [colour])
        else:
            loser = 1 - winner
            usable = [c for c in dict.fromkeys(card[0] for card in cards) if can_load(state, loser, c)]
            if usable:
                battle.update(outcome="joker", loader=loser, colours=usable)
                self._won(state, loser, cards)
                self._await_load(state, loser, usable)
            else:
                battle.update(outcome="discarded", loader=None, colours=[])
                state.discarded = [*state.discarded, *cards]
                state.last_battle = battle
                self._next_battle(state)
                return
        state.last_battle = battle

    @staticmethod
    def _won(state: LoadState, seat: int, cards: list[str]) -> None:
        """Both battle cards onto ``seat``'s pile (a new pile list)."""
        piles = state.piles[:]
        piles[seat] = [*piles[seat], *cards]
        state.piles = piles

    def _await_load(self, state: LoadState, seat: int, colours: list[str]) -> None:
        state.phase = "load"
        state.loader = seat
        state.load_colours = colours

    def _load(self, state: LoadState, seat: int, move: Load | Reload) -> LoadState:
        colour = move.colour
        target = move.target - 1 if isinstance(move, Reload) else move.slot - 1
        source = move.source - 1 if isinstance(move, Reload) else None
        if state.phase != "load" or seat != state.loader:
            who = "nobody may load now" if state.loader is None else f"seat {state.loader} loads now"
            raise IllegalActionError(
                f"seat {seat} may not load now ({who})", "Gameplay: only the battle winner (or the Joker) loads"
            )
        if colour not in state.load_colours:
            allowed = " or ".join(COLOUR_NAMES[c] for c in state.load_colours)
            raise IllegalActionError(
                f"{COLOUR_NAMES[colour]} is not the battle-winning colour ({allowed})", "Load / Joker"
            )
        ship = state.ships[seat]
        if source is not None:
            if source == target:
                raise IllegalActionError("a reload must move the container to a different slot", "Ruling 2")
            if not ship[source] or ship[source][-1] != colour:
                raise IllegalActionError(
                    f"the top of slot {source + 1} is not a {COLOUR_NAMES[colour]} container",
                    "Reload: only from the top of a stack",
                )
        if not can_stack(ship[target], colour):
            raise IllegalActionError(
                f"{COLOUR_NAMES[colour]} cannot stack on slot {target + 1}"
                + (f" (its top is {COLOUR_NAMES[ship[target][-1]]})" if ship[target] else ""),
                "Load: Green on Blue/Red/Yellow, Blue on Red/Yellow, Red on Yellow, Yellow on an empty slot",
            )
        if source is None and in_supply(state, colour) <= 0:
            # never from a state that keeps the stacking rule (from_json checks it, every load keeps it): a slot holds
            # a colour once at most and the target, which can take ``colour``, holds none, so at most 9 of the 10
            # are on the ships (load_options; tests/games/load/test_supply.py). Only a state built by hand gets here.
            raise StateError(f"no {COLOUR_NAMES[colour]} container is left in the supply for a slot that can take "
                             "one: the ships break the stacking rule (a slot holds each colour once at most)")
        new = state.sharing()  # (new lists for what changes: the ship and its one or two slots)
        new_ship = ship[:]
        if source is not None:
            new_ship[source] = new_ship[source][:-1]
        new_ship[target] = [*new_ship[target], colour]
        ships = state.ships[:]
        ships[seat] = new_ship
        new.ships = ships
        new.last_load = {"seat": seat, "action": str(move)}
        new.loader = None
        new.load_colours = []
        self._next_battle(new)
        return new

    def _next_battle(self, state: LoadState) -> None:
        """The next battle, or the round's scoring; ``state`` may share its lists (new ones replace them)."""
        state.turn += 1
        state.phase = "choose"
        if state.hands[0]:
            return
        breakdown = round_points(state)
        state.scores = [score + breakdown[seat]["points"] for seat, score in enumerate(state.scores)]
        state.rounds = [*state.rounds, {"round": state.round, "seats": breakdown}]
        if state.round < ROUNDS:
            state.phase = "deal"
            return
        bonus = [STACK_BONUS * complete_stacks(state.ships[seat]) for seat in (0, 1)]
        state.bonus = bonus
        state.scores = [score + bonus[seat] for seat, score in enumerate(state.scores)]
        state.phase = "end"

    # --- what is seen ---------------------------------------------------------------------------
    def scores(self, state: LoadState) -> list[int]:
        return list(state.scores)

    def result(self, state: LoadState) -> JSON | None:
        if state.phase != "end":
            return None
        assert state.bonus is not None
        return {
            "scores": list(state.scores),
            "bonus": list(state.bonus),
            "rounds": state.rounds,
            "winners": winners(state.scores, state.bonus),
        }

    def view(self, state: LoadState, seat: int | None) -> JSON:
        own = seat if seat in (0, 1) else None
        return {
            "game": self.id,
            "seat": own,
            "round": state.round,
            "rounds": ROUNDS,
            "turn": state.turn,
            "turns": HAND_SIZE,
            "phase": state.phase,
            "to_act": list(self.acting_seats(state)),
            "hand": None if own is None else sorted(state.hands[own]),
            "hand_counts": [len(hand) for hand in state.hands],
            "chosen": [card is not None for card in state.chosen],
            "my_choice": None if own is None else state.chosen[own],
            "piles": [sorted(pile) for pile in state.piles],
            "discarded": sorted(state.discarded),
            "face_down_count": len(state.face_down),
            "ships": [[list(slot) for slot in ship] for ship in state.ships],
            "supply": supply(state),
            "majorities": majorities(state.ships),
            "cannot_take": [[c for c in COLOURS if not load_options(state, seat, c)] for seat in (0, 1)],
            "scores": list(state.scores),
            "rounds_scored": state.rounds,
            "loader": state.loader,
            "load_colours": list(state.load_colours),
            "last_battle": state.last_battle,
            "last_load": state.last_load,
            "legal": [] if own is None else self.legal_actions(state, own),
            "result": self.result(state),
        }

    def determinize(self, view: Mapping[str, Any], rng: random.Random) -> LoadState:
        """A full state consistent with a seat's view: the unseen cards dealt at random.

        The other seat's hand is drawn from the cards this seat has not seen; its pending choice,
        if any, is left open (a search decides it)."""
        seat = view["seat"]
        if seat not in (0, 1):
            raise ValueError("determinize needs a seat's view")
        state = self.state_from_json({k: view[k] for k in ("round", "turn", "phase", "ships", "scores")} | {
            "hands": [[], []],
            "chosen": [None, None],
            "piles": view["piles"],
            "face_down": [],
            "discarded": view["discarded"],
            "rounds": view["rounds_scored"],
            "bonus": None if view["result"] is None else view["result"]["bonus"],
            "loader": view["loader"],
            "load_colours": view["load_colours"],
            "last_battle": view["last_battle"],
            "last_load": view["last_load"],
        })
        if state.phase in ("deal", "end"):
            return state
        own = list(view["hand"])
        state.hands[seat] = sorted(own)
        state.chosen[seat] = view["my_choice"]
        if view["my_choice"] is not None:
            own.append(view["my_choice"])
        unseen = Counter(DECK)
        unseen.subtract(own)
        for pile in view["piles"]:
            unseen.subtract(pile)
        unseen.subtract(view["discarded"])
        pool = sorted(unseen.elements())
        rng.shuffle(pool)
        other = view["hand_counts"][1 - seat] + (1 if view["chosen"][1 - seat] else 0)
        state.hands[1 - seat] = sorted(pool[:other])
        state.face_down = sorted(pool[other:])
        return state

    # --- JSON (state.py) -------------------------------------------------------------------------
    def state_to_json(self, state: LoadState) -> JSON:
        return to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> LoadState:
        return from_json(data)


def winners(scores: list[int], bonus: list[int]) -> list[int]:
    """Most points wins; a tie goes to fewer bonus points; a tie again is shared."""
    best = max(scores)
    tied = [seat for seat, score in enumerate(scores) if score == best]
    fewest = min(bonus[seat] for seat in tied)
    return [seat for seat in tied if bonus[seat] == fewest]


GAME = LoadGame()
