"""Bot seats in a friend match: the host's seat pickers make a seat a bot, played by the host's page. The
3-seat test game (odd one out, `?test-games=1`) between two browsers: You, A friend and an easy bot, played
to the end; its gift is a two-pick action (data-select, then data-action: p2p_select, then p2p_choose). Both
pages end on the same state hash, with no error shown; axe finds nothing on the friend-match screens. The host's
bot seat waits the page's own bot delay (?delay=, as a local match) before a seat's first action and a quarter of
it between the actions of one bot's run: counted by the page (#game-screen[data-bot-waits]) and held against the
runs of the bot's seat in the match log of a TF22 friend match, where a bot move is many actions."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from p2p_play import connect, quiet, settle, wait_in_step
from under_test import NewPage, recorder_of
from ux import assert_axe_clean, assert_no_error, board, open_ready, shot

pytestmark = pytest.mark.e2e

MAX_DECISIONS = 200
TF22_DELAY_MS = 400  # the TF22 host's ?delay=: a whole delay before a bot's move, 100 ms between its actions
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


def bot_waits(page: Page) -> tuple[int, int]:
    """The page's own count of the bot delays it waited: (whole, quarter)."""
    whole, quarter = (page.get_attribute("#game-screen", "data-bot-waits") or "-1 -1").split()
    return int(whole), int(quarter)


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


def saved_actions(page: Page) -> list[list[object]]:
    """The match log's [seat, action] pairs, from the page's own save of its friend match."""
    return list(page.evaluate("() => JSON.parse(localStorage.getItem('cargobay.match.' +"
                              " sessionStorage.getItem('cargobay.tab.p2p'))).save.log.actions"))


def runs_of(actions: list[list[object]], seat: int) -> list[int]:
    """The lengths of the seat's runs: its actions with no other action (another seat's, a chance) between."""
    runs: list[int] = []
    previous = None
    for who, _ in actions:
        if who == seat:
            if previous == seat:
                runs[-1] += 1
            else:
                runs.append(1)
        previous = who
    return runs


def tf22_decide(page: Page) -> None:
    """A person's TF22 decision: land (a site, then its first pod layout), afterwards end the turn at once."""
    step, selection = board(page, "data-step"), board(page, "data-selection")
    for target in ("#board [data-action='end']", "#board [data-action^='land:']", "#board [data-select^='site:']"):
        found = page.locator(target)
        if found.count():
            found.first.dispatch_event("click")  # (a hex may lie under the map's edge: the board's own handler)
            break
    else:
        raise AssertionError("no landing, site or end turn to press")
    page.wait_for_function(
        "([s, sel]) => { const b = document.getElementById('board');"
        " return b.dataset.step !== s || b.dataset.selection !== sel || b.dataset.toDecide !== 'yes'"
        " || document.getElementById('messages').dataset.kind === 'error'; }",
        arg=[step, selection])
    assert_no_error(page)


def test_a_friend_match_bot_waits_the_whole_delay_only_before_its_move(new_page: NewPage) -> None:
    """TF22: you, a friend and the medium bot (the host's page plays it). The page counts whole delays exactly at
    the bot's first action after someone else's (the runs in the log) and quarter delays for the rest of its
    move, and no wait is shorter than it should be."""
    host, guest = new_page(), new_page()
    open_ready(host, f"?delay={TF22_DELAY_MS}")
    open_ready(guest, "?delay=0")
    host.evaluate(BOT_GAPS_JS)
    host.click("[data-game='tf22']")
    host.wait_for_selector("#p2p-seat-2")
    host.select_option("#p2p-seat-0", "me")
    host.select_option("#p2p-seat-1", "friend")
    host.select_option("#p2p-seat-2", "bot:medium")
    connect(host, guest)
    pages = [host, guest]
    decisions = 0
    while True:
        settle(pages)
        turn = max(int(p.get_attribute("#board svg", "data-turn") or 1) for p in pages)
        if turn >= 4 or all(board(p, "data-p2p") == "over" for p in pages):
            break
        for page in pages:
            if board(page, "data-to-decide") == "yes" and quiet(page):
                tf22_decide(page)
                decisions += 1
        assert decisions < MAX_DECISIONS, "the match did not reach turn 4"
    wait_in_step(pages)
    shot(host, "friend-bots-tf22-host")
    runs = runs_of(saved_actions(host), 2)
    whole, quarter = bot_waits(host)
    assert sum(runs) >= 10 and max(runs) >= 5, runs  # the bot made whole moves of several actions
    assert (whole, quarter) == (len(runs), sum(runs) - len(runs)), (whole, quarter, runs)
    gaps = sorted(host.evaluate("() => window.cbBotGaps"), reverse=True)
    assert len(gaps) == sum(runs), (len(gaps), runs)
    assert min(gaps) >= TF22_DELAY_MS // 4 - 20, gaps  # (a timer never fires early)
    assert gaps[whole - 1] >= TF22_DELAY_MS - 20, gaps  # as many whole delays as runs
    assert board(host, "data-hash") == board(guest, "data-hash")
    print(f"tf22 friend match, bot seat: {sum(runs)} actions in {len(runs)} runs {runs}; waited {whole} x "
          f"{TF22_DELAY_MS} + {quarter} x {TF22_DELAY_MS // 4} ms = {(whole * 4 + quarter) * TF22_DELAY_MS // 4} ms"
          f" (the whole delay before every action: {sum(runs) * TF22_DELAY_MS} ms)")
    for page in pages:
        assert_no_error(page)
        assert recorder_of(page).errors == []
