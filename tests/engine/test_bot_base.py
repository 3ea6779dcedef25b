"""One bot base for every game's bots: no legal action is an error, one legal action is played at once."""

from __future__ import annotations

import random

import pytest

from cargobay.bots import NoLegalActionError
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
