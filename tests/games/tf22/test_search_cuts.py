"""The strong bot's candidate cuts (``search.candidates``): a Production Unit's builds keep the best place per kind
whether or not the unloads of alike pieces are also cut (``distinct``); the medium bot's (``search.pruned``, over the
whole legal list) are the same cuts."""

from __future__ import annotations

import random

from cargobay.engine import CHANCE, TERMINAL
from cargobay.games.tf22.actions import Build, parse
from cargobay.games.tf22.rules import GAME
from cargobay.games.tf22.search import Evaluator, _useful, candidates, pruned
from cargobay.games.tf22.state import TF22State


def _a_state_with_builds() -> tuple[TF22State, int, int, list[Build]]:
    """The first state of a seeded random match where a Production Unit has more than three builds."""
    for seed in range(20):
        rng = random.Random(seed)
        state = GAME.new_state(2, {"turns": 5})
        while (seat := GAME.current_player(state)) != TERMINAL:
            if seat == CHANCE:
                state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
                continue
            actions = GAME.legal_actions(state, seat)
            builds = [move for move in map(parse, actions) if isinstance(move, Build)]
            if state.phase == "play" and len(builds) > 3:
                return state, seat, builds[0].unit, builds
            state = GAME.apply(state, seat, rng.choice(actions))
    raise AssertionError("no seeded match reached a Production Unit with builds")


def test_the_builds_keep_the_best_place_per_kind_with_or_without_the_alike_unload_cut() -> None:
    state, seat, unit, builds = _a_state_with_builds()
    evaluator = Evaluator(state, seat, [])
    kept = {distinct: [move for move in map(parse, candidates(state, seat, evaluator, [unit], distinct))
                       if isinstance(move, Build)] for distinct in (True, False)}
    assert 0 < len(kept[False]) == len({build.kind for build in kept[False]}) < len(builds)  # one place per kind
    assert kept[True] == kept[False]


def test_the_medium_bot_s_cuts_of_the_legal_list_are_the_strong_bot_s_per_unit() -> None:
    state, seat, _, _ = _a_state_with_builds()
    evaluator = Evaluator(state, seat, [])
    legal = GAME.legal_actions(state, seat)
    kept = pruned(state, legal, evaluator)
    units = {getattr(parse(action), "unit", None) for action in legal} - {None}
    assert {state.pieces[unit].kind for unit in units} >= {"lander", "production"}
    for unit in units:
        mine = {action for action in kept if getattr(parse(action), "unit", None) == unit and _useful(state, action)}
        assert mine == set(candidates(state, seat, evaluator, [unit])), unit
