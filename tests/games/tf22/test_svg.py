"""The TF22 board (core/cargobay/games/tf22/svg*.py): well-formed SVG over random states, narrow and wide; every
clickable element follows the page contract; every legal action of the viewer is reachable through the selection
step (and nothing else is offered); the reach drawn for a unit agrees with the move generator; no other seat's
forecast (nor the deck's hidden order) reaches the SVG; the score table at the end; render time."""

from __future__ import annotations

import random
import statistics
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from cargobay.engine import CHANCE, TERMINAL
from cargobay.games.tf22.board import hex_text, parse_hex
from cargobay.games.tf22.rules import GAME
from cargobay.games.tf22.state import TF22State
from cargobay.games.tf22.svg_model import Model
from cargobay.games.tf22.svg_pieces import reach_code
from cargobay.registry import SPECS
from cargobay.render import RenderContext
from tests.games.tf22.helpers import Scenario, start
from tests.games.tf22.invariants import hidden_variants

RENDER = SPECS["tf22"].render
SVG = "{http://www.w3.org/2000/svg}"


def board(state: TF22State, seat: int | None, prefix: str = "", wide: bool = False) -> str:
    ctx = RenderContext(perspective=seat, wide=wide, labels={0: "You", 1: "Medium bot"})
    if prefix:
        choices = GAME.legal_choices(state, seat, prefix)
        ctx = RenderContext(perspective=seat, wide=wide, selection=prefix, choices=choices.actions,
                            selections=choices.selections)
    return RENDER(GAME.view(state, seat), ctx)


def clickables(svg: str) -> tuple[list[str], list[str]]:
    """(data-action values, data-select values), checking every clickable element's contract on the way."""
    root = ET.fromstring(svg)
    actions, selects = [], []
    for el in root.iter():
        if "data-action" in el.attrib or "data-select" in el.attrib:
            assert el.attrib.get("role") == "button" and el.attrib.get("tabindex") == "0", el.attrib
            assert el.attrib.get("aria-label"), el.attrib
            assert el.find(f"{SVG}title") is not None
            if "data-action" in el.attrib:
                actions.append(el.attrib["data-action"])
            else:
                selects.append(el.attrib["data-select"])
    return actions, selects


def random_states(seed: int, seats: int = 2, turns: int = 4, every: int = 9) -> Iterator[TF22State]:
    """Nodes of a short random match (every ``every``-th decision, and the end): "end" is likelier than the
    rest so moves stay short."""
    rng = random.Random(seed)
    state = GAME.new_state(seats, {"turns": turns})
    count = 0
    while GAME.current_player(state) != TERMINAL:
        seat = GAME.current_player(state)
        if seat == CHANCE:
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
            continue
        if count % every == 0:
            yield state
        count += 1
        legal = GAME.legal_actions(state, seat)
        pick = "end" if "end" in legal and rng.random() < 0.12 else rng.choice(legal)
        state = GAME.apply(state, seat, pick)
    yield state


def reachable(state: TF22State, seat: int, wide: bool = False) -> tuple[set[str], int]:
    """Every data-action found by pressing every data-select, recursively (the page's selection step)."""
    seen: set[str] = set()
    found: set[str] = set()
    todo = [""]
    renders = 0
    while todo:
        prefix = todo.pop()
        if prefix in seen:
            continue
        seen.add(prefix)
        actions, selects = clickables(board(state, seat, prefix, wide))
        renders += 1
        found.update(actions)
        todo += [s for s in selects if s and s not in seen]
    return found, renders


# ------------------------------------------------------------------------------------------ well-formed
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_states_draw_well_formed_boards_for_every_seat_narrow_and_wide(seed: int) -> None:
    for state in random_states(seed, seats=2 + seed % 3):
        for seat in (*range(state.seats), None):
            for wide in (False, True):
                svg = board(state, seat, wide=wide)
                actions, selects = clickables(svg)
                legal = set(GAME.legal_actions(state, seat)) if seat is not None else set()
                assert set(actions) <= legal
                for prefix in selects:
                    GAME.legal_choices(state, seat, prefix)  # raises for a prefix that starts no legal action
                root = ET.fromstring(svg)
                assert root.attrib["data-layout"] == ("wide" if wide else "tall")
                assert root.find(f".//{SVG}svg[@data-panzoom='1']") is not None
                if seat is None:
                    assert not actions and not selects


@pytest.mark.parametrize("seed", [4, 5])
def test_every_legal_action_is_reachable_through_the_selection_step(seed: int) -> None:
    checked = 0
    for state in random_states(seed, every=5):
        seat = GAME.current_player(state)
        if seat < 0:
            continue
        found, _ = reachable(state, seat, wide=seed % 2 == 0)
        assert found == set(GAME.legal_actions(state, seat)), state.phase
        checked += 1
    assert checked >= 5


def test_the_start_of_turn_two_reaches_every_unload_of_the_lander() -> None:
    state = start(2, sites=("18,14/0", "5,12/0"))
    found, renders = reachable(state, 0)
    assert found == set(GAME.legal_actions(state, 0)) and len(found) > 100 and renders > 10


def test_shots_captures_builds_and_freighters_go_through_the_selection_step() -> None:
    s = Scenario(tide="N")
    s.add("rcu", 0, "18,14", "a")
    s.add("spider", 0, "18,16", "b")
    s.add("transporter", 1, "18,15", "t")
    s.add("ore", -1, "19,13")
    s.add("production", 0, "16,14", "p")
    s.add("ore", -1, inside="p")
    s.add("freighter", 0, "12,14", "f", aux=0)
    state = s.state
    legal = set(GAME.legal_actions(state, 0))
    assert {a.split(":")[0] for a in legal} >= {"move", "fire", "capture", "build"}
    found, _ = reachable(state, 0)
    assert found == legal
    # the shot: the target first (aim), then the partner, drawn on the partner's hex
    svg = board(state, 0, "aim:{a}>{t}".format(**s.ids))
    actions, _ = clickables(svg)
    assert "fire:{a}+{b}>{t}".format(**s.ids) in actions and "capture:{a}+{b}>{t}".format(**s.ids) in actions


def test_boarding_and_repairing_a_lander_go_through_the_selection_step() -> None:
    s = Scenario(landers=False)
    s.lander(0, "5,12", 0)
    s.lander(1, "18,14", 0, turrets=())
    s.add("spider", 0, "18,12", "a")  # next to the N pod 18,13
    state = s.state
    assert "capture:{a}>{L1}".format(**s.ids) in GAME.legal_actions(state, 0)
    assert reachable(state, 0)[0] == set(GAME.legal_actions(state, 0))
    s = Scenario(landers=False, seats=3)
    s.lander(0, "5,12", 0)
    s.lander(1, "18,14", 0, turrets=())
    s.lander(2, "24,2", 0)
    s.state.holder[1] = 0
    s.state.captured[0] = [1]
    s.state.modules[0] = [0, 0, 2]
    legal = set(GAME.legal_actions(s.state, 0))
    assert any(a.startswith("repair:") for a in legal) and reachable(s.state, 0)[0] == legal
    assert f"replace:{s['L1']}" in legal  # a button once the Lander is picked


def test_a_landing_picks_a_site_then_one_of_two_pod_layouts() -> None:
    state = GAME.apply(GAME.new_state(2, {}), CHANCE, "order:0,1")
    actions, selects = clickables(board(state, 0))
    assert actions == [] and selects and all(s.startswith("site:") for s in selects)
    site = selects[len(selects) // 2]
    actions, selects = clickables(board(state, 0, site))
    assert sorted(actions) == sorted(a for a in GAME.legal_actions(state, 0) if a.startswith(f"land:{site[5:]}/"))
    assert site in selects and len(actions) in (1, 2)  # the picked site stays focusable


# ------------------------------------------------------------------------------------------ reach
def test_the_first_ring_of_a_units_reach_is_its_legal_moves() -> None:
    compared = 0
    for state in random_states(7, every=4):
        seat = GAME.current_player(state)
        if seat < 0 or state.phase != "play" or state.breach >= 0:
            continue
        model = Model(GAME.view(state, seat))
        legal = GAME.legal_actions(state, seat)
        for pid, piece in state.pieces.items():
            if piece.hex < 0 or model.owner(pid) != seat:
                continue
            moves = {a.split(">")[1].split("/")[0] for a in legal if a.startswith(f"move:{pid}>")}
            reach = model.reach(pid, state.ap[seat])
            ring = {hex_text(cell) for cell, cost in reach.items() if cost == 1}
            if piece.kind == "freighter":
                assert ring == moves
            else:  # a breaching move (into an enemy zone) is legal but never part of the reach
                enemy = model.enemy(seat)
                assert ring == {m for m in moves if parse_hex(m) not in enemy}
            assert all(cost <= state.ap[seat] for cost in reach.values())
            compared += 1
    assert compared >= 20


def test_units_that_can_move_carry_their_reach_for_hover_and_focus() -> None:
    state = start(2, sites=("18,14/0", "5,12/0"))
    lander = state.landers[0]
    for action in sorted(a for a in GAME.legal_actions(state, 0) if a.startswith(f"unload:{lander}>")):
        piece = int(action.split(">")[1].split("@")[0])
        if state.pieces[piece].kind == "rcu":
            state = GAME.apply(state, 0, action)
            break
    root = ET.fromstring(board(state, 0))
    reaching = [el for el in root.iter() if "data-reach" in el.attrib]
    assert len(reaching) == 1 and reaching[0].attrib["data-select"] == f"unit:{piece}"
    model = Model(GAME.view(state, 0))
    assert reaching[0].attrib["data-reach"] == reach_code(model.reach(piece, state.ap[0]))
    # after a move the unit keeps its moves on the map (one click per hex), the rest stays as it was
    after = [GAME.apply(state, 0, a) for a in GAME.legal_actions(state, 0) if a.startswith(f"move:{piece}>")]
    state = next(s for s in after if any(a.startswith(f"move:{piece}>") for a in GAME.legal_actions(s, 0)))
    svg = board(state, 0)
    actions, selects = clickables(svg)
    moves = {a for a in GAME.legal_actions(state, 0) if a.startswith(f"move:{piece}>")}
    assert moves and {a for a in actions if a.startswith("move:")} == moves
    assert f"unit:{piece}" in selects and 'data-sticky="1"' in svg


# ------------------------------------------------------------------------------------------ hidden information
def test_no_other_forecast_nor_the_hidden_deck_order_reaches_the_board() -> None:
    state = start(2, sites=("18,14/0", "5,12/0"), deck="NEFNEFNEFNEFNEF")
    state = state.copy()
    state.known = [1, 3]  # seat 1 has read three cards, seat 0 one
    rng = random.Random(1)
    for seat in (0, 1, None):
        svg = board(state, seat)
        root = ET.fromstring(svg)
        shown = root.find(f".//{SVG}g[@class='forecast']").attrib["data-forecast"]
        assert shown == ("".join(state.deck[: state.known[seat]]) if seat is not None else "")
        for variant in hidden_variants(state, 0 if seat is None else seat, rng):
            assert board(variant, seat) == svg  # the deck beyond what the seat has read changes nothing


# ------------------------------------------------------------------------------------------ the end
def test_the_end_shows_the_score_table() -> None:
    state = list(random_states(9, turns=3, every=1000))[-1]
    assert state.phase == "end"
    for wide in (False, True):
        svg = board(state, 0, wide=wide)
        assert "Final score" in svg and 'class="score-table"' in svg and "Game over" in svg
        assert clickables(svg) == ([], [])


# ------------------------------------------------------------------------------------------ speed
def test_the_board_renders_fast() -> None:
    states = [s for s in random_states(11, every=3) if s.phase == "play"][:6]
    times = []
    for state in states:
        view = GAME.view(state, state.seat)
        for wide in (False, True):
            ctx = RenderContext(perspective=state.seat, wide=wide)
            RENDER(view, ctx)
            started = time.process_time()
            RENDER(view, ctx)
            times.append(time.process_time() - started)
    assert statistics.median(times) < 0.05, times  # 504 hexes well under 50 ms in CPython


def test_the_map_keeps_its_size_whatever_the_panel_holds() -> None:
    """Picking the Lander (a dozen units to unload) leaves the wide board, so the map, as big as before."""
    state = start(2, sites=("18,14/0", "5,12/0"))

    def height(svg: str) -> float:
        return float(ET.fromstring(svg).attrib["viewBox"].split()[3])

    lander = next(s for s in clickables(board(state, 0, wide=True))[1] if s.startswith("unit:")
                  and len(GAME.legal_choices(state, 0, s).selections) >= 10)
    picked = board(state, 0, lander, wide=True)
    assert len(clickables(picked)[1]) >= 10  # the cargo to unload
    assert height(picked) == height(board(state, 0, wide=True))


def test_what_the_other_seat_did_since_the_viewers_last_move_is_listed_and_ringed() -> None:
    """A random match until seat 1 made a move of several actions after seat 0's last: the board for seat 0
    lists each deed (a unit's consecutive moves as one, "N hexes to x,y") led by the bot's name, and rings on
    the map where each ended; without ``recent`` neither is drawn."""
    from cargobay.games.tf22.svg_recent import deeds
    from cargobay.session import recent_actions

    rng = random.Random(8)
    state = GAME.new_state(2, {"turns": 6})
    actions: list[tuple[int, str]] = []
    while GAME.current_player(state) != TERMINAL:
        seat = GAME.current_player(state)
        if seat == CHANCE:
            action = GAME.sample_chance(state, rng)
        else:
            legal = GAME.legal_actions(state, seat)
            moves = [a for a in legal if a.startswith(("move:", "unload:"))]
            action = rng.choice(moves) if moves and rng.random() < 0.9 else ("end" if "end" in legal else legal[0])
        state = GAME.apply(state, seat, action)
        actions.append((seat, action))
        recent = recent_actions(actions, 0)
        if GAME.current_player(state) == 0 and sum(a.startswith(("move:", "unload:")) for _, a in recent) >= 4:
            break
    else:
        pytest.fail("seat 1 never made a move of 4 actions")
    labels = {0: "You", 1: "Ben (Easy bot)"}
    ctx = RenderContext(perspective=0, labels=labels, recent=recent)
    root = ET.fromstring(RENDER(GAME.view(state, 0), ctx))
    panel = root.find(f".//{SVG}g[@class='recent']")
    assert panel is not None
    done = deeds(Model(GAME.view(state, 0)), recent, labels)
    assert int(panel.attrib["data-deeds"]) == len(done) >= 2
    lines = " ".join(t.text or "" for t in panel.iter(f"{SVG}text"))
    assert "Since your last move" in lines and lines.count("Ben (Easy bot)") >= min(len(done), 10)
    runs = sum(1 for i, (_, a) in enumerate(recent) if a.startswith("move:")
               and not (i and recent[i - 1][1].startswith(a.split(">")[0] + ">")))
    assert sum(1 for _, words, _ in done if words.startswith("moved ")) <= runs
    last_move = next((a for _, a in reversed(recent) if a.startswith("move:")), "")
    if last_move:
        assert f"to {last_move.split('>')[1].split('/')[0]}" in " ".join(w for _, w, _ in done)
    rings = root.findall(f".//{SVG}g[@class='recent-marks noclick']/{SVG}circle")
    assert len(rings) == sum(1 for _, _, cell in done if cell >= 0)
    plain = ET.fromstring(RENDER(GAME.view(state, 0), RenderContext(perspective=0, labels=labels)))
    assert plain.find(f".//{SVG}g[@class='recent']") is None
