"""A mental-poker deck: cards shuffled and dealt by players who do not trust each other, with no dealer.

The scheme is Barnett and Smart's ("Mental Poker Revisited", 2003) in ristretto255:
- every player ``j`` holds a secret ``x_j`` and publishes its key ``X_j = x_j*G`` with a proof that it
  knows ``x_j`` (proofs.py); the joint key is ``H = sum X_j``: nobody knows its secret;
- card ``i`` is a point ``M_i`` hashed to the group (nobody knows a relation between two cards); a deck
  is a list of ElGamal ciphertexts ``(c1, c2) = (r*G, M + r*H)``; the fresh deck is ``(0, M_i)``;
- a **shuffle** by one player re-masks every card (adds ``r*G`` and ``r*H`` for a fresh ``r``) and permutes
  them. After every player has shuffled, nobody knows where any card is, as long as one player was
  honest. Masks commute: the layers are removed in any order, by anyone holding all the shares;
- a card is unmasked with every player's **share** ``x_j*c1`` (``M = c2 - sum shares``), each proven with a
  Chaum-Pedersen proof, so a false share is caught at once and names its sender. A **private deal or
  peek** for a player: every other player publishes its share (anyone may see those: the player's own
  share is missing), the player adds its own in private. A **public reveal**: the last share is published.
  **Return and reshuffle**: the cards (still masked) go back into a deck that every player shuffles again.

What this does not prove at once is that a shuffle is honest: a cheat could drop, duplicate or replace
a card while it shuffles. A zero-knowledge shuffle proof would show it at once but costs hundreds of
products per card, seconds in the browser. Instead every shuffle is derived from a 32-byte **shuffle
seed** (the permutation and every mask), and the **audit** (at the end of a match, or at once when a card
is unmasked twice or is no card) reveals the seeds and the players' secrets: every page recomputes every
shuffle and names the first player whose published deck is not what its seed gives.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from . import proofs
from .ristretto import (
    IDENTITY,
    DecodeError,
    FixedBase,
    G,
    Point,
    add,
    decode,
    encode,
    hash_to_group,
    hash_to_scalar,
    neg,
    times,
)

Cipher = tuple[Point, Point]
CIPHER_BYTES = 64
_CARDS: list[Point] = []
_CARD_CODES: dict[bytes, int] = {}


def card_point(index: int) -> Point:
    """The point that stands for card ``index`` of a deck (the faces are the game's list, in its order)."""
    while len(_CARDS) <= index:
        point = hash_to_group(b"cargobay-card/1", len(_CARDS).to_bytes(4, "little"))
        _CARD_CODES[encode(point)] = len(_CARDS)
        _CARDS.append(point)
    return _CARDS[index]


def card_of(point: Point, cards: int) -> int | None:
    """The index of the card ``point`` is (below ``cards``), or None when it is no card."""
    card_point(cards - 1)
    index = _CARD_CODES.get(encode(point))
    return index if index is not None and index < cards else None


def fresh_deck(cards: int) -> list[Cipher]:
    """The deck before anyone shuffled: card ``i`` at position ``i``, masked by nobody."""
    return [(IDENTITY, card_point(index)) for index in range(cards)]


def pack(deck: Sequence[Cipher]) -> bytes:
    return b"".join(encode(c1) + encode(c2) for c1, c2 in deck)


def unpack(data: bytes, cards: int) -> list[Cipher]:
    """A deck of ``cards`` ciphertexts from its bytes; DecodeError when any is no group element."""
    if len(data) != cards * CIPHER_BYTES:
        raise DecodeError(f"a deck of {cards} cards is {cards * CIPHER_BYTES} bytes, not {len(data)}")
    return [(decode(data[i:i + 32]), decode(data[i + 32:i + 64])) for i in range(0, len(data), CIPHER_BYTES)]


def points(data: bytes) -> list[Point]:
    if len(data) % 32:
        raise DecodeError("points are 32 bytes each")
    return [decode(data[i:i + 32]) for i in range(0, len(data), 32)]


def secret_key(seed: bytes) -> int:
    """A player's deck secret from its own secret bytes."""
    return hash_to_scalar(b"cargobay-deck-key/1", seed)


def joint_key(keys: Sequence[Point]) -> Point:
    total = IDENTITY
    for key in keys:
        total = add(total, key)
    return total


def permutation(seed: bytes, cards: int) -> list[int]:
    """The order a shuffle seed gives: Fisher-Yates with SHA-512 in counter mode (no bias: rejection)."""
    order = list(range(cards))
    counter = 0
    pool = b""
    for top in range(cards - 1, 0, -1):
        bound = top + 1
        limit = (1 << 32) // bound * bound
        while True:
            if len(pool) < 4:
                pool += hashlib.sha512(b"cargobay-perm/1" + seed + counter.to_bytes(4, "little")).digest()
                counter += 1
            value, pool = int.from_bytes(pool[:4], "little"), pool[4:]
            if value < limit:
                break
        pick = value % bound
        order[top], order[pick] = order[pick], order[top]
    return order


def shuffle(deck: Sequence[Cipher], joint: FixedBase, seed: bytes) -> list[Cipher]:
    """The deck re-masked and permuted as ``seed`` says: position ``k`` gets the card at ``order[k]``."""
    order = permutation(seed, len(deck))
    out: list[Cipher] = []
    for position, source in enumerate(order):
        mask = hash_to_scalar(b"cargobay-mask/1", seed, position.to_bytes(4, "little"))
        c1, c2 = deck[source]
        out.append((add(c1, G.times(mask)), add(c2, joint.times(mask))))
    return out


def same_deck(first: Sequence[Cipher], second: Sequence[Cipher]) -> bool:
    return pack(first) == pack(second)


def unmask(cipher: Cipher, shares: Sequence[Point]) -> Point:
    """``c2`` less every share: the card's point once every player's share is in."""
    point = cipher[1]
    for share in shares:
        point = add(point, neg(share))
    return point


def open_with_secret(cipher: Cipher, secret: int) -> Point:
    """The card under ``cipher`` for whoever knows the joint secret (the audit: every secret revealed)."""
    return add(cipher[1], neg(times(cipher[0], secret)))


@dataclass
class Player:
    """One player of an in-memory table (tests and benchmarks; the peer protocol keeps the same values
    in its messages): its secret, its key, the seeds of its shuffles."""

    secret: int
    key: Point = field(init=False)
    table: FixedBase = field(init=False)

    def __post_init__(self) -> None:
        self.table = FixedBase(G.times(self.secret))
        self.key = self.table.point


class Deck:
    """Every player of a deck in one place: the five operations as a dealer-free protocol, played out.

    >>> table = Deck([Player(secret_key(b"a")), Player(secret_key(b"b"))], ["G3", "B0", "R1"])
    >>> table.shuffle_all([b"1" * 32, b"2" * 32])
    >>> sorted(table.reveal(position) for position in range(3))
    ['B0', 'G3', 'R1']
    """

    def __init__(self, players: list[Player], faces: Sequence[str]) -> None:
        self.players, self.faces = players, list(faces)
        self.joint = FixedBase(joint_key([player.key for player in players]))
        self.deck = fresh_deck(len(self.faces))
        self.history: list[list[Cipher]] = [list(self.deck)]

    def shuffle_all(self, seeds: Sequence[bytes]) -> None:
        """Every player shuffles in turn (``seeds[j]`` is player ``j``'s)."""
        for seed in seeds:
            self.deck = shuffle(self.deck, self.joint, seed)
            self.history.append(list(self.deck))

    def shares(self, player: int, positions: Sequence[int], context: bytes = b"") -> tuple[list[Point], bytes]:
        return proofs.prove_shares(self.players[player].secret, [self.deck[p][0] for p in positions], context)

    def check(self, player: int, positions: Sequence[int], shares: Sequence[Point], proof: bytes,
              context: bytes = b"") -> bool:
        return proofs.check_shares(self.players[player].table, [self.deck[p][0] for p in positions], shares,
                                   proof, context)

    def open_for(self, player: int, positions: Sequence[int]) -> list[str | None]:
        """Deal (or peek) ``positions`` to ``player``: the others' proven shares, then its own in private."""
        others: list[list[Point]] = [[] for _ in positions]
        for other in range(len(self.players)):
            if other == player:
                continue
            shares, proof = self.shares(other, positions)
            if not self.check(other, positions, shares, proof):
                raise ValueError(f"player {other}'s shares do not prove out")
            for slot, share in enumerate(shares):
                others[slot].append(share)
        own = self.players[player].secret
        faces: list[str | None] = []
        for slot, position in enumerate(positions):
            cipher = self.deck[position]
            index = card_of(unmask(cipher, [*others[slot], times(cipher[0], own)]), len(self.faces))
            faces.append(None if index is None else self.faces[index])
        return faces

    def reveal(self, position: int) -> str | None:
        """Reveal to all: every player's proven share is published."""
        cipher = self.deck[position]
        shares = []
        for player in range(len(self.players)):
            share, proof = proofs.prove_same_log(self.players[player].secret, cipher[0], b"")
            if not proofs.check_same_log(self.players[player].table, cipher[0], share, proof, b""):
                raise ValueError(f"player {player}'s share does not prove out")
            shares.append(share)
        index = card_of(unmask(cipher, shares), len(self.faces))
        return None if index is None else self.faces[index]

    def return_and_reshuffle(self, positions: Sequence[int], seeds: Sequence[bytes]) -> list[int]:
        """Put ``positions`` back (still masked) with the rest and shuffle everything again; the cards of
        ``positions`` are now somewhere nobody knows. Returns the new deck's size."""
        kept = [cipher for index, cipher in enumerate(self.deck) if index not in positions]
        self.deck = kept + [self.deck[position] for position in positions]
        self.shuffle_all(seeds)
        return list(range(len(self.deck)))


def audit(history: Sequence[Sequence[Cipher]], joint: FixedBase, seeds: Sequence[bytes]) -> int | None:
    """The first shuffler whose published deck is not its seed's shuffle of the deck before it, or None."""
    for shuffler, seed in enumerate(seeds):
        if not same_deck(shuffle(history[shuffler], joint, seed), history[shuffler + 1]):
            return shuffler
    return None
