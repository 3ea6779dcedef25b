"""Tides of GH-328: the three levels, what each terrain becomes under them, and the 15-card tide deck.

- Ebb (``E``): swamp and reef are plains (land); only open sea is sea.
- Normal (``N``): swamp is plain; reef is open sea.
- Flood (``F``): swamp and reef are open sea.
Plains and mountains are always land, open sea always sea. White Ore can be mined (loaded from the map) only on a
hex that is land under the current tide (ebb: every hex but open sea; normal: not reef; flood: not reef or swamp).

The deck (ruling 5): 15 cards, 5 of each level. Turn 1 reveals the top card (turn 2's tide); every later turn from
3 reveals the next; when the face-down pile runs out it is rebuilt from every revealed card but the current one.

>>> is_land("s", "N"), is_land("s", "F"), is_land("r", "E"), is_sea("r", "N"), is_land("^", "F")
(True, False, True, True, True)
"""

from __future__ import annotations

from collections import Counter

LEVELS = ("E", "N", "F")
LEVEL_NAMES = {"E": "ebb", "N": "normal", "F": "flood"}
DECK = ("E",) * 5 + ("N",) * 5 + ("F",) * 5
BEFORE_FIRST_CARD = "N"  # turn 1 (landing) has no tide card: the map is read at its normal level

# terrain letter -> the levels at which it is land
_LAND = {".": "ENF", "^": "ENF", "s": "EN", "r": "E", "~": ""}
LAND: dict[str, dict[str, bool]] = {
    level: {terrain: level in levels for terrain, levels in _LAND.items()} for level in LEVELS
}


def is_land(terrain: str, level: str) -> bool:
    """Land under ``level`` (a flooded swamp or reef is not)."""
    return LAND[level][terrain]


def is_sea(terrain: str, level: str) -> bool:
    return not LAND[level][terrain]


def unseen(revealed: list[str]) -> list[str]:
    """The cards of the deck not among ``revealed`` (the current cycle's face-up cards), in deck order.

    >>> unseen(["E", "F", "E"])
    ['E', 'E', 'E', 'N', 'N', 'N', 'N', 'N', 'F', 'F', 'F', 'F']
    """
    left = Counter(DECK)
    left.subtract(revealed)
    if any(count < 0 for count in left.values()):
        raise ValueError(f"more cards revealed than the deck holds: {revealed}")
    return [card for card in LEVELS for _ in range(left[card])]
