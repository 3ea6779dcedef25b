"""Web Storage the browser refuses (old Safari's private mode refuses every sessionStorage write with
QuotaExceededError; a browser with storage disabled throws SecurityError on `window.sessionStorage` itself, and on
`window.localStorage` too when all site data is blocked). Every storage access of the page goes through page.js's
guarded helpers: a local match against a bot plays on (the bot moves), the page says once, plainly, what it cannot
keep, and no page error shows (before: an uncaught page error at the first save, and the bot never moved)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from playwright.sync_api import Browser

from test_site import ENGINE_TIMEOUT_MS, board_attr, error_message, shot
from under_test import track

pytestmark = pytest.mark.e2e

SESSION_WRITES_REFUSED = """(() => { const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.sessionStorage) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return set.call(this, key, value); }; })()"""
SESSION_REFUSED = """(() => { Object.defineProperty(window, 'sessionStorage', { configurable: true,
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } }); })()"""
ALL_REFUSED = """(() => { for (const name of ['sessionStorage', 'localStorage'])
  Object.defineProperty(window, name, { configurable: true,
    get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } }); })()"""
CASES = {"session-writes-refused": SESSION_WRITES_REFUSED, "session-refused": SESSION_REFUSED,
         "all-refused": ALL_REFUSED}
TAB_NOTE = "does not let this tab keep which match it plays"  # ui/saves.py TAB_NOTE
SAVE_FAILED = "could not be saved in the browser's storage"  # ui/local.py, said at every step it stays so
# the bot has moved and it is the human's turn (an error shown is not waited past: where nothing can be saved the
# page says so, as an error, at every step)
HUMANS_TURN_JS = """() => { const b = document.getElementById('board');
  return b.dataset.match === 'over' || (b.dataset.turnOwner === 'human' && !b.hasAttribute('aria-busy')); }"""
# the bot's actions in the match's saved record (localStorage), or None where that cannot be read
BOT_ACTIONS_JS = """() => { try {
  const key = Object.keys(localStorage).find((k) => k.startsWith('cargobay.match.'));
  return key ? JSON.parse(localStorage.getItem(key)).log.actions.filter(([seat]) => seat === 1).length : 0;
} catch { return null; } }"""


@pytest.mark.parametrize("case", list(CASES))
def test_a_local_match_against_a_bot_plays_where_storage_is_refused(
    chromium: Browser, site_url: str, case: str
) -> None:
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(CASES[case])
    try:
        page = context.new_page()
        track(page, site_url)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(site_url + "?delay=0&sw=0")
        page.wait_for_selector("html[data-engine='ready'][data-ui='ready']", state="attached",
                               timeout=ENGINE_TIMEOUT_MS)
        assert page.evaluate("() => { try { sessionStorage.setItem('probe', '1'); return 'stored'; }"
                             " catch (err) { return err.name; } }") != "stored"  # (the case holds)
        page.select_option("#seat-0", "human")
        page.select_option("#seat-1", "easy")
        page.fill("#seed", "5")
        page.click("#start")
        page.wait_for_selector("#board[data-match='playing']", state="attached")
        page.wait_for_function(HUMANS_TURN_JS)
        said = page.locator("#messages").inner_text()
        if case == "all-refused":
            assert SAVE_FAILED in error_message(page), said
            assert TAB_NOTE not in said  # (the one thing to say: nothing is saved)
        else:
            assert TAB_NOTE in said and page.get_attribute("#messages", "data-kind") == "info", said
            assert error_message(page) == ""
        shot(page, f"storage-{case}-start")
        steps = [int(board_attr(page, "data-step"))]
        for _ in range(4):
            before = board_attr(page, "data-step")
            page.locator("#board [data-action]").first.click()
            page.wait_for_function("(s) => document.getElementById('board').dataset.step !== s", arg=before)
            page.wait_for_function(HUMANS_TURN_JS)
            steps.append(int(board_attr(page, "data-step")))
            said = page.locator("#messages").inner_text()
            assert TAB_NOTE not in said, said  # said once
            if case == "all-refused":
                assert SAVE_FAILED in error_message(page), said
            else:
                assert error_message(page) == "", said
        assert all(b > a for a, b in pairwise(steps)) and steps[-1] - steps[0] >= 6, steps  # the bot moved too
        bot_actions = page.evaluate(BOT_ACTIONS_JS)
        if case == "all-refused":
            assert bot_actions is None
        else:
            assert bot_actions >= 2, bot_actions  # saved as it goes
        shot(page, f"storage-{case}-played")
        assert page.get_attribute("#game-screen", "data-save-failed") == ("true" if case == "all-refused" else None)
        assert errors == []
    finally:
        context.close()
