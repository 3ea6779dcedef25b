"""Set-up codes: a Team UP! set-up (the neutral box's corner and orientation, and the 36-card order) as a short
code to share (Competition) or to replay (Challenge).

The card order is a permutation of the deck's multiset (6 red, 6 blue, 6 white, 6 square, 8 rectangular,
4 big): its rank among all such orders (about 1.4e24 of them) times 8 plus the neutral box's position (0-7)
is written in Crockford's base 32 as 17 symbols, then one check symbol (a weighted sum that catches any one
mistyped symbol), in three groups of six: ``7K3M9Q-0ZP4XW-H2B8TC``. Reading a code ignores case and dashes
and takes O for 0 and I or L for 1.

>>> order = list(DECK)
>>> code = encode(5, order)
>>> decode(code) == (5, tuple(order)) and decode(code.lower().replace("-", "")) == (5, tuple(order))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from math import factorial

from ...engine import CargoBayError
from .components import CARD_KINDS, CARDS, DECK, DEPTH, NEUTRAL, WIDTH
from .geometry import pid_of

__all__ = ["NEUTRAL_SPOTS", "CodeError", "decode", "encode", "neutral_footprint", "order_count"]

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
DIGITS = 17
GROUP = 6
COPIES = tuple(CARD_KINDS[card][0] for card in CARDS)
NEUTRAL_SPOTS = 8  # 4 corners x 2 orientations


class CodeError(CargoBayError, ValueError):
    """A set-up code that names no set-up (a typo, a wrong length)."""


def neutral_footprint(spot: int) -> tuple[str, int, int]:
    """(orientation, x, y) of the neutral box for spot 0-7: corner ``spot // 2`` (0: x=0 y=0, 1: the far end of
    the long edge, 2: the far end of the short edge, 3: the opposite corner), orientation ``h`` (along the long
    edge) for an even spot, ``v`` for an odd one.

    >>> [neutral_footprint(spot) for spot in (0, 1, 2, 7)]
    [('h', 0, 0), ('v', 0, 0), ('h', 3, 0), ('v', 5, 1)]
    """
    orient = "hv"[spot % 2]
    w, d = (NEUTRAL.length, NEUTRAL.width) if orient == "h" else (NEUTRAL.width, NEUTRAL.length)
    corner = spot // 2
    x = WIDTH - w if corner & 1 else 0
    y = DEPTH - d if corner & 2 else 0
    assert pid_of("N", orient, x, y) >= 0
    return orient, x, y


def _arrangements(counts: Sequence[int]) -> int:
    result = factorial(sum(counts))
    for count in counts:
        result //= factorial(count)
    return result


def order_count() -> int:
    """How many distinct card orders there are."""
    return _arrangements(COPIES)


def rank(order: Sequence[str]) -> int:
    """The order's index among all orders of the deck (lexicographic in ``CARDS`` order)."""
    counts = list(COPIES)
    index = {card: i for i, card in enumerate(CARDS)}
    value = 0
    # ``total`` = _arrangements(counts) over the ``left`` cards, kept up to date: taking one card of a kind with
    # ``c`` copies left leaves total * c / left arrangements (a whole number; no factorial per step)
    left = sum(counts)
    total = _arrangements(counts)
    for card in order:
        kind = index[card]
        for smaller in range(kind):
            if counts[smaller]:
                value += total * counts[smaller] // left
        total = total * counts[kind] // left
        counts[kind] -= 1
        left -= 1
    return value


def unrank(value: int) -> tuple[str, ...]:
    counts = list(COPIES)
    order = []
    left = sum(counts)
    total = _arrangements(counts)  # as in rank
    for _ in range(len(DECK)):
        for kind, card in enumerate(CARDS):
            if not counts[kind]:
                continue
            block = total * counts[kind] // left
            if value < block:
                order.append(card)
                total = block
                counts[kind] -= 1
                left -= 1
                break
            value -= block
    return tuple(order)


def _check(symbols: Sequence[int]) -> int:
    return sum((2 * i + 1) * symbol for i, symbol in enumerate(symbols)) % len(ALPHABET)


def encode(spot: int, order: Sequence[str]) -> str:
    """The code of a set-up."""
    if not 0 <= spot < NEUTRAL_SPOTS or sorted(order) != sorted(DECK):
        raise CodeError("a set-up is a neutral box spot 0-7 and an order of the 36 cards")
    value = rank(order) * NEUTRAL_SPOTS + spot
    symbols = []
    for _ in range(DIGITS):
        value, digit = divmod(value, len(ALPHABET))
        symbols.append(digit)
    symbols.reverse()
    symbols.append(_check(symbols))
    text = "".join(ALPHABET[s] for s in symbols)
    return "-".join(text[i : i + GROUP] for i in range(0, len(text), GROUP))


def decode(code: str) -> tuple[int, tuple[str, ...]]:
    """(neutral spot, card order) of a code; CodeError saying what is wrong.

    >>> decode("7K3M9Q-0ZP4XW-H2B8TC")
    Traceback (most recent call last):
    ...
    cargobay.games.teamup.codes.CodeError: set-up code '7K3M9Q-0ZP4XW-H2B8TC': a symbol is mistyped (the check fails)
    """
    if not isinstance(code, str):
        raise CodeError("a set-up code is text")
    text = code.upper().replace("-", "").replace(" ", "").replace("O", "0").replace("I", "1").replace("L", "1")
    if len(text) != DIGITS + 1 or any(ch not in ALPHABET for ch in text):
        raise CodeError(f"set-up code {code!r}: {DIGITS + 1} symbols of {ALPHABET} (dashes are ignored)")
    symbols = [ALPHABET.index(ch) for ch in text]
    if _check(symbols[:-1]) != symbols[-1]:
        raise CodeError(f"set-up code {code!r}: a symbol is mistyped (the check fails)")
    value = 0
    for symbol in symbols[:-1]:
        value = value * len(ALPHABET) + symbol
    value, spot = divmod(value, NEUTRAL_SPOTS)
    if value >= order_count():
        raise CodeError(f"set-up code {code!r} is out of range")
    return spot, unrank(value)
