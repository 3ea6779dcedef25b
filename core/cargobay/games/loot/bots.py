"""Bots for Loot N' Loaded (``medium`` and ``strong``; ``easy`` is the shared random bot).

Both see only their seat's view (collections, White Flags and spent guns are public; the deck's order and the
other seats' secret picks and guns are not) and draw randomness only from the ``random.Random`` handed to
``choose``, so a match replays exactly from its seed. Every answer is one of ``view["legal"]``; an unknown
kind of node gets a random legal action.

Both value cards with ``sim.Sim`` (a seat's expected final points: sets with their option value,
majorities as expectations, White Flags, what an action card brings).

- ``MediumBot``. Picks: each other picker goes to a location with a softmax of what its card is worth to it;
  a location's value is then its card's worth alone, a duel (won about half the time, a White Flag otherwise,
  better with an Acolyte / Duel Gun left than without) or a crowd. Guns: an Acolyte / Duel Gun when the stake
  (card minus White Flag) is worth more than keeping it for later (always in the last round), else Valiant,
  Deadly or Sneaky at random. Prompts: the best option by the model (Dynamite's cheapest 2 discards, the best
  steal, copy, take, trade, Handkerchief's keep or draw, where each card goes back into the deck, the Love
  Letter's timing).
- ``StrongBot``. Picks: reasons one level further: each other picker's pick distribution is a softmax of *its*
  expected value per location, computed with the medium model from its seat (the others, this bot included,
  as medium sees them), with duels valued by who has an ace left and what the stake is to each side; this bot
  then maximises its expected gain plus what it denies the others by showing up (a duel instead of a free
  card, a crowd instead of a duel), the others weighted by their standing (the leader the most). Guns: the
  duel as a zero-sum matrix game over the guns left to both (the Duel Gun as Acolyte and replays in "gun
  cards", shootouts as coin flips in "quick-draw"), a win worth the card to it plus the White Flag the other
  gets, aces costing what they are worth later, solved by regret matching and sampled. Prompts as medium,
  a steal also weighing the victim's standing.
Quick-draw shootouts (``draw:``): both levels press like a person, log-normal around 270 ms, 2% too early.
"""

from __future__ import annotations

import math
import random
import re
from typing import Any

from ...bots import forced
from ...bots.search import argmax_ties, regret_matching, sample_index
from ...engine import Game
from .actions import Gun, Pick, parse
from .sim import ACES, PLAIN, Sim, reaction_action, resolved

TAU = 2.0  # softmax temperature of a seat's pick over its cards' worth (points)
TAU2 = 1.5  # the same over expected values (strong's second level)
W_TOP, W_OTHER = 0.35, 0.1  # strong: how much the best other's gains count against its own, and the rest's
ACE = 2.5  # points an unused ace is worth for later duels (less in the last 4 rounds)


def _softmax(values: list[float], tau: float) -> list[float]:
    top = max(values)
    weights = [math.exp((v - top) / tau) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def ace_worth(model: Sim, seat: int) -> float:
    """What keeping an ace (Acolyte or Duel Gun) is worth for later duels."""
    aces = sum(1 for gun in ACES if gun not in model.spent[seat])
    if not aces:
        return 0.0
    return ACE * min(1.0, model.future / 4.0) * (0.7 if aces == 2 else 1.0)


def has_ace(model: Sim, seat: int) -> bool:
    spent = model.spent[seat]
    if model.mode == "quick-draw":
        return "acolyte" not in spent
    return any(gun not in spent for gun in ACES)


def uses_ace(model: Sim, seat: int, stake: float) -> bool:
    """Medium's rule: an ace when half the stake beats keeping it."""
    return has_ace(model, seat) and 0.5 * stake > ace_worth(model, seat)


def win_chance(model: Sim, seat: int, other: int, stake: float, other_stake: float) -> tuple[float, float]:
    """(chance to win, ace cost) of a duel when both follow medium's ace rule."""
    mine, theirs = uses_ace(model, seat, stake), uses_ace(model, other, other_stake)
    if mine and not theirs:
        return 1.0, ace_worth(model, seat)
    if theirs and not mine:
        if model.mode == "quick-draw" and "duel" not in model.spent[seat]:
            return 0.5, ace_worth(model, seat) * 0.5  # the Duel Gun forces a shootout
        return 0.0, 0.0
    return 0.5, ace_worth(model, seat) if mine else 0.0


class PickValues:
    """A pick node: each picker's worth of each open location's card and of a White Flag."""

    def __init__(self, model: Sim, view: dict[str, Any], deny: float) -> None:
        self.model = model
        self.view = view
        self.locations = [move.location for move in map(parse, view["legal"]) if isinstance(move, Pick)]
        if not self.locations:
            self.locations = [i + 1 for i, card in enumerate(view["locations"]) if card is not None]
        self.cards = {loc: view["locations"][loc - 1] for loc in self.locations}
        self.pickers = list(view["pickers"]) or list(range(model.players))
        self.crowded = set(view.get("crowded", []))
        self.value = {s: [model.gain(s, self.cards[loc], deny) for loc in self.locations] for s in self.pickers}
        self.flag = {s: model.flag(s) for s in self.pickers}

    def level1(self, seat: int) -> list[float]:
        return _softmax(self.value[seat], TAU)

    def duel(self, seat: int, other: int, index: int) -> float:
        v, f = self.value[seat][index], self.flag[seat]
        u, g = self.value[other][index], self.flag[other]
        p, cost = win_chance(self.model, seat, other, v - f, u - g)
        return p * v + (1 - p) * f - cost

    def crowd(self, seat: int, index: int) -> float:
        if self.locations[index] in self.crowded:
            return self.flag[seat]  # crowded again: the card is discarded, a White Flag each
        return 0.45 * self.value[seat][index] + 0.3 * self.flag[seat]

    def expected(self, seat: int, probs: dict[int, list[float]]) -> list[float]:
        """The seat's expected gain at each location, the others picking by ``probs``."""
        out = []
        others = [o for o in self.pickers if o != seat]
        for index in range(len(self.locations)):
            ps = [probs[o][index] for o in others]
            none = 1.0
            for p in ps:
                none *= 1 - p
            value = none * self.value[seat][index]
            single = 0.0
            for k, o in enumerate(others):
                only = ps[k]
                for j, p in enumerate(ps):
                    if j != k:
                        only *= 1 - p
                single += only
                if only > 1e-6:
                    value += only * self.duel(seat, o, index)
            value += max(0.0, 1 - none - single) * self.crowd(seat, index)
            out.append(value)
        return out


def standings_weights(model: Sim, seat: int) -> list[float]:
    """How much each other seat's gain counts against this one: the best other the most, more so late."""
    worth = [model.worth(s) for s in range(model.players)]
    others = [worth[s] for s in range(model.players) if s != seat]
    if not others:
        return [0.0] * model.players
    top = max(others)
    late = 1.0 - model.future / max(1, model.rounds)
    weights = []
    for s in range(model.players):
        if s == seat:
            weights.append(0.0)
        elif worth[s] >= top - 1e-9:
            weights.append(W_TOP * (1 + late))
        else:
            weights.append(W_OTHER * (1 + late))
    return weights


# --- prompts --------------------------------------------------------------------------------------------
def answer_prompt(model: Sim, view: dict[str, Any], rng: random.Random, deny: list[float]) -> str:
    answers: list[str] = view["legal"]
    names = view.get("tokens") or {}  # dealt cryptographically: cards out of the deck are named ``#<position>``
    legal = [re.sub(r"#\d+", lambda m: str(names.get(m.group(0)) or m.group(0)), a) for a in answers]
    seat = view["seat"]
    first = legal[0]
    verb = first.split(":")[0] if ":" in first else first
    values: list[float]
    if verb == "discard":
        values = [-model.loss(seat, a[8:].split("+")) for a in legal]
    elif verb == "steal":
        values = []
        for action in legal:
            _, victim_text, card = action.split(":", 2)
            victim = int(victim_text)
            mine = model.copy_value(seat) if card.startswith("cat") else model.add(seat, resolved(card))
            values.append(mine + deny[victim] * (model.loss(victim, [card]) - model.flag(victim)))
    elif verb in ("keep", "draw"):
        keep = model.loss(seat, ["handkerchief"]) if model.counts[seat].get("handkerchief") else 4.0
        draw = 2 * model.average(seat)
        values = [draw - 0.5 if a == "draw" else keep for a in legal]
    elif verb == "copy":
        values = [model.copy(seat, a[5:]) for a in legal]
    elif verb == "take":
        values = [model.gain(seat, a[5:]) for a in legal]
    elif verb == "trade":
        values = [_trade_value(model, seat, a) for a in legal]
    elif verb == "put":
        values = _put_values(model, seat, legal, deny)
    elif verb == "letter":
        values = _letter_values(model, view, legal)
    else:
        return str(rng.choice(answers))
    return str(answers[argmax_ties(values, rng, 1e-6)])


def _trade_value(model: Sim, seat: int, action: str) -> float:
    if action == "trade:none":
        return 0.0
    _, drawn, own = action.split(":", 2)
    counts = model.counts[seat].copy()
    flags = model.flags[seat]
    base = resolved(own)
    if base == "flag":
        flags -= 1
    else:
        counts[base] -= 1
    counts[resolved(drawn)] += 1
    newest = model.newest_after(seat, gained=resolved(drawn), lost=(base,))
    extra = model.gain(seat, drawn) - model.add(seat, resolved(drawn))  # what the drawn card's action brings
    return model.worth_with(seat, +counts, flags, newest) - model.worth(seat) + extra - 0.05


def _put_values(model: Sim, seat: int, legal: list[str], deny: list[float]) -> list[float]:
    """Cards back into the deck one at a time (ruling 7): the card worth least on top goes first, so that the
    last one put on top, the best, is the next card out; a card worth more to the others than to this seat goes
    to the bottom."""
    worth: dict[str, float] = {}
    for action in legal:
        card = action.split(":")[1]
        if card not in worth:
            others = max((deny[o] * 2 * model.gain(o, card) for o in range(model.players) if o != seat), default=0.0)
            worth[card] = model.gain(seat, card) - others - 1.0
    first = min(worth, key=lambda card: (worth[card], card))
    wanted = f"put:{first}:0" if worth[first] > 0 else f"put:{first}:bottom"
    return [1.0 if action == wanted else 0.0 for action in legal]


def _letter_values(model: Sim, view: dict[str, Any], legal: list[str]) -> list[float]:
    seat = view["seat"]
    pick_view = dict(view)
    sitting = view.get("sitting", [])
    pick_view["pickers"] = [s for s in range(model.players) if s not in sitting or s == seat]
    table = PickValues(model, {**pick_view, "legal": []}, 0.3)
    probs = {o: table.level1(o) for o in table.pickers}
    picking = max(table.expected(seat, probs)) if table.locations else 0.0
    keep = 1.5 if model.future > 0 else 0.0
    values = []
    for action in legal:
        rest = action[7:]
        if (rest.isascii() and rest.isdigit()) and int(rest) in table.locations:
            values.append(table.value[seat][table.locations.index(int(rest))])
        else:
            values.append(picking + keep)
    return values


def _guns(legal: list[str]) -> list[str]:
    return [move.gun for move in map(parse, legal) if isinstance(move, Gun)]


def _plain_or_any(legal: list[str], rng: random.Random) -> str:
    plain = [f"gun:{g}" for g in PLAIN if f"gun:{g}" in legal]
    return str(rng.choice(plain or legal))


def playoff_gun(model: Sim, legal: list[str], rng: random.Random) -> str:
    """The end-of-match playoff: nothing is kept for later, so an ace if one is left."""
    for gun in ("acolyte", "duel"):
        if f"gun:{gun}" in legal and (gun == "acolyte" or model.mode != "quick-draw"):
            return f"gun:{gun}"
    return _plain_or_any(legal, rng)


def duel_stakes(model: Sim, view: dict[str, Any], seat: int) -> tuple[int, str, float, float]:
    """(the other duelist, the card, this seat's stake, the other's stake) of the duel on."""
    location, first, second = view["duels"][0]
    other = second if seat == first else first
    card = view["locations"][location - 1]
    stake = model.gain(seat, card) - model.flag(seat)
    other_stake = model.gain(other, card) - model.flag(other)
    return other, card, stake, other_stake


# --- medium ---------------------------------------------------------------------------------------------
class _ModelBot:
    """What medium and strong share: the reflex and forced cases, then the phase's decision from the model
    (``weights``: how much each seat's points count against this one's); a phase with no model decision is a
    random legal action."""

    def weights(self, model: Sim, seat: int) -> list[float]:
        raise NotImplementedError

    def pick(self, model: Sim, view: dict[str, Any], rng: random.Random, weights: list[float]) -> str:
        raise NotImplementedError

    def gun(self, model: Sim, view: dict[str, Any], rng: random.Random, weights: list[float]) -> str:
        raise NotImplementedError

    def choose(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> str:
        only, legal = forced(view), view["legal"]
        phase = view["phase"]
        if phase == "shootout":
            return reaction_action(legal, rng)
        if only is not None:
            return only
        model = Sim(view)  # a view the model cannot read is a bug: raised, never a silent random move
        weights = self.weights(model, view["seat"])
        if phase == "pick":
            return self.pick(model, view, rng, weights)
        if phase == "gun":
            return self.gun(model, view, rng, weights)
        if phase == "playoff":
            return playoff_gun(model, legal, rng)
        if phase == "prompt":
            return answer_prompt(model, view, rng, weights)
        return str(rng.choice(legal))


class MediumBot(_ModelBot):
    """``medium``: card worth by the model, picks against a softmax of the others' interest, simple guns."""

    level = "medium"

    def weights(self, model: Sim, seat: int) -> list[float]:
        return [0.0 if other == seat else 0.25 for other in range(model.players)]  # a prompt's denial only

    def pick(self, model: Sim, view: dict[str, Any], rng: random.Random, weights: list[float]) -> str:
        seat = view["seat"]
        table = PickValues(model, view, 0.25)
        probs = {o: table.level1(o) for o in table.pickers if o != seat}
        values = table.expected(seat, probs)
        return f"pick:{table.locations[argmax_ties(values, rng, 1e-6)]}"

    def gun(self, model: Sim, view: dict[str, Any], rng: random.Random, weights: list[float]) -> str:
        legal = view["legal"]
        seat = view["seat"]
        other, _, stake, other_stake = duel_stakes(model, view, seat)
        if uses_ace(model, seat, stake):
            for gun in ("acolyte", "duel"):
                if f"gun:{gun}" in legal and (gun == "acolyte" or model.mode != "quick-draw"):
                    return f"gun:{gun}"
        if (model.mode == "quick-draw" and "gun:duel" in legal and uses_ace(model, other, other_stake)
                and stake > 2 * ace_worth(model, seat)):
            return "gun:duel"  # their Acolyte is likely: a shootout is better than a sure loss
        return _plain_or_any(legal, rng)


# --- strong ---------------------------------------------------------------------------------------------
def _duel_outcome(mode: str, a: str, b: str) -> float | None:
    """This seat's chance with gun ``a`` against ``b``: 1, 0, 0.5 (a shootout or coin), None (play again)."""
    if mode == "quick-draw":
        if a == "duel" or b in ("duel", a):
            return 0.5
        if a == "acolyte":
            return 1.0
        if b == "acolyte":
            return 0.0
    else:
        a = "acolyte" if a == "duel" else a
        b = "acolyte" if b == "duel" else b
        if a == b:
            return None
        if a == "acolyte":
            return 1.0
        if b == "acolyte":
            return 0.0
    beats = {"valiant": "deadly", "deadly": "sneaky", "sneaky": "valiant"}
    return 1.0 if beats[a] == b else 0.0


class StrongBot(_ModelBot):
    """``strong``: second-level pick reasoning with denial by standing; duels as solved matrix games."""

    level = "strong"

    def __init__(self, iterations: int = 120) -> None:
        self.iterations = iterations

    def weights(self, model: Sim, seat: int) -> list[float]:
        return standings_weights(model, seat)

    def pick_values(self, model: Sim, view: dict[str, Any], weights: list[float]) -> tuple[PickValues, list[float]]:
        seat = view["seat"]
        table = PickValues(model, view, 0.3)
        level1 = {s: table.level1(s) for s in table.pickers}
        others = [o for o in table.pickers if o != seat]
        level2 = {o: _softmax(table.expected(o, level1), TAU2) for o in others}
        values = table.expected(seat, level2)
        # what showing up denies the others: a free card becomes a duel, a duel a crowd
        for index in range(len(table.locations)):
            denied = 0.0
            for o in others:
                p = level2[o][index]
                if p < 1e-4:
                    continue
                rest = [level2[x][index] for x in others if x != o]
                alone = 1.0
                for q in rest:
                    alone *= 1 - q
                one = sum(q * math.prod(1 - r for j, r in enumerate(rest) if j != k) for k, q in enumerate(rest))
                free, crowd = table.value[o][index], table.crowd(o, index)
                duel = table.duel(o, seat, index)
                without = alone * free + one * duel + (1 - alone - one) * crowd
                with_me = alone * duel + (1 - alone) * crowd
                denied += weights[o] * p * (without - with_me)
            # the majorities this card moves for the others (Hogwash, Humility)
            effect = model.others_effect(seat, table.cards[table.locations[index]])
            values[index] += denied - sum(w * e for w, e in zip(weights, effect, strict=True)) * 0.5
        return table, values

    def pick(self, model: Sim, view: dict[str, Any], rng: random.Random, weights: list[float]) -> str:
        table, values = self.pick_values(model, view, weights)
        return f"pick:{table.locations[argmax_ties(values, rng, 1e-6)]}"

    def gun(self, model: Sim, view: dict[str, Any], rng: random.Random, weights: list[float]) -> str:
        legal = view["legal"]
        seat = view["seat"]
        other, card, _, _ = duel_stakes(model, view, seat)
        w = max(0.3, weights[other])
        win = model.gain(seat, card) - w * model.flag(other)
        lose = model.flag(seat) - w * model.gain(other, card)
        mine = _guns(legal)
        theirs = [g for g in ("acolyte", "deadly", "duel", "sneaky", "valiant") if g not in model.spent[other]]
        cost_me, cost_them = ace_worth(model, seat), ace_worth(model, other)
        memo: dict[tuple[tuple[str, ...], tuple[str, ...], int], tuple[list[float], float]] = {}

        def solve(a_guns: tuple[str, ...], b_guns: tuple[str, ...], ties: int) -> tuple[list[float], float]:
            key = (a_guns, b_guns, ties)
            if key in memo:
                return memo[key]
            matrix = []
            for a in a_guns:
                row = []
                for b in b_guns:
                    chance = _duel_outcome(model.mode, a, b)
                    value = -(cost_me if a in ACES else 0.0) + w * (cost_them if b in ACES else 0.0)
                    if chance is None:
                        if ties + 1 >= 3:
                            value += 0.5 * (win + lose)
                        else:
                            a_next = tuple(g for g in a_guns if g != a or g not in ACES)
                            b_next = tuple(g for g in b_guns if g != b or g not in ACES)
                            value += solve(a_next, b_next, ties + 1)[1]
                    else:
                        value += chance * win + (1 - chance) * lose
                    row.append(value)
                matrix.append(row)
            rows, _, value = regret_matching(matrix, self.iterations)
            memo[key] = (rows, value)
            return memo[key]

        strategy, _ = solve(tuple(mine), tuple(theirs), int(view.get("ties", 0)))
        strategy = [p if p >= 0.03 else 0.0 for p in strategy]
        return f"gun:{mine[sample_index(strategy, rng)]}"
