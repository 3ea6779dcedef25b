"""Loot N' Loaded actions as small values with a string form that round-trips.

A card is its item code (``oil``, ``totem``, ``jewelR`` .. , ``hog2``, ``hog3``; see ``CARD_NAMES``). Strings
stay the wire format (logs, peers, the page); the rules and the board parse them here, in one place.

>>> parse("pick:2")
Pick(location=2)
>>> str(parse("gun:valiant")), str(parse("coin:1")), str(parse("deck:oil,hog2"))
('gun:valiant', 'coin:1', 'deck:oil,hog2')
>>> str(parse("discard:gold+oil")), str(parse("steal:2:hog3")), str(parse("keep")), str(parse("draw"))
('discard:gold+oil', 'steal:2:hog3', 'keep', 'draw')
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import InvalidActionError

GUNS = ("acolyte", "deadly", "duel", "sneaky", "valiant")
SINGLE_USE = ("acolyte", "duel")  # once per game; the other three go back to the hand
GRAMMAR = (
    "deck:<cards, top first>, pick:<location 1-6>, gun:<acolyte|deadly|duel|sneaky|valiant>, coin:<seat>, "
    "discard:<card>[+<card>] (Dynamite), steal:<seat>:<card> (Sleeping Dart), keep / draw (Handkerchief)"
)

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
    "dynamite": "Dynamite",
    "dart": "Sleeping Dart",
    "handkerchief": "Handkerchief",
    "hog2": "Hogwash (2 heads)",
    "hog3": "Hogwash (3 heads)",
}


def parse_card(text: str) -> str:
    """Check an item card code.

    >>> parse_card("gold")
    'gold'
    >>> parse_card("ace")
    Traceback (most recent call last):
    ...
    cargobay.engine.InvalidActionError: 'ace' is not a Loot N' Loaded item card
    """
    if text not in CARD_NAMES:
        raise InvalidActionError(f"{text!r} is not a Loot N' Loaded item card")
    return text


@dataclass(frozen=True)
class Deck:
    """Chance, once at set-up: the shuffled item deck, top card first."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "deck:" + ",".join(self.cards)


@dataclass(frozen=True)
class Pick:
    """A secret location pick (locations numbered from 1, as the location markers)."""

    location: int

    def __str__(self) -> str:
        return f"pick:{self.location}"


@dataclass(frozen=True)
class Gun:
    """A gun card played face down in a duel."""

    gun: str

    def __str__(self) -> str:
        return f"gun:{self.gun}"


@dataclass(frozen=True)
class Coin:
    """Chance: the coin toss after three tied gun cards in a row; names the duel's winner."""

    seat: int

    def __str__(self) -> str:
        return f"coin:{self.seat}"


@dataclass(frozen=True)
class Discard:
    """Dynamite: the (up to) 2 cards of one's own collection to discard."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "discard:" + "+".join(self.cards)


@dataclass(frozen=True)
class Steal:
    """Sleeping Dart: the victim and the card taken."""

    seat: int
    card: str

    def __str__(self) -> str:
        return f"steal:{self.seat}:{self.card}"


@dataclass(frozen=True)
class Handkerchief:
    """Handkerchief: ``keep`` it (4 points) or ``draw`` two cards and discard it."""

    draw: bool

    def __str__(self) -> str:
        return "draw" if self.draw else "keep"


Action = Deck | Pick | Gun | Coin | Discard | Steal | Handkerchief


def _number(text: str, action: str) -> int:
    if not text.isdigit() or len(text) > 2:
        raise InvalidActionError(f"{action!r}: expected a number ({GRAMMAR})")
    return int(text)


def parse(action: str) -> Action:
    """The one parser of Loot N' Loaded actions.

    >>> parse("gun:bazooka")
    Traceback (most recent call last):
    ...
    cargobay.engine.InvalidActionError: 'gun:bazooka': no such gun (acolyte, deadly, duel, sneaky, valiant)
    """
    if not isinstance(action, str):
        raise InvalidActionError(f"an action is a string, got {action!r}")
    if action in ("keep", "draw"):
        return Handkerchief(action == "draw")
    kind, sep, rest = action.partition(":")
    if not sep:
        raise InvalidActionError(f"{action!r} is not a Loot N' Loaded action ({GRAMMAR})")
    if kind == "deck":
        cards = tuple(rest.split(",")) if rest else ()
        for card in cards:
            parse_card(card)
        return Deck(cards)
    if kind == "pick":
        return Pick(_number(rest, action))
    if kind == "gun":
        if rest not in GUNS:
            raise InvalidActionError(f"{action!r}: no such gun ({', '.join(GUNS)})")
        return Gun(rest)
    if kind == "coin":
        return Coin(_number(rest, action))
    if kind == "discard":
        cards = tuple(rest.split("+"))
        if not 1 <= len(cards) <= 2:
            raise InvalidActionError(f"{action!r}: Dynamite discards 1 or 2 cards ({GRAMMAR})")
        return Discard(tuple(parse_card(card) for card in cards))
    if kind == "steal":
        victim, sep, card = rest.partition(":")
        if not sep:
            raise InvalidActionError(f"{action!r}: expected steal:<seat>:<card> ({GRAMMAR})")
        return Steal(_number(victim, action), parse_card(card))
    raise InvalidActionError(f"{action!r} is not a Loot N' Loaded action ({GRAMMAR})")
