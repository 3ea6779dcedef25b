"""Loot N' Loaded bots: legal in every kind of node (2-6 seats, both shootout modes), deterministic for a seed,
blind to what their seat may not see, their card model true to the scoring, stronger than random.

Fixed seeds: every figure here is deterministic. The real strength figures (200+ matches) are in
``python bench/bots_eval.py --game loot``.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from cargobay.bots import RandomBot
from cargobay.engine import CHANCE, TERMINAL, Match
from cargobay.games.loot.bots import MediumBot, StrongBot
from cargobay.games.loot.cards import collection_points
from cargobay.games.loot.rules import GAME
from cargobay.games.loot.sim import Sim, points, reaction_action
from cargobay.registry import SPECS

MODES = ("gun cards", "quick-draw")
ACTIONS = ["glass", "keys", "cat", "sleight", "letter", "dart", "dynamite", "handkerchief"]
# a deck with every action card (and Tall Glass of Water), 10-15 item cards per player
ITEMS = {
    2: ["oil", "gold", *ACTIONS],
    3: ["oil", "totem", "gold", *ACTIONS],
    4: ["oil", "totem", "jewels", "gold", *ACTIONS],
    5: ["oil", "totem", "jewels", "compass", "gold", *ACTIONS],
    6: ["oil", "totem", "jewels", "compass", "gold", "humility", "bullets", "sheriff", *ACTIONS],
}


def make(level: str) -> Any:
    return {"easy": RandomBot, "medium": MediumBot, "strong": StrongBot}[level]()


def nodes(match: Match) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every (seat, view) to answer until the end; chance is played."""
    while GAME.current_player(match.state) != TERMINAL:
        if GAME.current_player(match.state) == CHANCE:
            match.play_chance()
            continue
        for seat in GAME.acting_seats(match.state):
            yield seat, GAME.view(match.state, seat)


def run(levels: list[str], seed: int, options: dict[str, Any] | None = None,
        kinds: Counter[str] | None = None) -> Match:
    """A whole match; every bot action is checked against its seat's legal list; ``kinds`` counts the nodes."""
    bots = [make(level) for level in levels]
    match = Match(GAME, levels, seed, {"shootout": "gun cards", **(options or {})})
    for seat, view in nodes(match):
        action = bots[seat].choose(GAME, view, match.rng(seat))
        assert action in view["legal"], (levels[seat], action, view["legal"])
        if kinds is not None and levels[seat] != "easy":
            kinds[view["prompt"][1] if view["phase"] == "prompt" else view["phase"]] += 1
        match.apply(seat, action)
    return match


def test_bots_take_legal_actions_in_every_kind_of_node() -> None:
    kinds: Counter[str] = Counter()
    for players in range(2, 7):
        for mode in MODES:
            for seed in (1, 2, 3):
                levels = [("medium", "strong", "easy")[(seat + seed) % 3] for seat in range(players)]
                options = {"shootout": mode, "items": ITEMS[players] if seed != 2 else []}
                assert GAME.result(run(levels, seed + 10 * players, options, kinds).state) is not None
    assert set(kinds) >= {"pick", "gun", "shootout", "discard", "steal", "handkerchief", "copy", "take", "trade",
                          "arrange", "letter"}, kinds


def test_a_playoff_gets_an_ace_when_one_is_left() -> None:
    """After round 10 nothing is kept for later: the tied seats' bots play their Acolyte."""
    match = Match(GAME, ["medium"] * 3, 0, {"shootout": "gun cards"})
    match.play_chance()
    state = match.state.copy()
    state.round, state.phase, state.pickers = 10, "playoff", []
    state.tied = state.playoff = [0, 2]
    state.spent = [["duel"], [], []]
    view = GAME.view(state, 0)
    assert view["legal"] == ["gun:acolyte", "gun:deadly", "gun:sneaky", "gun:valiant"]
    for bot in (MediumBot(), StrongBot()):
        assert bot.choose(GAME, view, random.Random(3)) == "gun:acolyte"


def test_registry_gives_the_loot_bots_lazily() -> None:
    spec = SPECS["loot"]
    assert spec.levels == ("easy", "medium", "strong")
    assert isinstance(spec.bot("medium"), MediumBot) and spec.bot("medium").level == "medium"
    assert isinstance(spec.bot("strong"), StrongBot) and spec.bot("strong").level == "strong"


@pytest.mark.parametrize("level", ["medium", "strong"])
def test_bots_are_deterministic_for_a_seed(level: str) -> None:
    options = {"shootout": "quick-draw", "items": ITEMS[4]}
    logs = [run([level] * 4, 11, options).to_log() for _ in range(2)]
    assert logs[0] == logs[1]
    # the same view and the same rng seed give the same choice, whatever the bot did before
    match = Match(GAME, ["a"] * 4, 5)
    match.play_chance()
    view = GAME.view(match.state, 0)
    bot = make(level)
    first = bot.choose(GAME, view, random.Random(42))
    bot.choose(GAME, view, random.Random(1))
    assert bot.choose(GAME, view, random.Random(42)) == first


@pytest.mark.parametrize("level", ["medium", "strong"])
def test_bots_never_see_the_deck_order_or_secret_choices(level: str) -> None:
    """Bots get only the view: another deck order or other committed picks give the same view and choice."""
    match = Match(GAME, ["a"] * 4, 9, {"shootout": "gun cards"})
    checked = 0
    for seat, view in nodes(match):
        state = match.state.copy()
        random.Random(checked).shuffle(state.deck)
        for other in range(4):
            if state.picks[other] is not None and other != seat:
                state.picks[other] = random.Random(other).choice(GAME.open_locations(state))
        assert GAME.view(state, seat) == view
        action = make(level).choose(GAME, view, random.Random(7))
        assert make(level).choose(GAME, GAME.view(state, seat), random.Random(7)) == action
        match.apply(seat, action)
        checked += 1
        if checked == 16:
            break
    assert checked == 16


def test_the_model_scores_like_the_engine() -> None:
    """The bots' fast scoring equals ``cards.collection_points`` over random matches with every item type, and
    their expected final points are the scores once the match is over."""
    rng = random.Random(0)
    compared = 0
    for players in (2, 4, 6):
        match = Match(GAME, ["easy"] * players, players, {"items": ITEMS[players]})
        for seat, view in nodes(match):
            model = Sim(view)
            for other in range(players):
                newest = view["newest_badge"] == other
                expected = collection_points(view["collections"][other], view["flags"][other], newest)
                assert points(model.counts[other], model.flags[other], newest) == expected, view["collections"][other]
                compared += 1
            match.apply(seat, rng.choice(view["legal"]))
        # at the end nothing is left to come: the expected final points are the scores
        end = GAME.view(match.state, 0)
        model = Sim(end)
        assert [model.worth(seat) for seat in range(players)] == pytest.approx(end["scores"])
    assert compared > 500


def test_the_model_values_sets_and_white_flags() -> None:
    match = Match(GAME, ["a"] * 4, 1, {"shootout": "gun cards"})
    match.play_chance()
    state = match.state.copy()
    state.collections = [["oil"], ["oil", "oil"], ["jewelR", "jewelG", "jewelB"], []]
    state.flags = [0, 4, 0, 0]
    state.round = 10
    model = Sim(GAME.view(state, 0))
    assert model.add(0, "oil") == 9  # the second Snake Oil: -2 becomes 7
    assert model.add(1, "oil") == -2  # a third starts a new set
    assert model.add(2, "jewelY") == 7  # 9 becomes 16
    assert model.flag(1) == 4 and model.flag(3) == 1  # White Flags: 8 -> 12, 0 -> 1
    assert model.gain(1, "dynamite") == 5 - 7  # it must discard its pair of Snake Oils
    assert model.gain(3, "dynamite") == 5  # nothing to discard


def test_medium_prompts_pick_the_best_option() -> None:
    match = Match(GAME, ["a"] * 3, 2, {"shootout": "gun cards"})
    match.play_chance()
    state = match.state.copy()
    state.round = 10
    state.collections = [["oil", "gold", "totem", "dart"], ["oil", "gold"], ["gold", "gold"]]
    state.phase, state.pickers, state.prompt = "prompt", [], [0, "steal", "dart"]
    bot = MediumBot()
    assert bot.choose(GAME, GAME.view(state, 0), random.Random(0)) == "steal:1:oil"  # the pair: -2 -> 7
    state.collections[0] = ["oil", "gold", "totem", "dart", "gold", "dynamite"]
    state.prompt = [0, "discard", "dynamite"]
    assert bot.choose(GAME, GAME.view(state, 0), random.Random(0)) == "discard:dart+oil"  # -2 and -2 go
    state.collections[0] = ["totem", "oil", "cat"]
    state.flags[0] = 1
    state.prompt = [0, "copy", "cat"]
    view = GAME.view(state, 0)
    assert view["legal"] == ["copy:flag", "copy:oil", "copy:totem"]
    assert bot.choose(GAME, view, random.Random(0)) == "copy:oil"  # the pair of Snake Oils
    state.collections = [["dart", "gold"], ["cat=dart"], ["cat=gold"]]  # values that refer to each other
    state.prompt = [0, "steal", "dart"]
    assert bot.choose(GAME, GAME.view(state, 0), random.Random(0)).startswith("steal:")
    state.prompt, state.phase, state.locations = None, "pick", ["dart", "cat", "handkerchief"]
    state.pickers = [0, 1, 2]
    for seat in range(3):
        assert StrongBot().choose(GAME, GAME.view(state, seat), random.Random(0)).startswith("pick:")


def test_medium_spends_an_ace_on_a_valuable_card_in_the_last_round() -> None:
    match = Match(GAME, ["a"] * 3, 2, {"shootout": "gun cards"})
    match.play_chance()
    state = match.state.copy()
    state.round = 10
    state.collections = [["oil"], [], []]
    state.locations = ["oil", None, None]
    state.phase, state.pickers, state.duels = "gun", [], [[1, 0, 1]]
    view = GAME.view(state, 0)
    assert MediumBot().choose(GAME, view, random.Random(0)) in ("gun:acolyte", "gun:duel")
    counts = Counter(StrongBot().choose(GAME, view, random.Random(seed)) for seed in range(20))
    assert counts["gun:acolyte"] + counts["gun:duel"] >= 15, counts


def test_quick_draw_presses_like_a_person() -> None:
    legal = sorted(["draw:early", *(f"draw:{ms}" for ms in range(100, 2001, 50))])
    rng = random.Random(0)
    presses = [reaction_action(legal, rng) for _ in range(4000)]
    assert all(press in legal for press in presses)
    early = presses.count("draw:early") / len(presses)
    times = [int(press[5:]) for press in presses if press != "draw:early"]
    assert 0.01 < early < 0.035
    assert 250 < statistics.fmean(times) < 290 and 40 < statistics.stdev(times) < 80
    assert min(times) >= 150 and max(times) <= 900


def firsts(hero: str, field: str, seeds: range, options: dict[str, Any] | None = None) -> float:
    """The hero's first places in 4-seat matches (its seat rotating with the seed; a shared first counts 1/k)."""
    wins = 0.0
    for seed in seeds:
        levels = [field] * 4
        levels[seed % 4] = hero
        result = GAME.result(run(levels, seed, options).state)
        assert result is not None
        wins += (seed % 4 in result["winners"]) / len(result["winners"])
    return wins


def test_medium_beats_easy() -> None:
    """A random seat wins 1 match in 4 (P(>= 20 of 30) < 1e-5); here 24, about 85% in the bench."""
    assert firsts("medium", "easy", range(30)) >= 20


def test_strong_beats_medium() -> None:
    """A seat's chance is 6 of 24 (P(>= 11) ~ 2%); here 14, and about 65-70% against 3 medium in the bench."""
    assert firsts("strong", "medium", range(24)) >= 11
