"""Loot N' Loaded actions as small values with a string form that round-trips.

A card is its item code (``oil``, ``totem``, ``jewelR`` .. , ``hog2``, ``hog3``; see ``CARD_NAMES``). Strings
stay the wire format (logs, peers, the page); the rules and the board parse them here, in one place.

>>> parse("pick:2")
Pick(location=2)
>>> str(parse("gun:valiant")), str(parse("coin:1")), str(parse("deck:oil,hog2"))
('gun:valiant', 'coin:1', 'deck:oil,hog2')
>>> str(parse("discard:gold+oil")), str(parse("steal:2:hog3")), str(parse("keep")), str(parse("draw"))
('discard:gold+oil', 'steal:2:hog3', 'keep', 'draw')
>>> [str(parse(a)) for a in ("draw:early", "draw:231", "copy:jewelR", "take:gold", "trade:oil:cat=gold")]
['draw:early', 'draw:231', 'copy:jewelR', 'take:gold', 'trade:oil:cat=gold']
>>> [str(parse(a)) for a in ("trade:none", "put:gold:0", "put:#12:7", "put:oil:bottom", "letter:2", "letter:later")]
['trade:none', 'put:gold:0', 'put:#12:7', 'put:oil:bottom', 'letter:2', 'letter:later']
"""

from __future__ import annotations

from dataclasses import dataclass

from ...checks import digits
from ...deck import HIDDEN, parse_faces
from ...engine import InvalidActionError
from ...tokens import parse_token
from .cards import CARD_NAMES as CARD_NAMES  # re-exported: the wire grammar names its cards

GUNS = ("acolyte", "deadly", "duel", "sneaky", "valiant")
SINGLE_USE = ("acolyte", "duel")  # once per game; the other three go back to the hand
GRAMMAR = (
    "deck:<cards, top first>, pick:<location 1-6>, gun:<acolyte|deadly|duel|sneaky|valiant>, "
    "draw:<ms>|early (shootout), coin:<seat>, discard:<card>[+<card>] (Dynamite), steal:<seat>:<card> "
    "(Sleeping Dart), keep / draw (Handkerchief), copy:<card> (Copy Cat), take:<card> (Keys of Power), "
    "trade:<drawn>:<own> / trade:none (Sleight of Hand), put:<card>:<depth 0 = top>|bottom (a card back into the "
    "deck), "
    "letter:<location> / letter:later (Love Letter)"
)



def parse_card(text: str) -> str:
    """Check an item card code (or ``flag``, a White Flag).

    >>> parse_card("gold")
    'gold'
    >>> parse_card("ace")
    Traceback (most recent call last):
    ...
    cargobay.engine.InvalidActionError: 'ace' is not a Loot N' Loaded item card
    """
    if text not in CARD_NAMES and text != "flag":  # ruling 8: a White Flag is a card (Sleight may deck one)
        raise InvalidActionError(f"{text!r} is not a Loot N' Loaded item card")
    return text


def parse_held(text: str) -> str:
    """A card out of the deck: its code, or (dealt cryptographically) its token ``#<position>``.

    >>> parse_held("#12"), parse_held("gold")
    ('#12', 'gold')
    """
    return parse_token(text) or parse_card(text)


def parse_owned(text: str) -> str:
    """A card in a collection: an item card, or a Copy Cat's copy ``cat=<card>`` / ``cat=flag``; a Sheriff's Badge
    (or a Copy Cat copying one) names the round and location it was obtained at (ruling 6): ``sheriff@3.2``.

    >>> parse_owned("cat=hog3"), parse_owned("cat=flag"), parse_owned("sheriff@10.3"), parse_owned("cat=sheriff@1.1")
    ('cat=hog3', 'cat=flag', 'sheriff@10.3', 'cat=sheriff@1.1')
    """
    card, at, date = text.partition("@")
    if at or card in ("sheriff", "cat=sheriff"):
        round_, dot, location = date.partition(".")
        if card not in ("sheriff", "cat=sheriff") or not (dot and digits(round_, 2) and digits(location, 1)):
            raise InvalidActionError(f"{text!r}: a Sheriff's Badge in a collection is named by when it was obtained, "
                                     "sheriff@<round>.<location> (e.g. sheriff@3.2)")
        return text
    if text.startswith("cat="):
        copied = text[4:]
        if copied == "flag" or (copied in CARD_NAMES and copied != "cat"):
            return text
        raise InvalidActionError(f"{text!r}: a Copy Cat copies an item card or a White Flag")
    return parse_card(text)


def parse_copy(text: str) -> str:
    """What a Copy Cat may copy: an item card other than a Copy Cat, or ``flag``."""
    if text == "flag" or (text in CARD_NAMES and text != "cat"):
        return text
    raise InvalidActionError(f"{text!r}: a Copy Cat copies an item card or a White Flag (flag)")


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


@dataclass(frozen=True)
class Draw:
    """A quick-draw shootout: the reaction time in ms after "Draw!", or 0 for a press before it (early)."""

    ms: int

    def __str__(self) -> str:
        return f"draw:{self.ms}" if self.ms else "draw:early"


@dataclass(frozen=True)
class Copy:
    """Copy Cat: the card (code, or ``flag``) it copies."""

    card: str

    def __str__(self) -> str:
        return f"copy:{self.card}"


@dataclass(frozen=True)
class Take:
    """Keys of Power: the drawn card kept."""

    card: str

    def __str__(self) -> str:
        return f"take:{self.card}"


@dataclass(frozen=True)
class Trade:
    """Sleight of Hand: a drawn card for one of one's own, or no exchange (both None)."""

    drawn: str | None
    own: str | None

    def __str__(self) -> str:
        return "trade:none" if self.drawn is None else f"trade:{self.drawn}:{self.own}"


@dataclass(frozen=True)
class Put:
    """A card out of the deck put back at a depth of the owner's choice (ruling 7): ``depth`` cards above it
    (0: the new top card), or None for the bottom. The cards held go back one at a time."""

    card: str
    depth: int | None

    def __str__(self) -> str:
        return f"put:{self.card}:{'bottom' if self.depth is None else self.depth}"


@dataclass(frozen=True)
class Letter:
    """Love Letter at the start of a round: the location taken now, or None (kept for a later round)."""

    location: int | None

    def __str__(self) -> str:
        return "letter:later" if self.location is None else f"letter:{self.location}"


Action = Deck | Pick | Gun | Coin | Discard | Steal | Handkerchief | Draw | Copy | Take | Trade | Put | Letter


def _number(text: str, action: str) -> int:
    if not digits(text, 2):
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
    known = _PARSED.get(action)
    if known is not None:
        return known
    move = _parse(action)
    if len(_PARSED) < 4096 and not isinstance(move, Deck):  # (moves are immutable; a deck is read once a match)
        _PARSED[action] = move
    return move


_PARSED: dict[str, Action] = {}
_DECK_CARDS = frozenset([*CARD_NAMES, "flag", HIDDEN])  # what a deck may list: cards, a White Flag, an unseen card


def _parse(action: str) -> Action:
    if action in ("keep", "draw"):
        return Handkerchief(action == "draw")
    kind, sep, rest = action.partition(":")
    if not sep:
        raise InvalidActionError(f"{action!r} is not a Loot N' Loaded action ({GRAMMAR})")
    if kind == "deck":
        return Deck(parse_faces(rest, _DECK_CARDS, parse_card))  # ("?": unseen, dealt cryptographically: dealt.py)
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
        return Discard(tuple(parse_owned(card) for card in cards))
    if kind == "steal":
        victim, sep, card = rest.partition(":")
        if not sep:
            raise InvalidActionError(f"{action!r}: expected steal:<seat>:<card> ({GRAMMAR})")
        return Steal(_number(victim, action), parse_owned(card))
    return _parse_more(action, kind, rest)


def _parse_more(action: str, kind: str, rest: str) -> Action:
    if kind == "draw":
        if rest == "early":
            return Draw(0)
        ms = int(rest) if digits(rest, 4) else 0
        if not 1 <= ms <= 9999:
            raise InvalidActionError(f"{action!r}: a draw is early or 1-9999 ms")
        return Draw(ms)
    if kind == "copy":
        return Copy(parse_copy(rest))
    if kind == "take":
        return Take(parse_held(rest))
    if kind == "trade":
        if rest == "none":
            return Trade(None, None)
        drawn, sep, own = rest.partition(":")
        if not sep:
            raise InvalidActionError(f"{action!r}: expected trade:<drawn>:<own> or trade:none")
        return Trade(parse_held(drawn), parse_owned(own))
    if kind == "put":
        card, sep, depth = rest.rpartition(":")
        if not sep or not (depth == "bottom" or digits(depth, 3)):
            raise InvalidActionError(f"{action!r}: expected put:<card>:<depth> (0 is the top) or put:<card>:bottom")
        return Put(parse_held(card), None if depth == "bottom" else int(depth))
    if kind == "arrange":
        raise InvalidActionError(f"{action!r}: the cards go back one at a time, each at any depth (ruling 7): "
                                 "put:<card>:<depth> (0 is the top) or put:<card>:bottom")
    if kind == "letter":
        return Letter(None if rest == "later" else _number(rest, action))
    raise InvalidActionError(f"{action!r} is not a Loot N' Loaded action ({GRAMMAR})")
