"""The placeholder Haul board (games/haul/svg.py): valid SVG, the view's text, a button for every legal pick."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from cargobay.games.haul import SPEC
from cargobay.games.haul.rules import GAME
from cargobay.render import RenderContext

from .helpers import EMPTY, dealt, play, table


def buttons(svg: str, key: str) -> list[str]:
    return [e.attrib[key] for e in ET.fromstring(svg).iter() if key in e.attrib]


def test_playing_offers_a_button_per_card_in_hand() -> None:
    state = dealt().state
    view = GAME.view(state, 0)
    svg = SPEC.render(view, RenderContext(perspective=0))
    assert sorted(buttons(svg, "data-action")) == view["legal"] and not buttons(svg, "data-select")
    assert "Your hand: 2♥ 3♥" in svg and 'data-game="haul"' in svg
    spectator = SPEC.render(GAME.view(state, None), RenderContext())
    assert not buttons(spectator, "data-action") and "Your hand" not in spectator


def test_resolving_picks_a_card_then_shows_what_each_option_does() -> None:
    trailers = [[["8H"], [], ["8S", "8C"], []], EMPTY, EMPTY, EMPTY]
    state = play(table([["2H"], ["6S"], ["9D"], ["8D"]], trailers), "2H", "6S", "9D", "8D")
    view = GAME.view(state, 0)
    svg = SPEC.render(view, RenderContext(perspective=0))
    assert buttons(svg, "data-select") == ["resolve:2H", "resolve:6S", "resolve:8D", "resolve:9D"]
    picked = GAME.legal_choices(state, 0, "resolve:6S")
    svg = SPEC.render(view, RenderContext(perspective=0, selection="resolve:6S", choices=picked.actions))
    assert buttons(svg, "data-action") == ["claim:6S", "refuel:6S"] and buttons(svg, "data-select") == [""]
    assert "Forced Unload of 8♠-8♣" in svg and "1 token(s) left" in svg
    picked = GAME.legal_choices(state, 0, "resolve:8D")
    svg = SPEC.render(view, RenderContext(perspective=0, selection="resolve:8D", choices=picked.actions))
    assert "Heavy Load under 8♥" in svg and "Heavy Load under 8♠-8♣" in svg and "empty Diamonds slot" in svg
