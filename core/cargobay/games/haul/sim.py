"""The Haul bots' fast model (``Sim``): a compact copy of one Haul that the bots play forward on — a card is its
index in ``DECK``, a trailer four lists of card indices (exposed card first), and only what a Load needs is kept —
with the greedy resolver, the sampled deals and the strong bot's playouts. See ``bots.py`` for the bots.
"""

from __future__ import annotations

import random
from typing import Any

from ...engine import InvalidActionError
from .actions import DECK, RANK, SUIT, SUITS, Claim, Refuel, parse
from .rules import HAULS, LOADS, SEATS

_INDEX = {card: index for index, card in enumerate(DECK)}
_RANK = [RANK[card] for card in DECK]
_SLOT = [SUITS.index(SUIT[card]) for card in DECK]
_SAME_RANK = [sum(1 for other in DECK if RANK[other] == RANK[card]) for card in DECK]
GAME_LOADS = HAULS * LOADS

# --- the compact model --------------------------------------------------------------------------------
CLAIM, HEAVY, REFUEL = 0, 1, 2
Option = tuple[int, int, int]  # (kind, card, slot for HEAVY else -1)


class Sim:
    """One Haul from the current node on: hands, trailers, tokens, totals so far, the Load in progress."""

    __slots__ = ("hands", "haul", "leader", "load", "order", "played", "remaining", "resolved", "tokens",
                 "totals", "trailers")

    def __init__(self) -> None:
        self.hands: list[list[int]] = [[] for _ in range(SEATS)]
        self.trailers: list[list[list[int]]] = [[[] for _ in SUITS] for _ in range(SEATS)]
        self.tokens: list[int] = [0] * SEATS
        self.totals: list[int] = [0] * SEATS  # scores of the Hauls already scored
        self.played: list[tuple[int, int]] = []
        self.order: list[int] = []
        self.remaining: list[int] = []
        self.resolved = 0
        self.leader = 0
        self.load = 0
        self.haul = 1

    def copy(self) -> Sim:
        new = Sim.__new__(Sim)
        new.hands = [list(hand) for hand in self.hands]
        new.trailers = [[list(slot) for slot in trailer] for trailer in self.trailers]
        new.tokens = list(self.tokens)
        new.totals = list(self.totals)
        new.played = list(self.played)
        new.order = list(self.order)
        new.remaining = list(self.remaining)
        new.resolved = self.resolved
        new.leader = self.leader
        new.load = self.load
        new.haul = self.haul
        return new

    @classmethod
    def from_parts(cls, data: Any) -> Sim:
        """From a state or a view (the same field names; a view's other hands are just not used)."""
        sim = cls()

        def get(key: str) -> Any:
            return data[key] if isinstance(data, dict) else getattr(data, key)

        hands = get("hands") if not isinstance(data, dict) else [[] for _ in range(SEATS)]
        sim.hands = [[_INDEX[card] for card in hand] for hand in hands]
        if isinstance(data, dict) and data.get("hand"):
            sim.hands[data["seat"]] = [_INDEX[card] for card in data["hand"]]
        sim.trailers = [[[_INDEX[card] for card in slot] for slot in trailer] for trailer in get("trailers")]
        sim.tokens = list(get("tokens"))
        sim.totals = list(get("scores"))
        sim.played = [(int(seat), _INDEX[card]) for seat, card in get("played")]
        sim.order = list(get("order"))
        sim.remaining = [_INDEX[card] for card in get("remaining")]
        sim.resolved = len(get("resolutions"))
        sim.leader = get("leader") or 0
        sim.load = get("load")
        sim.haul = get("haul")
        return sim

    # --- the rules, fast -------------------------------------------------------------------------
    def to_act(self) -> int:
        if self.order:
            return self.order[SEATS - 1 - self.resolved]
        return (self.leader + len(self.played)) % SEATS

    def over(self) -> bool:
        return self.load >= LOADS

    def play(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.played.append((seat, card))
        if len(self.played) == SEATS:
            played = self.played
            ranked = sorted(range(SEATS), key=lambda i: (-_RANK[played[i][1]], i))
            self.order = [played[i][0] for i in ranked]
            self.remaining = [card for _, card in played]
            self.resolved = 0

    def options(self, seat: int) -> list[Option]:
        trailer = self.trailers[seat]
        found: list[Option] = []
        for card in self.remaining:
            found.append((CLAIM, card, -1))
            rank = _RANK[card]
            for index, slot in enumerate(trailer):
                if slot and _RANK[slot[0]] == rank:
                    found.append((HEAVY, card, index))
            if self.tokens[seat]:
                found.append((REFUEL, card, -1))
        return found

    def resolve(self, seat: int, option: Option) -> None:
        kind, card, index = option
        self.remaining.remove(card)
        if kind == REFUEL:
            self.tokens[seat] -= 1
        elif kind == HEAVY:
            self.trailers[seat][index].append(card)
        else:
            self.trailers[seat][_SLOT[card]] = [card]
        self.resolved += 1
        if not self.remaining:
            self.leader = self.order[0]
            self.load += 1
            self.played, self.order, self.resolved = [], [], 0

    def points(self, seat: int) -> int:
        return sum(_RANK[card] for slot in self.trailers[seat] for card in slot)

    def final_totals(self) -> list[int]:
        return [self.totals[seat] + self.points(seat) for seat in range(SEATS)]


def gain(trailer: list[list[int]], option: Option) -> int:
    """The change of the trailer's points: a tuck adds the card, a claim by suit replaces the slot."""
    kind, card, _ = option
    if kind == REFUEL:
        return 0
    if kind == HEAVY:
        return _RANK[card]
    return _RANK[card] - sum(_RANK[c] for c in trailer[_SLOT[card]])


def token_worth(sim: Sim) -> float:
    """What an unused Refuel token is worth in points: a loss it may save later, less as the game runs out."""
    left = GAME_LOADS - ((sim.haul - 1) * LOADS + sim.load)
    return 1.0 + 7.0 * left / GAME_LOADS


def greedy_option(sim: Sim, seat: int, refuel_below: float) -> Option:
    """The rollouts' resolver: the biggest trailer gain; a Refuel when every claim loses more than ``refuel_below``."""
    trailer = sim.trailers[seat]
    best: Option | None = None
    best_gain = -1000
    for card in sim.remaining:
        rank = _RANK[card]
        for index, slot in enumerate(trailer):
            if slot and _RANK[slot[0]] == rank:
                if rank > best_gain:
                    best, best_gain = (HEAVY, card, index), rank
                break
        value = rank - sum(_RANK[c] for c in trailer[_SLOT[card]])
        if value > best_gain:
            best, best_gain = (CLAIM, card, -1), value
    assert best is not None
    if best_gain < -refuel_below and sim.tokens[seat]:
        # refuel the card that would cost the most to take
        worst = min(sim.remaining, key=lambda c: _RANK[c] - sum(_RANK[x] for x in trailer[_SLOT[c]]))
        return (REFUEL, worst, -1)
    return best


def best_gain(trailer: list[list[int]], cards: list[int]) -> int:
    """The most a trailer could gain from one of ``cards`` (0 when nothing is left)."""
    best = 0
    for card in cards:
        rank = _RANK[card]
        value = rank - sum(_RANK[c] for c in trailer[_SLOT[card]])
        if any(slot and _RANK[slot[0]] == rank for slot in trailer):
            value = rank
        best = max(best, value)
    return best


def _option_str(option: Option) -> str:
    kind, card, index = option
    if kind == REFUEL:
        return f"refuel:{DECK[card]}"
    if kind == HEAVY:
        return f"claim:{DECK[card]}>{SUITS[index]}"
    return f"claim:{DECK[card]}"


def _parse_option(action: str) -> Option:
    move = parse(action)  # (cached: the parser keeps the moves it has read)
    if isinstance(move, Refuel):
        return (REFUEL, _INDEX[move.card], -1)
    if not isinstance(move, Claim):
        raise InvalidActionError(f"{action!r} is not a way to resolve a Load (claim or refuel)")
    if move.heavy:
        return (HEAVY, _INDEX[move.card], SUITS.index(move.heavy))
    return (CLAIM, _INDEX[move.card], -1)


def _weights(sim: Sim, seat: int) -> list[float]:
    """How much each other seat's gain counts against this one: the leader (in points so far) the most."""
    standing = [sim.totals[s] + sim.points(s) for s in range(SEATS)]
    top = max(standing[s] for s in range(SEATS) if s != seat)
    weights = [0.0] * SEATS
    for other in range(SEATS):
        if other != seat:
            weights[other] = 0.6 if standing[other] == top and top >= standing[seat] - 10 else 0.2
    return weights


def _sample_hands(sim: Sim, seat: int, unseen: list[int], counts: list[int], rng: random.Random) -> Sim:
    world = sim.copy()
    pool = list(unseen)
    rng.shuffle(pool)
    start = 0
    for other in range(SEATS):
        if other != seat:
            world.hands[other] = pool[start : start + counts[other]]
            start += counts[other]
    return world


def _unseen(view: dict[str, Any]) -> list[int]:
    seen = set(view["hand"] or [])
    seen.update(card for _, card in view["played"])
    seen.update(view["remaining"])
    seen.update(card for trailer in view["trailers"] for slot in trailer for card in slot)
    seen.update(view["discards"])
    return [index for index, card in enumerate(DECK) if card not in seen]


# --- the strong bot's playouts ---------------------------------------------------------------------
def _rollout(world: Sim, rng: random.Random) -> None:
    """To the end of the Haul: random plays (a low card more likely when a big card is in the Load) and
    greedy resolving."""
    while world.load < LOADS:
        seat = world.to_act()
        if world.order:
            world.resolve(seat, greedy_option(world, seat, token_worth(world)))
            continue
        hand = world.hands[seat]
        if not hand:  # a table laid out by hand with fewer cards than Loads
            return
        if len(hand) > 1 and world.played and rng.random() < 0.35:
            top = max(_RANK[c] for _, c in world.played)
            card = min(hand, key=_RANK.__getitem__) if top >= 8 else max(hand, key=_RANK.__getitem__)
        else:
            card = hand[rng.randrange(len(hand))]
        world.play(seat, card)


def outcome(world: Sim, seat: int, last_haul: bool) -> float:
    """The seat's standing at the end of the Haul: its total against the leader's and the others' mean,
    plus its tokens (in the last Haul, the tie-break only)."""
    totals = world.final_totals()
    others = [totals[s] for s in range(SEATS) if s != seat]
    tokens = world.tokens[seat] * (0.5 if last_haul else token_worth(world))
    if last_haul:
        top = max(others)
        return 30.0 * (totals[seat] > top) + 0.5 * (totals[seat] - top) + 0.25 * (
            totals[seat] - sum(others) / 3) + tokens
    return 0.6 * (totals[seat] - max(others)) + 0.4 * (totals[seat] - sum(others) / 3) + tokens
