"""Property: a native random match, its actions turned into OpenSpiel ids and PettingZoo ids, gives back the
same cargobay match log and the same final state hash through each adapter."""

from __future__ import annotations

import pyspiel
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cargobay.openspiel  # noqa: F401  (registers the games)
from cargobay.engine import CHANCE, Match
from cargobay.pettingzoo import env
from cargobay.registry import GAMES

from .helpers import GAME_IDS, SHORT, chance_draws, native_match, pick_ids

SEATS = {"load": (2,), "haul": (4,), "loot": (2, 3, 6), "teamup": (1, 2, 5), "tf22": (2, 3)}


def through_openspiel(match: Match, simultaneous: bool) -> pyspiel.State:
    params: dict[str, object] = {"players": len(match.seats), **SHORT.get(match.game.id, {})}
    if match.game.info.simultaneous:
        params["turn_based"] = not simultaneous
    state = pyspiel.load_game(f"cargobay_{match.game.id}", params).new_initial_state()
    table = state.table
    joint: dict[int, int] = {}
    for step, (seat, action) in enumerate(match.actions):
        if seat == CHANCE:
            draws = chance_draws(match, step)
            while len(state.node.log) <= step:  # draws with one outcome are taken by the adapter itself
                state.apply_action(draws[len(state.node.script)])
            continue
        ids = pick_ids(table, state.node, seat, action)
        if state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            assert len(ids) == 1
            joint[seat] = ids[0]
            if set(joint) == set(table.acting(state.node)):
                state.apply_actions([joint.get(s, 0) for s in range(len(match.seats))])
                joint = {}
            continue
        for action_id in ids:
            assert state.current_player() == seat
            state.apply_action(action_id)
    assert state.is_terminal()
    return state


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), pick=st.integers(0, 2))
def test_native_openspiel_and_pettingzoo_agree(game_id: str, seed: int, pick: int) -> None:
    seats = SEATS[game_id][pick % len(SEATS[game_id])]
    options = SHORT.get(game_id, {})
    match = native_match(game_id, seats, seed, options)
    native_log = match.to_log()
    native_hash = match.game.state_hash(match.state)

    for simultaneous in (False, True) if match.game.info.simultaneous else (False,):
        state = through_openspiel(match, simultaneous)
        log = state.match_log(seed)
        assert log["actions"] == native_log["actions"]
        assert match.game.state_hash(state.node.state) == native_hash
        assert match.game.state_hash(Match.from_log(log, GAMES).state) == native_hash

    e = env(game_id, players=seats, **options)
    e.reset(seed=seed)
    for seat, action in match.actions:
        if seat == CHANCE:
            continue  # the environment draws chance from the seed, as the native match did
        for action_id in pick_ids(e.table, e.node, seat, action):
            assert e.agent_selection == f"player_{seat}"
            assert e.observe(e.agent_selection)["action_mask"][action_id] == 1
            e.step(action_id)
    assert all(e.terminations.values())
    assert e.match_log()["actions"] == native_log["actions"]
    assert match.game.state_hash(e.node.state) == native_hash


def test_actions_that_name_a_dated_badge_have_ids() -> None:
    """Ruling 6 dates a Badge in a collection (``sheriff@1.1``): a Sleight of Hand exchanging it, and every other
    legal action on the way, has an OpenSpiel id of its own that maps back to the same action."""
    from cargobay.games.loot.rules import GAME as LOOT
    from cargobay.research.codecs import loot_codec
    from tests.games.loot.helpers import deck

    items = ("oil", "totem", "gold", "sheriff", "sleight")
    codec = loot_codec()
    match = Match(LOOT, ["a", "b"], 0, {"shootout": "gun cards", "items": list(items)})
    match.apply(CHANCE, deck(2, ["sheriff", "gold", "gold", "sleight", "oil", "totem", "totem", "gold"], items))
    for seat, action in ((0, "pick:1"), (1, "pick:2"), (0, "pick:1"), (1, "pick:2")):
        match.apply(seat, action)
    legal = LOOT.legal_actions(match.state, 0)
    assert "trade:totem:sheriff@1.1" in legal
    ids = [codec.encode(action) for action in legal]
    assert len(set(ids)) == len(ids)
    game = pyspiel.load_game("cargobay_loot")
    assert game.num_distinct_actions() == codec.size
    for action in ("discard:sheriff@10.6+gold", "steal:5:cat=sheriff@3.2", "copy:sheriff@2.2"):
        assert 0 <= codec.encode(action) < codec.size
