"""The LOAD! bots' compact model of a match (bit-mask ships, card ranks), its static evaluation and
the view helpers: what ``bots.py`` searches with. See ``bots.py`` for the design and the measurements.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ...engine import InvalidActionError
from .actions import Load, Reload, parse
from .rules import COLOURS, DECK, HAND_SIZE, ROUNDS, SLOTS, STACK_BONUS, LoadState

# --- the compact model ------------------------------------------------------------------------------
RANK = {colour: rank for rank, colour in enumerate(COLOURS)}  # Y0 R1 B2 G3
# ranks beaten by each rank: Y beats G; R beats Y; B beats R, Y; G beats B, R
_BEATS_RANK = {0: (3,), 1: (0,), 2: (1, 0), 3: (2, 1)}
FULL = 15  # a complete stack Y-R-B-G
PREFIXES = (0, 1, 3, 7, 15)  # slots that can still become (or are) a complete stack


def card_int(card: str) -> int:
    return RANK[card[0]] * 4 + int(card[1])


def card_str(card: int) -> str:
    return f"{COLOURS[card >> 2]}{card & 3}"


def _winner_table() -> list[list[int]]:
    """WIN[a][b]: 0 if card a (seat 0) wins, 1 if card b wins, -1 for a tie."""
    table = [[-1] * 16 for _ in range(16)]
    for a in range(16):
        for b in range(16):
            ra, rb = a >> 2, b >> 2
            if ra == rb:
                va, vb = a & 3, b & 3
                table[a][b] = -1 if va == vb else (0 if va > vb else 1)
            else:
                table[a][b] = 0 if rb in _BEATS_RANK[ra] else 1
    return table


WIN = _winner_table()


def _popcount(mask: int) -> int:
    return mask.bit_count()


def _load_priority() -> list[list[float]]:
    """PRI[mask][rank]: the cheap load policy's preference for putting ``rank`` on a slot ``mask``.

    Ship space is the scarce resource (a green top takes nothing more; a player who cannot load the
    winning colour hands the battle to the other as a Joker), so: best fit first (the slot whose top
    is the highest colour below ``rank``), a stack that stays on course for Y-R-B-G first of all."""
    table = [[-1.0] * 4 for _ in range(16)]
    for mask in range(16):
        top = mask.bit_length() - 1  # -1 for an empty slot
        for rank in range(4):
            if mask >= 1 << rank:
                continue  # illegal
            value = 2.0 * top  # best fit: the higher the top below rank, the less space is wasted
            if mask == (1 << rank) - 1:
                value += 3.0  # continues a stack toward Y-R-B-G
            table[mask][rank] = 10.0 + value
    return table


PRI = _load_priority()
QUICK_LOAD_BONUS = 1.0  # a new container (one more toward the majority) over a reload
QUICK_CLOSE_COST = 5.0  # per colour the ship could no longer take



def _quick_choice(ship: list[int], ranks: Sequence[int]) -> tuple[int, int, int]:
    """``Sim.quick_load``'s move on ``ship`` (left as it was): (rank, source slot or -1 for a new container, target)."""
    best = -math.inf
    best_rank = best_source = best_target = -1
    for rank in ranks:
        bit = 1 << rank
        sources = [s for s in range(SLOTS) if bit <= ship[s] < bit << 1]
        for target in range(SLOTS):
            mask = ship[target]
            if mask >= bit:
                continue
            ship[target] = mask | bit
            # colours the ship can no longer take = bit length of its lowest slot
            score = PRI[mask][rank] + QUICK_LOAD_BONUS - QUICK_CLOSE_COST * min(ship).bit_length()
            if score > best:
                best, best_rank, best_source, best_target = score, rank, -1, target
            for source in sources:
                if source == target:
                    continue
                ship[source] ^= bit
                score = PRI[mask][rank] - QUICK_CLOSE_COST * min(ship).bit_length()
                ship[source] ^= bit
                if score > best:
                    best, best_rank, best_source, best_target = score, rank, source, target
            ship[target] = mask
    return best_rank, best_source, best_target


# ``quick_load``'s moves by (the ship's five slots, *the ranks it may load*); cleared when full (a pure function of
# its key, so clearing changes no choice; 2**15 entries: about 7 MB at most, measured with tracemalloc)
QUICK: dict[tuple[int, ...], tuple[int, int, int]] = {}
QUICK_SIZE = 1 << 15


class Sim:
    """A fast, mutable copy of a LOAD! position (see the module docstring)."""

    __slots__ = ("counts", "hands", "over", "piles", "round", "scores", "ships", "turn")

    def __init__(self) -> None:
        self.hands: list[list[int]] = [[], []]
        self.ships: list[list[int]] = [[0] * SLOTS, [0] * SLOTS]
        self.counts: list[list[int]] = [[0] * 4, [0] * 4]
        self.piles: list[list[int]] = [[0] * 4, [0] * 4]  # pile value per colour rank
        self.scores: list[int] = [0, 0]
        self.round = 1
        self.turn = 0  # battles resolved this round
        self.over = False

    def copy(self) -> Sim:
        new = Sim.__new__(Sim)
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.ships = [self.ships[0][:], self.ships[1][:]]
        new.counts = [self.counts[0][:], self.counts[1][:]]
        new.piles = [self.piles[0][:], self.piles[1][:]]
        new.scores = self.scores[:]
        new.round = self.round
        new.turn = self.turn
        new.over = self.over
        return new

    @classmethod
    def from_parts(
        cls,
        hands: Sequence[Sequence[str]],
        ships: Sequence[Sequence[Sequence[str]]],
        piles: Sequence[Sequence[str]],
        scores: Sequence[int],
        round_: int,
        turn: int,
        over: bool,
    ) -> Sim:
        sim = cls()
        sim.hands = [[card_int(c) for c in hand] for hand in hands]
        for seat in (0, 1):
            for index, slot in enumerate(ships[seat]):
                mask = 0
                for colour in slot:
                    mask |= 1 << RANK[colour]
                    sim.counts[seat][RANK[colour]] += 1
                sim.ships[seat][index] = mask
            for card in piles[seat]:
                sim.piles[seat][RANK[card[0]]] += int(card[1])
        sim.scores = list(scores)
        sim.round = max(1, round_)
        sim.turn = turn
        sim.over = over
        return sim

    @classmethod
    def from_state(cls, state: LoadState) -> Sim:
        hands = [list(hand) for hand in state.hands]
        return cls.from_parts(
            hands, state.ships, state.piles, state.scores, state.round, state.turn, state.phase == "end"
        )

    # --- rules ------------------------------------------------------------------------------------
    def can_use(self, seat: int, rank: int) -> bool:
        return min(self.ships[seat]) < 1 << rank

    def battle(self, a: int, b: int) -> tuple[int, list[int]] | None:
        """Resolve seat 0's card ``a`` against seat 1's ``b`` (already out of the hands).

        Returns (loader, usable colour ranks) when someone must load, else None (the battle is
        then finished: call ``end_battle``)."""
        w = WIN[a][b]
        piles = self.piles
        if w < 0:
            piles[0][a >> 2] += a & 3
            piles[1][b >> 2] += b & 3
            return None
        rank = (a if w == 0 else b) >> 2
        ships = self.ships
        if min(ships[w]) < 1 << rank:
            pile = piles[w]
            pile[a >> 2] += a & 3
            pile[b >> 2] += b & 3
            return w, [rank]
        loser = 1 - w
        low = min(ships[loser])
        usable = [r for r in {a >> 2, b >> 2} if low < 1 << r]
        if usable:
            pile = piles[loser]
            pile[a >> 2] += a & 3
            pile[b >> 2] += b & 3
            usable.sort()
            return loser, usable
        return None  # both cards discarded

    def put(self, seat: int, rank: int, source: int | None, target: int) -> None:
        ship = self.ships[seat]
        bit = 1 << rank
        if source is None:
            self.counts[seat][rank] += 1
        else:
            ship[source] &= ~bit
        ship[target] |= bit

    def quick_load(self, seat: int, ranks: Sequence[int]) -> None:
        """The cheap load policy of the rollouts: best fit (PRI), a new container rather than a
        reload, but never closing the ship to a colour when a move that does not exists.

        The choice depends on the ship's five slots and ``ranks`` alone, so it is looked up in ``QUICK``
        (``_quick_choice`` the first time: the rollouts' most frequent call, about 8x cheaper so)."""
        ship = self.ships[seat]
        key = (*ship, *ranks)
        choice = QUICK.get(key)
        if choice is None:
            if len(QUICK) >= QUICK_SIZE:
                QUICK.clear()
            choice = QUICK[key] = _quick_choice(ship, ranks)
        rank, source, target = choice
        bit = 1 << rank
        if source < 0:
            self.counts[seat][rank] += 1
        else:
            ship[source] ^= bit
        ship[target] |= bit

    def end_battle(self) -> None:
        self.turn += 1
        if self.hands[0]:
            return
        c0, c1 = self.counts
        p0, p1 = self.piles
        for rank in range(4):
            if c0[rank] > c1[rank]:
                self.scores[0] += p0[rank]
            elif c1[rank] > c0[rank]:
                self.scores[1] += p1[rank]
        self.piles = [[0] * 4, [0] * 4]
        if self.round >= ROUNDS:
            for seat in (0, 1):
                self.scores[seat] += STACK_BONUS * sum(1 for m in self.ships[seat] if m == FULL)
            self.over = True
        else:
            self.round += 1
            self.turn = 0

    def rollout(self, rng: random.Random) -> None:
        """Uniformly random cards and the cheap load policy to the end of the current round.

        (Tried: steering each player away from cards of a colour his ship can no longer take; it
        measured no better against medium, so the rollouts stay uniform.)"""
        hands = self.hands
        h0, h1 = hands
        randrange = rng.randrange
        while h0:
            a = h0.pop(randrange(len(h0)))
            b = h1.pop(randrange(len(h1)))
            loading = self.battle(a, b)
            if loading is not None:
                self.quick_load(*loading)
            self.end_battle()


# --- the static evaluation ------------------------------------------------------------------------
MAJORITY_WORTH = 5.0  # a colour majority at a future round's end: about one pile's worth in that colour
_MAX_LEFT = HAND_SIZE * ROUNDS


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def _majority_table() -> list[list[float]]:
    """P[d + 5][left]: probability that a count difference ``d`` is still > 0 after ``left`` battles."""
    table = []
    for d in range(-5, 6):
        row = []
        for left in range(_MAX_LEFT + 1):
            if left == 0:
                row.append(1.0 if d > 0 else 0.0)
            else:
                row.append(_phi((d - 0.5) / (0.5 * math.sqrt(left))))
        table.append(row)
    return table


P_MAJ = _majority_table()


def _future_table() -> list[list[list[float]]]:
    """FUT[d + 5][left][rounds]: worth of a count difference ``d`` for the majority of ``rounds``
    further round-ends, the first one ``left`` battles after the current round's end."""
    table = []
    for d in range(-5, 6):
        by_left = []
        for left in range(HAND_SIZE + 1):
            by_rounds = []
            for rounds in range(ROUNDS):
                total = 0.0
                for j in range(1, rounds + 1):
                    horizon = min(_MAX_LEFT, left + HAND_SIZE * j)
                    total += MAJORITY_WORTH * (P_MAJ[d + 5][horizon] - P_MAJ[-d + 5][horizon])
                by_rounds.append(total)
            by_left.append(by_rounds)
        table.append(by_left)
    return table


FUT = _future_table()


def _stack_table() -> list[list[float]]:
    """STACK[mask][left]: expected bonus of a slot with ``left`` battles to go in the game."""
    table = []
    for mask in range(16):
        row = []
        for left in range(_MAX_LEFT + 1):
            if mask == FULL:
                value = 1.0
            elif mask == 7:
                value = 0.85 * (1 - math.exp(-left / 5))
            elif mask == 3:
                value = 0.6 * (1 - math.exp(-left / 10))
            elif mask == 1:
                value = 0.4 * (1 - math.exp(-left / 16))
            elif mask == 0:
                value = 0.2 * (1 - math.exp(-left / 24))
            else:
                value = 0.0
            row.append(STACK_BONUS * value)
        table.append(row)
    return table


STACK = _stack_table()

JAM_WORTH = 0.45  # per battle left: a colour that cannot be loaded turns its wins into the other's Jokers


def _jam_risk(ship: list[int]) -> float:
    """How many colours the ship cannot take (1 each), or may soon not (a fraction): ``_ship_jam_risk``, looked up
    in ``JAMS`` by the ship's five slots after the first time."""
    key = tuple(ship)
    risk = JAMS.get(key)
    if risk is None:
        if len(JAMS) >= QUICK_SIZE:
            JAMS.clear()
        risk = JAMS[key] = _ship_jam_risk(ship)
    return risk


JAMS: dict[tuple[int, ...], float] = {}  # ``_jam_risk`` by ship, cleared when full (like ``QUICK``)


def _ship_jam_risk(ship: list[int]) -> float:
    """``_jam_risk`` computed."""
    risk = 0.0
    low = min(ship)
    for rank in range(4):
        bit = 1 << rank
        if low >= bit:
            risk += 1.0
            continue
        accepting = 0
        reloadable = False
        for mask in ship:
            if mask < bit:
                accepting += 1
            elif mask < bit << 1:  # top is this colour: a reload keeps the ship as it is
                reloadable = True
        if not reloadable:
            risk += JAM_RISK[accepting] if accepting < len(JAM_RISK) else 0.0
    return risk


JAM_RISK = (1.0, 0.4, 0.15)


def _evaluate(sim: Sim, seat: int) -> float:
    """Estimated final score margin for ``seat`` (positive: ahead)."""
    other = 1 - seat
    if sim.over:
        margin = sim.scores[seat] - sim.scores[other]
        if margin == 0:
            bonus_me = sum(1 for m in sim.ships[seat] if m == FULL)
            bonus_op = sum(1 for m in sim.ships[other] if m == FULL)
            return 0.5 if bonus_me < bonus_op else (-0.5 if bonus_me > bonus_op else 0.0)
        return float(margin)
    value = float(sim.scores[seat] - sim.scores[other])
    left = HAND_SIZE - sim.turn  # battles left in this round
    rounds = ROUNDS - sim.round  # round-ends after this one
    mine, theirs = sim.counts[seat], sim.counts[other]
    pile_me, pile_op = sim.piles[seat], sim.piles[other]
    for rank in range(4):
        d = mine[rank] - theirs[rank]
        value += P_MAJ[d + 5][left] * pile_me[rank] - P_MAJ[5 - d][left] * pile_op[rank]
        if rounds:
            value += FUT[d + 5][left][rounds]
    game_left = left + HAND_SIZE * rounds
    if game_left:
        value -= JAM_WORTH * game_left * (_jam_risk(sim.ships[seat]) - _jam_risk(sim.ships[other]))
    for mask in sim.ships[seat]:
        value += STACK[mask][game_left]
    for mask in sim.ships[other]:
        value -= STACK[mask][game_left]
    return value


# --- view helpers ---------------------------------------------------------------------------------
def unseen_cards(view: dict[str, Any]) -> Counter[str]:
    """Cards this seat has not seen this round: the opponent's hand plus the face-down ones."""
    unseen = Counter(DECK)
    unseen.subtract(view["hand"] or [])
    if view.get("my_choice"):
        unseen.subtract([view["my_choice"]])
    for pile in view["piles"]:
        unseen.subtract(pile)
    unseen.subtract(view["discarded"])
    return +unseen


def _sim_from_view(view: dict[str, Any]) -> Sim:
    """A model of the public position plus the own hand (the opponent's hand left empty)."""
    seat = view["seat"]
    hands: list[list[str]] = [[], []]
    hands[seat] = list(view["hand"] or [])
    sim = Sim.from_parts(
        hands,
        view["ships"],
        view["piles"],
        view["scores"],
        view["round"],
        view["turn"],
        view["phase"] == "end",
    )
    # both hands always hold as many cards (cards leave them together when a battle resolves);
    # the opponent's are unknown here: placeholders, so that the round ends when it should
    sim.hands[1 - seat] = [-1] * len(hands[seat])
    return sim


def parse_load(action: str) -> tuple[int, int | None, int]:
    """``load:G@2`` -> (rank, None, 1); ``reload:G@1>3`` -> (rank, 0, 2) (slots 0-based)."""
    move = parse(action)
    if isinstance(move, Load):
        return RANK[move.colour], None, move.slot - 1
    if isinstance(move, Reload):
        return RANK[move.colour], move.source - 1, move.target - 1
    raise InvalidActionError(f"{action!r} is not a load or a reload")


def _best_load_static(
    sim: Sim, seat: int, ranks: Sequence[int], maximise_for: int, evaluate: Callable[[Sim, int], float] | None = None
) -> tuple[float, Sim]:
    """Every load/reload of ``seat`` in ``ranks``; the one best for ``seat`` by the static evaluation
    (``evaluate``, by default ``_evaluate``).

    Returns (value for ``maximise_for``, the position after it)."""
    evaluate = evaluate or _evaluate
    best_value = -math.inf
    best_sim = sim
    ship = sim.ships[seat]
    for rank in ranks:
        bit = 1 << rank
        targets = [t for t in range(SLOTS) if ship[t] < bit]
        sources = [s for s in range(SLOTS) if ship[s] & bit and ship[s] < bit << 1]
        moves: list[tuple[int | None, int]] = [(None, t) for t in targets]
        moves += [(s, t) for s in sources for t in targets if t != s]
        for source, target in moves:
            after = sim.copy()
            after.put(seat, rank, source, target)
            after.end_battle()
            value = evaluate(after, seat)
            if value > best_value:
                best_value, best_sim = value, after
    sign = 1.0 if maximise_for == seat else -1.0
    return sign * best_value, best_sim
