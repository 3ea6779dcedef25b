"""The contract every registered game keeps (``registry.SPECS``, the 3-seat test game ``odd`` included).

Random playouts from random seeds check, at every node: legal actions sorted, duplicate-free and all
applicable; the selection step (``legal_choices`` over ``action_steps``) reaches exactly the legal actions;
state JSON round-trips with a stable hash; views are JSON and hide what their seat may not see (per-game
hooks, tests/games/<id>/invariants.py); and at the end: scores defined, winners are seats, and the log
replays to the same hash. Nothing here names a game.
"""

from __future__ import annotations

import json
import os
import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cargobay.engine import CHANCE, SIMULTANEOUS, TERMINAL, Game, IllegalActionError, Match
from cargobay.registry import GAMES, SPECS
from cargobay.render import RenderContext
from cargobay.session import HINT
from tests.games import hooks

GAME_IDS = sorted(SPECS)
# random matches per game, each checked at every node: a few in CI (each Haul or Loot match checked in full takes
# seconds); `python bench/contract_sweep.py` runs hundreds
EXAMPLES = int(os.environ.get("CARGOBAY_CONTRACT_EXAMPLES", "5"))


def seat_count(game: Game[Any], rng: random.Random) -> int:
    return rng.randint(game.min_seats, game.max_seats)


def playout(game_id: str, seed: int, check: bool = True, options: dict[str, Any] | None = None,
            sparse: int = 1) -> Match:
    """A match of uniformly random legal actions; every node (every ``sparse``-th of the game's own cadence) checked
    on the way when ``check``."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    match = Match(game, ["easy"] * seat_count(game, rng), seed, {**hooks.playout_options(game_id), **(options or {})})
    every = hooks.check_every(game_id) * sparse
    while not game.is_terminal(match.state):
        if check and match.step % every == 0:
            check_node(game_id, match, rng)
        if game.current_player(match.state) == CHANCE:
            match.play_chance()
            continue
        seat = rng.choice(game.acting_seats(match.state))
        match.apply(seat, rng.choice(game.legal_actions(match.state, seat)))
    if check:
        check_end(game_id, match)
    return match


def reachable(game: Game[Any], state: Any, seat: int, prefix: str = "", depth: int = 0) -> list[str]:
    """Every complete action found by walking the selection steps from ``prefix``."""
    assert depth < 8, "selection steps do not end"
    choices = game.legal_choices(state, seat, prefix)
    assert choices.prefix == prefix
    assert list(choices.actions) == sorted(set(choices.actions))
    assert list(choices.selections) == sorted(set(choices.selections))
    found = list(choices.actions)
    for selection in choices.selections:
        assert selection and selection != prefix
        found += reachable(game, state, seat, selection, depth + 1)
    return found


def check_node(game_id: str, match: Match, rng: random.Random) -> None:
    game, state, seats = match.game, match.state, len(match.seats)
    node = game.current_player(state)
    acting = game.acting_seats(state)
    assert node in (CHANCE, SIMULTANEOUS) or 0 <= node < seats
    if node == CHANCE:
        assert acting == ()
    elif node == SIMULTANEOUS:
        assert acting and list(acting) == sorted(set(acting))
    else:
        assert acting == (node,)
    before = game.state_to_json(state)
    for seat in range(seats):
        legal = game.legal_actions(state, seat)
        assert legal == sorted(set(legal)) and all(isinstance(a, str) for a in legal)
        assert bool(legal) == (seat in acting)
        for action in legal:
            game.apply(state, seat, action)
        if legal:
            assert sorted(reachable(game, state, seat)) == legal
        for action in legal:
            steps = game.action_steps(action)
            assert len(set(steps)) == len(steps) and all(steps) and action not in steps
        view = game.view(state, seat)
        assert json.loads(json.dumps(view)) == view
        assert view["legal"] == legal
        for variant in hooks.hidden_variants(game_id)(state, seat, rng):
            assert game.view(variant, seat) == view, "a view shows what its seat may not see"
        if legal and game.info.hidden_information:
            sampled = game.determinize(view, random.Random(seat))
            assert game.legal_actions(sampled, seat) == legal
        check_board(game_id, game, state, seat, view)
    spectator = game.view(state, None)
    assert json.loads(json.dumps(spectator)) == spectator and spectator["legal"] == []
    assert game.state_to_json(state) == before, "applying an action changed the state it was given"
    data = json.loads(json.dumps(game.state_to_json(state)))
    again = game.state_from_json(data)
    assert game.state_to_json(again) == data
    assert game.state_hash(again) == game.state_hash(state)
    hooks.check_state(game_id)(state)


def check_board(game_id: str, game: Game[Any], state: Any, seat: int, view: dict[str, Any]) -> None:
    """The board offers only legal actions (``data-action``) and legal first picks (``data-select``)."""
    root = ET.fromstring(SPECS[game_id].render(view, RenderContext(perspective=seat)))
    actions = [e.attrib["data-action"] for e in root.iter() if "data-action" in e.attrib]
    selects = [e.attrib["data-select"] for e in root.iter() if "data-select" in e.attrib]
    assert set(actions) <= set(view["legal"])
    first = game.legal_choices(state, seat) if view["legal"] else None
    hint = {HINT} if view["legal"] and type(game).hint is not Game.hint else set()  # the hint button
    assert set(selects) <= set(first.selections if first else ()) | hint


def check_end(game_id: str, match: Match) -> None:
    game, state, seats = match.game, match.state, len(match.seats)
    assert game.current_player(state) == TERMINAL and game.acting_seats(state) == ()
    assert all(game.legal_actions(state, seat) == [] for seat in range(seats))
    scores = game.scores(state)
    assert len(scores) == seats and all(isinstance(s, int) and not isinstance(s, bool) for s in scores)
    result = game.result(state)
    assert result is not None and json.loads(json.dumps(result)) == result
    winners = result["winners"]
    assert winners == sorted(set(winners)) and all(0 <= w < seats for w in winners)
    if game.info.cooperative:
        assert winners in ([], list(range(seats)))
    else:
        assert winners
    if "scores" in result:
        assert result["scores"] == scores
    replayed = Match.from_log(json.loads(json.dumps(match.to_log())), GAMES)
    assert game.state_hash(replayed.state) == game.state_hash(state)
    assert replayed.actions == match.actions
    hooks.check_state(game_id)(state)


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_playouts_keep_the_contract(game_id: str, seed: int) -> None:
    playout(game_id, seed)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_seed_same_match(game_id: str) -> None:
    first, second = playout(game_id, 99, check=False), playout(game_id, 99, check=False)
    assert first.actions == second.actions
    assert playout(game_id, 100, check=False).actions != first.actions


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_option_value_at_its_limits_plays(game_id: str) -> None:
    info = SPECS[game_id].info
    for option in info.options:
        values: list[Any] = {"int": [option.low, option.high], "bool": [False, True], "choice": list(option.choices),
                             "set": [[]], "text": [option.default]}[option.kind]  # a game tests its own sets and texts
        for value in values:
            # (every 4th node checked: the random playouts above check every node with the default options)
            match = playout(game_id, 7, options={option.name: value}, sparse=4)
            assert match.options[option.name] == (tuple(value) if option.kind == "set" else value)
            assert Match.from_log(match.to_log(), GAMES).options == match.options


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_options_resolve_to_defaults_and_refuse_bad_values(game_id: str) -> None:
    info = SPECS[game_id].info
    game = GAMES[game_id]
    defaults = {option.name: option.default for option in info.options}
    assert info.resolve_options({}) == info.resolve_options(None) == defaults
    assert Match(game, ["easy"] * game.min_seats, 1).options == defaults
    with pytest.raises(ValueError, match="no option 'no_such_option'"):
        info.resolve_options({"no_such_option": 1})
    for option in info.options:
        bad: list[Any] = {"int": ["3", True, 1.5], "bool": [1, "yes"], "choice": ["", 0],
                          "set": ["", ["no such value"], list(option.choices[:1]) * 2, [0]],
                          "text": [0, None, ["a"], "x" * ((option.high or 1000) + 1)]}[option.kind]
        if option.low is not None and option.kind == "int":
            bad.append(option.low - 1)
        if option.high is not None and option.kind == "int":
            bad.append(option.high + 1)
        for value in bad:
            with pytest.raises(ValueError, match=option.name):
                info.resolve_options({option.name: value})
            with pytest.raises(ValueError, match=option.name):
                Match(game, ["easy"] * game.min_seats, 1, {option.name: value})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_seat_counts_outside_the_range_are_refused(game_id: str) -> None:
    game = GAMES[game_id]
    for count in (game.min_seats - 1, game.max_seats + 1):
        with pytest.raises(ValueError, match="seats"):
            Match(game, ["easy"] * count, 0)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_unknown_prefix_is_refused(game_id: str) -> None:
    game = GAMES[game_id]
    match = Match(game, ["easy"] * game.min_seats, 3)
    while game.current_player(match.state) == CHANCE:
        match.play_chance()
    seat = game.acting_seats(match.state)[0]
    with pytest.raises(IllegalActionError, match="starts with"):
        game.legal_choices(match.state, seat, "no-such:prefix")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_spec_offers_bots_that_play_legal_moves(game_id: str) -> None:
    spec = SPECS[game_id]
    assert spec.levels[0] == "easy" and spec.to_json()["bots"] == list(spec.levels)
    game = spec.game
    match = Match(game, ["easy"] * game.min_seats, 5)
    while game.current_player(match.state) == CHANCE:
        match.play_chance()
    seat = game.acting_seats(match.state)[0]
    view = game.view(match.state, seat)
    for level in spec.levels:
        bot = spec.bot(level)
        assert bot.level == level
        assert bot.choose(game, view, random.Random(1)) in view["legal"]
    with pytest.raises(KeyError):
        spec.bot("grandmaster")
