"""One bot base for every game's bots: no legal action is an error, one legal action is played at once."""

from __future__ import annotations

import random

import pytest

from cargobay.bots import IllegalChoiceError, NoLegalActionError
from cargobay.registry import SPECS

BOTS = [(game_id, level) for game_id, spec in SPECS.items() for level in spec.levels]


@pytest.mark.parametrize(("game_id", "level"), BOTS)
def test_no_legal_action_raises_and_one_is_played_at_once(game_id: str, level: str) -> None:
    spec = SPECS[game_id]
    bot = spec.bot(level)
    with pytest.raises(NoLegalActionError, match="no legal action"):
        bot.choose(spec.game, {"legal": [], "seat": 0, "phase": "any"}, random.Random(1))
    # a view with one legal action needs nothing else: the bot plays it without reading the view
    assert bot.choose(spec.game, {"legal": ["only:move"], "seat": 0, "phase": "any"}, random.Random(1)) == "only:move"


@pytest.mark.parametrize("level", ["medium", "strong"])
def test_a_bot_that_chooses_an_illegal_action_is_an_error_not_a_silent_other_move(
        level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Team UP!'s bots played ``legal[0]`` when their own choice was not legal; now that is a bot error."""
    from cargobay.games.teamup import bots as teamup_bots
    from cargobay.games.teamup import sim as teamup_sim

    spec = SPECS["teamup"]
    game = spec.game
    state = game.new_state(2, {"mode": "game"})
    rng = random.Random(3)
    while game.current_player(state) < 0 or game.view(state, game.current_player(state))["phase"] != "place":
        seat = game.current_player(state)
        action = game.sample_chance(state, rng) if seat < 0 else "draw"
        state = game.apply(state, seat, action)
    view = game.view(state, game.current_player(state))
    assert len(view["legal"]) > 1
    monkeypatch.setattr(teamup_bots, "hint", lambda *_args, **_kw: type("H", (), {"action": "place:nowhere"})())
    monkeypatch.setattr(teamup_sim.Sim, "choose", lambda *_args: None)
    with pytest.raises(IllegalChoiceError, match=r"'(place:nowhere|)', which is not legal"):
        spec.bot(level).choose(game, view, random.Random(1))
