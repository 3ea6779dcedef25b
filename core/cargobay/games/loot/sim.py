"""The Loot N' Loaded bots' model: what a card is worth to a seat, read from a view (public information only).

``Sim(view)`` reads the collections, White Flags, the deck's composition and the rounds left, and values
a seat's collection as its *expected final points* ``worth(seat)``: the points it scores now (the same
scoring as ``cards.py``: sets, Queen's Jewels, White Flags, Sheriff's Badges, Collection of Bullets, the flat
items) plus

- the option value of unfinished sets (Snake Oil, Totems, Golden Compass, Crystal Flower, Boots, Clover,
  Queen's Jewels): a few cards deep, each next card coming with the chance that the seat still gets one
  (a Poisson tail of the copies still to be revealed times its share of the picks), each costing a pick
  (``OPPORTUNITY`` points, what a pick brings otherwise), and only pursued when it pays;
- Collection of Bullets: 4 points each times the chance of reaching 6 item types;
- Hogwash and Badge of Humility majorities as expectations: every seat's heads / badges may still grow
  (up to two more cards each, Poisson), places and ties by the rulebook.

``gain(seat, card)`` is the rise of ``worth`` when the seat gains ``card`` plus what its action brings
(Dynamite's 2 cheapest discards, Sleeping Dart's best steal, Handkerchief's draw, Keys of Power's best of 3,
Copy Cat's best copy, the third Clover's draw, the Love Letter's later pick, ...). ``flag(seat)`` is what one
more White Flag is worth to it. The bots (``bots.py``) weigh picks and guns with these numbers.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

from .actions import Draw, parse
from .cards import FLAGS, HOGWASH_PLACES, JEWEL_SETS, JEWELS, SETS, TYPE_OF, set_points

FLAT = {"gold": 3, "humility": 2, "dynamite": 5, "dart": -2, "handkerchief": 4, "glass": 3, "sleight": 2,
        "letter": 2}
HEADS = {"hog2": 2, "hog3": 3}
ACES = ("acolyte", "duel")  # single use; in "gun cards" mode the Duel Gun acts as an Acolyte
PLAIN = ("deadly", "sneaky", "valiant")
OPPORTUNITY = 2.0  # points a pick is worth when spent on something else
SHARE = 1.6  # a seat's share of the copies still to come: SHARE / players (it chooses what it takes)
DRAW_MEAN, DRAW_SD, DRAW_LOW, DRAW_HIGH, DRAW_EARLY = 270.0, 60.0, 150, 900, 0.02


def resolved(card: str) -> str:
    """What a card counts as: ``cat=X`` is ``X`` (``cat=flag``: a White Flag); a Badge's date is left out."""
    return card.removeprefix("cat=").partition("@")[0]


def kind(card: str) -> str:
    return TYPE_OF.get(card, card)


def jewel_points(colours: list[int]) -> int:
    """Greedy sets of different jewels, largest first (the same as ``cards.jewel_points``)."""
    c = sorted(colours, reverse=True) + [0] * (4 - len(colours))
    return (c[3] * JEWEL_SETS[4] + (c[2] - c[3]) * JEWEL_SETS[3] + (c[1] - c[2]) * JEWEL_SETS[2]
            + (c[0] - c[1]) * JEWEL_SETS[1])


def kinds(counts: dict[str, int], flags: int) -> int:
    return len({kind(card) for card, n in counts.items() if n > 0 and card != "flag"}) + (flags > 0)


def points(counts: dict[str, int], flags: int, newest_badge: bool = False) -> int:
    """A collection's points without Hogwash and the Humility bonus (``cards.collection_points``);
    ``counts`` by resolved card code, ``flags`` including the copied ones, ``newest_badge``: it holds the table's
    most recent Sheriff's Badge (+3)."""
    total = set_points(FLAGS, flags)
    for card, table in SETS.items():
        n = counts.get(card, 0)
        if n:
            total += set_points(table, n)
    colours = [counts.get(j, 0) for j in JEWELS]
    if any(colours):
        total += jewel_points(colours)
    for card, value in FLAT.items():
        n = counts.get(card, 0)
        if n:
            total += value * n
    sheriffs = counts.get("sheriff", 0)
    if sheriffs:
        total += 2 * sheriffs + (3 if newest_badge else 0)
    bullets = counts.get("bullets", 0)
    if bullets and kinds(counts, flags) >= 6:
        total += 4 * bullets
    return total


def tail(lam: float, j: int) -> float:
    """P(Poisson(lam) >= j)."""
    if j <= 0:
        return 1.0
    if lam <= 0:
        return 0.0
    term = math.exp(-lam)
    below = 0.0
    for i in range(j):
        below += term
        term *= lam / (i + 1)
    return max(0.0, 1.0 - below)


def _dist3(lam: float) -> tuple[float, float, float]:
    """P(0), P(1), P(2 or more) of Poisson(lam)."""
    p0 = math.exp(-lam)
    p1 = p0 * lam
    return p0, p1, max(0.0, 1.0 - p0 - p1)


def set_future(table: tuple[int, ...], n: int, lam: float, depth: int = 3) -> float:
    """The option value of going on with a set of ``n`` cards when about ``lam`` more may come (each next
    card: the conditional chance of one more, worth it only if it beats a pick spent elsewhere)."""
    if lam < 0.02:
        return 0.0
    tails = [tail(lam, j) for j in range(depth + 1)]
    value = float(set_points(table, n + depth))
    for j in range(depth, 0, -1):
        here = set_points(table, n + j - 1)
        r = tails[j] / tails[j - 1] if tails[j - 1] > 1e-12 else 0.0
        value = here + r * max(0.0, value - OPPORTUNITY - here)
    return value - set_points(table, n)


def jewel_future(colours: list[int], lams: list[float], depth: int = 2) -> float:
    base = jewel_points(colours)
    best, useful = 0, []
    for index in range(4):
        if lams[index] < 0.02:
            continue
        more = list(colours)
        more[index] += 1
        gain = jewel_points(more) - base
        if gain > best + 1e-9:
            best, useful = gain, [index]
        elif gain >= best - 1e-9 and gain > 0:
            useful.append(index)
    if not useful:
        return 0.0
    chance = 1.0 - math.exp(-sum(lams[i] for i in useful))
    value = float(best)
    if depth > 1:
        more, rest = list(colours), list(lams)
        more[useful[0]] += 1
        rest[useful[0]] = max(0.0, rest[useful[0]] - 1.0)
        value += jewel_future(more, rest, depth - 1)
    return chance * max(0.0, value - OPPORTUNITY)


def _beaten(mine: float, others: list[list[tuple[float, float]]]) -> list[float]:
    """The distribution of how many of ``others`` (each a list of (value, probability)) end above ``mine``."""
    dist = [1.0]
    for options in others:
        above = sum(p for value, p in options if value > mine + 1e-9)
        new = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            new[k] += q * (1 - above)
            new[k + 1] += q * above
        dist = new
    return dist


class Sim:
    """One seat's reading of a view: every seat's collection, flags and expected final points."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.players: int = view["players"]
        self.seat: int | None = view["seat"]
        self.round: int = view["round"]
        self.rounds: int = view.get("rounds", 10)
        self.future: int = max(0, self.rounds - self.round)  # whole rounds after this one
        self.mode: str = view.get("mode", "gun cards")
        self.counts: list[Counter[str]] = []
        self.flags: list[int] = []
        for cards, flags in zip(view["collections"], view["flags"], strict=True):
            counts = Counter(resolved(card) for card in cards)
            self.flags.append(flags + counts.pop("flag", 0))
            self.counts.append(counts)
        # Copy Cats waiting for a card to copy (not the one a copy prompt is about)
        self.waiting = [counts.get("cat", 0) for counts in self.counts]
        prompt = view.get("prompt")
        if prompt and len(prompt) > 2 and prompt[1] == "copy" and self.waiting[prompt[0]]:
            self.waiting[prompt[0]] -= 1
        self.spent: list[list[str]] = [list(s) for s in view["spent"]]
        deck = Counter(view["deck_cards"])
        self.deck = deck
        self.deck_count = sum(deck.values())
        on_table = Counter(card for card in view["locations"] if card is not None)
        # copies still to come: the deck share that will be revealed, and a little of the table
        reveals = min(self.deck_count, self.players * self.future)
        frac = reveals / self.deck_count if self.deck_count else 0.0
        stay = 0.25 if self.future else 0.0  # a card left on the table may still be taken in a later round
        avail = {card: deck[card] * frac + stay * on_table[card] for card in set(deck) | set(on_table)}
        share = min(0.9, SHARE / self.players)
        cap = float(self.future)
        self.lam = {card: min(cap, a * share) for card, a in avail.items()}
        hog = sum(a for card, a in avail.items() if card in HEADS)
        self.hog_lam = min(cap, hog / self.players)
        self.hum_lam = min(cap, avail.get("humility", 0.0) / self.players)
        self.hog_own = 1.0 - math.exp(-min(cap, hog * share))  # the chance of one more for the seat itself
        self.hum_own = 1.0 - math.exp(-min(cap, avail.get("humility", 0.0) * share))
        self.jewel_lams = [self.lam.get(j, 0.0) for j in JEWELS]
        # the table's most recent Sheriff's Badge (+3) stays its holder's while nobody else obtains one
        self.newest: int | None = view.get("newest_badge")
        self.badge_keep = math.exp(-avail.get("sheriff", 0.0) * (self.players - 1) / self.players)
        self._worth: dict[int, float] = {}
        self._gain: dict[tuple[int, str], float] = {}
        self._flag: dict[int, float] = {}
        self._avg: dict[int, float] = {}
        self._keys: dict[int, float] = {}

    # --- majorities -------------------------------------------------------------------------------
    def heads(self, counts: dict[str, int]) -> float:
        return 2 * counts.get("hog2", 0) + 3 * counts.get("hog3", 0)

    def hogwash(self, seat: int, all_heads: list[float]) -> float:
        """The seat's expected Hogwash points: the others' heads may grow by up to two cards (2.5 heads each),
        its own by one more when that pays for the pick (the option, as for sets)."""
        here = self._hogwash_at(seat, all_heads, all_heads[seat])
        more = self._hogwash_at(seat, all_heads, all_heads[seat] + 2.5)
        return here + self.hog_own * max(0.0, more - OPPORTUNITY - here)

    def _hogwash_at(self, seat: int, all_heads: list[float], mine: float) -> float:
        if mine <= 0:
            return 0.0
        p0, p1, p2 = _dist3(self.hog_lam)
        others = [[(h, p0), (h + 2.5, p1), (h + 5.0, p2)] for o, h in enumerate(all_heads) if o != seat]
        dist = _beaten(mine, others)
        return sum(q * (HOGWASH_PLACES[k] if k < len(HOGWASH_PLACES) else 2) for k, q in enumerate(dist))

    def humility(self, seat: int, badges: list[int]) -> float:
        """The seat's expected Humility bonus (+4 with the most badges, ties all get it): the others' counts may
        grow by up to two, its own by one more when that pays for the pick."""
        here = self._humility_at(seat, badges, badges[seat])
        more = self._humility_at(seat, badges, badges[seat] + 1) + 2
        return here + self.hum_own * max(0.0, more - OPPORTUNITY - here)

    def _humility_at(self, seat: int, badges: list[int], mine: int) -> float:
        if mine <= 0:
            return 0.0
        p0, p1, p2 = _dist3(self.hum_lam)
        chance = 4.0
        for o, b in enumerate(badges):
            if o != seat:
                chance *= p0 * (b <= mine) + p1 * (b + 1 <= mine) + p2 * (b + 2 <= mine)
        return chance

    # --- worth --------------------------------------------------------------------------------------
    def own_worth(self, counts: dict[str, int], flags: int) -> float:
        """Points now plus the option value of unfinished sets and of Collection of Bullets."""
        total = float(points(counts, flags))
        lam = self.lam
        for card, table in SETS.items():
            n = counts.get(card, 0)
            if lam.get(card, 0.0) >= 0.02:
                total += set_future(table, n, lam[card])
        colours = [counts.get(j, 0) for j in JEWELS]
        if any(x >= 0.02 for x in self.jewel_lams):
            total += jewel_future(colours, self.jewel_lams)
        bullets = counts.get("bullets", 0)
        if bullets:
            have = kinds(counts, flags)
            if have < 6:
                total += 4 * bullets * tail(0.5 * self.future, 6 - have)
        return total

    def worth(self, seat: int) -> float:
        if seat not in self._worth:
            self._worth[seat] = self.worth_with(seat, self.counts[seat], self.flags[seat])
        return self._worth[seat]

    def worth_with(self, seat: int, counts: dict[str, int], flags: int, newest: int | None = -1) -> float:
        """The seat's expected final points if its collection were ``counts`` and ``flags`` and ``newest`` (-1:
        as now) held the table's most recent Sheriff's Badge."""
        heads = [self.heads(c) for c in self.counts]
        heads[seat] = self.heads(counts)
        badges = [c.get("humility", 0) for c in self.counts]
        badges[seat] = counts.get("humility", 0)
        newest = self.newest if newest == -1 else newest
        bonus = 3 * self.badge_keep if newest == seat and counts.get("sheriff", 0) else 0.0
        return self.own_worth(counts, flags) + self.hogwash(seat, heads) + self.humility(seat, badges) + bonus

    def newest_after(self, seat: int, gained: str = "", lost: tuple[str, ...] = ()) -> int | None:
        """Who holds the most recent Badge after ``seat`` gains / loses cards (a Badge lost by its holder: nobody,
        an estimate)."""
        if gained == "sheriff":
            return seat
        if self.newest == seat and "sheriff" in lost:
            return None
        return self.newest

    def add(self, seat: int, card: str) -> float:
        """The rise of the seat's worth when ``card`` (resolved; ``flag`` a White Flag) joins its collection."""
        key = (seat, "+" + card)
        if key not in self._gain:
            counts = Counter(self.counts[seat])
            flags = self.flags[seat]
            times = 1
            if card != "cat" and self.waiting[seat]:  # every Copy Cat waiting for a card becomes this one
                times += self.waiting[seat]
                counts["cat"] -= self.waiting[seat]
            if card == "flag":
                flags += times
            else:
                counts[card] += times
            newest = self.newest_after(seat, gained=card)
            self._gain[key] = self.worth_with(seat, counts, flags, newest) - self.worth(seat)
        return self._gain[key]

    def loss(self, seat: int, cards: list[str]) -> float:
        """What the seat's worth drops when ``cards`` (codes as in its collection) leave it."""
        counts = Counter(self.counts[seat])
        flags = self.flags[seat]
        lost = tuple(resolved(card) for card in cards)
        for card in lost:
            if card == "flag":
                flags -= 1
            else:
                counts[card] -= 1
                if counts[card] <= 0:
                    del counts[card]
        return self.worth(seat) - self.worth_with(seat, counts, flags, self.newest_after(seat, lost=lost))

    def flag(self, seat: int) -> float:
        if seat not in self._flag:
            self._flag[seat] = self.add(seat, "flag")
        return self._flag[seat]

    def others_effect(self, seat: int, card: str) -> list[float]:
        """How each seat's worth changes when ``seat`` gains ``card`` (majorities: Hogwash, Humility; the most
        recent Sheriff's Badge)."""
        card = resolved(card)
        effect = [0.0] * self.players
        if card == "sheriff":
            if self.newest is not None and self.newest != seat:
                effect[self.newest] = -3 * self.badge_keep
            return effect
        if card not in HEADS and card != "humility":
            return effect
        heads = [self.heads(c) for c in self.counts]
        badges = [c.get("humility", 0) for c in self.counts]
        after_h, after_b = list(heads), list(badges)
        after_h[seat] += HEADS.get(card, 0)
        after_b[seat] += card == "humility"
        for other in range(self.players):
            if other != seat:
                effect[other] = (self.hogwash(other, after_h) - self.hogwash(other, heads)
                                 + self.humility(other, after_b) - self.humility(other, badges))
        return effect

    # --- what gaining a card brings, its action included --------------------------------------------
    def gain(self, seat: int, card: str, deny: float = 0.3) -> float:
        key = (seat, card)
        if key in self._gain:
            return self._gain[key]
        base = resolved(card)
        # a provisional value, for the cycles (a Sleeping Dart stealing a Copy Cat that copies a Dart, ...)
        self._gain[key] = 0.0 if base == "cat" else self.add(seat, base)
        if base == "cat":
            value = self.copy_value(seat)
        elif base == "dynamite":
            value = self.add(seat, "dynamite") - self.dynamite_loss(seat)
        elif base == "dart":
            value = self.add(seat, "dart") + max(0.0, self.best_steal(seat, deny)[0])
        elif base == "handkerchief":
            value = max(self.add(seat, "handkerchief"), 2 * self.average(seat))
        elif base == "keys":
            value = self.add(seat, "keys") + self.keys_value(seat)
        elif base == "sleight":
            value = self.add(seat, "sleight") + 1.0
        elif base == "glass":
            value = self.add(seat, "glass") + 0.5
        elif base == "letter":
            value = self.add(seat, "letter") + (1.5 if self.future > 0 else 0.0)
        else:
            value = self.add(seat, base)
            if base == "clover" and self.counts[seat].get("clover", 0) % 3 == 2 and self.deck_count:
                value += self.average(seat)
        self._gain[key] = value
        return value

    def copy_value(self, seat: int) -> float:
        """A Copy Cat: the best card of the seat's to copy (its action performed again), or a White Flag; with
        nothing to copy, the next card (a random one)."""
        options = [self.copy(seat, card) for card, n in self.counts[seat].items() if n > 0 and card != "cat"]
        if self.flags[seat]:
            options.append(self.flag(seat))
        return max(options) if options else self.average(seat)

    def copy(self, seat: int, card: str) -> float:
        """What copying ``card`` (``flag``: a White Flag) brings: the card once more, its action included."""
        return self.flag(seat) if card == "flag" else self.gain(seat, card)

    def dynamite_loss(self, seat: int) -> float:
        """The two cheapest discards (one at a time; their interactions are ignored)."""
        cards = [card for card, n in self.counts[seat].items() if n > 0]
        losses = sorted(self.loss(seat, [card]) for card in cards)
        if sum(self.counts[seat].values()) == 1:
            return losses[0]
        if len(losses) == 1:  # two of the same card
            return self.loss(seat, [cards[0], cards[0]])
        return sum(losses[:2])

    def best_steal(self, seat: int, deny: float) -> tuple[float, int, str]:
        """(value, victim, card) of the best Sleeping Dart: the card's worth to the seat plus ``deny`` times the
        victim's loss (less the White Flag it gets)."""
        best: tuple[float, int, str] = (-1e9, -1, "")
        for other, cards in enumerate(self.view["collections"]):
            if other == seat:
                continue
            for card in sorted(set(cards)):
                base = resolved(card)
                # a stolen Copy Cat copies a card of its new owner
                mine = self.copy_value(seat) if card.startswith("cat") else self.add(seat, base)
                value = mine + deny * (self.loss(other, [card]) - self.flag(other))
                if value > best[0]:
                    best = (value, other, card)
        return best

    def _card_values(self, seat: int) -> list[tuple[float, int]]:
        """(worth added, copies) of every card in the deck, actions at a flat +1 (no recursion)."""
        values = []
        for card, n in self.deck.items():
            base = resolved(card)
            value = self.add(seat, base) + (1.0 if kind(base) in ("keys", "cat", "sleight", "glass", "letter") else 0.0)
            if base == "dart":
                value += 2.0
            values.append((value, n))
        return values

    def average(self, seat: int) -> float:
        """The worth a random card of the deck adds to the seat."""
        if seat not in self._avg:
            values = self._card_values(seat)
            total = sum(n for _, n in values)
            self._avg[seat] = sum(v * n for v, n in values) / total if total else 0.0
        return self._avg[seat]

    def keys_value(self, seat: int) -> float:
        """The expected best of 3 random deck cards (drawn with replacement, as an estimate)."""
        if seat not in self._keys:
            values = sorted(self._card_values(seat))
            total = sum(n for _, n in values)
            expected, below = 0.0, 0.0
            for value, n in values:
                above = below + n / total if total else 1.0
                expected += value * (above**3 - below**3)
                below = above
            self._keys[seat] = expected
        return self._keys[seat]


# --- the quick-draw reaction time ----------------------------------------------------------------
def reaction_action(legal: list[str], rng: random.Random) -> str:
    """A human-like press: log-normal around 270 ms (sd 60, clipped to 150..900), ``draw:early`` 2% of the time;
    snapped to the nearest listed time."""
    times = sorted(move.ms for move in map(parse, legal) if isinstance(move, Draw) and move.ms)  # (0: draw:early)
    early = "draw:early" in legal
    roll = rng.random()
    sigma = math.sqrt(math.log(1 + (DRAW_SD / DRAW_MEAN) ** 2))
    mu = math.log(DRAW_MEAN) - sigma * sigma / 2
    ms = min(DRAW_HIGH, max(DRAW_LOW, round(math.exp(rng.gauss(mu, sigma)))))
    if (early and roll < DRAW_EARLY) or not times:
        return "draw:early" if early else str(legal[0])
    if f"draw:{ms}" in legal:
        return f"draw:{ms}"
    fits = [t for t in times if t >= DRAW_LOW] or times
    return f"draw:{min(fits, key=lambda t: (abs(t - ms), t))}"
