"""The page's own menu (ui/menuhtml.py's markup, stamped by build.py) before its Python runs and as it hydrates: a set
option's tick count is right from the first paint; the friend-match buttons are disabled, saying why, until the page's
Python has wired them; the picked card has a mark that is not a colour (forced colours); without CSS :has() every
set-up shows until the script marks the picked one; the relay switch sits on its label's first line (desktop and
phone); a game whose catalogue entry changed (a cached page, a newer engine) is drawn again with the person's choices
kept. Screenshots go to e2e/artifacts/."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, Route

from test_newcomer import open_context
from under_test import base_url_of, errors_of, recorder_of
from ux import ARTIFACTS, ENGINE_TIMEOUT_MS, shot

pytestmark = pytest.mark.e2e

LOOT = ".game-setup[data-for='loot']"
TF22 = ".game-setup[data-for='tf22']"


def hold_app(page: Page) -> Callable[[], None]:
    """Hold app.py (the page's Python) back; returns the release, which waits until the page's UI is ready."""
    held: list[Route] = []

    def hold(route: Route) -> None:  # (a plain function: Playwright marks its handlers with an attribute)
        held.append(route)

    page.route("**/app.py*", hold)

    def release() -> None:
        while not held:  # each wait lets Playwright run the route handler
            page.wait_for_event("request")
        for route in held:
            route.continue_()
        page.unroute("**/app.py*")
        page.wait_for_selector("html[data-ui='ready']", state="attached", timeout=ENGINE_TIMEOUT_MS)

    return release


def summary(page: Page, block: str) -> str:
    return page.inner_text(f"{block} summary").strip()


def test_before_its_script_the_menu_counts_ticks_and_says_why_play_a_friend_waits(page: Page) -> None:
    release = hold_app(page)
    page.goto(base_url_of(page) + "?delay=0")
    page.wait_for_selector("#game-menu", state="visible")
    # Play a friend: visibly inert, with the reason, until the page's Python is up
    for button in ("#p2p-host", "#p2p-join"):
        assert page.is_disabled(button)
        assert page.get_attribute(button, "aria-describedby") == "p2p-hint"
    assert "unlock when it is ready" in page.inner_text("#p2p-hint")
    # Your matches: in the first paint, its import inert and saying why, the list to come
    assert page.is_visible("#matches-title") and page.is_disabled("#matches-import")
    assert page.get_attribute("#matches-import", "aria-describedby") == "matches-loading"
    assert page.is_visible("#matches-loading") and page.is_hidden("#matches-empty")
    # Loot's item types: ticks made now are counted now
    page.click("[data-game='loot']")
    assert summary(page, LOOT).endswith("0 of 19 ticked")
    page.click(f"{LOOT} summary")
    for item in ("oil", "gold"):
        page.click(f"{LOOT} input[value='{item}']")
    assert summary(page, LOOT).endswith("2 of 19 ticked"), summary(page, LOOT)
    shot(page, "menu-static-01-before-script")

    release()
    assert summary(page, LOOT).endswith("2 of 19 ticked"), summary(page, LOOT)
    assert page.is_checked("#option-items-oil") and page.is_checked("#option-items-gold")
    page.click("#option-items-dart")
    assert summary(page, LOOT).endswith("3 of 19 ticked"), summary(page, LOOT)
    for button in ("#p2p-host", "#p2p-join"):
        assert page.is_enabled(button) and page.get_attribute(button, "aria-describedby") is None
    assert page.is_hidden("#p2p-hint")
    page.wait_for_selector("#matches-list[data-refreshed]", state="attached")
    assert page.is_enabled("#matches-import") and page.get_attribute("#matches-import", "aria-describedby") is None
    assert page.is_hidden("#matches-loading") and page.is_visible("#matches-empty")
    shot(page, "menu-static-02-hydrated")
    assert recorder_of(page).errors == []


TICK_JS = """() => [...document.querySelectorAll('.game-card')].map((card) => [card.dataset.game,
  card.querySelector('.game-pick').checked, getComputedStyle(card.querySelector('.game-title'), '::before').content])"""


def test_the_picked_card_keeps_a_mark_of_its_own_in_forced_colours(page: Page) -> None:
    page.emulate_media(forced_colors="active")
    release = hold_app(page)
    page.goto(base_url_of(page) + "?delay=0")
    page.wait_for_selector("#game-menu", state="visible")
    for when in ("before the page's Python", "hydrated"):
        page.click("[data-game='haul']")
        marks = page.evaluate(TICK_JS)
        assert [game for game, checked, _ in marks if checked] == ["haul"], marks
        for game, checked, content in marks:
            assert ("\u2713" in content) == checked, (when, game, content)
        shot(page, "menu-static-03-forced-colours")
        if when != "hydrated":
            release()
            page.click("[data-game='load']")  # (a pick after hydration too)
    assert recorder_of(page).errors == []


def without_has(route: Route) -> None:
    """The page's HTML or style sheet as a browser without CSS :has() reads it: every rule that holds one dropped (an
    unknown pseudo-class), and @supports selector(:has(...)) false."""
    answer = route.fetch()
    route.fulfill(response=answer, body=answer.text().replace(":has(", ":unknown-has("))


def test_without_css_has_the_picked_game_s_set_up_shows(page: Page) -> None:
    page.route(re.compile(r"/(\?.*)?$|/style\.css"), without_has)
    release = hold_app(page)
    page.goto(base_url_of(page) + "?delay=0")
    page.wait_for_selector("#game-menu", state="visible")
    # before the page's Python: nothing hidden (every game's set-up shows), the heading a plain one
    assert page.is_visible(f"{TF22} [data-seat='3']") and page.is_visible(f"{LOOT} select[name='seat-0']")
    assert page.inner_text("#setup-title").strip() == "New match"
    shot(page, "menu-static-04-no-has-before-script")
    release()
    page.click("[data-game='tf22']")
    assert page.is_visible("#seat-0") and page.is_visible("#option-turns")
    assert page.is_hidden(f"{LOOT} select[name='seat-0']")
    assert page.is_hidden(f"{TF22} [data-seat='2']")  # 2 players: the seats past the count hide
    page.select_option("#seat-count", "3")
    assert page.is_visible(f"{TF22} [data-seat='2']") and page.is_hidden(f"{TF22} [data-seat='3']")
    page.click("[data-game='loot']")
    assert page.is_visible(f"{LOOT} select[name='seat-0']") and page.is_hidden(f"{TF22} select[name='seat-0']")
    assert page.inner_text("#setup-title").strip() == "Loot N' Loaded \u2014 new match"
    shot(page, "menu-static-05-no-has-hydrated")
    assert recorder_of(page).errors == []


@pytest.fixture(params=["desktop", "phone"])
def device_page(chromium: Browser, site_url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    context, pg = open_context(chromium, site_url, request.param)
    try:
        yield pg
    finally:
        context.close()


RELAY_JS = """() => { const box = document.getElementById('p2p-relay').getBoundingClientRect();
  const text = [...document.getElementById('p2p-relay').parentNode.childNodes].find((n) => n.nodeType === 3
    && n.textContent.trim());
  const range = document.createRange();
  range.selectNodeContents(text);
  const line = range.getClientRects()[0];
  return [box.top + box.height / 2, line.top + line.height / 2, box.height]; }"""


def test_the_relay_switch_sits_on_its_label_s_first_line(device_page: Page) -> None:
    page = device_page
    device = "phone" if page.viewport_size and page.viewport_size["width"] < 600 else "desktop"
    release = hold_app(page)
    page.goto(base_url_of(page) + "?delay=0")
    page.wait_for_selector("#p2p-relay", state="visible")
    for when in ("before the page's Python", "hydrated"):
        box, line, height = page.evaluate(RELAY_JS)
        assert abs(box - line) <= 3, (when, box, line)  # its middle on the first line's middle
        assert height >= 24, (when, height)  # (not squeezed by the label's long text)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.locator("#p2p-menu").screenshot(path=str(ARTIFACTS / f"menu-static-06-relay-{device}-{when[:6]}.png"))
        if when != "hydrated":
            release()
    assert errors_of(page) == []


def stale_catalogue(route: Route) -> None:
    """index.html as a page cached before the engine changed TF22's entry: its stamped catalogue says another blurb
    (the markup drawn from it is the same), so the engine's hello differs on TF22 and the menu draws TF22 again."""
    answer = route.fetch()
    html = answer.text()
    start = html.index('<script type="application/json" id="catalogue">')
    start = html.index(">", start) + 1
    end = html.index("</script>", start)
    catalogue = json.loads(html[start:end])
    for game in catalogue["games"]:
        if game["id"] == "tf22":
            game["blurb"] += " (an older text)"
    route.fulfill(response=answer, body=html[:start] + json.dumps(catalogue).replace("</", "<\\/") + html[end:])


def test_a_game_drawn_again_for_a_newer_catalogue_keeps_the_person_s_choices(page: Page) -> None:
    held: list[Route] = []

    def hold_wheel(route: Route) -> None:
        held.append(route)

    page.route(re.compile(r"/(\?.*)?$"), stale_catalogue)
    page.route("**/wheels/*.whl*", hold_wheel)  # the engine's hello (the newer catalogue) comes once it is let go
    page.goto(base_url_of(page) + "?delay=0")
    page.wait_for_selector("html[data-ui='ready']", state="attached", timeout=ENGINE_TIMEOUT_MS)
    page.click("[data-game='tf22']")
    page.select_option("#seat-count", "3")
    page.select_option("#seat-1", "strong")
    page.fill("#option-turns", "5")
    page.select_option("#option-interference", "mountains")
    page.evaluate("() => { document.querySelector(\"[data-game='tf22']\").cbOld = 1; }")
    while not held:
        page.wait_for_event("request", timeout=ENGINE_TIMEOUT_MS)
    for route in held:
        route.continue_()
    page.unroute("**/wheels/*.whl*")
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function("() => !document.querySelector(\"[data-game='tf22']\").cbOld")  # drawn again
    assert "(an older text)" not in (page.get_attribute("[data-game='tf22']", "title") or "")
    assert page.is_checked("[data-game='tf22'] .game-pick")
    kept = {name: page.input_value(f"#{name}") for name in ("seat-count", "seat-1", "option-turns",
                                                            "option-interference")}
    assert kept == {"seat-count": "3", "seat-1": "strong", "option-turns": "5", "option-interference": "mountains"}
    assert page.is_visible(f"{TF22} [data-seat='2']") and page.inner_text("#setup-title").startswith("TF22")
    shot(page, "menu-static-07-drawn-again")
    assert recorder_of(page).errors == []


def test_the_page_script_waits_for_an_engine_client_that_comes_after_it(page: Page) -> None:
    """engine-client.js is an async module, normally up long before app.py; on a busy machine it can come after.
    The page's Python then waits for it (ui/engine.attach) rather than failing on the first look (MicroPython raises
    AttributeError for a missing window property: "The page script failed", seen once in a clean-clone CI run)."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/engine-client.js*", hold)
    page.goto(base_url_of(page) + "?delay=0", wait_until="commit")  # (the load event waits for the held script)
    page.wait_for_selector("#p2p-host:not([disabled])", state="attached", timeout=ENGINE_TIMEOUT_MS)  # (then attach)
    assert page.get_attribute("html", "data-ui") != "ready"
    while not held:
        page.wait_for_event("request", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_timeout(300)  # (app.py is looking for the client meanwhile, every 20 ms)
    for route in held:
        route.continue_()
    page.unroute("**/engine-client.js*")
    page.wait_for_selector("html[data-ui='ready'][data-engine='ready']", state="attached", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_selector("#start:not([disabled])")
    assert page.inner_text("#messages").strip() == ""
    shot(page, "menu-static-08-late-engine-client")
    assert recorder_of(page).errors == []
