"""TF22 in a real Chromium: a 2-player match against the medium bot played by clicks (the landing, the deployment
out of the Lander, moving a Transporter to White Ore and loading it, a shot of two cannons, the map's pan, zoom
and hover reach), then finished by bots (the strong bot takes the person's seat in the saved match and the page
resumes it) to the score table, with the strong bot timed in the page's engine; the board on a phone
(touch: a drag pans, two fingers pinch, a tap lands); and two browsers playing a few turns of a friend match to
equal state hashes. Screenshots in e2e/artifacts/tf22-*.png."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, CDPSession, Page

from cargobay.games.tf22.board import HEXES, NEIGHBOURS, TERRAIN, distance, parse_hex
from cargobay.games.tf22.tides import LAND
from cargobay.service import PROTOCOL, Service
from p2p_play import friend_match, quiet, settle, wait_in_step
from under_test import NewPage, PageRecorder, recorder_of, track
from ux import assert_axe_clean, assert_no_error, board, error_message, focused, open_ready, shot, tab_to_board

pytestmark = pytest.mark.e2e

MAP = "#board svg[data-panzoom]"
FRAME = "#board [data-map-frame]"  # the map's window (a nested <svg>'s own box is that of its content)
RISKY = ("stranded", "flooded", "lost")  # a label saying the unit would not act (or be lost) there

ITEMS_JS = """() => [...document.querySelectorAll('#board [data-action], #board [data-select]')].map(e => ({
  action: e.getAttribute('data-action'), select: e.getAttribute('data-select'),
  label: e.getAttribute('aria-label') || '', hex: Number(e.getAttribute('data-hex') ?? -1)}))"""


HAND_TO_BOTS_JS = """(level) => {
  const key = 'cargobay.match.' + sessionStorage.getItem('cargobay.tab.local');
  const record = JSON.parse(localStorage.getItem(key));
  const seats = record.log.seats.map((kind) => (kind === 'human' ? level : kind));
  record.log.seats = seats;
  if (record.setup) record.setup.seats = seats;
  localStorage.setItem(key, JSON.stringify(record));
  return seats; }"""
RECORD_SEATS_JS = """() => JSON.stringify(JSON.parse(localStorage.getItem(
  'cargobay.match.' + sessionStorage.getItem('cargobay.tab.local'))).seats)"""
TIMED_REQUEST_JS = """async (text) => {
  const start = performance.now();
  const answer = JSON.parse(await window.cargobayEngine.request(text));
  return [answer, performance.now() - start]; }"""


# ------------------------------------------------------------------------------------------ helpers
def items(page: Page) -> list[dict[str, Any]]:
    return list(page.evaluate(ITEMS_JS))


def ore_hexes(page: Page) -> list[int]:
    text = page.get_attribute("#board g.ore", "data-hexes") or ""
    return [int(v) for v in text.split()]


def wait_move(page: Page, timeout: int = 90_000) -> str:
    """Until the human is to act on a quiet board ("move") or the match is over ("over")."""
    what = page.wait_for_function(
        "() => { const b = document.getElementById('board');"
        " if (document.getElementById('messages').dataset.kind === 'error') return 'error';"
        " if (b.dataset.match === 'over') return 'over';"
        " return b.dataset.turnOwner === 'human' && !b.hasAttribute('aria-busy') ? 'move' : false; }",
        timeout=timeout).json_value()
    assert what != "error", error_message(page)
    return str(what)


def press(page: Page, key: str, value: str, part: str = "") -> None:
    """Click the board element with data-<key>="<value>" (or a shape of it) and wait until the board took it."""
    step, selection = board(page, "data-step"), board(page, "data-selection")
    target = page.locator(f'#board [data-{key}="{value}"]').first
    (target.locator(part).first if part else target).click()
    page.wait_for_function(
        "([s, sel]) => { const b = document.getElementById('board');"
        " return ((b.dataset.step !== s || b.dataset.selection !== sel) && !b.hasAttribute('aria-busy'))"
        " || document.getElementById('messages').dataset.kind === 'error'; }",
        arg=[step, selection])
    assert_no_error(page)


def act(page: Page, action: str, part: str = "") -> None:
    press(page, "action", action, part)


def pick(page: Page, prefix: str, part: str = "") -> None:
    press(page, "select", prefix, part)


def unit(page: Page, name: str) -> str:
    """The data-select of the viewer's first unit whose label starts with ``name`` ("" if none may act)."""
    for item in items(page):
        if (item["select"] or "").startswith("unit:") and item["label"].startswith(name):
            return str(item["select"])
    return ""


def safe(item: dict[str, Any]) -> bool:
    """Onto a hex where the unit can act (not into a carrier, not stranded, flooded or lost)."""
    return not any(word in item["label"] for word in RISKY) and " into " not in item["label"]


def good_site(sites: list[str], ore: list[int]) -> str:
    """A site with plains around it (room to unload at any tide) and White Ore a few hexes off."""
    def worth(site: str) -> int:
        centre = parse_hex(site[5:])
        plains = sum(1 for cell in HEXES if distance(cell, centre) <= 2 and TERRAIN[cell] == ".")
        near = sum(1 for cell in ore if 4 <= distance(cell, centre) <= 6)
        return 3 * plains + near
    return max(sites, key=worth)


def land(page: Page) -> None:
    sites = [i["select"] for i in items(page) if (i["select"] or "").startswith("site:")]
    assert len(sites) > 10, sites
    pick(page, good_site(sites, ore_hexes(page)))
    shot(page, "tf22-01-landing-site")
    lands = [i["action"] for i in items(page) if (i["action"] or "").startswith("land:")]
    assert lands, "no pod layout offered"
    act(page, lands[0], "polygon")


def unload(page: Page, what: str) -> bool:
    """The Lander unloads the first ``what`` it holds onto a hex where it can act."""
    lander = unit(page, "Lander")
    if not lander:
        return False
    pick(page, lander)
    cargo = [i["select"] for i in items(page) if (i["select"] or "").startswith("cargo:") and what in i["label"]]
    if not cargo:
        return False
    pick(page, cargo[0])
    targets = [i for i in items(page) if (i["action"] or "").startswith("unload:") and safe(i)]
    if not targets:
        pick(page, "")
        return False
    act(page, str(targets[len(targets) // 2]["action"]))
    return True


def reach(page: Page, selector: str) -> dict[int, int]:
    """A unit's data-reach (hexes by AP cost, two base-36 digits each; web/ui/mapview.py) as hex -> cost."""
    code = page.get_attribute(f'#board [data-select="{selector}"]', "data-reach") or ""
    return {int(group[i:i + 2], 36): cost for cost, group in enumerate(code.split("."), 1)
            for i in range(0, len(group) - 1, 2)}


def to_ore_and_load(page: Page, name: str) -> bool:
    """Move a land unit along the shortest way its reach shows to a hex next to White Ore on land, hex by hex
    (it keeps its moves after each), and load the ore."""
    selector = unit(page, name)
    if not selector:
        return False
    pid = selector.split(":")[1]
    land = LAND[page.get_attribute("#board svg", "data-tide") or "N"]
    costs = reach(page, selector)
    dry = {cell for cell in costs if land[TERRAIN[cell]]}
    ore = {cell for cell in ore_hexes(page) if land[TERRAIN[cell]]}
    goals = [cell for cell in dry if any(n in ore for n in NEIGHBOURS[cell])]
    pick(page, selector)
    if not any(a["action"].startswith(f"load:{pid}<") for a in items(page) if a["action"]) and goals:
        path = [min(goals, key=lambda cell: costs[cell])]
        while costs[path[-1]] > 1:
            path.append(next(n for n in NEIGHBOURS[path[-1]] if n in dry and costs.get(n) == costs[path[-1]] - 1))
        for cell in reversed(path):
            act(page, next(a["action"] for a in items(page) if (a["action"] or "").startswith(f"move:{pid}>")
                           and a["hex"] == cell))
    loads = [i["action"] for i in items(page) if (i["action"] or "").startswith(f"load:{pid}<")]
    if loads:
        act(page, loads[0])
        return True
    return False


def fire(page: Page) -> str:
    """A shot of two cannons if any armed unit of the viewer has a target and a partner: the action fired."""
    for name in ("Heavy Combat Spider", "Robot Combat Unit", "Speedboat"):
        selector = unit(page, name)
        if not selector:
            continue
        pick(page, selector)
        aims = [i["select"] for i in items(page) if (i["select"] or "").startswith("aim:")]
        if aims:
            pick(page, aims[0])
            shots = [i["action"] for i in items(page) if (i["action"] or "").startswith("fire:")]
            if shots:
                shot(page, "tf22-05-aim")
                act(page, shots[0])
                return str(shots[0])
        pick(page, "")
    return ""


def approach(page: Page, name: str, steps: int) -> None:
    """Move a unit a few hexes towards the nearest White Ore (to bring it into range)."""
    selector = unit(page, name)
    if not selector:
        return
    pid = selector.split(":")[1]
    pick(page, selector)
    for _ in range(steps):
        ore = ore_hexes(page)
        moves = [i for i in items(page) if (i["action"] or "").startswith(f"move:{pid}>") and safe(i)]
        if not moves or not ore:
            break
        act(page, str(min(moves, key=lambda i: min(distance(i["hex"], o) for o in ore))["action"]))
    if board(page, "data-selection"):
        pick(page, "")


def end_turn(page: Page) -> None:
    names = {i["action"] for i in items(page)}
    act(page, "takeoff" if "takeoff" in names else "end")


def view_box(page: Page) -> str:
    return page.get_attribute(MAP, "viewBox") or ""


def zoom(page: Page) -> float:
    return float(page.get_attribute(MAP, "data-zoom") or 1)


# ------------------------------------------------------------------------------------------ tests
def test_a_match_against_the_bot_by_clicks_to_the_score_table(page: Page) -> None:
    started = time.monotonic()
    open_ready(page)
    card = page.locator("[data-game='tf22']")
    assert card.is_enabled(), "TF22 shows as coming soon (GameInfo.available)"
    card.click()
    page.wait_for_selector("#seat-1")
    page.select_option("#seat-0", "human")
    offered = page.eval_on_selector_all("#seat-1 option", "os => os.map(o => o.value)")
    assert {"easy", "medium", "strong"} <= set(offered), offered  # every TF22 bot is in the menu
    page.select_option("#seat-1", "medium")
    page.fill("#option-turns", "20")
    page.fill("#seed", "5")
    page.click("#start")
    assert wait_move(page) == "move"
    assert page.get_attribute("#board svg", "data-layout") == "wide"

    # At 1280x800 the landscape board (map and panels) is in view without scrolling.
    frame = page.locator(FRAME).bounding_box()
    assert frame is not None and frame["width"] > 600 and frame["y"] + frame["height"] <= 800
    assert page.evaluate("() => document.documentElement.scrollHeight <= innerHeight + 1")

    # Turn 1: the landing (a site, then a pod layout).
    assert page.get_attribute("#board svg", "data-phase") == "land"
    land(page)
    assert wait_move(page) == "move"
    assert page.get_attribute("#board svg", "data-turn") == "2"

    # Turn 2: deployment out of the Lander.
    deployed = [what for what in ("Transporter", "Production Unit", "Heavy Combat Spider", "Robot Combat Unit")
                if unload(page, what)]
    assert len(deployed) >= 3, deployed
    forecast = page.get_attribute("#board g.forecast", "data-forecast") or ""
    shot(page, "tf22-02-deployed")

    # The map: hover reach, zoom (buttons, wheel, keys), drag to pan: never an action.
    step = board(page, "data-step")
    mover = page.locator("#board [data-reach]").first
    mover.hover()
    page.wait_for_function("(m) => document.querySelector(m).hasAttribute('data-reach-shown')", arg=MAP)
    assert page.locator(f"{MAP} [data-hover-layer] text").count() > 0
    shot(page, "tf22-03-hover-reach")
    page.click("#map-zoom-in")
    assert zoom(page) > 1.4
    before = view_box(page)
    box = page.locator(FRAME).bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 120, y - 60, steps=6)
    page.mouse.up()
    assert view_box(page) != before and board(page, "data-step") == step  # panned, nothing played
    page.mouse.wheel(0, -400)
    page.wait_for_function("(m) => Number(document.querySelector(m).dataset.zoom) > 2", arg=MAP)
    shot(page, "tf22-04-zoomed")
    page.keyboard.press("-")  # the focus is on the board (the mouse pressed it): keys zoom too
    page.keyboard.press("0")
    assert zoom(page) == 1.0 and board(page, "data-step") == step

    # Keyboard: Tab onto the board, arrows walk its units (focus shows a unit's reach), Shift+arrows pan,
    # Enter picks, Escape unpicks.
    page.mouse.move(0, 0)
    page.focus("#to-menu")
    first = tab_to_board(page)
    assert first.startswith("select:unit:"), first
    for _ in range(12):
        if page.evaluate("() => document.activeElement.hasAttribute('data-reach')"):
            break
        page.keyboard.press("ArrowRight")
    page.wait_for_function("(m) => document.querySelector(m).dataset.reachShown === "
                           "document.activeElement.getAttribute('data-select')", arg=MAP)
    picked = focused(page)[len("select:"):]
    page.keyboard.press("+")
    before = view_box(page)
    page.keyboard.press("Shift+ArrowLeft")
    assert view_box(page) != before and focused(page) == f"select:{picked}"  # panned, the focus stayed
    page.keyboard.press("Enter")
    page.wait_for_function("(p) => document.getElementById('board').dataset.selection === p", arg=picked)
    assert focused(page) == f"select:{picked}"  # the picked unit keeps the focus
    shot(page, "tf22-04b-keyboard-pick")
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.getElementById('board').dataset.selection === ''")
    page.keyboard.press("0")
    assert board(page, "data-step") == step

    # Moving a Transporter to White Ore and loading it (one click per hex: it keeps its moves).
    loaded = to_ore_and_load(page, "Transporter")
    if not loaded:
        end_turn(page)
        assert wait_move(page) == "move"
        loaded = to_ore_and_load(page, "Transporter")
    assert loaded, "the Transporter never reached White Ore"
    assert "holds 1 White Ore" in (page.locator("#board [data-piece]").evaluate_all(
        "es => es.map(e => e.getAttribute('aria-label') || e.textContent).join(' ')") or "")
    assert_axe_clean(page, "TF22 board", "#board")

    # A shot of two cannons (at White Ore or an enemy unit), bringing units into range if needed.
    fired = fire(page)
    for _ in range(4):
        if fired:
            break
        approach(page, "Robot Combat Unit", 2)
        approach(page, "Heavy Combat Spider", 1)
        fired = fire(page)
        if not fired:
            end_turn(page)
            assert wait_move(page) == "move"
            fired = fire(page)
    assert fired, "no shot was possible"
    shot(page, "tf22-06-fired")

    # The rest, finished by bots: this tab's saved match (web/ui/saves.py) gets the strong bot in the person's
    # seat, and a reload resumes it (the page's own restore path): strong and medium play on to take-off.
    assert wait_move(page) == "move"
    handed_at = int(page.get_attribute("#board svg", "data-turn") or 0)
    assert handed_at < 20
    seats = page.evaluate(HAND_TO_BOTS_JS, "strong")
    assert seats == ["strong", "medium"], seats
    page.reload()
    page.wait_for_selector("html[data-engine='ready'][data-ui='ready']", state="attached", timeout=90_000)
    page.wait_for_function("() => document.getElementById('board').dataset.match === 'playing'", timeout=90_000)
    bots_from = time.monotonic()
    what = page.wait_for_function(
        "() => document.getElementById('messages').dataset.kind === 'error' ? 'error'"
        " : document.getElementById('board').dataset.match === 'over' ? 'over' : false", timeout=1_800_000).json_value()
    assert what == "over", error_message(page)
    bots_took = time.monotonic() - bots_from
    svg = page.locator("#board svg.cargobay-tf22")
    assert "Final score" in (svg.text_content() or "")
    scores = json.loads(board(page, "data-scores"))
    assert len(scores) == 2
    shot(page, "tf22-07-score-table")
    assert recorder_of(page).errors == []
    assert "Strong bot" in " ".join(json.loads(page.evaluate(RECORD_SEATS_JS)))  # the saved match says who played

    # The strong bot in this page's engine (Pyodide, in the worker): one whole match against the easy bot, timed
    # around the request (round trip included), against the same request in CPython here.
    request = {"v": PROTOCOL, "type": "bench", "what": "bot", "game": "tf22", "level": "strong", "count": 1}
    answer, ms = page.evaluate(TIMED_REQUEST_JS, json.dumps(request))
    assert answer.get("ok"), answer
    start = time.process_time()
    here = Service().handle({**request, "id": 1})["result"]
    cpython_ms = (time.process_time() - start) * 1000
    assert here == answer["result"]  # the same decisions in both interpreters
    moves = 20  # its landing and 19 moves
    print(f"tf22 vs bot: forecast {forecast!r}, fired {fired}, bots took over in turn {handed_at} and finished in "
          f"{bots_took:.0f} s; {time.monotonic() - started:.1f} s in all. Strong vs easy, one match in the page: "
          f"{ms / 1000:.1f} s ({ms / moves:.0f} ms a move, {ms / answer['result']['decisions']:.1f} ms a decision; "
          f"CPython CPU {cpython_ms / moves:.0f} ms a move)")


@pytest.fixture
def phone(chromium: Browser, site_url: str) -> Iterator[Page]:
    context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                   device_scale_factor=2)
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    track(pg, site_url, recorder=PageRecorder(pg, site_url))
    yield pg
    context.close()


ON_SCREEN_JS = """(selector) => {
  const frame = document.querySelector('#board [data-map-frame]').getBoundingClientRect();
  const top = Math.max(frame.top, document.querySelector('header').getBoundingClientRect().bottom) + 8;
  const bottom = Math.min(frame.bottom, innerHeight) - 8;
  return [...document.querySelectorAll(selector)].map(e => { const r = e.getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2, r.width]; })
    .filter(([x, y]) => frame.left + 8 < x && x < frame.right - 8 && top < y && y < bottom); }"""


def on_screen(page: Page, selector: str) -> list[list[float]]:
    """Centres (and widths) of the elements inside the map's window and the viewport, in client px."""
    return list(page.evaluate(ON_SCREEN_JS, selector))


def touch(cdp: CDPSession, kind: str, points: list[tuple[float, float]]) -> None:
    cdp.send("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]})


def test_the_board_on_a_phone_drag_pinch_and_tap(phone: Page) -> None:
    page = phone
    open_ready(page)
    page.locator("[data-game='tf22']").tap()
    page.wait_for_selector("#seat-1")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "easy")
    page.fill("#seed", "3")
    page.locator("#start").tap()
    assert wait_move(page) == "move"
    assert page.get_attribute("#board svg", "data-layout") == "tall"
    cdp = page.context.new_cdp_session(page)
    box = page.locator(FRAME).bounding_box()
    assert box is not None and box["width"] <= 390
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    # two fingers apart: zoom in about their middle; the page itself does not zoom or scroll sideways
    touch(cdp, "touchStart", [(cx - 30, cy), (cx + 30, cy)])
    for spread in range(40, 130, 15):
        touch(cdp, "touchMove", [(cx - spread, cy), (cx + spread, cy)])
    touch(cdp, "touchEnd", [])
    assert zoom(page) > 2, zoom(page)
    assert page.evaluate("() => [scrollX, visualViewport.scale]") == [0, 1]
    before, step = view_box(page), board(page, "data-step")
    touch(cdp, "touchStart", [(cx, cy)])
    for dx in range(10, 90, 20):
        touch(cdp, "touchMove", [(cx - dx, cy - dx / 2)])
    touch(cdp, "touchEnd", [])
    assert view_box(page) != before and board(page, "data-step") == step  # a drag pans, plays nothing
    shot(page, "tf22-08-phone-zoomed")
    # tap a landing site that is on screen (inside the zoomed map, below the page's header), then a pod layout
    spots = on_screen(page, "#board [data-select^='site:']")
    assert spots, "no landing site on screen"
    x, y, width = spots[len(spots) // 2]
    assert width >= 40  # zoomed in: a hex is a finger-sized target
    selection = board(page, "data-selection")
    page.touchscreen.tap(x, y)
    page.wait_for_function("(s) => document.getElementById('board').dataset.selection !== s", arg=selection)
    assert board(page, "data-selection").startswith("site:")
    wait_move(page)
    pods = on_screen(page, "#board [data-action^='land:'] polygon")
    assert pods, "no pod layout on screen"
    step = board(page, "data-step")
    page.touchscreen.tap(pods[0][0], pods[0][1])
    page.wait_for_function("(s) => document.getElementById('board').dataset.step !== s", arg=step)
    assert wait_move(page) == "move"
    assert page.get_attribute("#board svg", "data-turn") == "2"
    shot(page, "tf22-09-phone-turn2", full_page=True)
    assert_no_error(page)
    assert recorder_of(page).errors == []


def p2p_step(page: Page) -> str:
    """One decision of a friend match by clicks: land (site, pods), unload one unit in turn 2, else end turn."""
    found = items(page)
    actions = [i["action"] for i in found if i["action"]]
    if any(a.startswith("land:") for a in actions):
        act(page, next(a for a in actions if a.startswith("land:")), "polygon")
        return "land"
    sites = [i["select"] for i in found if (i["select"] or "").startswith("site:")]
    if sites:
        pick(page, sites[len(sites) // 2])
        return "site"
    turn = page.get_attribute("#board svg", "data-turn")
    if turn == "2" and "undo" not in actions and unload(page, "Transporter"):
        return "unload"
    act(page, "end")
    return "end"


def test_two_browsers_play_tf22_turns_to_equal_hashes(new_page: NewPage) -> None:
    started = time.monotonic()
    host, guest = friend_match(new_page, "tf22", ["me", "friend"])
    pages = [host, guest]
    done: list[str] = []
    while len(done) < 40:
        settle(pages)
        if all(board(p, "data-p2p") == "over" for p in pages):
            break
        turn = max(int(p.get_attribute("#board svg", "data-turn") or 1) for p in pages)
        if turn >= 4:
            break
        for page in pages:
            if board(page, "data-to-decide") == "yes" and quiet(page):
                done.append(p2p_step(page))
        if len(done) == 6:
            shot(host, "tf22-10-p2p-host")
    wait_in_step(pages)
    assert {"land", "unload", "end"} <= set(done), done
    hashes = {board(p, "data-hash") for p in pages}
    assert len(hashes) == 1 and "" not in hashes
    assert host.get_attribute("#board svg", "data-turn") == guest.get_attribute("#board svg", "data-turn") == "4"
    shot(guest, "tf22-11-p2p-guest")
    for page in pages:
        assert error_message(page) == ""
        assert recorder_of(page).errors == []
    print(f"tf22 friend match: {len(done)} decisions to turn 4 in {time.monotonic() - started:.1f} s")
