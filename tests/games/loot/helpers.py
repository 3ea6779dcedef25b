"""Set-ups for the Loot N' Loaded tests: a deck of chosen item types with chosen top cards."""

from __future__ import annotations

from cargobay.engine import CHANCE
from cargobay.games.loot.rules import GAME, MIX, UNIQUE, LootState, build_deck

TYPES = {
    2: ("oil", "totem", "compass", "gold", "dart", "dynamite"),
    3: ("oil", "totem", "compass", "clover", "gold", "dart", "handkerchief"),
    4: ("oil", "totem", "compass", "jewels", "clover", "gold", "dart", "dynamite", "handkerchief"),
    5: ("oil", "totem", "compass", "jewels", "flower", "clover", "gold", "dart", "dynamite", "handkerchief"),
    6: ("oil", "totem", "compass", "jewels", "flower", "boots", "clover", "gold", "sheriff", "dart", "dynamite",
        "handkerchief"),
}


def deck(players: int, top: list[str]) -> str:
    cards = build_deck(players, TYPES[players])
    for card in top:
        cards.remove(card)
    assert sum(1 for t in TYPES[players] if t in UNIQUE) == MIX[players][1]
    return "deck:" + ",".join([*top, *cards])


def start(players: int, top: list[str]) -> LootState:
    return GAME.apply(GAME.new_state(players), CHANCE, deck(players, top))


def picks(state: LootState, choices: dict[int, int]) -> LootState:
    for seat, location in choices.items():
        state = GAME.apply(state, seat, f"pick:{location}")
    return state


def guns(state: LootState, choices: dict[int, str]) -> LootState:
    for seat, gun in choices.items():
        state = GAME.apply(state, seat, f"gun:{gun}")
    return state
