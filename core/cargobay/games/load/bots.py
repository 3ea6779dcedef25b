"""Bots for TF22: LOAD! (``medium`` and ``strong``; ``easy`` is the shared random bot).

Both bots see only their seat's view and draw randomness only from the ``random.Random`` handed to
``choose``, so a match replays exactly from its seed.

Internally they simulate on a compact model of the game (``_Sim``): a card is an int
``rank * 4 + value`` with the colour rank in stacking order (Y=0, R=1, B=2, G=3), a ship slot is a
4-bit mask of the colours in it (a slot holds each colour at most once and stacks in rank order, so
the mask is the slot; its top is the highest bit; colour ``c`` may go on it iff ``mask < 1 << c``).
The shared supply (10 per colour) can never run out with two 5-slot ships, and a reload is legal only
when a load of the same colour is, so "may load or reload" is just ``min(ship) < 1 << c``.

- ``MediumBot``: a one-ply heuristic. Card: the expected value, over the opponent's possible
  cards (the unseen cards, by multiplicity), of a static evaluation after the battle and the
  winner's best load, minus the worth of the card kept in hand. Load: the static evaluation of each
  legal option.
- ``StrongBot``: information-set search for the simultaneous, hidden-hand choice. It samples
  determinizations of the opponent's hand (``game.determinize``), fills a payoff matrix (my distinct
  cards x the opponent's possible cards) with rollouts to the end of the round (random cards, a cheap
  jam-aware load policy, exact round scoring, then the static evaluation of the future: majorities,
  stacks, jams), blended half and half with the static evaluation after the battle and the loader's
  best static load, solves the matrix
  game restricted to each determinization's hand with regret matching, averages the mixed
  strategies and samples its card from the average. Loads are chosen by rollouts over
  determinizations with common random numbers.

The static evaluation (``_evaluate``) estimates the final score margin from one seat's side: the
points so far, this round's pile values weighted by the probability of holding the majority at the
round's end (a normal approximation of the container-count difference), the worth of majorities in
the rounds still to come, the expected +3 bonus of (partial) Yellow-Red-Blue-Green stacks, and a
"jam" term: a colour the ship can no longer take (no slot whose top is below it) turns each later
win in that colour into the other player's Joker, so each such colour costs about 0.45 points per
battle left in the game (less when only one or two slots still take it; none when a top of that
colour can simply be reloaded).
Measured: this term alone turns the static load choice from no better than random (-2 points a game)
into +22 points a game against random loads.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ...bots.search import argmax_ties, purify, regret_matching, sample_index
from ...engine import Game, InvalidActionError
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
    return bin(mask).count("1")


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


class _Sim:
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

    def copy(self) -> _Sim:
        new = _Sim.__new__(_Sim)
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
    ) -> _Sim:
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
    def from_state(cls, state: LoadState) -> _Sim:
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
        reload, but never closing the ship to a colour when a move that does not exists."""
        ship = self.ships[seat]
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
        bit = 1 << best_rank
        if best_source < 0:
            self.counts[seat][best_rank] += 1
        else:
            ship[best_source] ^= bit
        ship[best_target] |= bit

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
    """How many colours the ship cannot take (1 each), or may soon not (a fraction)."""
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


def _evaluate(sim: _Sim, seat: int) -> float:
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


def _sim_from_view(view: dict[str, Any]) -> _Sim:
    """A model of the public position plus the own hand (the opponent's hand left empty)."""
    seat = view["seat"]
    hands: list[list[str]] = [[], []]
    hands[seat] = list(view["hand"] or [])
    sim = _Sim.from_parts(
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


def _best_load_static(sim: _Sim, seat: int, ranks: Sequence[int], maximise_for: int) -> tuple[float, _Sim]:
    """Every load/reload of ``seat`` in ``ranks``; the one best for ``seat`` by the static evaluation.

    Returns (value for ``maximise_for``, the position after it)."""
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
            value = _evaluate(after, seat)
            if value > best_value:
                best_value, best_sim = value, after
    sign = 1.0 if maximise_for == seat else -1.0
    return sign * best_value, best_sim


# --- medium --------------------------------------------------------------------------------------
HAND_WORTH = 1.5  # points a card kept in hand is worth per unit of its win probability


def _forced(view: dict[str, Any]) -> str | None:
    """The only legal action, if there is just one; an error if there is none."""
    legal = view["legal"]
    if not legal:
        raise ValueError("the bot's seat has no legal action")
    return str(legal[0]) if len(legal) == 1 else None


class MediumBot:
    """``medium``: one-ply expected value of each card against the unseen cards, static loads."""

    level = "medium"

    def __init__(self, hand_worth: float = HAND_WORTH) -> None:
        self.hand_worth = hand_worth

    def choose(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> str:
        forced = _forced(view)
        if forced is not None:
            return forced
        if view["phase"] == "load":
            return self._load(view, rng)
        return self._card(view, rng)

    def card_values(self, view: dict[str, Any]) -> dict[str, float]:
        """Expected evaluation of each card in hand (higher is better)."""
        seat = view["seat"]
        base = _sim_from_view(view)
        unseen = unseen_cards(view)
        total = sum(unseen.values())
        mine = sorted(set(view["hand"]))
        values: dict[str, float] = {}
        for card in mine:
            a = card_int(card)
            expected = 0.0
            win_prob = 0.0
            for other_card, weight in unseen.items():
                b = card_int(other_card)
                sim = base.copy()
                sim.hands[seat].remove(a)
                sim.hands[1 - seat].pop()
                pair = (a, b) if seat == 0 else (b, a)
                winner = WIN[pair[0]][pair[1]]
                if winner == seat:
                    win_prob += weight
                loading = sim.battle(*pair)
                if loading is None:
                    sim.end_battle()
                    value = _evaluate(sim, seat)
                else:
                    value, _ = _best_load_static(sim, loading[0], loading[1], seat)
                expected += weight * value
            values[card] = expected / total - self.hand_worth * win_prob / total
        return values

    def _card(self, view: dict[str, Any], rng: random.Random) -> str:
        values = self.card_values(view)
        cards = list(values)
        index = argmax_ties([values[c] for c in cards], rng, 1e-6)
        return f"play:{cards[index]}"

    def _load(self, view: dict[str, Any], rng: random.Random) -> str:
        seat = view["seat"]
        base = _sim_from_view(view)
        legal = view["legal"]
        values = []
        for action in legal:
            rank, source, target = parse_load(action)
            sim = base.copy()
            sim.put(seat, rank, source, target)
            sim.end_battle()
            values.append(_evaluate(sim, seat))
        return str(legal[argmax_ties(values, rng, 1e-6)])


# --- strong --------------------------------------------------------------------------------------
class StrongBot:
    """``strong``: determinized matrix games solved for a mixed strategy; rollout-based loads.

    ``determinizations``: opponent hands sampled per decision; ``rollouts``: rollouts per cell of the
    payoff matrix (a cell is my card x an opponent card); ``iterations``: regret-matching iterations
    per matrix game; ``load_rollouts``: rollouts per load option; ``load_candidates``: load options
    kept (by the static evaluation) for rollouts; ``budget``: simulated battles per card decision
    (caps the rollouts per cell early in a round); ``static_weight``: share of a cell's value taken
    from the static evaluation after the battle and the loader's best static load (the rest from the
    rollouts; 0.5 measured clearly stronger than pure rollouts, whose random card play is noisy);
    ``load_static_weight``: the same blend for load options (0 by default: 0.5 measured the same,
    1.0, i.e. medium's static loads, clearly weaker).
    The defaults keep a move around 15-20 ms of CPU on average (p95 ~50 ms) in CPython.
    Strength and time are counts, never clock readings, so a decision is a function of the view
    and the rng alone.
    """

    level = "strong"

    def __init__(
        self,
        determinizations: int = 8,
        rollouts: int = 6,
        iterations: int = 120,
        load_rollouts: int = 24,
        load_candidates: int = 5,
        budget: int = 6000,
        static_weight: float = 0.5,
        load_static_weight: float = 0.0,
    ) -> None:
        self.determinizations = max(1, determinizations)
        self.rollouts = max(1, rollouts)
        self.iterations = max(1, iterations)
        self.load_rollouts = max(1, load_rollouts)
        self.load_candidates = max(1, load_candidates)
        self.budget = max(1, budget)
        self.static_weight = min(1.0, max(0.0, static_weight))
        self.load_static_weight = min(1.0, max(0.0, load_static_weight))

    def choose(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> str:
        forced = _forced(view)
        if forced is not None:
            return forced
        if view["phase"] == "load":
            return self._load(game, view, rng)
        strategy = self.strategy(game, view, rng)
        cards = list(strategy)
        index = sample_index([strategy[c] for c in cards], rng)
        return f"play:{cards[index]}"

    # --- the card -----------------------------------------------------------------------------
    def _determinize(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> list[_Sim]:
        determinize = game.determinize
        seat = view["seat"]
        size = len(view["hand"])
        dets = []
        for _ in range(self.determinizations):
            sim = _Sim.from_state(determinize(view, rng))
            # both hands hold as many cards; guard against a sampler that deals the opponent a
            # pending (already chosen) card twice
            opp = sim.hands[1 - seat]
            while len(opp) > size:
                opp.pop(rng.randrange(len(opp)))
            dets.append(sim)
        return dets

    def payoff_matrix(
        self, game: Game[Any], view: dict[str, Any], rng: random.Random
    ) -> tuple[list[str], list[str], list[list[float]], list[_Sim]]:
        """(my cards, opponent cards, payoff[i][j] = my expected margin, the determinizations)."""
        seat = view["seat"]
        other = 1 - seat
        dets = self._determinize(game, view, rng)
        mine = sorted(set(view["hand"]))
        theirs = sorted({card_str(c) for det in dets for c in det.hands[other]})
        # rollouts per cell: at most ``rollouts``, fewer when cells x battles to play exceed the budget
        battles = len(view["hand"]) - 1
        cells = len(mine) * len(theirs)
        rollouts = 1 if battles == 0 else max(1, min(self.rollouts, self.budget // (cells * battles)))
        seeds = [rng.getrandbits(48) for _ in range(rollouts)]
        mine_i = [card_int(c) for c in mine]
        theirs_i = [card_int(c) for c in theirs]
        matrix = []
        for a in mine_i:
            row = []
            for b in theirs_i:
                total = 0.0
                for k in range(rollouts):
                    # common random numbers: rollout k uses the same determinization and seed in
                    # every cell, so cells differ by the cards, not by the luck of the draw
                    local = random.Random(seeds[k])
                    sim = dets[k % len(dets)].copy()
                    opp = sim.hands[other]
                    if b in opp:
                        opp.remove(b)
                    else:  # condition this determinization on the opponent holding b
                        opp.pop(local.randrange(len(opp)))
                    sim.hands[seat].remove(a)
                    pair = (a, b) if seat == 0 else (b, a)
                    loading = sim.battle(*pair)
                    if loading is not None:
                        sim.quick_load(*loading)
                    sim.end_battle()
                    if not sim.over and sim.turn:
                        sim.rollout(local)
                    total += _evaluate(sim, seat)
                value = total / rollouts
                if self.static_weight:
                    value = (1 - self.static_weight) * value + self.static_weight * self._static_cell(
                        dets[0], seat, a, b
                    )
                row.append(value)
            matrix.append(row)
        return mine, theirs, matrix, dets

    @staticmethod
    def _static_cell(det: _Sim, seat: int, a: int, b: int) -> float:
        """The battle, the loader's best load by the static evaluation, then the evaluation."""
        sim = det.copy()
        other = sim.hands[1 - seat]
        if b in other:
            other.remove(b)
        else:
            other.pop()
        sim.hands[seat].remove(a)
        loading = sim.battle(*((a, b) if seat == 0 else (b, a)))
        if loading is None:
            sim.end_battle()
            return _evaluate(sim, seat)
        return _best_load_static(sim, loading[0], loading[1], seat)[0]

    def strategy(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> dict[str, float]:
        """The mixed strategy over the cards in hand (probabilities summing to 1)."""
        seat = view["seat"]
        other = 1 - seat
        mine, theirs, matrix, dets = self.payoff_matrix(game, view, rng)
        index = {card: j for j, card in enumerate(theirs)}
        total = [0.0] * len(mine)
        solved: dict[tuple[int, ...], list[float]] = {}
        for det in dets:
            columns = tuple(sorted({index[card_str(c)] for c in det.hands[other]}))
            if columns not in solved:
                sub = [[row[j] for j in columns] for row in matrix]
                solved[columns] = regret_matching(sub, self.iterations)[0]
            for i, p in enumerate(solved[columns]):
                total[i] += p
        strategy = purify([p / len(dets) for p in total])
        return dict(zip(mine, strategy, strict=True))

    # --- loads --------------------------------------------------------------------------------
    def _load(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> str:
        seat = view["seat"]
        legal = [str(action) for action in view["legal"]]
        base = _sim_from_view(view)
        scored = []
        for action in legal:
            rank, source, target = parse_load(action)
            sim = base.copy()
            sim.put(seat, rank, source, target)
            sim.end_battle()
            scored.append((_evaluate(sim, seat), action))
        scored.sort(key=lambda item: -item[0])
        candidates = [action for _, action in scored[: self.load_candidates]]
        static = [value for value, _ in scored[: self.load_candidates]]
        if len(candidates) == 1 or sum(view["hand_counts"]) == 0 or self.load_static_weight >= 1.0:
            return candidates[0]
        dets = self._determinize(game, view, rng)
        seeds = [rng.getrandbits(48) for _ in range(self.load_rollouts)]
        values = []
        for action in candidates:
            rank, source, target = parse_load(action)
            total = 0.0
            for k in range(self.load_rollouts):
                sim = dets[k % len(dets)].copy()
                sim.put(seat, rank, source, target)
                sim.end_battle()
                if not sim.over and sim.turn:
                    sim.rollout(random.Random(seeds[k]))
                total += _evaluate(sim, seat)
            values.append(total / self.load_rollouts)
        if self.load_static_weight:
            w = self.load_static_weight
            values = [(1 - w) * v + w * st for v, st in zip(values, static, strict=True)]
        return candidates[argmax_ties(values, rng, 1e-9)]
