"""Haul actions as small values with a string form that round-trips (python-chess's ``Move``).

A card is its rank and suit letter: ``2H`` .. ``8H``, ``3D`` .. ``9D``, ``4S`` .. ``10S``, ``5C`` .. ``JC``
(Jack = 11). Strings stay the wire format (logs, peers, the page); the rules, the board and the bots parse
them here, in one place, so a malformed action is one clear ``InvalidActionError`` everywhere.

>>> parse("claim:8D>S")
Claim(card='8D', heavy='S')
>>> str(parse("claim:6S")), str(parse("refuel:JC")), str(parse("play:10S"))
('claim:6S', 'refuel:JC', 'play:10S')
"""

from __future__ import annotations

from dataclasses import dataclass

from ...deck import HIDDEN, parse_faces
from ...engine import InvalidActionError

SUITS = "HDSC"  # the trailer's slots, left to right: Hearts, Diamonds, Spades, Clubs
SUIT_NAMES = {"H": "Hearts", "D": "Diamonds", "S": "Spades", "C": "Clubs"}
SUIT_SYMBOLS = {"H": "\u2665", "D": "\u2666", "S": "\u2660", "C": "\u2663"}
SUIT_RANKS = {"H": range(2, 9), "D": range(3, 10), "S": range(4, 11), "C": range(5, 12)}
GRAMMAR = "dealer:<seat 0-3>, deal:<28 cards>, play:8S, claim:8S, claim:8S>H (Heavy Load) or refuel:8S"


def rank_text(rank: int) -> str:
    return "J" if rank == 11 else str(rank)


DECK = tuple(f"{rank_text(rank)}{suit}" for suit in SUITS for rank in SUIT_RANKS[suit])
RANK = {card: int(card[:-1]) if card[:-1] != "J" else 11 for card in DECK}
SUIT = {card: card[-1] for card in DECK}
ORDER = {card: index for index, card in enumerate(DECK)}  # suit, then rank: how a hand is sorted


def parse_card(text: str) -> str:
    """Check a card code such as ``8S``.

    >>> parse_card("JC")
    'JC'
    >>> parse_card("2S")
    Traceback (most recent call last):
    ...
    cargobay.engine.InvalidActionError: '2S' is not a Haul card (H 2-8, D 3-9, S 4-10, C 5-J)
    """
    if text not in RANK:
        raise InvalidActionError(f"{text!r} is not a Haul card (H 2-8, D 3-9, S 4-10, C 5-J)")
    return text


def describe(card: str) -> str:
    """The card as players write it.

    >>> describe("10S"), describe("JC")
    ('10♠', 'J♣')
    """
    return card[:-1] + SUIT_SYMBOLS[card[-1]]


@dataclass(frozen=True)
class Dealer:
    """Chance, once at the start: the first Dealer (the rulebook: "choose a Dealer randomly")."""

    seat: int

    def __str__(self) -> str:
        return f"dealer:{self.seat}"


@dataclass(frozen=True)
class Deal:
    """Chance, at the start of each Haul: the 28 cards shuffled; cards 1-7 to seat 0, 8-14 to seat 1, ..."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "deal:" + ",".join(self.cards)


@dataclass(frozen=True)
class Play:
    """A seat's card played face up into the current Load."""

    card: str

    def __str__(self) -> str:
        return f"play:{self.card}"


@dataclass(frozen=True)
class Claim:
    """Claim Cargo: ``card`` loaded by its suit (``heavy`` empty; a Forced Unload if the slot is occupied) or
    tucked under the exposed card of the ``heavy`` slot (a Heavy Load: same rank)."""

    card: str
    heavy: str = ""

    def __str__(self) -> str:
        return f"claim:{self.card}>{self.heavy}" if self.heavy else f"claim:{self.card}"

    @property
    def picked(self) -> str:
        return resolve_step(self.card)


@dataclass(frozen=True)
class Refuel:
    """Refuel: spend a token and discard ``card`` from the Load; no cargo this Load."""

    card: str

    def __str__(self) -> str:
        return f"refuel:{self.card}"

    @property
    def picked(self) -> str:
        return resolve_step(self.card)


def resolve_step(card: str) -> str:
    """The partial action of picking a Load's card to resolve (the board's selection step); not an action.

    >>> resolve_step("8S")
    'resolve:8S'
    """
    return f"resolve:{card}"


Action = Dealer | Deal | Play | Claim | Refuel


def parse(action: object) -> Action:
    """The action an action string names; InvalidActionError (saying the grammar) if it names none.

    >>> parse("claim:8S>X")
    Traceback (most recent call last):
    ...
    cargobay.engine.InvalidActionError: 'claim:8S>X': a Heavy Load names its slot: H, D, S or C (claim:8D>S)
    """
    if not isinstance(action, str):
        raise InvalidActionError(f"an action is a string, not {type(action).__name__}")
    known = _PARSED.get(action)
    if known is not None:
        return known
    kind, colon, arg = action.partition(":")
    if not colon:
        raise InvalidActionError(f"{action!r} is not an action of Haul ({GRAMMAR})")
    if kind == "deal":  # a card this page did not see is HIDDEN (a peer match's cryptographic deal)
        return Deal(parse_faces(arg, _DEALT, parse_card))
    move = _parse_move(action, kind, arg)
    if len(_PARSED) < 4096:  # (the other moves are a few hundred texts; a move is immutable)
        _PARSED[action] = move
    return move


_PARSED: dict[str, Action] = {}
_DEALT = frozenset([*DECK, HIDDEN])  # what a deal may list


def _parse_move(action: str, kind: str, arg: str) -> Dealer | Play | Claim | Refuel:
    if kind == "dealer":
        if arg not in ("0", "1", "2", "3"):
            raise InvalidActionError(f"{action!r}: the dealer is a seat 0-3")
        return Dealer(int(arg))
    if kind == "play":
        return Play(parse_card(arg))
    if kind == "refuel":
        return Refuel(parse_card(arg))
    if kind == "claim":
        card, arrow, slot = arg.partition(">")
        if arrow and (len(slot) != 1 or slot not in SUITS):
            raise InvalidActionError(f"{action!r}: a Heavy Load names its slot: H, D, S or C (claim:8D>S)")
        return Claim(parse_card(card), slot)
    raise InvalidActionError(f"{action!r} is not an action of Haul ({GRAMMAR})")
