"""The TF22 medium bot: legal, deterministic, lands sensibly, gathers ore, beats random play."""

from __future__ import annotations

import random

from cargobay.engine import CHANCE
from cargobay.games.tf22.bots import MediumBot, landing_value
from cargobay.games.tf22.rules import GAME
from cargobay.registry import SPECS
from cargobay.table import Table
from tests.games.tf22.helpers import Scenario


def test_the_medium_bot_lands_where_ore_is_thick_with_water_at_hand() -> None:
    state = GAME.apply(GAME.new_state(2, {}), CHANCE, "order:0,1")
    view = GAME.view(state, 0)
    choice = MediumBot().choose(GAME, view, random.Random(1))
    assert choice in view["legal"]
    assert landing_value(state, choice) == max(landing_value(state, action) for action in view["legal"])


def test_the_medium_bot_loads_ore_next_to_its_transporter_and_brings_it_home() -> None:
    s = Scenario(landers=False)
    s.lander(0, "18,14", 0)
    s.lander(1, "5,12", 0)
    s.add("transporter", 0, "20,16", "t")
    s.add("ore", -1, "20,17", "o")
    bot = MediumBot()
    choice = bot.choose(GAME, GAME.view(s.state, 0), random.Random(1))
    assert choice == "load:{t}<{o}".format(**s.ids)
    for _ in range(6):
        s.play(bot.choose(GAME, GAME.view(s.state, 0), random.Random(1)))
        if s.state.pieces[s["o"]].carrier == s["L0"]:
            break
    assert s.state.pieces[s["o"]].carrier == s["L0"]


def test_the_medium_bot_beats_random_play_and_takes_off_with_cargo() -> None:
    table = Table.new(SPECS["tf22"], ["medium", "easy"], 1, {"turns": 8})
    table.play_out()
    result = GAME.result(table.match.state)
    assert result is not None and result["winners"] == [0] and result["ore"][0] >= 1
