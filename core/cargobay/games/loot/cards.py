"""Loot N' Loaded's item cards: the types and their cards, the deck by player count, and scoring
(set values, White Flags, Queen's Jewels, Hogwash majorities, the unique items)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ...engine import SetupError

# every item card by its code, with its name on the card
CARD_NAMES = {
    "oil": "Snake Oil",
    "totem": "Totem of Knowledge",
    "compass": "Golden Compass",
    "jewelR": "Queen's Jewels (red)",
    "jewelG": "Queen's Jewels (green)",
    "jewelB": "Queen's Jewels (blue)",
    "jewelY": "Queen's Jewels (yellow)",
    "flower": "Crystal Flower",
    "boots": "Boots of Speed",
    "bullets": "Collection of Bullets",
    "sheriff": "Sheriff's Badge",
    "clover": "Lucky 4 Leaf Clover",
    "humility": "Badge of Humility",
    "gold": "Gold",
    "glass": "Tall Glass of Water",
    "keys": "Keys of Power",
    "dynamite": "Dynamite",
    "cat": "Copy Cat",
    "sleight": "Sleight of Hand",
    "letter": "Love Letter",
    "dart": "Sleeping Dart",
    "handkerchief": "Handkerchief",
    "hog2": "Hogwash (2 heads)",
    "hog3": "Hogwash (3 heads)",
}

JEWELS = ("jewelR", "jewelG", "jewelB", "jewelY")
# item type -> its cards (full set, before the 2-player Card Balance)
TYPES: dict[str, tuple[str, ...]] = {
    "oil": ("oil",) * 8,
    "totem": ("totem",) * 10,
    "compass": ("compass",) * 9,
    "jewels": tuple(jewel for jewel in JEWELS for _ in range(2)),
    "flower": ("flower",) * 8,
    "boots": ("boots",) * 8,
    "bullets": ("bullets",) * 4,
    "sheriff": ("sheriff",) * 4,
    "clover": ("clover",) * 6,
    "humility": ("humility",) * 6,
    "gold": ("gold",) * 5,
    "glass": ("glass",) * 4,
    "keys": ("keys",) * 2,
    "dynamite": ("dynamite",) * 2,
    "cat": ("cat",) * 2,
    "sleight": ("sleight",) * 2,
    "letter": ("letter",) * 2,
    "dart": ("dart",) * 2,
    "handkerchief": ("handkerchief",) * 2,
}
BASIC = ("boots", "compass", "flower", "jewels", "oil", "totem")
UNIQUE = ("bullets", "clover", "glass", "gold", "humility", "sheriff")
ACTION = ("cat", "dart", "dynamite", "handkerchief", "keys", "letter", "sleight")
GROUPS = (("basic", BASIC), ("unique", UNIQUE), ("action", ACTION))
HOGWASH = ("hog2",) * 4 + ("hog3",) * 4
MIX = {2: (3, 1, 2), 3: (3, 2, 2), 4: (4, 2, 3), 5: (5, 2, 3), 6: (6, 3, 3)}  # players -> basic, unique, action
TYPE_OF = {card: name for name, cards in TYPES.items() for card in cards} | {"hog2": "hogwash", "hog3": "hogwash"}
# set values: index = cards in the (incomplete or complete) set; the last entry is a complete set
SETS = {
    "oil": (0, -2, 7),
    "totem": (0, 2, 4, 8, 12, 18),
    "compass": (0, 2, 3, 10),
    "flower": (0, 0, 6, 0, 16),
    "boots": (0, 0, 6),
    "clover": (0, 2, 5, 7),
}
FLAGS = (0, 1, 3, 5, 8, 12)
JEWEL_SETS = (0, 2, 5, 9, 16)
HOGWASH_PLACES = (9, 6, 4)
BEATS = {"valiant": "deadly", "deadly": "sneaky", "sneaky": "valiant"}


def locations_for(players: int) -> int:
    return 3 if players == 2 else players


def build_deck(players: int, types: Iterable[str]) -> list[str]:
    """Every card of the chosen item types (2 players: 2 fewer of each basic item), plus Hogwash, unshuffled."""
    return list(_deck(players, tuple(sorted(types)))[0])


def _deck(players: int, types: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The deck of ``types`` (sorted) and the same cards sorted, made once per player count and mix."""
    key = (players, types)
    known = _DECKS.get(key)
    if known is None:
        cards: list[str] = list(HOGWASH)
        for name in types:
            items = list(TYPES[name])
            if players == 2 and name in BASIC:
                items = items[:-2] if name != "jewels" else items[1:-1]  # jewels: one fewer of red and of yellow
            cards += items
        known = (tuple(cards), tuple(sorted(cards)))
        if len(_DECKS) < 4096:
            _DECKS[key] = known
    return known


_DECKS: dict[tuple[int, tuple[str, ...]], tuple[tuple[str, ...], tuple[str, ...]]] = {}


def deck_types(cards: Iterable[str]) -> set[str]:
    return {TYPE_OF[card] for card in set(cards)} - {"hogwash"}


def resolved(card: str) -> str:
    """What a card counts as: a Copy Cat that copied ``X`` (``cat=X``) is ``X``; a Sheriff's Badge in a collection
    carries the date it was obtained (``sheriff@3.2``, ruling 6), which does not change what it counts as.

    >>> resolved("cat=jewelR"), resolved("cat"), resolved("gold"), resolved("cat=sheriff@4.1")
    ('jewelR', 'cat', 'gold', 'sheriff')
    """
    kind = _RESOLVED.get(card)
    if kind is None:
        kind = card.removeprefix("cat=").partition("@")[0]
        if len(_RESOLVED) < 4096:
            _RESOLVED[card] = kind
    return kind


_RESOLVED: dict[str, str] = {}  # card -> what it counts as, filled as cards are met


def dated(card: str, round_: int, location: int) -> str:
    """A Sheriff's Badge (or a Copy Cat copying one) as it lies in a collection: with the round and the location it
    was obtained at (ruling 6: Badges are told apart by when each was obtained; a Copy Cat by when it copied).

    >>> dated("sheriff", 3, 2), dated("cat=sheriff@1.1", 4, 1)
    ('sheriff@3.2', 'cat=sheriff@4.1')
    """
    return f"{card.partition('@')[0]}@{round_}.{location}"


def badge_date(card: str) -> tuple[int, int] | None:
    """(round, location) of a dated Badge in a collection, None for any other card.

    >>> badge_date("cat=sheriff@4.1"), badge_date("gold")
    ((4, 1), None)
    """
    _, at, date = card.partition("@")
    if not at:
        return None
    round_, _, location = date.partition(".")
    return int(round_), int(location)


def item_count(players: int, types: Iterable[str]) -> int:
    """Item cards of the chosen types (2 players: after the Card Balance), Hogwash not counted."""
    return len(build_deck(players, types)) - len(HOGWASH)


def check_items(players: int, types: tuple[str, ...]) -> None:
    """A chosen mix: some items from each section and 10-15 item cards per player (# of Item Cards).

    >>> check_items(3, ("totem", "gold", "dart"))
    Traceback (most recent call last):
    ...
    cargobay.engine.SetupError: 3 players need 30-45 item cards; totem, gold, dart make 17
    """
    unknown = [name for name in types if name not in TYPES]
    if unknown:
        raise SetupError(f"no item type {', '.join(unknown)} (item types: {', '.join(sorted(TYPES))})")
    for label, group in GROUPS:
        if not any(name in group for name in types):
            raise SetupError(f"choose at least one {label} item ({', '.join(group)})")
    count = item_count(players, types)
    if not 10 * players <= count <= 15 * players:
        raise SetupError(f"{players} players need {10 * players}-{15 * players} item cards; "
                         f"{', '.join(types)} make {count}")


def valid_deck(players: int, cards: list[str], items: tuple[str, ...] = (), types: set[str] | None = None) -> bool:
    """A whole deck of the chosen item types (``items``), or of the recommended mix when none are chosen
    (``types``: ``deck_types(cards)``, when the caller has it already)."""
    if types is None:
        types = deck_types(cards)
    if items:
        return types == set(items) and tuple(sorted(cards)) == _deck(players, tuple(sorted(items)))[1]
    basic, unique, action = MIX[players]
    if len(_BASIC.intersection(types)) != basic or len(_UNIQUE.intersection(types)) != unique or len(
            _ACTION.intersection(types)) != action:
        return False
    return tuple(sorted(cards)) == _deck(players, tuple(sorted(types)))[1]


_BASIC, _UNIQUE, _ACTION = frozenset(BASIC), frozenset(UNIQUE), frozenset(ACTION)


def set_points(table: tuple[int, ...], count: int) -> int:
    """Complete sets score the last value and start again.

    >>> set_points(SETS["totem"], 7)  # a set of 5 (18) and a started set of 2 (4)
    22
    """
    full = len(table) - 1
    return (count // full) * table[full] + table[count % full]


def jewel_points(jewels: Mapping[str, int]) -> int:
    """Greedy sets of different jewels, largest first (ruling 5): the k-th set holds every colour with k or more
    cards (the greedy sets, counted level by level).

    >>> jewel_points({"jewelR": 2, "jewelG": 1})  # R+G (5) and R (2)
    7
    """
    get = jewels.get
    counts = [n for colour in JEWELS if (n := get(colour, 0)) > 0]
    if not counts:
        return 0
    total = 0
    for level in range(1, max(counts) + 1):
        total += JEWEL_SETS[sum(1 for n in counts if n >= level)]
    return total


def hogwash_points(heads: list[int], holders: list[bool]) -> list[int]:
    """9 / 6 / 4 by heads, 2 for every other holder; tied players share a place and the next places are skipped.

    >>> hogwash_points([4, 4, 3, 0], [True, True, True, False])  # the rulebook's Trent, Mary and Zac
    [9, 9, 4, 0]
    """
    points = []
    for seat, count in enumerate(heads):
        if not holders[seat]:
            points.append(0)
            continue
        place = sum(1 for other, h in enumerate(heads) if holders[other] and h > count)
        points.append(HOGWASH_PLACES[place] if place < len(HOGWASH_PLACES) else 2)
    return points


def counted(cards: Iterable[str]) -> dict[str, int]:
    """How many of each card a collection counts (``resolved``: a Copy Cat's copy as its card, a Badge undated)."""
    counts: dict[str, int] = {}
    known = _RESOLVED
    for card in cards:
        kind = known.get(card)
        if kind is None:
            kind = resolved(card)
        counts[kind] = counts.get(kind, 0) + 1
    return counts


def collection_points(cards: list[str], flags: int, newest_badge: bool = True) -> int:
    """One player's points without the comparisons between players (Hogwash, Badge of Humility's bonus).

    A Copy Cat counts as the card it copied (``cat=flag``: a White Flag); one that has not copied yet is 0.

    >>> collection_points(["jewelR", "jewelG", "cat=jewelR"], 0)  # the copied jewel starts a new set: 5 + 2
    7
    """
    return _points(counted(cards), flags, newest_badge)


def _points(counts: Mapping[str, int], flags: int, newest_badge: bool) -> int:
    get = counts.get
    flags += get("flag", 0)
    total = set_points(FLAGS, flags)
    for card, table in SETS.items():
        n = get(card, 0)
        if n:
            total += set_points(table, n)
    total += jewel_points(counts)
    total += 3 * get("gold", 0) + 2 * get("humility", 0)
    total += 5 * get("dynamite", 0) - 2 * get("dart", 0) + 4 * get("handkerchief", 0)
    total += 3 * get("glass", 0) + 2 * get("sleight", 0) + 2 * get("letter", 0)
    sheriff = get("sheriff", 0)
    total += 2 * sheriff + (3 if sheriff and newest_badge else 0)
    bullets = get("bullets", 0)
    if bullets:
        kinds = {TYPE_OF[card] for card, n in counts.items() if n and card != "flag"} | ({"flag"} if flags else set())
        if len(kinds) >= 6:
            total += 4 * bullets
    return total


def score_all(collections: list[list[str]], flags: list[int], newest_badge: int | None = None) -> list[int]:
    """Everyone's points; ``newest_badge``: the seat holding the table's most recently obtained Sheriff's Badge
    (5 points; every other Badge 2).

    >>> score_all([["sheriff", "sheriff"], ["sheriff"]], [0, 0], newest_badge=1)
    [4, 5]
    """
    counts = [counted(cards) for cards in collections]
    points = [_points(count, flag, seat == newest_badge) for seat, (count, flag) in enumerate(zip(counts, flags,
                                                                                                 strict=True))]
    heads = [2 * count.get("hog2", 0) + 3 * count.get("hog3", 0) for count in counts]
    hog = hogwash_points(heads, [h > 0 for h in heads])
    humble = [count.get("humility", 0) for count in counts]
    most = max(humble)
    return [p + h + (4 if most and count == most else 0) for p, h, count in zip(points, hog, humble, strict=True)]
