"""An independent referee for Loot N' Loaded, and a differential sweep of the engine against it.

The ``Referee`` (``referee.py``: who acts, the rounds, duels and the end; on ``effects.py``: the item cards'
actions; on ``state.py``: the table, the agenda, scores and the public picture; ``tables.py``: scoring and the item
sets) was written from rules/loot.txt, the "Loot N' Loaded" section of notes/rules-decisions.md, the module
docstring of games/loot/rules.py (its rulings and "decided here") and docs/loot-engine.md only. It shares no code
with the engine: it imports the action parser (``actions.parse``, the wire grammar) and the deck composition tables
of ``cards.py`` (TYPES, BASIC, UNIQUE, ACTION, HOGWASH, MIX) and nothing else; its own state, its own flow, its own
effects and its own scoring. The driver (``driver.py``, the only module that reads the engine) plays the real engine
with random players, feeds every action to the referee too, and compares after every action: the phase and who
acts, every seat's legal actions, collections, White Flags, spent guns, discards, locations, the deck (order
included), held cards, the prompt, unused Love Letters, the Sheriff's Badges in
order (``badges``, ``newest_badge``), live scores and the result.

    python bench/loot_referee.py [--matches 1500] [--seed 0]

Prints figures; exits non-zero on the first disagreement (with the seed, the step and the action log). A match
that first runs into one of the engine's known deviations (KNOWN) is counted and left, and the sweep goes on;
those make the exit status 1 too, unless --allow-known.

Readings of the texts (R1..), where the rulebook, the rulings and the docstring leave a choice. Those marked *
were first written otherwise and changed after the engine disagreed, because the texts are silent or ambiguous
there (the engine's choice is then as good a reading); the engine's deviations from the texts are in KNOWN.
    R1  "10-15 item cards per player" counts the chosen item cards after the 2-player Card Balance, not Hogwash
        (the rulebook's example: 34 cards of chosen items for 3 players, "at least 30").
    R2  2-player Card Balance: every basic item loses 2 cards; Queen's Jewels lose one red and one yellow.
    R3* A pick resolves in passes over the locations, lowest first: first every 3+ crowd on a location already
        crowded this round (the card discarded, each crowded player takes a White Flag); then every uncontested
        pickup (its action, and everything it draws, resolved before the next pickup); then every duel; then the
        players newly crowded out (all of them together) redo the pick over the locations still holding a card
        (the crowded one included). (The crowd discards were first in the pickups' pass, in location order; the
        engine discards before the pickups, e.g. before a Dynamite's prompt at a lower location. The texts only
        order pickups, duels and the redo.) A redo player with no such location would take a
        White Flag (the docstring), but that cannot happen: nothing between a new 3+ crowd and its redo takes
        the crowded location's card (a pickup or a duel there needs 1 or 2 pickers, a crowd discard a location
        crowded before, Love Letters act before the picks, effects draw from the deck), so the redo always has
        it; "pick with no card left (a redo)" would count it.
    R4* The duel's loser takes the White Flag, then the winner gains the card (and resolves its action).
    R5  Cards drawn by an effect are gained depth first: a drawn card (with its action and everything that
        action draws) is resolved before anything queued earlier. Handkerchief takes its 2 cards off the deck
        at once, then gains them in order; Keys and Sleight arrange the extras, then gain the card kept.
    R6  Effects take what is left when the deck runs short (Glass/Keys up to 3, Sleight up to 2, Handkerchief
        up to 2, Clover 1); nothing held means no prompt.
    R7  A Copy Cat that waits becomes the next card (or White Flag) its owner receives (every waiting Copy Cat,
        the docstring's "every waiting Copy Cat in turn"): for a card, it leaves the collection, the card
        arrives and acts (with everything it draws), then the copy comes in after it as cat=<card> and acts
        too, one waiting Copy Cat after the other; for a White Flag each becomes cat=flag at once and moves to
        the end of the collection. A plain (waiting) Copy Cat is a type of its own for the Bullets.
    R8* The third Lucky 4 Leaf Clover: whenever a clover (or a Copy Cat copying one) brings a player's clover
        count to 3, 6, .. (the third of each set, sets starting again once complete), the top card is drawn
        and gained. A stolen clover counts too (ruling 9: "obtaining a 3rd ... Clover in any way, a theft
        included, draws the card"), although a stolen card's action is not performed again otherwise. (Before
        ruling 9 a stolen clover drew nothing, as the engine did.)
    R9  Love Letters are asked at the start of each round after the one they came in, in the order received
        (round, then location), and only when some location holds a card; each player at most once a round.
    R10 The end-tie playoff keeps the single-use guns spent; gun cards: 3 rounds in a row with nobody out
        give a coin among those left; quick-draw: a void shootout is shot again by everyone in it. The result
        lists the seats tied for the most points in ``tied`` (the winner alone when there was no tie).
    R11 Sheriff's Badge (the rulebook: "The most recently obtained Sheriff's Badge is worth 5 points. All other
        previously obtained Sheriff's Badges are each only worth 2 points. If multiple are chosen the same round,
        the highest # location becomes the most recent"; ruling 6). ONE Badge is the most recent for the whole
        table. Each Badge card (or a Copy Cat copying one) carries its own date [seat, round, location]: the
        location whose card is being resolved (1-based: a pickup, a duel, a Love Letter take; a card drawn by
        an effect, traded or stolen takes its source's location, a stolen one the Dart's); the same round and
        location: the later obtained is the more recent. A Copy Cat copying a Badge (a choice, or a waiting one
        becoming a Badge) is dated when it copies; a stolen Badge is obtained anew (dated for the thief). The
        Badge that leaves a collection (discarded, traded, stolen) is the very card chosen, with its own date
        (ruling 6; in the wire grammar it is named ``sheriff@<round>.<location>``, a Copy Cat
        ``cat=sheriff@<round>.<location>``); the 5 points then go to the table's most recent Badge still in
        play. ``newest_badge`` is the seat of the last date (None without one), ``badges`` the dates oldest
        first. (Before ruling 6 this read "the seat's most recent Badge leaves", as the engine did.)
    R12* Love Letters leaving a collection: a stolen Letter moves the victim's latest unused Letter (if any) to
        the thief, re-dated to the theft (round, the Dart's location); a Letter (or a Copy Cat copying one)
        discarded, traded or stolen as a Copy Cat drops the owner's latest unused Letter when the owner has
        more unused Letters than Letters left. A Handkerchief drawn with leaves as the first one in the
        collection (the same card).
    R13* A round that starts with no card on any location (the deck ran out) has no picks and gives no White
        Flags (nobody missed a card another player got).
    R14 "Reposition the cards to any position in the deck" (Tall Glass of Water; Keys of Power and Sleight of
        Hand: "the extras"), ruling 7: any depth, from the top to the bottom. The owner puts the held cards back
        one at a time, each at a depth of the deck as it is then (``put:<card>:<cards above it>``, or
        ``put:<card>:bottom``); one at a time reaches every order and every set of positions. (Before ruling 7
        this read "on top or at the bottom", as the engine did.)
    R15 White Flags are cards in front of you (ruling 8; Dynamite: "Choose 2 cards that are in front of you ...
        In the 2nd round ... you do have to discard the one card you have"): Dynamite may discard White Flags
        (``discard:flag+gold``, ``discard:flag+flag``; a Dynamite with only White Flags besides asks too) and they
        go to the discard pile as cards; Sleight of Hand may exchange one (``trade:<drawn>:flag``): the White
        Flag is then one of the extras put back into the deck, and whoever later gains it (a location, a draw,
        Keys of Power) receives a White Flag; a Sleeping Dart may take one (``steal:<seat>:flag``): the thief
        receives a White Flag, the victim loses one and takes one (ruling 4), so keeps as many; a Dart with only
        White Flags to take asks too.
    R16 A Sleight of Hand may exchange itself (ruling 9: "it is one of the cards in front of you"): it goes
        back into the deck as one of the extras.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT / "core") not in sys.path:  # (before any module of this package imports the engine's tables)
    sys.path.insert(0, str(ROOT / "core"))

from tests.referees.loot.driver import KNOWN as KNOWN  # noqa: E402
from tests.referees.loot.driver import PROBES as PROBES  # noqa: E402
from tests.referees.loot.driver import Disagreement as Disagreement  # noqa: E402
from tests.referees.loot.driver import KnownDeviation as KnownDeviation  # noqa: E402
from tests.referees.loot.driver import Tally as Tally  # noqa: E402
from tests.referees.loot.driver import check_items as check_items  # noqa: E402
from tests.referees.loot.driver import choose as choose  # noqa: E402
from tests.referees.loot.driver import compare_match as compare_match  # noqa: E402
from tests.referees.loot.driver import main as main  # noqa: E402
from tests.referees.loot.driver import match_setup as match_setup  # noqa: E402
from tests.referees.loot.driver import random_items as random_items  # noqa: E402
from tests.referees.loot.driver import stacked as stacked  # noqa: E402
from tests.referees.loot.driver import sweep as sweep  # noqa: E402
from tests.referees.loot.referee import Referee as Referee  # noqa: E402
from tests.referees.loot.tables import BEATS as BEATS  # noqa: E402
from tests.referees.loot.tables import DRAWS as DRAWS  # noqa: E402
from tests.referees.loot.tables import FLAT as FLAT  # noqa: E402
from tests.referees.loot.tables import GUNS as GUNS  # noqa: E402
from tests.referees.loot.tables import HEADS as HEADS  # noqa: E402
from tests.referees.loot.tables import HOG_PLACES as HOG_PLACES  # noqa: E402
from tests.referees.loot.tables import JEWEL_SET as JEWEL_SET  # noqa: E402
from tests.referees.loot.tables import ONCE as ONCE  # noqa: E402
from tests.referees.loot.tables import ROUNDS as ROUNDS  # noqa: E402
from tests.referees.loot.tables import SETS as SETS  # noqa: E402
from tests.referees.loot.tables import Card as Card  # noqa: E402
from tests.referees.loot.tables import Illegal as Illegal  # noqa: E402
from tests.referees.loot.tables import item_cards as item_cards  # noqa: E402
from tests.referees.loot.tables import items_valid as items_valid  # noqa: E402
from tests.referees.loot.tables import jewel_value as jewel_value  # noqa: E402
from tests.referees.loot.tables import put_backs as put_backs  # noqa: E402
from tests.referees.loot.tables import score as score  # noqa: E402
from tests.referees.loot.tables import set_value as set_value  # noqa: E402
from tests.referees.loot.tables import type_of as type_of  # noqa: E402
