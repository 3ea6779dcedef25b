"""Bot seats in a friend match: the host's seat pickers make a seat a bot, played by the host's page. The
3-seat test game (odd one out, `?test-games=1`) between two browsers: You, A friend and an easy bot, played
to the end; its gift is a two-pick action (data-select, then data-action: p2p_select, then p2p_choose). Both
pages end on the same state hash, with no error shown; axe finds nothing on the friend-match screens. The host's
bot seat waits the page's own bot delay (?delay=, as a local match) before each decision."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from p2p_play import connect, quiet, settle, wait_in_step
from under_test import NewPage, recorder_of
from ux import assert_axe_clean, assert_no_error, board, open_ready, shot

pytestmark = pytest.mark.e2e

MAX_DECISIONS = 200
HOST_DELAY_MS = 1000  # the host page's ?delay=: more than the fixed 300 ms its bot seats once paused
# The host's engine requests, watched: for each p2p_bots request, the ms since the first answer that gave this page
# a bot to decide (bots_to_decide: [seat, ...]) after the request before.
BOT_GAPS_JS = """() => { const engine = window.cargobayEngine, send = engine.request;
  let due = null;
  window.cbBotGaps = [];
  engine.request = (text) => {
    if (JSON.parse(text).type === 'p2p_bots') {
      window.cbBotGaps.push(due === null ? -1 : performance.now() - due);
      due = null;
    }
    return send(text).then((answer) => {
      if (due === null && /"bots_to_decide": *\\[ *\\d/.test(String(answer))) due = performance.now();
      return answer;
    });
  }; }"""


def decide(page: Page) -> str:
    """One decision of the page's human seat: a gift in two picks when one is offered, else the first move."""
    step = board(page, "data-step")
    picks = page.locator("#board [data-select]:not([data-select=''])")
    kind = "move"
    if not board(page, "data-selection") and picks.count():
        prefix = picks.first.get_attribute("data-select")
        picks.first.click()
        page.wait_for_function(
            "(p) => document.getElementById('board').dataset.selection === p"
            " || document.getElementById('messages').dataset.kind === 'error'", arg=prefix)
        assert_no_error(page)
        assert page.locator(f"#board [data-action^='{prefix}+']").count() > 0
        kind = "gift"
    page.locator("#board [data-action]").first.click()
    page.wait_for_function(
        "(s) => { const b = document.getElementById('board');"
        " return b.dataset.toDecide !== 'yes' || b.dataset.step !== s"
        " || document.getElementById('messages').dataset.kind === 'error'; }",
        arg=step,
    )
    assert_no_error(page)
    return kind


def test_a_friend_match_with_a_bot_seat_played_to_the_end(new_page: NewPage) -> None:
    host, guest = new_page(), new_page()
    open_ready(host, f"?delay={HOST_DELAY_MS}&test-games=1")
    open_ready(guest, "?delay=0&test-games=1")
    host.evaluate(BOT_GAPS_JS)
    host.click("[data-game='odd']")
    host.wait_for_selector("#p2p-seat-2")
    host.select_option("#p2p-seat-0", "me")
    host.select_option("#p2p-seat-1", "friend")
    host.select_option("#p2p-seat-2", "bot:easy")
    assert_axe_clean(host, "menu with the test game")
    connect(host, guest)
    assert_axe_clean(host, "friend match (host)")
    assert_axe_clean(guest, "friend match (guest)")
    labels = host.locator("#board").text_content() or ""
    assert "Easy bot" in labels, labels

    kinds: list[str] = []
    while True:
        settle([host, guest])
        if all(board(p, "data-p2p") == "over" for p in (host, guest)):
            break
        for page in (host, guest):
            if board(page, "data-to-decide") == "yes" and quiet(page):
                kinds.append(decide(page))
        assert len(kinds) < MAX_DECISIONS, "the match did not end"
    wait_in_step([host, guest])
    assert "gift" in kinds, kinds
    gaps = host.evaluate("() => window.cbBotGaps")
    assert len(gaps) >= 3 and min(gaps) >= HOST_DELAY_MS - 20, gaps  # (a timer never fires early)
    for page in (host, guest):
        assert board(page, "data-p2p") == "over"
    assert board(host, "data-hash") == board(guest, "data-hash")
    assert board(host, "data-step") == board(guest, "data-step")
    assert board(host, "data-scores") == board(guest, "data-scores")
    assert_axe_clean(host, "friend match over (host)")
    shot(host, "friend-bots-over")
    for page in (host, guest):
        assert_no_error(page)
        assert recorder_of(page).errors == []
