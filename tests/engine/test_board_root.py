"""Every board's root ``<svg>`` carries the page contract the e2e tests and the page read (render.svg.board_root)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from cargobay.engine import CHANCE, Match
from cargobay.registry import SPECS
from cargobay.render import RenderContext

ROOT_ORDER = ("class", "viewBox", "width", "preserveAspectRatio", "role", "aria-label", "font-family", "data-game",
              "data-phase", "data-seat", "data-to-act")
CONTRACT = ("class", "viewBox", "role", "aria-label", "data-game", "data-phase", "data-seat", "data-to-act",
            "data-layout")


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_the_board_root_carries_the_page_contract(game_id: str) -> None:
    spec = SPECS[game_id]
    match = Match(spec.game, ["easy"] * spec.game.min_seats, 3)
    while spec.game.current_player(match.state) == CHANCE:
        match.play_chance()
    seat = spec.game.acting_seats(match.state)[0]
    for wide in (False, True):
        svg = spec.render(spec.game.view(match.state, seat), RenderContext(wide=wide))
        root = ET.fromstring(svg)
        missing = [name for name in CONTRACT if name not in root.attrib]
        assert not missing, (game_id, missing)
        assert root.attrib["role"] == "group" and root.attrib["aria-label"]
        assert root.attrib["data-layout"] == ("wide" if wide else "tall")
        title = root.find("{http://www.w3.org/2000/svg}title")
        assert title is not None and title.text == root.attrib["aria-label"]
        view = spec.game.view(match.state, seat)
        assert root.attrib["class"] == f"cargobay-{game_id}" and root.attrib["data-game"] == game_id
        assert root.attrib["data-seat"] == str(seat)
        assert root.attrib["data-to-act"] == " ".join(str(s) for s in view.get("to_act") or []), game_id
        assert root.attrib["data-phase"] == str(view.get("phase", ""))
        # written by render.svg.board_root (its attribute order), not by hand: one root for every board
        assert list(root.attrib)[: len(ROOT_ORDER)] == list(ROOT_ORDER) and list(root.attrib)[-1] == "data-layout"
