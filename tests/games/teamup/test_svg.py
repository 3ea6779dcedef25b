"""The minimal Team UP! board: text lines, the heights, and the choices as action and selection buttons."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from cargobay.games.teamup import SPEC
from cargobay.games.teamup.rules import GAME
from cargobay.render import RenderContext

from .helpers import play, rulings_game, started


def attributes(svg: str, name: str) -> list[str]:
    return [e.attrib[name] for e in ET.fromstring(svg).iter() if name in e.attrib]


def test_the_board_offers_draw_and_stop_then_boxes_orientations_and_spots() -> None:
    state = started()
    svg = SPEC.render(GAME.view(state, 0), RenderContext(perspective=0))
    assert sorted(attributes(svg, "data-action")) == ["draw", "stop"]
    state = play(state, "draw")
    view = GAME.view(state, 0)
    svg = SPEC.render(view, RenderContext(perspective=0))
    assert set(attributes(svg, "data-select")) == set(GAME.legal_choices(state, 0).selections)
    assert not attributes(svg, "data-action") and "Card to play: red" in svg
    choices = GAME.legal_choices(state, 0, "box:B-red")
    svg = SPEC.render(view, RenderContext(perspective=0, selection="box:B-red", selections=choices.selections))
    assert attributes(svg, "data-select") == ["box:B-red@h", "box:B-red@v"]
    spots = GAME.legal_choices(state, 0, "box:B-red@v")
    svg = SPEC.render(view, RenderContext(perspective=0, selection="box:B-red@v", choices=spots.actions))
    assert set(attributes(svg, "data-action")) == set(spots.actions) <= set(view["legal"])


def test_the_board_at_the_end_shows_the_score_and_the_code() -> None:
    deck, actions = rulings_game()
    state = play(started(deck), *actions)
    svg = SPEC.render(GAME.view(state, None), RenderContext())
    assert "25 points, perfect" in svg and state.code in svg and not attributes(svg, "data-action")
