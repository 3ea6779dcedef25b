"""A quick-draw shootout at one screen (core/cargobay/session.py LocalSession): hot-seat players shoot side by
side, with no cover between them, the board shows no one's private view meanwhile, and the next hand shown
after the shootout gets its cover again. One person against a bot keeps its own view throughout."""

from __future__ import annotations

from typing import Any

import pytest

from cargobay.engine import CHANCE, Option
from cargobay.registry import get_spec
from cargobay.render.svg import SHOW
from cargobay.session import LocalSession, SessionError

from .games.loot.helpers import deck

DUEL_GUNS = ("gun:valiant", "gun:valiant")  # the same gun: in quick-draw mode a shootout


def session(seats: list[str]) -> LocalSession:
    """Two seats, Gold on location 1 (the helpers' recommended 2-player deck), quick-draw shootouts."""
    local = LocalSession.new(get_spec("loot"), seats, 1, {"shootout": "quick-draw", "items": []})
    local.table.match.apply(CHANCE, deck(2, ["gold", "oil", "totem", "compass", "totem", "oil"]))
    return local


def show_and_act(local: LocalSession, seat: int, action: str) -> None:
    """Hot-seat: the covered seat lifts its cover, then acts."""
    assert local.handoff() == seat
    with pytest.raises(SessionError, match="pass the device"):
        local.act(seat, action)
    local.act(seat, SHOW)
    assert local.handoff() is None
    local.act(seat, action)


def to_shootout(local: LocalSession, hot_seat: bool) -> None:
    for seat, action in ((0, "pick:1"), (1, "pick:1"), (0, DUEL_GUNS[0]), (1, DUEL_GUNS[1])):
        if local.table.match.seats[seat] != "human":
            local.table.match.apply(seat, action)  # the bot's move, chosen here
        elif hot_seat:
            show_and_act(local, seat, action)
        else:
            local.act(seat, action)
    assert local.table.match.state.phase == "shootout"


def test_hot_seat_players_shoot_side_by_side_with_no_cover() -> None:
    local = session(["human", "human"])
    to_shootout(local, hot_seat=True)
    assert local.handoff() is None and local.reflex()
    snap: dict[str, Any] = local.snapshot()
    assert snap["handoff"] is None and 'data-handoff="' not in snap["svg"]
    assert snap["viewer"] is None  # nobody's private view while both are at the screen
    assert snap["view"]["phase"] == "shootout" and snap["view"]["shooters"] == [0, 1]
    assert sorted(entry["seat"] for entry in snap["to_act"] if entry["kind"] == "human") == [0, 1]
    local.act(1, "draw:284")  # the second shooter may press first: no order, no cover
    assert local.handoff() is None
    local.act(0, "draw:231")
    snap = local.snapshot()
    assert snap["view"]["last"] == {"kind": "shootout", "choices": [[0, 231], [1, 284]]}
    assert local.table.match.state.collections[0] == ["gold"]
    # the next hand shown (whoever is next) is covered first: both players were at the screen
    assert not local.reflex()
    if local.table.humans_to_act():
        assert local.handoff() is not None and snap["handoff"] is not None and snap["viewer"] is None


def test_an_early_press_and_the_seat_checks_hold_in_a_hot_seat_shootout() -> None:
    local = session(["human", "human"])
    to_shootout(local, hot_seat=True)
    with pytest.raises(SessionError, match="no hand-over"):
        local.act(0, SHOW)  # nothing to lift in a shootout
    local.act(0, "draw:early")
    with pytest.raises(ValueError, match="seat 0 has nothing to choose now"):
        local.act(0, "draw:100")  # already drawn
    local.act(1, "draw:3000")
    assert local.table.match.state.collections[1] == ["gold"]


def test_one_person_against_a_bot_keeps_their_view_in_a_shootout() -> None:
    local = session(["human", "easy"])
    to_shootout(local, hot_seat=False)
    snap = local.snapshot()
    assert snap["viewer"] == 0 and snap["handoff"] is None and snap["labels"]["0"] == "You"
    assert [entry for entry in snap["to_act"] if entry["kind"] == "human"] == [{"seat": 0, "kind": "human"}]
    local.act(0, "draw:250")
    snap = local.snapshot()
    assert snap["to_act"] == [{"seat": 1, "kind": "easy"}]  # the bot draws through step
    local.step()
    last = local.snapshot()["view"]["last"]
    assert last["kind"] == "shootout" and [seat for seat, _ in last["choices"]] == [0, 1]


def test_other_hidden_nodes_still_cover_between_hot_seat_players() -> None:
    local = session(["human", "human"])
    assert not local.reflex() and local.handoff() == 0
    snap = local.snapshot()
    assert snap["handoff"] == 0 and snap["viewer"] is None and 'data-handoff="0"' in snap["svg"]


def test_option_choice_labels_are_one_per_choice_and_reach_the_menu() -> None:
    option = Option("items", "Items", (), choices=("a", "b"), choice_labels=("Apple", "Banana"))
    assert option.to_json()["labels"] == ["Apple", "Banana"]
    assert "labels" not in Option("n", "N", "x", choices=("x", "y")).to_json()
    with pytest.raises(ValueError, match="one label per choice"):
        Option("items", "Items", (), choices=("a", "b"), choice_labels=("Apple",))
    items = get_spec("loot").to_json()["options"][0]
    assert items["kind"] == "set" and len(items["labels"]) == len(items["choices"])
    assert items["labels"][items["choices"].index("jewels")] == "Queen's Jewels (basic)"
    assert get_spec("loot").to_json()["peer_options"] == {"shootout": "gun cards", "crypto": True}  # issue 12


def test_the_reflex_node_is_declared_by_the_game_not_found_by_a_phase_name() -> None:
    """Generic code asks Game.is_reflex: only Loot's shootout is a reflex node; no other game has one."""
    from cargobay.registry import GAMES

    local = session(["human", "human"])
    assert not local.reflex()
    to_shootout(local, hot_seat=True)
    assert local.reflex() and local.table.game.is_reflex(local.table.match.state)
    for game_id in GAMES:
        if game_id != "loot":
            game = GAMES[game_id]
            assert not game.is_reflex(game.new_state(game.min_seats, {}))
