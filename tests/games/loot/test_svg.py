from __future__ import annotations

import xml.etree.ElementTree as ET
from random import Random

from cargobay.engine import CHANCE
from cargobay.games.loot.rules import GAME
from cargobay.games.loot.svg import render
from cargobay.render import RenderContext

from .helpers import picks, start


def actions(svg: str) -> list[str]:
    return [e.attrib["data-action"] for e in ET.fromstring(svg).iter() if "data-action" in e.attrib]


def test_the_board_offers_exactly_the_legal_picks_and_guns() -> None:
    state = start(3, ["gold", "oil", "totem"])
    view = GAME.view(state, 1)
    assert actions(render(view, RenderContext(perspective=1))) == ["pick:1", "pick:2", "pick:3"]
    state = picks(state, {0: 2, 1: 2, 2: 1})
    svg = render(GAME.view(state, 0))
    assert sorted(actions(svg)) == GAME.legal_actions(state, 0) and "Duel at location 2" in svg
    assert actions(render(GAME.view(state, 2))) == []


def test_a_spectator_and_the_set_up_render() -> None:
    state = GAME.new_state(2)
    assert actions(render(GAME.view(state, None))) == []
    state = GAME.apply(state, CHANCE, GAME.sample_chance(state, Random(0)))
    assert "Location 3" in render(GAME.view(state, None))
