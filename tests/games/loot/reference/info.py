"""What Loot N' Loaded is, as data: all the catalogue (the menu, the seat set-up) needs, without its rules."""

from cargobay.engine import GameInfo, Option

from .cards import CARD_NAMES, GROUPS, TYPES

# the menu's readable name of each item type, with its section (a chosen mix needs one of each)
SECTION = {name: section for section, names in GROUPS for name in names}
NAMES = {**CARD_NAMES, "jewels": "Queen's Jewels"}
ITEM_LABELS = tuple(f"{NAMES[name]} ({SECTION[name]})" for name in TYPES)

INFO = GameInfo(
    id="loot",
    title="Loot N' Loaded",
    seats=(2, 6),
    simultaneous=True,
    hidden_information=True,
    blurb="Secret location picks and gun duels for 2-6 players.",
    options=(
        Option("items", "Item types (none ticked: the recommended random mix)", (), choices=tuple(TYPES),
               choice_labels=ITEM_LABELS),
        Option("third_location", "2 players: a third location", True),
        Option("shootout", "Ties and Duel Guns", "quick-draw", choices=("quick-draw", "gun cards"),
               choice_labels=("Quick-draw: press your key after DRAW!", "Gun cards: play again, no reflexes")),
        Option("crypto", "Item deck dealt cryptographically (no page sees a card before the rules show it)",
               False, menu=False),
    ),
    # reflexes can't be compared fairly between browsers; no page may hold the whole deck
    peer_options=(("shootout", "gun cards"), ("crypto", True)),
)
