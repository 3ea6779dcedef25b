"""Haul bots: legal in every kind of node, deterministic for a seed, blind to other hands, stronger by level.

Fixed seeds: every figure here is deterministic. The real strength figures (200+ matches) are in
``python bench/bots_eval.py --game haul``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cargobay.bots import RandomBot
from cargobay.engine import CHANCE, TERMINAL, Match
from cargobay.games.haul.bots import MediumBot, StrongBot
from cargobay.games.haul.rules import GAME
from cargobay.registry import SPECS

from .helpers import play, resolve, table

# a light strong bot keeps the file fast; the defaults are measured in bench/bots_eval.py
FAST_STRONG = {"rollouts": 24, "min_worlds": 3, "max_worlds": 6}


def make(level: str, fast: bool = True) -> Any:
    if level == "strong":
        return StrongBot(**FAST_STRONG) if fast else StrongBot()
    return MediumBot() if level == "medium" else RandomBot()


def run(bots: list[Any], seed: int, kinds: set[str] | None = None) -> Match:
    """A full match; every bot action is checked against its seat's legal list; ``kinds`` collects the nodes."""
    match = Match(GAME, ["a", "b", "c", "d"], seed)
    while True:
        player = GAME.current_player(match.state)
        if player == TERMINAL:
            return match
        if player == CHANCE:
            match.play_chance()
            continue
        view = GAME.view(match.state, player)
        action = bots[player].choose(GAME, view, match.rng(player))
        assert action in view["legal"], (action, view["legal"])
        if kinds is not None and not isinstance(bots[player], RandomBot):
            legal = view["legal"]
            kinds.add(view["phase"])
            kinds.add(action.split(":")[0] + (">" if ">" in action else ""))
            if len(legal) == 1:
                kinds.add("forced")
            if any(">" in a for a in legal):
                kinds.add("heavy offered")
            if any(a.startswith("refuel:") for a in legal):
                kinds.add("refuel offered")
            if view["phase"] == "resolve" and not any(a.startswith("refuel:") for a in legal):
                kinds.add("no tokens")
        match.apply(player, action)


@pytest.mark.parametrize("level", ["medium", "strong"])
def test_bots_take_legal_actions_in_every_kind_of_node(level: str) -> None:
    kinds: set[str] = set()
    for seed in (1, 2):
        bots = [make(level) if seat in (seed % 4, (seed + 2) % 4) else RandomBot() for seat in range(4)]
        assert GAME.result(run(bots, seed, kinds).state) is not None
    assert run([make(level) for _ in range(4)], 3, kinds).state.phase == "end"
    assert {"play", "resolve", "claim", "claim>", "refuel", "forced", "heavy offered", "refuel offered",
            "no tokens"} <= kinds, kinds


def test_registry_gives_the_haul_bots_lazily() -> None:
    spec = SPECS["haul"]
    assert spec.levels == ("easy", "medium", "strong")
    assert isinstance(spec.bot("medium"), MediumBot) and spec.bot("medium").level == "medium"
    assert isinstance(spec.bot("strong"), StrongBot) and spec.bot("strong").level == "strong"
    assert isinstance(spec.bot("easy"), RandomBot)


@pytest.mark.parametrize("level", ["medium", "strong"])
def test_bots_are_deterministic_for_a_seed(level: str) -> None:
    logs = [run([make(level) for _ in range(4)], 11).to_log() for _ in range(2)]
    assert logs[0] == logs[1]
    # the same view and the same rng seed give the same choice, whatever the bot did before
    match = Match(GAME, ["a"] * 4, 5)
    match.play_chance()
    match.play_chance()
    view = GAME.view(match.state, GAME.current_player(match.state))
    bot = make(level, fast=False)
    first = bot.choose(GAME, view, random.Random(42))
    bot.choose(GAME, view, random.Random(1))
    assert bot.choose(GAME, view, random.Random(42)) == first


def shuffled_others(match: Match, seat: int, rng: random.Random) -> Match:
    """The same match with the other seats' hands dealt differently (same sizes): the seat's view is unchanged."""
    state = match.state.copy()
    others = [s for s in range(4) if s != seat]
    pool = [card for s in others for card in state.hands[s]]
    rng.shuffle(pool)
    start = 0
    for s in others:
        count = len(state.hands[s])
        state.hands[s] = sorted(pool[start : start + count])
        start += count
    alt = Match(GAME, ["a"] * 4, match.seed)
    alt.state = state
    return alt


@pytest.mark.parametrize("level", ["medium", "strong"])
def test_bots_never_see_other_hands(level: str) -> None:
    """Bots get only the view: dealing the hidden hands differently changes neither the view nor the choice."""
    match = Match(GAME, ["a"] * 4, 9)
    bots = [make(level) for _ in range(4)]
    checked = 0
    while GAME.current_player(match.state) != TERMINAL and checked < 12:
        player = GAME.current_player(match.state)
        if player == CHANCE:
            match.play_chance()
            continue
        view = GAME.view(match.state, player)
        alt = shuffled_others(match, player, random.Random(checked))
        assert alt.state.hands != match.state.hands or view["hand_counts"].count(0) >= 3
        assert GAME.view(alt.state, player) == view
        action = bots[player].choose(GAME, view, random.Random(7))
        assert bots[player].choose(GAME, GAME.view(alt.state, player), random.Random(7)) == action
        match.apply(player, action)
        checked += 1
    assert checked == 12


def test_medium_refuels_to_save_a_valuable_heavy_load() -> None:
    """Last to pick with 7♠ left and 8♠-8♥-8♦ in Spades: Refuel (a token) rather than lose 24 points for 7."""
    hands = [["7S", "3D"], ["2H", "4D"], ["3H", "5D"], ["4H", "6D"]]
    state = table(hands, [[[], [], ["8S", "8H", "8D"], []], *[[[], [], [], []]] * 3], leader=0)
    state = play(state, "7S", "2H", "3H", "4H")  # seat 0 finishes first: it resolves last
    state = resolve(state, "claim:4H", "claim:3H", "claim:2H")
    view = GAME.view(state, 0)
    assert view["remaining"] == ["7S"]
    assert MediumBot().choose(GAME, view, random.Random(0)) == "refuel:7S"
    assert StrongBot().choose(GAME, view, random.Random(0)) == "refuel:7S"


def test_medium_tucks_rather_than_unloads() -> None:
    hands = [["2H", "3D"], ["7H", "4D"], ["3H", "5D"], ["4H", "6D"]]
    state = table(hands, [[["8H"], [], ["7S"], []], *[[[], [], [], []]] * 3], leader=0, tokens=(0, 2, 2, 2))
    state = play(state, "2H", "7H", "3H", "4H")  # seat 0 finishes last: it picks first
    view = GAME.view(state, 0)
    assert "claim:7H>S" in view["legal"]
    assert MediumBot().choose(GAME, view, random.Random(0)) == "claim:7H>S"


def strength(hero: str, field: str, seeds: range, **strong: Any) -> tuple[float, float]:
    """The hero's first-place count and mean place, seat rotated with the seed."""
    wins = places = 0.0
    for seed in seeds:
        me = seed % 4
        bots = [make(field) for _ in range(4)]
        bots[me] = StrongBot(**strong) if hero == "strong" else make(hero)
        result = GAME.result(run(bots, seed).state)
        assert result is not None
        wins += me in result["winners"]
        places += result["places"][me]
    return wins, places / len(seeds)


def test_medium_beats_easy() -> None:
    wins, place = strength("medium", "easy", range(8))
    assert wins >= 7 and place < 1.3


def test_strong_beats_medium() -> None:
    """Better than a seat's chance (2 firsts in 8, mean place 2.5) with half the default budget; 200 matches
    at the default budget are in the bench."""
    wins, place = strength("strong", "medium", range(8), rollouts=96, min_worlds=6, max_worlds=16)
    assert wins >= 4 and place <= 2.0, (wins, place)
