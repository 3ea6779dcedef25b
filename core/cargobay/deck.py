"""Cards a game shuffles and deals, as one API for every kind of match.

A game's chance node that shuffles cards says what it does with them as a ``DeckEvent``: "shuffle these"
(``cards``), then, for each position of the shuffled deck, who may see it (``to``): "deal to seat s"
(or "peek for seat s": the game keeps the card where it likes, the dealer only shows it), "reveal to
all" (``PUBLIC``) or nobody (``NOBODY``: face down). A card a seat later plays from its hidden hand is
"revealed to all" by the move (``Game.shown_cards``); "return and reshuffle" is a new event over the
cards gathered back.

Three kinds of event (``source``):
- ``"new"``: shuffle ``cards`` afresh (a deck of its own), then show position ``i`` to ``to[i]``;
- ``"same"``: no shuffle: open positions of the game's current deck (the last one shuffled): ``to[i]`` for
  each of its positions, ``KEEP`` for one not opened now ("reveal to all", "peek for seat s" mid-match);
- ``"back"``: return and reshuffle: positions ``back`` of the current deck (still masked, whoever saw them)
  make a new deck, every player shuffles it again, then ``to`` says who sees which of its positions.
``cards`` is always the whole list of faces of the first deck (a card keeps its index through every event).
A position dealt to seat s (``to[i] == s``) joins its hand: a move may show it (``Game.shown_cards``); a peek
(``peek(s)``) shows it to seat s and leaves it where the game keeps it (a move names it by position).

Who deals:
- a local match (and a peer match of a game that deals no cards) draws the event from a seeded
  generator: ``DeckEvent.seeded`` (the same shuffle as ever, so recorded matches replay unchanged);
- a peer match of a game with a ``deck_event`` deals it cryptographically (``cargobay.net.dealing``,
  ``cargobay.crypto``): each page learns only the positions meant for it, and the chance action it
  applies holds ``HIDDEN`` for every other position; a move that shows a hidden card carries its proof.

The chance action is ``prefix`` + the faces in shuffled order, comma-separated (``HIDDEN`` where this page
does not know the face): a log records exactly what its page knew.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

HIDDEN = "?"  # a card this page does not see
PUBLIC = -1  # a position every page sees
NOBODY = -2  # a position nobody sees (face down)
KEEP = -3  # a position an event over the current deck does not open
PEEK = -10  # ``PEEK - s``: a position seat s peeks at (not in its hand)
SOURCES = ("new", "same", "back")


def peek(seat: int) -> int:
    """The ``to`` of a position shown to ``seat`` only, as a peek (not dealt into its hand)."""
    return PEEK - seat


def seat_of(to: int) -> int | None:
    """The seat a position is shown to (dealt or peeked), or None (everyone, nobody, not opened).

    >>> seat_of(2), seat_of(peek(2)), seat_of(PUBLIC), seat_of(KEEP)
    (2, 2, None, None)
    """
    if to >= 0:
        return to
    return PEEK - to if to <= PEEK else None


@dataclass(frozen=True)
class DeckEvent:
    """A chance event made of cards: shuffle ``cards``, then show position ``i`` to ``to[i]``.

    >>> event = DeckEvent(("A", "B", "C"), (NOBODY, 0, 1), "deal:")
    >>> event.seeded(random.Random(1)), event.action(["B", None, "A"])
    ('deal:B,C,A', 'deal:B,?,A')
    """

    cards: tuple[str, ...]
    to: tuple[int, ...]
    prefix: str
    source: str = "new"
    back: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.source not in SOURCES or not self.cards or not self.to:
            raise ValueError(f"a deck event is one of {SOURCES}, over a non-empty deck")
        size = {"new": len(self.cards), "same": len(self.to), "back": len(self.back)}[self.source]
        if len(self.to) != size or size > len(self.cards) or (self.source != "back" and self.back):
            raise ValueError("a deck event sends every position of its deck somewhere")
        if len(set(self.back)) != len(self.back) or any(not 0 <= p < len(self.cards) for p in self.back):
            raise ValueError("a deck returns distinct positions")
        if (KEEP in self.to) != (self.source == "same" and KEEP in self.to) or (
                self.source == "same" and set(self.to) == {KEEP}):
            raise ValueError("only an event over the current deck keeps positions, and it opens one at least")
        if any(HIDDEN in card or "," in card for card in self.cards):
            raise ValueError(f"a card's name holds neither {HIDDEN!r} nor a comma")

    @classmethod
    def opening(cls, cards: Sequence[str], size: int, to: dict[int, int], prefix: str) -> DeckEvent:
        """Open positions of the current deck (of ``size`` cards): ``to`` maps each to who sees it."""
        return cls(tuple(cards), tuple(to.get(p, KEEP) for p in range(size)), prefix, "same")

    @classmethod
    def returning(cls, cards: Sequence[str], back: Sequence[int], to: Sequence[int], prefix: str) -> DeckEvent:
        """Return positions ``back`` of the current deck and reshuffle them (``to``: the new deck's)."""
        return cls(tuple(cards), tuple(to), prefix, "back", tuple(back))

    def local(self, rng: random.Random, current: Sequence[str] = ()) -> str:
        """The event where every face is known (a local match): ``current`` is the current deck's faces."""
        if self.source == "new":
            return self.seeded(rng)
        if self.source == "same":
            return self.action([None if to == KEEP else current[p] for p, to in enumerate(self.to)])
        cards = [current[p] for p in self.back]
        rng.shuffle(cards)
        return self.action(cards)

    def action(self, faces: Sequence[str | None]) -> str:
        """The chance action for the faces in shuffled order (None: not seen by this page)."""
        return self.prefix + ",".join(HIDDEN if face is None else face for face in faces)

    def seeded(self, rng: random.Random) -> str:
        """The event drawn from a seeded generator (local matches): every face known."""
        if self.source != "new":
            raise ValueError("only a new deck is drawn from a seed alone (DeckEvent.local)")
        cards = list(self.cards)
        rng.shuffle(cards)
        return self.action(cards)

    def positions(self, seats: Sequence[int]) -> list[int]:
        """The positions shown to any of ``seats``."""
        return [index for index, to in enumerate(self.to) if seat_of(to) in seats]


def check_faces(faces: Sequence[str], deck: Sequence[str]) -> bool:
    """Whether ``faces`` (``HIDDEN`` for unseen ones) can be a shuffle of ``deck``.

    >>> check_faces(["?", "A", "B"], ["A", "B", "B"]), check_faces(["A", "A", "?"], ["A", "B", "B"])
    (True, False)
    """
    if len(faces) != len(deck):
        return False
    known = Counter(face for face in faces if face != HIDDEN)
    return not known - Counter(deck)


def parse_faces(text: str, known: frozenset[str], parse_card: Callable[[str], object]) -> tuple[str, ...]:
    """The faces of a chance action's comma-separated card list (``deal:``, ``deck:`` after the prefix), each a
    card or ``HIDDEN``; ``parse_card`` raises the game's own error for the first that is neither.

    ``known`` holds every text a list may name (the cards and ``HIDDEN``): a list of those alone is taken at once
    (the common case, one set test); any other list is checked face by face. An empty text is no faces.

    >>> parse_faces("A,?,B", frozenset("AB?"), str.upper)
    ('A', '?', 'B')
    >>> parse_faces("", frozenset("AB?"), str.upper)
    ()

    :raises: whatever ``parse_card`` raises for a face it refuses (``InvalidActionError``).
    """
    faces = tuple(text.split(",")) if text else ()
    if not known.issuperset(faces):
        for face in faces:
            if face != HIDDEN:
                parse_card(face)
    return faces


def take(hand: list[str], card: str) -> bool:
    """Take ``card`` from ``hand``: itself, or a ``HIDDEN`` card (a page that did not see the hand; the peer
    protocol has checked the card's proof before the move reaches the rules). False when neither is there."""
    if card in hand:
        hand.remove(card)
        return True
    if HIDDEN in hand:
        hand.remove(HIDDEN)
        return True
    return False


def deals_cards(game: Any) -> bool:
    """Whether ``game`` deals cards through this API (its peer matches then deal cryptographically)."""
    from .engine import Game

    return type(game).deck_event is not Game.deck_event
