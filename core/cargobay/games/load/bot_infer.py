"""Opponent inference for the strong LOAD! bot (issue 25, session 8; ``StrongBot(infer=...)``, off by default).

The determinizations of ``game.determinize`` deal the opponent a uniformly random hand from the unseen cards (its
hand plus the round's four face-down cards). But its plays this round say something about what it holds: a hand
from which it would hardly have played what it played is less likely. ``Inference`` remembers, for each battle of
the current round, how good each card the opponent might have played looked (``note``: from the bot's own payoff
matrix at its decision for that battle, the opponent's expected margin ``-x . M[:, c]`` against the bot's mixed
strategy ``x``) and which card it then played (``observe``: the view's ``last_battle``). A cheap model of its play,
a softmax (quantal response) with inverse temperature ``beta`` per point of margin over the distinct cards it held,
gives each possible current hand ``H`` the likelihood

    prod over the battles s remembered of  1 / sum over the distinct cards c of (H + its cards played from s on)
    of exp(beta * value_s(c))

(the played card's own factor is the same for every ``H`` and cancels). ``hands`` draws ``candidates`` uniform
hands and resamples the bot's determinizations from them by that weight (systematic resampling: one draw).

The memory lives in the bot object, so it needs the bot to see every battle of the round (a ``Table`` keeps one
bot per seat for the match: it does). Where it did not (a bot made for a single decision, as a peer match's page
does, or a missed battle), the determinizations are the uniform ones, as without the option.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from .sim import card_int, unseen_cards


class Inference:
    """One seat's memory of the opponent's plays this round, and the hands it makes likely (see the module)."""

    def __init__(self, beta: float, candidates: int) -> None:
        self.beta = beta
        self.candidates = max(1, candidates)
        self.round = 0
        self.values: dict[int, dict[str, float]] = {}  # battle number (1-based) -> the opponent's card values
        self.played: dict[int, str] = {}  # battle number -> the card the opponent played

    def observe(self, view: dict[str, Any]) -> None:
        """Take in a view: a new round (or a match this memory does not belong to) clears it; the last battle's
        card of the opponent is remembered."""
        seat = view["seat"]
        round_, turn = view["round"], view["turn"]
        latest = max([*self.values, *self.played], default=0)
        if round_ != self.round or latest > turn + 1:
            self.round, self.values, self.played = round_, {}, {}
        battle = view.get("last_battle")
        if battle and battle.get("round") == round_ and seat in (0, 1):
            self.played[battle["turn"]] = battle["cards"][1 - seat]

    def note(self, view: dict[str, Any], cards: Sequence[str], matrix: Sequence[Sequence[float]],
             strategy: Sequence[float]) -> None:
        """Remember how good each of ``cards`` (the matrix's columns) looked to the opponent in this battle:
        minus the bot's expected margin against the bot's mixed ``strategy`` over the rows."""
        values = {}
        for j, card in enumerate(cards):
            values[card] = -sum(p * row[j] for p, row in zip(strategy, matrix, strict=True))
        self.values[view["turn"] + 1] = values

    def _evidence(self, turn: int) -> list[tuple[dict[str, float], list[str]]]:
        """(card values, the opponent's cards played from that battle to the last one) per battle that can be
        used: those whose later plays are all known, so that the hand it held then can be rebuilt."""
        evidence = []
        later: list[str] = []
        for battle in range(turn, 0, -1):
            card = self.played.get(battle)
            if card is None:
                break
            later = [card, *later]
            values = self.values.get(battle)
            if values:
                evidence.append((values, later))
        return evidence

    def log_weight(self, hand: Sequence[str], evidence: list[tuple[dict[str, float], list[str]]]) -> float:
        """log of the likelihood of the opponent holding ``hand`` now (up to a constant common to all hands).

        The distinct cards are summed in sorted order: a set's order of strings varies with ``PYTHONHASHSEED``, and
        a float sum with its order, so the same match could draw other hands in another process (review L2)."""
        beta = self.beta
        total = 0.0
        for values, later in evidence:
            default = sum(values.values()) / len(values)
            z = sum(math.exp(beta * values.get(card, default)) for card in sorted({*hand, *later}))
            total -= math.log(z)
        return total

    def hands(self, view: dict[str, Any], count: int, rng: random.Random) -> list[list[int]] | None:
        """``count`` opponent hands (card ints) drawn by the likelihood, or None when there is nothing to go on
        (then the caller deals uniformly, as without inference)."""
        resolved = view["turn"] + (1 if view["phase"] == "load" else 0)  # battles resolved this round
        evidence = self._evidence(resolved)
        if not evidence or view["round"] != self.round:
            return None
        pool = sorted(unseen_cards(view).elements())
        size = min(len(pool), len(view["hand"]))
        drawn = [rng.sample(pool, size) for _ in range(self.candidates)]
        logs = [self.log_weight(hand, evidence) for hand in drawn]
        top = max(logs)
        weights = [math.exp(v - top) for v in logs]
        step = sum(weights) / count
        point = rng.random() * step
        chosen = []
        acc = 0.0
        index = -1
        for _ in range(count):
            while acc <= point and index < len(weights) - 1:
                index += 1
                acc += weights[index]
            chosen.append(sorted(card_int(c) for c in drawn[index]))
            point += step
        return chosen
