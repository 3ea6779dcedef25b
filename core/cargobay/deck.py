"""Cards a game shuffles and deals, as one API for every kind of match.

A game's chance node that shuffles cards says what it does with them as a ``DeckEvent``: "shuffle these"
(``cards``), then, for each position of the shuffled deck, who may see it (``to``): "deal to seat s"
(or "peek for seat s": the game keeps the card where it likes, the dealer only shows it), "reveal to
all" (``PUBLIC``) or nobody (``NOBODY``: face down). A card a seat later plays from its hidden hand is
"revealed to all" by the move (``Game.shown_cards``); "return and reshuffle" is a new event over the
cards gathered back.

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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

HIDDEN = "?"  # a card this page does not see
PUBLIC = -1  # a position every page sees
NOBODY = -2  # a position nobody sees (face down)


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

    def __post_init__(self) -> None:
        if len(self.cards) != len(self.to) or not self.cards:
            raise ValueError("a deck event sends every card of a non-empty deck somewhere")
        if any(HIDDEN in card or "," in card for card in self.cards):
            raise ValueError(f"a card's name holds neither {HIDDEN!r} nor a comma")

    def action(self, faces: Sequence[str | None]) -> str:
        """The chance action for the faces in shuffled order (None: not seen by this page)."""
        return self.prefix + ",".join(HIDDEN if face is None else face for face in faces)

    def seeded(self, rng: random.Random) -> str:
        """The event drawn from a seeded generator (local matches): every face known."""
        cards = list(self.cards)
        rng.shuffle(cards)
        return self.action(cards)

    def positions(self, seats: Sequence[int]) -> list[int]:
        """The positions shown to any of ``seats``."""
        return [index for index, to in enumerate(self.to) if to in seats]


def check_faces(faces: Sequence[str], deck: Sequence[str]) -> bool:
    """Whether ``faces`` (``HIDDEN`` for unseen ones) can be a shuffle of ``deck``.

    >>> check_faces(["?", "A", "B"], ["A", "B", "B"]), check_faces(["A", "A", "?"], ["A", "B", "B"])
    (True, False)
    """
    if len(faces) != len(deck):
        return False
    known = Counter(face for face in faces if face != HIDDEN)
    return not known - Counter(deck)


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
