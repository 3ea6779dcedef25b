"""Set-ups for the Loot N' Loaded tests: a deck of chosen item types with chosen top cards."""

from __future__ import annotations

from cargobay.engine import CHANCE
from cargobay.games.loot.cards import MIX, UNIQUE
from cargobay.games.loot.rules import GAME, LootState, build_deck

TYPES = {
    2: ("oil", "totem", "compass", "gold", "dart", "dynamite"),
    3: ("oil", "totem", "compass", "clover", "gold", "dart", "handkerchief"),
    4: ("oil", "totem", "compass", "jewels", "clover", "gold", "dart", "dynamite", "handkerchief"),
    5: ("oil", "totem", "compass", "jewels", "flower", "clover", "gold", "dart", "dynamite", "handkerchief"),
    6: ("oil", "totem", "compass", "jewels", "flower", "boots", "clover", "gold", "sheriff", "dart", "dynamite",
        "handkerchief"),
}


def deck(players: int, top: list[str], items: tuple[str, ...] = ()) -> str:
    cards = build_deck(players, items or TYPES[players])
    for card in top:
        cards.remove(card)
    assert items or sum(1 for t in TYPES[players] if t in UNIQUE) == MIX[players][1]
    return "deck:" + ",".join([*top, *cards])


def start(players: int, top: list[str], shootout: str = "gun cards", items: tuple[str, ...] = (),
          **options: object) -> LootState:
    """A match dealt with ``top`` first (``shootout``: "gun cards", the no-reflex way, unless a test says;
    ``items``: the chosen item types, else a fixed recommended mix)."""
    state = GAME.new_state(players, {"shootout": shootout, "items": list(items), **options})
    return GAME.apply(state, CHANCE, deck(players, top, items))


# 3 players, 30-45 item cards, every card with an action in: Snake Oil 8, Totems 10, Gold 5, Tall Glass 4, and 2 each of
# Keys, Copy Cat, Sleight, Love Letter, Dynamite, Sleeping Dart, Handkerchief
ACTIONS_3 = ("oil", "totem", "gold", "glass", "keys", "cat", "sleight", "letter", "dynamite", "dart", "handkerchief")


def act(state: LootState, *moves: tuple[int, str]) -> LootState:
    for seat, move in moves:
        state = GAME.apply(state, seat, move)
    return state


def picks(state: LootState, choices: dict[int, int]) -> LootState:
    for seat, location in choices.items():
        state = GAME.apply(state, seat, f"pick:{location}")
    return state


def guns(state: LootState, choices: dict[int, str]) -> LootState:
    for seat, gun in choices.items():
        state = GAME.apply(state, seat, f"gun:{gun}")
    return state
