"""The Loot N' Loaded referee's tables (from the rulebook and the rulings; nothing of the engine's but the deck
composition of cards.py): the rounds, the guns (R10), the sets' values and the score (R11: one Sheriff's Badge the
most recent for the whole table), a card in a collection (``Card``), the put-backs (R14) and the valid chosen item
sets (R1, R2)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from cargobay.games.loot.cards import ACTION, BASIC, TYPES, UNIQUE  # (tables only)

ROUNDS = 10
GUNS = ("acolyte", "deadly", "duel", "sneaky", "valiant")
ONCE = ("acolyte", "duel")
BEATS = {"valiant": "deadly", "deadly": "sneaky", "sneaky": "valiant"}
DRAWS = ("draw:early", *(f"draw:{ms}" for ms in range(100, 2001, 10)))

# scoring tables from the rulebook's Item Cards (index = cards in the set; the last index completes a set)
SETS = {
    "flag": (0, 1, 3, 5, 8, 12),
    "oil": (0, -2, 7),
    "totem": (0, 2, 4, 8, 12, 18),
    "compass": (0, 2, 3, 10),
    "flower": (0, 0, 6, 0, 16),
    "boots": (0, 0, 6),
    "clover": (0, 2, 5, 7),
}
JEWEL_SET = (0, 2, 5, 9, 16)
HOG_PLACES = (9, 6, 4)
FLAT = {"glass": 3, "gold": 3, "dynamite": 5, "dart": -2, "handkerchief": 4, "sleight": 2, "letter": 2,
        "keys": 0, "cat": 0}
HEADS = {"hog2": 2, "hog3": 3}


class Illegal(Exception):
    pass


def type_of(code: str) -> str:
    """The item type (a Bullets "type") of a card as it counts."""
    if code.startswith("jewel"):
        return "jewels"
    if code in HEADS:
        return "hogwash"
    return code


def set_value(table: tuple[int, ...], count: int) -> int:
    size = len(table) - 1
    return (count // size) * table[size] + table[count % size]


def jewel_value(jewels: Counter[str]) -> int:
    left = Counter(jewels)
    total = 0
    while +left:
        kinds = [j for j in left if left[j] > 0]
        total += JEWEL_SET[len(kinds)]
        for j in kinds:
            left[j] -= 1
        left = +left
    return total


def score(collections: list[list[str]], flags: list[int], newest: int | None = None) -> list[int]:
    """Points per seat; a collection is a list of card codes as they count (a Copy Cat as its card, 'flag' for
    a Copy Cat that copied a White Flag, 'cat' for one that has not copied yet); ``newest``: the seat holding
    the table's most recently obtained Sheriff's Badge (R11)."""
    n = len(collections)
    counts = [Counter(c) for c in collections]
    out = []
    for seat in range(n):
        cnt = counts[seat]
        pts = set_value(SETS["flag"], flags[seat] + cnt["flag"])
        for name in ("oil", "totem", "compass", "flower", "boots", "clover"):
            pts += set_value(SETS[name], cnt[name])
        pts += jewel_value(Counter({j: cnt[j] for j in cnt if j.startswith("jewel")}))
        for name, value in FLAT.items():
            pts += value * cnt[name]
        pts += 2 * cnt["humility"]
        pts += 2 * cnt["sheriff"] + (3 if seat == newest and cnt["sheriff"] else 0)
        types = {type_of(c) for c in collections[seat]}
        if flags[seat]:
            types.add("flag")
        if len(types) >= 6:
            pts += 4 * cnt["bullets"]
        out.append(pts)
    heads = [sum(HEADS.get(c, 0) for c in coll) for coll in collections]
    holders = [s for s in range(n) if any(c in HEADS for c in collections[s])]
    for s in holders:
        place = sum(1 for t in holders if heads[t] > heads[s])
        out[s] += HOG_PLACES[place] if place < len(HOG_PLACES) else 2
    most = max(cnt["humility"] for cnt in counts)
    if most:
        for s in range(n):
            if counts[s]["humility"] == most:
                out[s] += 4
    return out


@dataclass(eq=False)
class Card:
    """A card in a collection: ``code`` is the printed card; a Copy Cat has ``copy`` once it copied."""

    code: str
    copy: str | None = None
    badge: list[int] | None = None  # R11: a Badge's (or a Copy Cat copying one) date [seat, round, location, n]

    @property
    def text(self) -> str:
        text = f"cat={self.copy}" if self.code == "cat" and self.copy else self.code
        return text + (f"@{self.badge[1]}.{self.badge[2]}" if self.badge is not None else "")

    @property
    def counts(self) -> str:
        return self.copy if self.code == "cat" and self.copy else self.code


def put_backs(held: list[str], deck: int) -> set[str]:
    """R14: each held card, one at a time, at any depth of the deck as it is now: 0 cards above it (the top) to
    all of them (the bottom, written ``bottom``)."""
    return {f"put:{c}:{d}" for c in held for d in range(deck)} | {f"put:{c}:bottom" for c in held}


def item_cards(players: int, types: list[str] | tuple[str, ...]) -> list[str]:
    cards: list[str] = []
    for name in types:
        group = list(TYPES[name])
        if players == 2 and name in BASIC:
            if name == "jewels":
                group.remove("jewelR")
                group.remove("jewelY")
            else:
                group = group[:-2]
        cards += group
    return cards


def items_valid(players: int, types: list[str] | tuple[str, ...]) -> bool:
    if not types:
        return True
    if len(set(types)) != len(types) or any(t not in TYPES for t in types):
        return False
    if not (any(t in BASIC for t in types) and any(t in UNIQUE for t in types) and any(t in ACTION for t in types)):
        return False
    return 10 * players <= len(item_cards(players, types)) <= 15 * players
