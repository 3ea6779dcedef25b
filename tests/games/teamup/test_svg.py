"""The Team UP! board: the 3D view from four sides, the selection step (box and orientation, then a spot),
legal spots and the rule of each illegal one, completed layers, the hint through the service contract."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from cargobay.engine import IllegalActionError
from cargobay.games.teamup import SPEC
from cargobay.games.teamup.geometry import RULE_IDENTICAL, RULE_TOUCH, pid_of
from cargobay.games.teamup.rules import GAME
from cargobay.games.teamup.svg_iso import turn
from cargobay.render import RenderContext
from cargobay.service import Service

from .helpers import play, rulings_game, started

NS = "{http://www.w3.org/2000/svg}"


def attributes(svg: str, name: str) -> list[str]:
    return [e.attrib[name] for e in ET.fromstring(svg).iter() if name in e.attrib]


def board(state: Any, seat: int | None = 0, selection: str = "", hint: dict[str, Any] | None = None) -> str:
    choices = GAME.legal_choices(state, seat, selection).actions if selection and seat is not None else ()
    view = GAME.view(state, seat)
    return SPEC.render(view, RenderContext(perspective=seat, selection=selection, choices=choices, hint=hint))


def test_the_board_offers_draw_stop_and_hint_and_four_sides_of_the_3d_view() -> None:
    svg = board(started())
    assert sorted(attributes(svg, "data-action")) == ["draw"]
    assert attributes(svg, "data-select") == ["confirm:stop", "hint"]  # stopping asks first
    root = ET.fromstring(svg)
    sides = [g for g in root.iter(f"{NS}g") if "tu-iso" in g.attrib.get("class", "").split()]
    assert [g.attrib["class"] for g in sides] == [f"tu-iso r{k}" for k in range(4)]
    # each side's buttons turn the view one step left or right
    assert attributes(svg, "data-view") == [f"rot={r}" for k in range(4) for r in ((k + 3) % 4, (k + 1) % 4)]
    assert '[data-view-rot="3"] .tu-iso.r3{display:inline}' in svg


def test_stop_asks_first_and_shows_the_score_it_would_give() -> None:
    state = play(started(), "draw", "place:B-red@h:3,0")
    svg = board(state, selection="confirm:stop")
    assert attributes(svg, "data-action") == ["stop"] and attributes(svg, "data-select") == [""]  # or keep playing
    score = GAME.view(state, 0)["score"]
    assert attributes(svg, "data-would-score") == [str(score)]
    words = " ".join(t.text or "" for t in ET.fromstring(svg).iter(f"{NS}text"))
    assert f"the team scores {score}" in words and f"Stop, score {score}" in words, words
    over = GAME.apply(state, 0, "stop")
    assert GAME.result(over)["score"] == score  # what it said is what stopping scores


def test_turning_is_a_rotation_of_the_pallet() -> None:
    corners = [(0, 0), (6, 0), (6, 4), (0, 4)]
    for k in range(4):
        turned = {turn(x, y, k) for x, y in corners}
        width, depth = (6, 4) if k % 2 == 0 else (4, 6)
        assert turned == {(0, 0), (width, 0), (width, depth), (0, depth)}
    assert turn(1, 0, 1) == (4, 1) and turn(2, 1, 2) == (4, 3) and turn(2, 1, 4) == (2, 1)  # no mirror image


def test_picking_a_box_and_orientation_shows_every_spot_legal_or_with_its_rule() -> None:
    state = play(started(), "draw")  # the first card of the rulings' deck: red
    assert set(attributes(board(state), "data-select")) >= {"box:B-red@h", "box:B-red@v", "hint"}
    svg = board(state, selection="box:B-red@v")
    spots = GAME.legal_choices(state, 0, "box:B-red@v").actions
    assert set(attributes(svg, "data-action")) == set(spots) and spots
    assert "box:B-red@h" in attributes(svg, "data-select")  # "Rotate box": the other orientation
    bad = [label for label in attributes(svg, "aria-label") if label.startswith("Not at ")]
    fits = sum(1 for x in range(6) for y in range(4) if pid_of("B", "v", x, y) >= 0)
    assert len(bad) + len(spots) == fits
    assert any(RULE_TOUCH in label for label in bad)
    for label in bad:  # the engine refuses each of those spots with the rule the board names
        x, y = label.removeprefix("Not at ").partition(":")[0].split(",")
        with pytest.raises(IllegalActionError) as refused:
            GAME.apply(state, 0, f"place:B-red@v:{x},{y}")
        assert refused.value.rule and refused.value.rule in label


def test_an_identical_sides_spot_is_explained() -> None:
    state = play(started(), "draw")
    svg = board(state, selection="box:T-red@h")
    assert any(RULE_IDENTICAL in label for label in attributes(svg, "aria-label"))


def test_completed_layers_are_shown_and_the_end_has_the_score_and_the_code() -> None:
    deck, actions = rulings_game()
    state = play(started(deck), *actions)
    svg = board(state, None)
    assert "25 points, perfect" in svg and state.code in svg and not attributes(svg, "data-action")
    assert len(re.findall("Layer [1-5] \u2713", svg)) == 5
    half = play(started(deck), *actions[: len(actions) // 2])
    full = GAME.view(half, None)["layers_full"]
    assert len(re.findall("Layer [1-5] \u2713", board(half, None))) == full < 5


def test_the_hint_is_drawn_with_a_button_that_plays_it() -> None:
    state = play(started(), "draw")
    hint = GAME.hint(state, 0)
    assert hint is not None and hint["action"] in GAME.legal_actions(state, 0)
    svg = board(state, hint=hint)
    assert hint["action"] in attributes(svg, "data-action") and hint["text"] in attributes(svg, "aria-label")
    assert GAME.hint(state, 0) == hint and GAME.hint(play(state), 1) is None  # the same state, the same hint


def ask(service: Service, **request: Any) -> dict[str, Any]:
    answer = service.handle(request)
    assert answer["ok"], answer
    return dict(answer["result"])


def test_the_hint_through_the_service_is_a_selection() -> None:
    service = Service()
    snap = ask(service, type="new_match", game="teamup", seats=["human"], seed=4, options={"mode": "challenge"})
    while not snap["view"]["legal"]:
        snap = ask(service, type="step")  # the set-up (chance)
    assert 'data-select="hint"' in snap["svg"]
    asked = ask(service, type="select", seat=0, prefix="hint")
    said = [label for label in attributes(asked["svg"], "aria-label") if label.startswith("Hint: ")]
    assert asked["selection"] == "hint" and said[0].startswith("Hint: draw a card")
    assert "solved exactly" in said[0]  # Challenge mode: the order is known, the solver answers
    done = ask(service, type="act", seat=0, action="draw")
    assert done["selection"] == "" and "solved exactly" not in done["svg"]  # the button stays, the answer goes
    other = Service()
    ask(other, type="new_match", game="load", seats=["human", "easy"], seed=1)
    assert not other.handle({"type": "select", "seat": 0, "prefix": "hint"})["ok"]  # LOAD! gives no hints
