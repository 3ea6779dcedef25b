"""Chance events as explicit outcomes with probabilities, from the game's own ``sample_chance``.

A game draws each chance event (a shuffle, a dealer, a set-up) from the ``random.Random`` it is handed. Every
draw that ``random.Random`` makes for ``randrange``, ``choice``, ``shuffle`` and ``sample`` goes through one
primitive, ``_randbelow(n)``: a uniform integer in ``[0, n)``. ``Scripted`` answers those calls from a list
(the outcomes chosen so far) and stops at the first call past it, saying its ``n``: that call is the next
chance node, with ``n`` outcomes of probability ``1/n`` each. A shuffle is then dealt card by card, exactly as
Python's Fisher-Yates does it (position ``i`` from the last gets a uniform card among the ``i + 1`` not yet
placed), so the distribution of every chance action is exactly the one the native engine samples, and the
outcomes a native match drew rebuild its action string.

A game that draws floats (``random()``) or raw bits has no such decomposition: ``UnsupportedChance``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import CargoBayError, Game


class UnsupportedChance(CargoBayError, ValueError):
    """A chance event drawn by something other than uniform integers (no exact decomposition)."""


class _Need(Exception):
    def __init__(self, n: int) -> None:
        super().__init__(n)
        self.n = n


class Scripted(random.Random):
    """A ``random.Random`` whose uniform integer draws come from ``script``; past its end it raises ``_Need``.

    >>> rng = Scripted([2, 0])
    >>> rng.randrange(5), rng.choice("ab")
    (2, 'a')
    """

    def __init__(self, script: Sequence[int]) -> None:  # never seeded: every draw comes from the script
        self.script = list(script)
        self.used = 0
        self.sizes: list[int] = []

    def _randbelow(self, n: int) -> int:
        if self.used == len(self.script):
            raise _Need(n)
        value = self.script[self.used]
        if not 0 <= value < n:
            raise UnsupportedChance(f"chance outcome {value} is not below {n}")
        self.used += 1
        self.sizes.append(n)
        return value

    def random(self) -> float:
        raise UnsupportedChance("this chance event draws a float: it has no exact decomposition")

    def getrandbits(self, k: int) -> int:
        raise UnsupportedChance("this chance event draws raw bits: it has no exact decomposition")


@dataclass(frozen=True)
class Pending:
    """The next draw of a chance event: ``n`` outcomes, uniform."""

    n: int


@dataclass(frozen=True)
class Done:
    """The chance event complete: the action string the game applies."""

    action: str


def probe(game: Game[Any], state: Any, script: Sequence[int]) -> Pending | Done:
    """What the chance event at ``state`` needs after the outcomes ``script``: another draw, or its action."""
    rng = Scripted(script)
    try:
        action = game.sample_chance(state, rng)
    except _Need as need:
        return Pending(need.n)
    if rng.used != len(script):
        raise UnsupportedChance(f"the chance event used {rng.used} draws, not the {len(script)} given")
    return Done(action)


class Recording(random.Random):
    """A seeded ``random.Random`` that records its uniform integer draws (``drawn``): the outcomes a native
    match's chance event took, to replay it through the decomposition."""

    def __init__(self, seed: Any) -> None:
        super().__init__(seed)
        self.drawn: list[int] = []

    def _randbelow(self, n: int) -> int:
        value = super()._randbelow(n)  # type: ignore[misc]
        self.drawn.append(value)
        return int(value)
