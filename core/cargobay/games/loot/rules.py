"""Loot N' Loaded (../shared/rules/loot.txt): 2-6 players, 10 rounds of secret location picks, gun duels,
White Flags and item sets. The contract for the board, the bots and the page: docs/loot-engine.md.

Rulings applied (../shared/notes/rules-decisions.md, "Loot N' Loaded"):
1. Locations = number of players; 2 players: 3 locations (the option ``third_location``, on by default, else 2).
   Hogwash is always in the deck (four 2-head and four 3-head cards). Queen's Jewels: 2 of each of 4 jewels.
2. Pick resolution, lowest location first: uncontested pickups, then duels, then the 3+ redo among the crowded
   players over the locations still open (still holding a card).
3. Shootouts (option ``shootout``). ``quick-draw`` (local play): a tie (same gun) or any Duel Gun played goes
   to a SIMULTANEOUS ``shootout`` node where each shooter's reaction time is an action (``draw:<ms>``,
   ``draw:early`` for a press before "Draw!"); the fastest wins, an early press loses; all early or a tie for
   fastest draws again; after 3 void shootouts a coin. ``gun cards`` (peer matches, or chosen): a tie means
   both play a gun card again; the Duel Gun acts as an Acolyte (so Acolyte v Duel Gun is a tie); after 3 ties
   in a row a fair coin (a chance action ``coin:<seat>``) decides.
4. Sleeping Dart: the taker chooses the victim and the card at once; the victim takes a White Flag. Dynamite:
   the owner chooses the 2 cards. Copy Cat: chosen when gained; a first-round Copy Cat waits for the next card.
5. Queen's Jewels sets are formed greedily (largest sets of different jewels first). Empty deck: locations stay
   empty; the game still ends after round 10. End tie: a quick-draw among the tied players (``quick-draw``) or
   a gun-card playoff (``gun cards``).
6. Sheriff's Badges are told apart by when each was obtained: a Badge in a collection is dated
   ``sheriff@<round>.<location>`` (a Copy Cat copying one ``cat=sheriff@<round>.<location>``, dated when it
   copied; a stolen one dated anew for the thief). Actions name the Badge that leaves (Dynamite, Sleight of Hand,
   Sleeping Dart), and that one leaves (a Copy Cat as itself, with its own date); the 5 points go to the table's
   most recent Badge still in play (effects.py; tests/games/loot/test_badges.py).
7. "Any position in the deck" (Tall Glass of Water, Keys of Power, Sleight of Hand) is any depth: the owner puts
   the cards held back one at a time, ``put:<card>:<depth>`` (``depth`` cards above it, 0 = the top) or
   ``put:<card>:bottom``; one at a time reaches every order and every set of positions. The page and the
   research adapter pick it in steps (``action_steps``: the card ``put:gold``, then the top or one of the 4
   below or the bottom, or ``put:gold:deeper`` and then any other depth). The other seats see where a card went
   (the event names the depth), never which card; between browsers the card is a deck token (dealt.py).
8. White Flags are cards in front of you for every card text (``flag`` in an action): Dynamite may discard them
   (a Dynamite with only White Flags beside it asks too: "in the 2nd round ... you do have to discard the one
   card you have"); Sleight of Hand may exchange one (``trade:<drawn>:flag``: the White Flag goes back into the
   deck with the extras, a card ``flag`` there, and whoever later gains it receives a White Flag); a Sleeping
   Dart may take one (``steal:<seat>:flag``: the thief receives a White Flag, the victim loses one and takes
   one, ruling 4); a Copy Cat counts them (``copy:flag``). A White Flag discarded lies on the discard pile as
   ``flag``.
9. A Sleight of Hand may exchange itself (it goes back into the deck as one of the extras). Obtaining a 3rd
   (6th, 9th) Lucky 4 Leaf Clover in any way, a theft included, draws the top card.
10. A player uses at most one Love Letter per round (using one means sitting out that round's picks); in a
   quick-draw shootout an early press loses, and after 3 void shootouts in a row a fair coin decides (``coin``).

Decided here (the rulebook and the rulings do not say):
- Set-up is one chance action, ``deck:<cards, top first>``: with no ``items`` chosen, the item types are drawn
  at random by the table "# of Item Cards" (the recommended random mix); every card of each type is added
  (2 players: 2 fewer of each basic item, the Card Balance rule; Queen's Jewels: one red and one yellow), plus
  Hogwash; the top card is flipped onto each location. Chosen ``items`` need a basic, a unique and an action
  type and 10-15 item cards per player. Any deck with the right composition is accepted in a log.
- Picks, gun cards and draw times are SIMULTANEOUS nodes: every seat still to choose acts; a choice is hidden
  from the other seats (their views show only who has committed) until everyone has chosen.
- All players crowded out in one pick (even at two different locations, 6 players) redo together, once the
  other locations are resolved. A 3+ crowd on a location already crowded this round discards its card and each
  of them takes a White Flag, as the picks are revealed (before the pickups). A redo player with no open
  location left would take a White Flag (missed card; the referee found this cannot happen: the crowded
  location keeps its card until the redo).
- The loser of a duel (card duel, shootout or coin) takes a White Flag. White Flags are unlimited.
- Scores are live: ``scores`` counts every collection now (Hogwash majorities among current holders).
- Item cards' actions resolve at once, before the next pickup; the owner's choice is a prompt node (one seat
  acts; games/loot/effects.py). Cards drawn by an effect are gained before any other, each with its action.
  - Dynamite: discard 2 other cards in front of one (White Flags included, ruling 8; 1 if that is all, none when
    there is none: no prompt).
  - Sleeping Dart: any card in front of any other player (a White Flag included, ruling 8); the stolen card's
    action is not performed again, except that a stolen Copy Cat copies a card of its new owner and a 3rd Clover
    draws (ruling 9); no prompt when nobody else has a card or a White Flag.
  - Handkerchief: ``keep`` (4 points) or ``draw`` (discard it, gain the top 2 cards in order).
  - Tall Glass of Water (3 points): the top 3 cards leave the deck (seen by the owner only) and go back one at a
    time, each at any depth (ruling 7: ``put:``).
  - Keys of Power (0 points, none given): the top 3 cards; ``take:<card>`` keeps one, the other two go back
    (``put:``), then the kept card is gained (its action performed).
  - Sleight of Hand (2 points): the top 2 cards; ``trade:<drawn>:<own>`` swaps one for a card in front of one (the
    Sleight itself or a White Flag included, rulings 8 and 9), or ``trade:none``; the 2 extras go back
    (``put:``); the card taken is gained (its action performed).
  - Copy Cat (worth what it copies): ``copy:<card>`` among the cards one holds (as they count: a Copy Cat's
    copy counts as its card) or ``copy:flag`` with a White Flag; it becomes ``cat=<card>`` and performs that
    card's action (a copied Dynamite discards, a copied Clover may be the third). With nothing to copy it waits
    and becomes the next card (or White Flag) received: it leaves the collection, the card arrives and acts,
    then the copy arrives after it and acts too (every waiting Copy Cat in turn). Leaving a collection it is a
    plain Copy Cat again.
  - Love Letter (2 points): at the start of each later round, before picks, each holder of an unused Letter is
    asked in the order the Letters were received (round, then location): ``letter:<location>`` takes that card
    at once (its action performed) and that player sits out the round's picks; ``letter:later`` keeps it. One
    Letter per player per round. A stolen Letter stays unused if the victim had one unused.
- Sheriff's Badge: "the most recently obtained" is one Badge for the whole table (the rulebook's tie rule for
  Badges chosen in the same round compares locations, which only matters between players): ordered by round,
  then location (two Badges of the same round and location are one seat's, e.g. drawn by one Handkerchief:
  the later obtained is the more recent); a stolen Badge is obtained anew (dated by the round and the Dart's
  location); a copied one when the Copy Cat copies it (ruling 6).
- End tie: the playoff is SIMULTANEOUS among the tied seats. Gun cards: the seats whose gun is beaten by another
  gun played are out (nobody when every gun is beaten, e.g. all three of Valiant, Deadly, Sneaky); 3 rounds with
  nobody out: a coin. Quick-draw: a shootout among all tied seats. The result has one winner and ``tied``.

Scoring (Item Cards): a set that is complete starts a new set; White Flags 1/3/5/8/12 per set of 5; Hogwash
by heads 9/6/4 then 2 for every other holder, ties share and skip places; Snake Oil -2/7; Totems 2/4/8/12/18;
Golden Compass 2/3/10; Queen's Jewels 2/5/9/16 per set of different jewels; Crystal Flower 0/6/0/16; Boots 0/6;
Collection of Bullets 4 each with at least 6 different item types (White Flag and Bullets count); Sheriff's
Badge 5 for the table's most recently obtained one (by round, then location), 2 for each other; Tall Glass 3;
Lucky 4 Leaf Clover 2/5/7 (the third draws the top
card of the deck at once); Badge of Humility 2 each, +4 to every player with the most; Gold 3 each; Dynamite 5;
Sleeping Dart -2; Handkerchief kept 4; Sleight of Hand 2; Love Letter 2; Copy Cat as its card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...deck import DeckEvent
from ...engine import CHANCE, JSON, SIMULTANEOUS, TERMINAL, Game, IllegalActionError, SetupError
from . import dealt, effects, seen
from .actions import _PARSED, GUNS, SINGLE_USE, Coin, Deck, Draw, Gun, Pick, Put, parse
from .cards import (
    ACTION,
    BASIC,
    BEATS,
    MIX,
    UNIQUE,
    build_deck,
    check_items,
    collection_points,
    deck_types,
    score_all,
    valid_deck,
)
from .info import INFO
from .state import EARLY, ROUNDS, LootState, blank, from_json, to_json

__all__ = ["GAME", "INFO", "ROUNDS", "LootGame", "LootState", "build_deck", "collection_points", "score_all"]

DRAW_TIMES = tuple(range(100, 2001, 10))  # the reaction times listed as legal (any 1-9999 ms is accepted)
_DRAWS = tuple(sorted(["draw:early", *(f"draw:{ms}" for ms in DRAW_TIMES)]))  # the legal draws, as listed
_GUN_ACTIONS = tuple(sorted((f"gun:{gun}", gun) for gun in GUNS))  # (action, gun) in the listed order
_GUN_LIST = tuple(action for action, _ in _GUN_ACTIONS)
_PICKS = tuple(f"pick:{location}" for location in range(1, 10))  # by location - 1 (sorted: 6 locations at most)
_PICKED = tuple(tuple(f"seat {seat} -> {location}" for location in range(7)) for seat in range(6))  # [seat][location]
SECRET = {"pick": "picks", "gun": "guns", "playoff": "guns", "shootout": "draws"}
_DEFAULTS = INFO.resolve_options({})  # every option at its default (read only)


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


def beaten(played: Mapping[int, str]) -> list[int]:
    """The playoff's seats out: their gun is beaten by another gun played (none, when every gun is beaten).

    >>> beaten({0: "valiant", 1: "deadly", 2: "valiant"}), beaten({0: "valiant", 1: "deadly", 2: "sneaky"})
    ([1], [])
    >>> beaten({0: "duel", 1: "sneaky", 2: "acolyte"})
    [1]
    """
    kinds = {seat: "acolyte" if gun == "duel" else gun for seat, gun in played.items()}
    out = [seat for seat, gun in kinds.items()
           if any(other != gun and duel_winner(other, gun) == 0 for other in kinds.values())]
    return [] if len(out) == len(kinds) else sorted(out)


class LootGame(Game[LootState]):
    info = INFO

    # --- the node -------------------------------------------------------------------------------
    def new_state(self, seats: int = 4, options: Mapping[str, Any] | None = None) -> LootState:
        if not 2 <= seats <= 6:
            raise SetupError("Loot N' Loaded is for 2 to 6 seats")
        # (the defaults as given, e.g. by a playout, are taken as they are: resolving them again gives them back)
        chosen = _DEFAULTS if options == _DEFAULTS else self.info.resolve_options(options)
        items = tuple(chosen["items"])  # type: ignore[arg-type]
        if items:
            check_items(seats, items)
        spots = seats if seats > 2 else (3 if chosen["third_location"] else 2)
        return blank(seats, str(chosen["shootout"]), items, spots, dealt.fresh() if chosen["crypto"] else None)

    def current_player(self, state: LootState) -> int:
        phase = state.phase
        if phase in {"pick", "gun", "shootout"}:
            return SIMULTANEOUS
        if phase in ("deck", "coin", "open"):
            return CHANCE
        if phase == "prompt":
            assert state.prompt is not None
            return int(state.prompt[0])
        if phase == "end":
            return TERMINAL
        return SIMULTANEOUS

    def acting_seats(self, state: LootState) -> tuple[int, ...]:
        phase = state.phase
        if phase == "pick":
            picks = state.picks
            if picks.count(None) == len(picks):  # (nobody has picked yet: every picker)
                return tuple(sorted(state.pickers))
            return tuple([seat for seat in sorted(state.pickers) if picks[seat] is None])
        if phase == "gun":
            guns = state.guns
            if guns.count(None) == len(guns):  # (neither duellist has chosen yet)
                return tuple(sorted(state.duels[0][1:]))
            return tuple([seat for seat in sorted(state.duels[0][1:]) if guns[seat] is None])
        if phase == "playoff":
            guns = state.guns
            return tuple([seat for seat in state.playoff if guns[seat] is None])
        if phase == "shootout":
            draws = state.draws
            return tuple([seat for seat in state.shooters if draws[seat] is None])
        if state.phase == "prompt":
            assert state.prompt is not None
            return (int(state.prompt[0]),)
        return ()

    def open_locations(self, state: LootState) -> list[int]:
        return [index + 1 for index, card in enumerate(state.locations) if card is not None]

    @staticmethod
    def _any_open(state: LootState) -> bool:
        """``bool(open_locations(state))``, without building the list."""
        locations = state.locations
        return locations.count(None) != len(locations)

    @staticmethod
    def _acting(state: LootState, seat: int) -> bool:
        """``seat in acting_seats(state)``, without building the tuple."""
        phase = state.phase
        if phase == "pick":
            return seat in state.pickers and state.picks[seat] is None
        if phase == "gun":
            return seat in state.duels[0][1:] and state.guns[seat] is None
        if phase == "playoff":
            return seat in state.playoff and state.guns[seat] is None
        if phase == "shootout":
            return seat in state.shooters and state.draws[seat] is None
        if phase == "prompt":
            assert state.prompt is not None
            return seat == int(state.prompt[0])
        return False

    def legal_actions(self, state: LootState, seat: int) -> list[str]:
        if state.phase == "pick":  # (sorted, as "pick:1" < "pick:2" .. "pick:6")
            if seat not in state.pickers or state.picks[seat] is not None:  # (``_acting``, the commonest case)
                return []
            locations = state.locations
            if None not in locations:  # (every location holds a card)
                return list(_PICKS[: len(locations)])
            return [_PICKS[index] for index, card in enumerate(locations) if card is not None]
        if not self._acting(state, seat):
            return []
        if state.phase == "prompt":
            return effects.prompt_actions(state)
        if state.phase == "shootout":
            return list(_DRAWS)
        spent = state.spent[seat]
        if not spent:  # (no single-use gun used yet: all five)
            return list(_GUN_LIST)
        return [action for action, gun in _GUN_ACTIONS if gun not in spent]

    def action_steps(self, action: str) -> tuple[str, ...]:
        """A card put back into the deck (ruling 7) is picked in steps: the card (``put:gold``), then its depth:
        on top, one of the 4 below, the bottom, or "deeper" (``put:gold:deeper``) and then any other depth."""
        if not action.startswith("put:"):
            return ()
        move = parse(action)
        assert isinstance(move, Put)
        card = f"put:{move.card}"
        return (card,) if move.depth is None or move.depth < effects.SHALLOW else (card, f"{card}:deeper")

    def deck_event(self, state: LootState) -> DeckEvent | None:
        """With ``crypto``: the deck shuffled at set-up, and the cards opened later (games/loot/dealt.py)."""
        return dealt.deck_event(state)

    def sample_chance(self, state: LootState, rng: random.Random) -> str:
        if state.crypto is not None and state.phase != "coin":
            event = dealt.sample(state, rng)
            if event is None:
                raise IllegalActionError("no chance event is pending", "Set Up")
            return event
        if state.phase == "deck":
            if state.items:
                types = list(state.items)
            else:
                basic, unique, action = MIX[state.players]
                types = rng.sample(BASIC, basic) + rng.sample(UNIQUE, unique) + rng.sample(ACTION, action)
            cards = build_deck(state.players, types)
            rng.shuffle(cards)
            return "deck:" + ",".join(cards)  # str(Deck(cards))
        if state.phase == "coin":
            return f"coin:{rng.choice(state.coin_among)}"
        raise IllegalActionError("no chance event is pending", "Set Up; Other Ways to Play: toss a coin")

    # --- apply ----------------------------------------------------------------------------------
    def apply(self, state: LootState, seat: int, action: str) -> LootState:
        if state.crypto is not None:  # a card from the deck is opened first (games/loot/dealt.py)
            return dealt.apply(self._apply, state, seat, action)
        return self._apply(state, seat, action)

    def _apply(self, state: LootState, seat: int, action: str) -> LootState:
        move = _PARSED.get(action) if type(action) is str else None  # (parse's own cache, looked up here)
        if move is None:
            move = parse(action)
        if type(move) is Pick and state.phase == "pick" and seat in state.pickers and state.picks[seat] is None:
            return self._pick(state, seat, move.location)  # (the commonest action, checked as below)
        if type(move) is Deck:
            return self._deck(state, seat, list(move.cards))
        if type(move) is Coin:
            return self._coin(state, seat, move.seat)
        if not self._acting(state, seat):
            raise IllegalActionError(f"seat {seat} has nothing to choose now",
                                     "Pick Items / Resolve Duels: only the players picking or dueling choose")
        if type(move) is Pick:
            raise IllegalActionError("no location is picked now", "Pick Items")  # (a seat acting in another phase)
        if type(move) is Gun:
            if state.phase not in ("gun", "playoff"):
                raise IllegalActionError("no gun card is played now", "Resolve Duels")
            return self._gun(state, seat, move.gun)
        if type(move) is Draw:
            if state.phase != "shootout":
                raise IllegalActionError("nobody is drawing now", "Shootout")
            return self._draw(state, seat, move.ms)
        new = state.fork()
        effects.answer(new, seat, action)
        self._run(new)
        return new

    def _deck(self, state: LootState, seat: int, cards: list[str]) -> LootState:
        if seat != CHANCE or state.phase != "deck":
            raise IllegalActionError("the deck is made once, by chance, at set-up", "Set Up")
        new = state.fork()  # (the rules give it a new list for any they change, as after any other action)
        if new.crypto is not None:
            dealt.deal(new, cards)
            kinds = deck_types(new.crypto["cards"])
        elif "?" in cards:
            raise IllegalActionError(
                f"{cards.count('?')} of the {len(cards)} cards are unseen ('?'): only a match dealt cryptographically "
                "(option crypto) holds cards no page sees", "Set Up: shuffle the item cards")
        elif not valid_deck(state.players, cards, state.items, kinds := deck_types(cards)):
            raise IllegalActionError("not a deck of whole item types (the chosen ones, or the recommended mix) "
                                     "plus Hogwash", "# of Item Cards")
        else:
            new.deck = cards
        new.events = [f"deck of {len(cards)} cards: {', '.join(sorted(kinds))} and Hogwash"]
        self._replenish(new)
        self._start_round(new)
        self._run(new)
        return new

    def _start_round(self, state: LootState) -> None:
        state.crowded = []
        state.sitting = []
        if state.round == ROUNDS:  # after round 10 the game ends
            self._finish(state)
            return
        state.round += 1
        if not self._any_open(state):  # an empty deck: nothing to pick, the round passes
            state.events.append(f"round {state.round}: no cards left to pick")
            self._start_round(state)
            return
        state.fresh = True
        letters = state.letters
        state.asking = list(dict.fromkeys(entry[0] for entry in letters if entry[1] < state.round)) if letters else []

    def _replenish(self, state: LootState) -> None:
        locations, deck = state.locations, state.deck
        if not deck or None not in locations:
            return
        if state.crypto is None:  # (no token to reveal: the card as it is)
            for index, card in enumerate(locations):
                if card is None:
                    locations[index] = deck.pop(0)
                    if not deck:
                        return
            return
        for index, card in enumerate(locations):
            if card is None and deck:
                locations[index] = dealt.reveal(state, deck.pop(0))

    def _run(self, state: LootState) -> None:
        """Go on resolving: a pending prompt, cards being gained, pickups, Love Letters, then the next node."""
        while state.phase != "end":
            if state.prompt is not None:
                state.phase = "prompt"
                return
            if state.gains:
                seat, card = state.gains.pop(0)
                effects.gain(state, seat, card)
                continue
            if state.queue:
                queue = state.queue  # (a shared list: replaced, never changed in place; LootState.fork)
                location, seat = queue[0]
                state.queue = queue[1:]
                card = state.locations[location - 1]
                assert card is not None
                state.locations[location - 1] = None
                state.source = location
                state.events.append(f"seat {seat} takes {card} from location {location}")
                effects.gain(state, seat, card)  # the next of the gains (gained first: none is pending here)
                continue
            if state.asking:
                seat = state.asking[0]
                state.asking = state.asking[1:]
                if self._any_open(state):
                    state.prompt = [seat, "letter", "letter"]
                continue
            if self._advance(state):
                return

    def _advance(self, state: LootState) -> bool:
        """The next node once nothing is pending; False when a round passed and resolving goes on."""
        state.source = 0
        if state.fresh:
            state.fresh = False
            sitting = state.sitting
            pickers = [seat for seat in range(state.players) if seat not in sitting] if sitting else [
                *range(state.players)]
            if pickers and self._any_open(state):
                self._picking(state, pickers)
                return True
        elif state.duels:
            state.phase = "gun"
            state.guns = [None] * state.players
            state.ties = 0
            return True
        elif state.redo:
            redo, state.redo = sorted(state.redo), []
            if self._any_open(state):
                self._picking(state, redo)
                return True
            for seat in redo:  # nothing left to pick: a missed card
                effects.flag(state, seat)
            state.events.append(f"no location left for seats {redo}: White Flags")
        self._replenish(state)
        self._start_round(state)
        if state.fresh and not state.asking:  # a new round with no Love Letter to ask about: everyone picks
            state.fresh = False  # (what the next pass of _run would do: nothing else is pending, nobody sits out)
            self._picking(state, [*range(state.players)])
            return True
        return state.phase in ("end", "shootout", "playoff")

    def _picking(self, state: LootState, seats: list[int]) -> None:
        state.phase = "pick"
        state.pickers = seats
        state.picks = [None] * state.players

    def _pick(self, state: LootState, seat: int, location: int) -> LootState:
        locations = state.locations
        if not (1 <= location <= len(locations) and locations[location - 1] is not None):
            raise IllegalActionError(f"location {location} has no card to pick", "Pick Items")
        picks = state.picks[:]
        picks[seat] = location
        for other in state.pickers:
            if picks[other] is None:  # others still to pick: nothing else changes
                new = state.sharing()
                new.picks = picks
                return new
        new = state.fork()
        new.picks = picks
        self._resolve_picks(new)
        return new

    def _resolve_picks(self, state: LootState) -> None:
        by_location: dict[int, list[int]] = {}
        picks = state.picks
        choices, told = [], []
        for seat in sorted(state.pickers):
            location = picks[seat]
            assert location is not None
            choices.append([seat, location])
            told.append(_PICKED[seat][location])
            seats = by_location.get(location)
            if seats is None:
                by_location[location] = [seat]
            else:
                seats.append(seat)
        state.last = {"kind": "pick", "choices": choices}
        state.events.append("picks: " + ", ".join(told))
        state.picks = [None] * state.players
        state.pickers = []
        state.phase = "resolve"
        # uncontested pickups, lowest location first (resolved by _run, actions at once); then the duels and the
        # crowds, each lowest location first (a duel changes nothing a crowd reads)
        queue: list[list[int]] = []
        state.queue = queue
        for location in sorted(by_location):
            seats = by_location[location]  # (sorted: seats were added in order)
            if len(seats) == 1:
                queue.append([location, seats[0]])
            elif len(seats) == 2:
                state.duels = [*state.duels, [location, *seats]]
            elif location in state.crowded:  # 3+: crowded a second time, the card is discarded, all take a flag
                card = state.locations[location - 1]
                assert card is not None
                state.discards = [*state.discards, card]
                state.locations[location - 1] = None
                for seat in seats:
                    effects.flag(state, seat)
                state.events.append(f"location {location} crowded again: {card} discarded, White Flags")
            else:  # 3+: a redo
                state.crowded = [*state.crowded, location]
                state.redo = [*state.redo, *seats]
                state.events.append(f"location {location} too crowded: seats {seats} redo")
        self._run(state)

    # --- duels, shootouts, the coin ---------------------------------------------------------------
    def _gun(self, state: LootState, seat: int, gun: str) -> LootState:
        if gun in state.spent[seat]:
            raise IllegalActionError(f"seat {seat} has already used its {gun} gun",
                                     "Resolve Duels: the Acolyte and the Duel Gun are used once per game")
        guns = state.guns[:]
        guns[seat] = gun
        seats = state.playoff if state.phase == "playoff" else state.duels[0][1:]
        for other in seats:
            if guns[other] is None:  # the other duellist still to choose: nothing else changes
                new = state.sharing()
                new.guns = guns
                return new
        new = state.fork()
        seats = new.playoff if new.phase == "playoff" else new.duels[0][1:]
        played = {who: guns[who] or "" for who in seats}
        new.guns = [None] * new.players
        if "acolyte" in guns or "duel" in guns:  # (SINGLE_USE; the others go back to the hand)
            spent = new.spent[:]
            for who, kind in played.items():
                if kind in SINGLE_USE:
                    spent[who] = [*spent[who], kind]
            new.spent = spent
        new.last = {"kind": new.phase, "choices": [[who, kind] for who, kind in played.items()]}
        new.events.append(", ".join(f"seat {who} plays {kind}" for who, kind in played.items()))
        if new.phase == "playoff":
            self._playoff_round(new, played)
            return new
        a, b = played[seats[0]], played[seats[1]]
        if new.mode == "quick-draw" and (a == b or "duel" in (a, b)):
            new.events.append("a shootout!" if a == b else "a Duel Gun: a bottle duel!")
            self._shootout(new, list(seats))
            return new
        winner = duel_winner(a, b)
        if winner is None:
            self._tie(new, list(seats), "a tie: play again")
            return new
        self._end_duel(new, seats[winner])
        return new

    def _tie(self, state: LootState, seats: list[int], again: str) -> None:
        state.ties += 1
        if state.ties >= 3:
            state.phase = "coin"
            state.coin_among = sorted(seats)
            state.events.append("three ties in a row: a coin decides")
        else:
            state.events.append(again)

    def _shootout(self, state: LootState, seats: list[int]) -> None:
        state.phase = "shootout"
        state.shooters = sorted(seats)
        state.draws = [None] * state.players
        state.ties = 0

    def _draw(self, state: LootState, seat: int, ms: int) -> LootState:
        draws = state.draws[:]
        draws[seat] = ms
        for other in state.shooters:
            if draws[other] is None:  # others still to draw: nothing else changes
                new = state.sharing()
                new.draws = draws
                return new
        new = state.fork()
        times = {who: draws[who] or EARLY for who in new.shooters}
        new.draws = [None] * new.players
        new.last = {"kind": "shootout", "choices": [[who, ms] for who, ms in times.items()]}
        new.events.append(", ".join(f"seat {who} " + (f"draws in {ms} ms" if ms else "draws too early")
                                    for who, ms in times.items()))
        fair = {who: ms for who, ms in times.items() if ms != EARLY}
        best = min(fair.values(), default=None)
        fastest = [who for who, ms in fair.items() if ms == best]
        if len(fastest) != 1:
            self._tie(new, new.shooters, "nobody hits first: draw again")
            return new
        new.shooters = []
        new.ties = 0
        if new.playoff:
            self._crown(new, fastest[0])
        else:
            self._end_duel(new, fastest[0])
        return new

    def _coin(self, state: LootState, seat: int, winner: int) -> LootState:
        if seat != CHANCE or state.phase != "coin":
            raise IllegalActionError("a coin is tossed only after three ties", "Other Ways to Play")
        if winner not in state.coin_among:
            raise IllegalActionError(f"seat {winner} is not in this toss", "Other Ways to Play")
        new = state.fork()
        new.events = [f"the coin names seat {winner}"]
        new.coin_among = []
        new.shooters = []
        new.ties = 0
        if new.playoff:
            self._crown(new, winner)
        else:
            self._end_duel(new, winner)
        return new

    def _end_duel(self, state: LootState, winner: int) -> None:
        location, first, second = state.duels[0]
        state.duels = state.duels[1:]
        loser = second if winner == first else first
        card = state.locations[location - 1]
        assert card is not None
        state.locations[location - 1] = None
        state.events.append(f"seat {winner} wins {card}; seat {loser} takes a White Flag")
        state.phase = "resolve"
        effects.flag(state, loser)
        state.source = location
        state.gains.append([winner, card])
        self._run(state)

    # --- the end --------------------------------------------------------------------------------
    def _finish(self, state: LootState) -> None:
        scores = self.scores(state)
        state.tied = [seat for seat, score in enumerate(scores) if score == max(scores)]
        state.pickers = []
        if len(state.tied) == 1:
            self._crown(state, state.tied[0])
            return
        state.playoff = list(state.tied)
        state.events.append(f"seats {state.tied} tie for the most points: a playoff")
        if state.mode == "quick-draw":
            self._shootout(state, state.playoff)
        else:
            state.phase = "playoff"
            state.guns = [None] * state.players
            state.ties = 0

    def _playoff_round(self, state: LootState, played: Mapping[int, str]) -> None:
        out = beaten(played)
        if not out:
            self._tie(state, state.playoff, "nobody is out: play again")
            return
        state.ties = 0
        state.playoff = [seat for seat in state.playoff if seat not in out]
        state.events.append(f"seats {out} are out")
        if len(state.playoff) == 1:
            self._crown(state, state.playoff[0])

    def _crown(self, state: LootState, winner: int) -> None:
        state.phase = "end"
        state.winner = winner
        state.playoff = []
        state.events.append(f"seat {winner} wins the match")

    # --- what is seen ---------------------------------------------------------------------------
    def scores(self, state: LootState) -> list[int]:
        return score_all(state.collections, state.flags, state.badges[-1][0] if state.badges else None)

    def result(self, state: LootState) -> JSON | None:
        if state.phase != "end":
            return None
        return {"scores": self.scores(state), "winners": [state.winner], "tied": list(state.tied)}

    def is_reflex(self, state: LootState) -> bool:
        """The quick-draw shootout is played against the clock: every human shooter at a screen draws at once."""
        return state.phase == "shootout"

    def view(self, state: LootState, seat: int | None) -> JSON:
        return seen.view(self, state, seat)

    def determinize(self, view: Mapping[str, Any], rng: random.Random) -> LootState:
        """A state consistent with a seat's view (seen.py)."""
        return seen.determinize(self, view, rng, DRAW_TIMES)

    # --- JSON -----------------------------------------------------------------------------------
    def state_to_json(self, state: LootState) -> JSON:
        return to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> LootState:
        return from_json(data)


GAME = LootGame()
