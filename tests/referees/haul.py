#!/usr/bin/env python3
"""An independent referee for Haul, and a differential sweep of the engine against it.

The ``Referee`` class below was written from rules/haul.txt and the "Haul" section of
notes/rules-decisions.md only, before reading the engine (core/cargobay/games/haul/). It shares no code
with the engine: its own card model, its own action tuples, its own state. The driver at the bottom
translates engine match logs into referee actions and compares, after every decision, the seat to act,
the set of legal actions, finishing orders, trailers, discards, tokens, scores and the winners.

    python bench/haul_referee.py [--matches 1000] [--strong 20] [--seed 0]

Prints figures; exits non-zero on the first disagreement.

Referee actions (cards are (rank, suit) with rank 2..11 and suit in "HDSC"):
    ("dealer", n)                  the first Dealer (chance)
    ("deal", hands)                hands: 4 tuples of 7 cards, hands[s] goes to seat s (chance)
    ("play", card)                 the acting seat plays card into the current Load
    ("claim", card)                Claim Cargo, load by printed suit (Forced Unload if the slot is taken)
    ("tuck", card, slot)           Claim Cargo as a Heavy Load under the exposed card of slot `slot`
    ("refuel", card)               spend a token, discard card

Assumptions where the rulebook is silent (A1..A9), each written down before reading the engine:
    A1  Seats 0..3 are numbered clockwise, so "the player to the Dealer's left" and "clockwise" are seat+1,
        and "rotate the Dealer one seat to the left" is dealer+1 (mod 4).
    A2  Refuel is only allowed with a token left (tokens are "spent"); with 0 tokens the player must Claim.
        A player with a token may Refuel any remaining card, also the very last one (decisions 3).
    A3  A Heavy Load tuck needs an exposed card of the same rank; the exposed card of slot X always has suit X
        (cards are only ever exposed in their printed suit slot), so a card can never be tucked into its own
        suit slot (that would need two copies of the same card). Loading by suit is always available.
    A4  Tucking and loading by suit into an EMPTY slot are different actions even when both are possible.
        Loading by suit into a taken slot is a Forced Unload that discards the whole slot, even if the
        exposed card has the same rank as the new card (the player chose "by suit").
    A5  A Haul's score counts every card on the trailer (exposed and buried); discards score nothing.
    A6  Haul 1's Dealer is a chance decision; each later Haul's Dealer is the previous one + 1, and a fresh
        deal (chance) follows. The lead of a Haul's first Load is dealer+1 regardless of the previous Haul.
    A7  Winners: highest total; ties broken by most unused tokens, then by the highest Haul 4 score; players
        still tied all win (shared victory). Only the tied group takes part in each tie-break.
    A8  The trailers and discard pile are emptied between Hauls; tokens and scores carry over.
    A9  Finishing order among equal ranks follows play order from the lead (decisions 2); the first finisher
        of Load k leads Load k+1 even if he Refuelled.
"""

from __future__ import annotations

import argparse
import random as random_mod
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SUITS = "HDSC"
SUIT_RANKS = {"H": range(2, 9), "D": range(3, 10), "S": range(4, 11), "C": range(5, 12)}
DECK = tuple((rank, suit) for suit in SUITS for rank in SUIT_RANKS[suit])
SEATS = 4
HAULS = 4
LOADS = 7
TOKENS = 2

Card = tuple[int, str]
Action = tuple[Any, ...]


class Illegal(Exception):
    pass


@dataclass
class Referee:
    dealer: int | None = None
    haul: int = 0                      # 1..4 once dealt; 0 before the first deal
    load: int = 0                      # 1..7 inside a Haul
    hands: list[list[Card]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    # trailer[s][suit] = list of cards, [0] exposed, [1:] buried (tucked in order)
    trailers: list[dict[str, list[Card]]] = field(default_factory=lambda: [{} for _ in range(SEATS)])
    discards: list[Card] = field(default_factory=list)
    tokens: list[int] = field(default_factory=lambda: [TOKENS] * SEATS)
    haul_scores: list[list[int]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    lead: int = 0
    played: list[tuple[int, Card]] = field(default_factory=list)   # (seat, card) in play order
    finishing: list[int] = field(default_factory=list)             # seats, first to fourth
    remaining: list[Card] = field(default_factory=list)            # cards left in the Load to resolve
    resolved: int = 0                                             # how many seats resolved this Load
    phase: str = "dealer"              # dealer | deal | play | resolve | over
    history: list[dict[str, Any]] = field(default_factory=list)    # one record per finished Load

    # ---- whose turn -------------------------------------------------------------------------------------
    def to_act(self) -> int | None:
        """The seat to decide, or None for chance (dealer/deal) and after the game."""
        if self.phase == "play":
            return (self.lead + len(self.played)) % SEATS
        if self.phase == "resolve":
            return self.finishing[SEATS - 1 - self.resolved]
        return None

    def legal(self) -> set[Action]:
        if self.phase in ("dealer", "deal", "over"):
            return set()
        seat = self.to_act()
        assert seat is not None
        if self.phase == "play":
            return {("play", card) for card in self.hands[seat]}
        out: set[Action] = set()
        trailer = self.trailers[seat]
        for card in self.remaining:
            out.add(("claim", card))
            for slot, stack in trailer.items():
                if stack and stack[0][0] == card[0]:
                    out.add(("tuck", card, slot))
            if self.tokens[seat] > 0:
                out.add(("refuel", card))
        return out

    # ---- applying ---------------------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        kind = action[0]
        if self.phase == "dealer":
            if kind != "dealer" or action[1] not in range(SEATS):
                raise Illegal(action)
            self.dealer = action[1]
            self.phase = "deal"
            return
        if self.phase == "deal":
            if kind != "deal":
                raise Illegal(action)
            hands = [list(hand) for hand in action[1]]
            if sorted(c for hand in hands for c in hand) != sorted(DECK) or any(len(h) != LOADS for h in hands):
                raise Illegal(("bad deal", action))
            self.hands = hands
            self.haul += 1
            self.load = 1
            self.trailers = [{} for _ in range(SEATS)]
            self.discards = []
            assert self.dealer is not None
            self.lead = (self.dealer + 1) % SEATS
            self.played = []
            self.phase = "play"
            return
        if action not in self.legal():
            raise Illegal((self.phase, self.to_act(), action))
        seat = self.to_act()
        assert seat is not None
        if kind == "play":
            card = action[1]
            self.hands[seat].remove(card)
            self.played.append((seat, card))
            if len(self.played) == SEATS:
                self._finish_order()
            return
        card = action[1]
        self.remaining.remove(card)
        trailer = self.trailers[seat]
        if kind == "refuel":
            self.tokens[seat] -= 1
            self.discards.append(card)
        elif kind == "tuck":
            trailer[action[2]].append(card)
        else:  # claim by suit
            suit = card[1]
            if trailer.get(suit):
                self.discards.extend(trailer[suit])      # Forced Unload: the whole slot, Heavy Load included
            trailer[suit] = [card]
        self.resolved += 1
        if self.resolved == SEATS:
            self._end_load()

    def _finish_order(self) -> None:
        # stable sort by rank, descending: earlier play wins ties
        order = sorted(range(SEATS), key=lambda i: -self.played[i][1][0])
        self.finishing = [self.played[i][0] for i in order]
        self.remaining = [card for _, card in self.played]
        self.resolved = 0
        self.phase = "resolve"

    def _end_load(self) -> None:
        self.history.append({"haul": self.haul, "load": self.load, "played": list(self.played),
                             "finishing": list(self.finishing)})
        self.lead = self.finishing[0]
        self.played = []
        self.finishing = []
        if self.load < LOADS:
            self.load += 1
            self.phase = "play"
            return
        for seat in range(SEATS):
            self.haul_scores[seat].append(self.trailer_score(seat))
        if self.haul == HAULS:
            self.phase = "over"
            return
        assert self.dealer is not None
        self.dealer = (self.dealer + 1) % SEATS
        self.phase = "deal"

    # ---- scoring ----------------------------------------------------------------------------------------
    def trailer_score(self, seat: int) -> int:
        return sum(rank for stack in self.trailers[seat].values() for rank, _ in stack)

    def totals(self) -> list[int]:
        return [sum(scores) for scores in self.haul_scores]

    def winners(self) -> list[int]:
        return self._decide()[0]

    def decided_by(self) -> str:
        """Which rule picked the winners: "score", "refuel tokens", "haul 4" or "shared"."""
        return self._decide()[1]

    def _decide(self) -> tuple[list[int], str]:
        assert self.phase == "over"
        totals = self.totals()
        group = [s for s in range(SEATS) if totals[s] == max(totals)]
        if len(group) == 1:
            return group, "score"
        best = max(self.tokens[s] for s in group)
        group = [s for s in group if self.tokens[s] == best]
        if len(group) == 1:
            return group, "refuel tokens"
        best = max(self.haul_scores[s][HAULS - 1] for s in group)
        group = [s for s in group if self.haul_scores[s][HAULS - 1] == best]
        return group, "haul 4" if len(group) == 1 else "shared"


# =========================================================================================================
# Driver: the engine against the referee. Everything below reads the engine; everything above does not.
# =========================================================================================================

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "core") not in sys.path:
    sys.path.insert(0, str(ROOT / "core"))      # the driver imports cargobay lazily; the referee never does
SLOTS = "HDSC"


def card_of(text: str) -> Card:
    rank = text[:-1]
    return (11 if rank == "J" else int(rank), text[-1])


def text_of(card: Card) -> str:
    rank, suit = card
    return ("J" if rank == 11 else str(rank)) + suit


def to_referee(action: str) -> Action:
    """An engine action string as a referee action."""
    kind, _, arg = action.partition(":")
    if kind == "dealer":
        return ("dealer", int(arg))
    if kind == "deal":
        cards = [card_of(text) for text in arg.split(",")]
        return ("deal", tuple(tuple(cards[7 * s: 7 * s + 7]) for s in range(SEATS)))
    if kind == "claim" and ">" in arg:
        card, _, slot = arg.partition(">")
        return ("tuck", card_of(card), slot)
    return (kind, card_of(arg))


def to_engine(action: Action) -> str:
    """A referee player action as an engine action string."""
    kind = action[0]
    if kind == "tuck":
        return f"claim:{text_of(action[1])}>{action[2]}"
    return f"{kind}:{text_of(action[1])}"


class Disagreement(AssertionError):
    pass


@dataclass
class Tally:
    matches: int = 0
    decisions: int = 0          # player decisions whose legal sets were compared
    chance: int = 0
    probes: int = 0             # candidate actions tried on the engine, legal or not
    tucks: int = 0
    forced_unloads: int = 0
    heavy_lost: int = 0         # Forced Unloads that discarded a Heavy Load
    refuels: int = 0
    decided_by: dict[str, int] = field(default_factory=dict)


def public_of(ref: Referee) -> dict[str, Any]:
    """The referee's public picture in the engine view's shape."""
    return {
        "trailers": [[[text_of(c) for c in ref.trailers[s].get(slot, [])] for slot in SLOTS] for s in range(SEATS)],
        "discards": [text_of(c) for c in ref.discards],
        "tokens": list(ref.tokens),
        "hand_counts": [len(h) for h in ref.hands],
        "order": list(ref.finishing) if ref.phase == "resolve" else [],
        "remaining": sorted(text_of(c) for c in ref.remaining) if ref.phase == "resolve" else [],
        "played": [[s, text_of(c)] for s, c in ref.played],
        "haul": ref.haul,
        "dealer": ref.dealer,
        "scores": ref.totals(),
    }


def engine_public(view: dict[str, Any]) -> dict[str, Any]:
    picture = {key: view[key] for key in ("trailers", "discards", "tokens", "hand_counts", "order",
                                          "haul", "dealer", "scores")}
    picture["remaining"] = sorted(view["remaining"])
    picture["played"] = [list(p) for p in view["played"]]
    return picture


def random_choice(rng: random_mod.Random, legal: list[str], refuel: float) -> str:
    """A uniformly random legal action, a Refuel only with probability ``refuel`` (so tokens differ)."""
    keep = [a for a in legal if not a.startswith("refuel:")]
    if not keep or (rng.random() < refuel and len(keep) < len(legal)):
        return rng.choice([a for a in legal if a.startswith("refuel:")])
    return rng.choice(keep)


def random_step(table: Any, rng: random_mod.Random, refuel: float) -> tuple[int, str]:
    """One step of ``table`` with a random player instead of its bots."""
    from cargobay.engine import CHANCE

    game, state = table.game, table.match.state
    if game.current_player(state) == CHANCE:
        return CHANCE, table.match.play_chance()
    seat = game.acting_seats(state)[0]
    action = random_choice(rng, game.legal_actions(state, seat), refuel)
    table.match.apply(seat, action)
    return seat, action


def compare_match(table: Any, tally: Tally, probe: random_mod.Random | None = None,
                  hands: bool = False, policy: random_mod.Random | None = None, refuel: float = 0.05) -> Referee:
    """Step ``table`` to the end (its bots, or random players drawn from ``policy``), checking the referee
    after every decision. Raises Disagreement."""
    from cargobay.engine import CHANCE

    game = table.game
    ref = Referee()
    where = f"seed {table.match.seed} seats {table.match.seats}"

    def fail(what: str, engine: object, mine: object) -> None:
        raise Disagreement(f"{where} step {table.match.step}: {what}\n  engine:  {engine}\n  referee: {mine}")

    while not table.is_over():
        state = table.match.state
        player = game.current_player(state)
        if player == CHANCE:
            if ref.to_act() is not None or ref.phase not in ("dealer", "deal"):
                fail("who acts", "chance", (ref.phase, ref.to_act()))
        else:
            acting = list(game.acting_seats(state))
            if acting != [ref.to_act()]:
                fail("who acts", acting, ref.to_act())
            seat = acting[0]
            engine_legal = set(game.legal_actions(state, seat))
            mine = {to_engine(a) for a in ref.legal()}
            if engine_legal != mine:
                fail(f"legal actions of seat {seat}", sorted(engine_legal - mine), sorted(mine - engine_legal))
            tally.decisions += 1
            if probe is not None:
                for _ in range(12):
                    card = probe.choice(DECK)
                    kind = probe.choice(("play", "claim", "tuck", "refuel"))
                    cand: Action = ("tuck", card, probe.choice(SLOTS)) if kind == "tuck" else (kind, card)
                    text = to_engine(cand)
                    try:
                        game.apply(state, seat, text)
                        accepted = True
                    except ValueError:
                        accepted = False
                    tally.probes += 1
                    if accepted != (cand in ref.legal()):
                        fail(f"engine.apply({text!r}) accepted", accepted, cand in ref.legal())
                    for other in range(SEATS):      # nobody else may act
                        if other != seat and ref.legal():
                            any_legal = to_engine(next(iter(ref.legal())))
                            try:
                                game.apply(state, other, any_legal)
                                fail(f"seat {other} acting out of turn accepted", True, False)
                            except ValueError:
                                pass
        seat, action = table.step() if policy is None else random_step(table, policy, refuel)
        mine_action = to_referee(action)
        if seat == CHANCE:
            tally.chance += 1
        elif mine_action[0] == "claim" and ref.trailers[seat].get(mine_action[1][1]):
            tally.forced_unloads += 1
            tally.heavy_lost += len(ref.trailers[seat][mine_action[1][1]]) > 1
        tally.tucks += mine_action[0] == "tuck"
        tally.refuels += mine_action[0] == "refuel"
        try:
            ref.apply(mine_action)
        except Illegal as exc:
            fail("referee refuses the engine's action", action, exc)
        view = game.view(table.match.state, None)
        theirs, mine_pub = engine_public(view), public_of(ref)
        for key in mine_pub:
            if theirs[key] != mine_pub[key]:
                fail(f"after {seat}:{action}, {key}", theirs[key], mine_pub[key])
        if ref.phase in ("play", "resolve") and view["leader"] != ref.lead:
            fail("leader", view["leader"], ref.lead)
        done = ref.load - 1 if ref.phase in ("play", "resolve") else ref.load   # the view counts finished Loads
        if view["load"] != done:
            fail("finished Loads", view["load"], done)
        if list(game.scores(table.match.state)) != ref.totals():
            fail("game.scores", game.scores(table.match.state), ref.totals())
        if hands:
            for s in range(SEATS):
                hand = sorted(game.view(table.match.state, s)["hand"])
                if hand != sorted(text_of(c) for c in ref.hands[s]):
                    fail(f"hand of seat {s}", hand, ref.hands[s])
    if ref.phase != "over":
        fail("game over", "over", ref.phase)
    result = game.result(table.match.state)
    if result["winners"] != ref.winners() or result["decided_by"] != ref.decided_by():
        fail("winners", result, (ref.winners(), ref.decided_by()))
    by_haul = [list(row) for row in zip(*ref.haul_scores, strict=True)]     # the engine lists Haul by Haul
    if result["haul_scores"] != by_haul:
        fail("haul scores", result["haul_scores"], by_haul)
    if result["scores"] != ref.totals() or result["tokens"] != ref.tokens:
        fail("final scores/tokens", result, (ref.totals(), ref.tokens))
    if any(result["places"][w] != 1 for w in ref.winners()) or any(
            result["places"][s] == 1 for s in range(SEATS) if s not in ref.winners()):
        fail("places", result["places"], ref.winners())
    tally.matches += 1
    tally.decided_by[result["decided_by"]] = tally.decided_by.get(result["decided_by"], 0) + 1
    return ref


def make_table(seats: list[str], seed: int) -> Any:
    # = registry.SPECS["haul"], without importing the other games (one broken game must not stop this check)
    from cargobay.games.haul import SPEC
    from cargobay.table import Table

    return Table.new(SPEC, seats, seed)


MIXES = (["medium", "easy", "easy", "easy"], ["easy", "strong", "easy", "medium"],
         ["strong", "medium", "medium", "easy"], ["medium"] * 4)


def find_tie_breaks(tries: int, seed: int, refuel: float = 0.05) -> list[int]:
    """Seeds (random players) whose winner is decided by a tie-break, found with the engine alone."""
    from cargobay.engine import TERMINAL

    found = []
    for i in range(tries):
        table = make_table(["easy"] * 4, seed + i)
        rng = random_mod.Random(seed + i)
        while table.game.current_player(table.match.state) != TERMINAL:
            random_step(table, rng, refuel)
        if table.game.result(table.match.state)["decided_by"] != "score":
            found.append(seed + i)
    return found


def sweep(matches: int, strong: int, seed: int, probe_every: int = 10, randoms: int = 0,
          tie_tries: int = 0) -> Tally:
    tally = Tally()
    for i in range(randoms):
        compare_match(make_table(["easy"] * 4, seed + 200_000 + i), tally,
                      policy=random_mod.Random(seed + 200_000 + i))
    for tie_seed in find_tie_breaks(tie_tries, seed + 300_000):
        compare_match(make_table(["easy"] * 4, tie_seed), tally, policy=random_mod.Random(tie_seed))
    for i in range(matches):
        rng = random_mod.Random(seed + i) if i % probe_every == 0 else None
        compare_match(make_table(["easy"] * 4, seed + i), tally, probe=rng, hands=i % probe_every == 0)
    for i in range(strong):
        compare_match(make_table(MIXES[i % len(MIXES)], seed + 100_000 + i), tally)
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=1000, help="easy-bot matches")
    parser.add_argument("--strong", type=int, default=40, help="matches with medium/strong bots")
    parser.add_argument("--randoms", type=int, default=300, help="matches of random players (tokens kept)")
    parser.add_argument("--tie-tries", type=int, default=3000,
                        help="random matches scanned (engine only) for tie-breaks, which are then compared")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    try:
        tally = sweep(args.matches, args.strong, args.seed, randoms=args.randoms, tie_tries=args.tie_tries)
    except Disagreement as exc:
        print(f"DISAGREEMENT: {exc}")
        return 1
    seconds = time.perf_counter() - start
    print(f"matches compared:    {tally.matches} ({args.matches} easy bots, {args.strong} medium/strong mixes, "
          f"{args.randoms} random players, {tally.matches - args.matches - args.strong - args.randoms} "
          f"tie-break matches found in {args.tie_tries} random ones)")
    print(f"decisions compared:  {tally.decisions} player decisions (legal sets + state after each), "
          f"{tally.chance} chance")
    print(f"engine.apply probes: {tally.probes} (legal and illegal candidates, one match in ten)")
    print(f"seen: {tally.tucks} Heavy Load tucks, {tally.forced_unloads} Forced Unloads "
          f"({tally.heavy_lost} losing a Heavy Load), {tally.refuels} Refuels")
    print(f"decided by:          {dict(sorted(tally.decided_by.items()))}")
    print(f"disagreements:       0   ({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
