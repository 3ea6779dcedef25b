"""Saved matches and replays (issue 13) in Chromium: every match saved as it goes, listed in "Your matches" with
game, seats, date and progress, resumed, renamed and deleted; two tabs never overwrite each other's match; corrupt
and foreign saves refused with a reason without breaking the list; a full storage reported; a match log exported
(the command line's --log format) and imported, and stepped forward and back in the replay viewer as each seat
or a spectator saw it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from cargobay.engine import Match
from cargobay.registry import SPECS
from cargobay.replay import Replay
from test_site import ENGINE_TIMEOUT_MS, board_attr, error_message, human_move, play_to_end, shot, start_match
from under_test import NewPage, base_url_of, errors_of, recorder_of, track

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parent.parent
FILL_STORAGE_JS = """() => {
  let index = 0;
  for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 8, 1]) {
    try { for (;;) localStorage.setItem('fill' + index++, 'x'.repeat(size)); } catch (err) { /* full */ }
  }
}"""
UNFILL_JS = "() => { for (const k of Object.keys(localStorage)) if (k.startsWith('fill')) localStorage.removeItem(k); }"


def open_tab(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    errors: list[str] = []
    track(page, url, errors=errors)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + "?delay=0&sw=0")
    page.wait_for_selector("html[data-engine='ready'][data-ui='ready']", state="attached", timeout=ENGINE_TIMEOUT_MS)
    return page


def rows(page: Page) -> list[dict[str, str]]:
    return list(page.evaluate(
        "() => [...document.querySelectorAll('#matches-list .match-row')].map((r) => ({id: r.dataset.id,"
        " state: r.dataset.state, here: r.dataset.here || '', elsewhere: r.dataset.elsewhere || '',"
        " text: r.innerText}))"
    ))


def to_menu(page: Page) -> None:
    before = page.get_attribute("#matches-list", "data-refreshed")
    page.click("#to-menu")
    page.wait_for_selector("#menu-screen:not([hidden])")
    # the list refreshes once the other tabs' locks are asked (a count on the list: a refresh after the click)
    page.wait_for_function("(n) => document.getElementById('matches-list').dataset.refreshed !== n", arg=before)


def record(page: Page, record_id: str) -> dict[str, Any]:
    return dict(json.loads(page.evaluate("(k) => localStorage.getItem(k)", "cargobay.match." + record_id)))


def act(page: Page, row_id: str, action: str) -> None:
    page.click(f"#matches-list .match-row[data-id='{row_id}'] [data-act='{action}']")


def test_matches_are_listed_resumed_renamed_deleted_and_tabs_never_clash(chromium: Browser, site_url: str) -> None:
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    try:
        first = open_tab(context, site_url)
        start_match(first, ("human", "easy"), seed=5)
        human_move(first)
        to_menu(first)
        (row,) = rows(first)
        mine = row["id"]
        assert row["state"] == "unfinished" and row["here"] == "true"
        assert "TF22: LOAD!" in row["text"] and "Human, Easy bot" in row["text"] and "unfinished" in row["text"]
        first.click("#continue")

        # A second tab does not take the first tab's match (it is open there): it lists it, refuses to resume it
        second = open_tab(context, site_url)
        second.wait_for_selector(f"#matches-list .match-row[data-id='{mine}'][data-elsewhere='true']")
        assert second.locator("#menu-screen").is_visible()
        act(second, mine, "resume")
        second.wait_for_function("() => document.getElementById('messages').dataset.kind === 'error'")
        assert "open in another tab" in second.locator("#messages").inner_text()
        # ... and plays its own match, a record of its own, while the first tab plays on
        start_match(second, ("human", "medium"), seed=9)
        human_move(second)
        for _ in range(2):
            human_move(first)
        human_move(second)
        to_menu(second)
        ids = {r["id"] for r in rows(second)}
        assert len(ids) == 2 and mine in ids
        other = (ids - {mine}).pop()
        assert record(second, mine)["step"] == int(board_attr(first, "data-step"))
        assert record(second, other)["log"]["seats"] == ["human", "medium"]
        assert record(second, mine)["log"]["seats"] == ["human", "easy"]

        # rename (the other tab's list follows), then a reload resumes this tab's own match, not the newest
        act(second, mine, "rename")
        second.fill("#matches-list .match-rename input", "Friday evening")
        second.press("#matches-list .match-rename input", "Enter")
        second.wait_for_selector(f"#matches-list .match-row[data-id='{mine}'] .match-name:text('Friday evening')")
        step = board_attr(first, "data-step")
        first.reload()
        first.wait_for_selector("#board[data-match='playing']", state="attached", timeout=ENGINE_TIMEOUT_MS)
        assert board_attr(first, "data-step") == step
        to_menu(first)
        assert "Friday evening" in first.locator(f".match-row[data-id='{mine}']").inner_text()

        # corrupt and foreign saves are refused with a reason; the list still works
        second.evaluate("""() => {
            localStorage.setItem('cargobay.match.broken', '{not json');
            localStorage.setItem('cargobay.match.foreign', JSON.stringify({format: 'chess-save', v: 1}));
            localStorage.setItem('cargobay.match.future', JSON.stringify({format: 'cargobay-save', v: 9}));
        }""")
        first.wait_for_selector(".match-row[data-id='future']")  # (the storage event from the other tab)
        texts = {r["id"]: r["text"] for r in rows(first)}
        assert "not JSON" in texts["broken"] and "not a Cargo Bay save" in texts["foreign"]
        assert "another version" in texts["future"] and {mine, other} <= set(texts)
        shot(first, "matches-01-list")
        for bad in ("broken", "foreign", "future"):
            act(first, bad, "delete")
            act(first, bad, "delete")  # pressed twice
        first.wait_for_function("() => document.querySelectorAll('#matches-list .match-row').length === 2")

        # delete the other tab's finished-or-not match from here: gone from the list
        act(first, other, "delete")
        act(first, other, "delete")
        first.wait_for_function("() => document.querySelectorAll('#matches-list .match-row').length === 1")
        assert first.evaluate("(id) => localStorage.getItem('cargobay.match.' + id)", other) is None
        assert errors_of(first) == [] and errors_of(second) == []
    finally:
        context.close()


def test_a_full_storage_is_reported_then_saving_resumes(page: Page) -> None:
    page.goto(base_url_of(page) + "?delay=0&sw=0")
    page.wait_for_selector("html[data-engine='ready'][data-ui='ready']", state="attached", timeout=ENGINE_TIMEOUT_MS)
    start_match(page, ("human", "easy"), seed=3)
    page.evaluate(FILL_STORAGE_JS)
    page.locator("#board [data-action]").first.click()
    page.wait_for_selector("#game-screen[data-save-failed='true']", state="attached")
    assert "could not be saved" in page.locator("#messages").inner_text()
    page.evaluate(UNFILL_JS)
    page.wait_for_function("() => document.getElementById('board').dataset.turnOwner === 'human'")
    page.locator("#board [data-action]").first.click()
    page.wait_for_function("() => !document.getElementById('game-screen').hasAttribute('data-save-failed')")
    assert recorder_of(page).errors == []


def cli_log(tmp_path: Path) -> Path:
    out = tmp_path / "haul.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT / "core"))
    subprocess.run([sys.executable, "-m", "cargobay", "play", "haul", "--seats", "easy,medium,easy,easy", "--seed",
                    "2", "--log", str(out)], check=True, env=env, capture_output=True, timeout=120)
    return out


def test_export_import_and_step_through_the_replay_viewer(page: Page, tmp_path: Path) -> None:
    page.goto(base_url_of(page) + "?delay=0&sw=0")
    page.wait_for_selector("html[data-engine='ready'][data-ui='ready']", state="attached", timeout=ENGINE_TIMEOUT_MS)
    start_match(page, ("human", "easy"), seed=11)
    play_to_end(page)
    final = board_attr(page, "data-hash")
    to_menu(page)
    (row,) = rows(page)
    assert row["state"] == "over" and "finished after" in row["text"] and "scores" in row["text"]

    # export: the command line's --log format (it replays there to the same end)
    with page.expect_download() as download:
        act(page, row["id"], "export")
    exported = tmp_path / download.value.suggested_filename
    download.value.save_as(exported)
    assert exported.name.startswith("cargobay-load-") and exported.suffix == ".json"
    log = json.loads(exported.read_text())
    assert list(log)[:3] == ["format", "version", "game"] and log["format"] == "cargobay-log"
    games = {game_id: spec.game for game_id, spec in SPECS.items()}
    assert games["load"].state_hash(Match.from_log(log, games).state) == final
    env = dict(os.environ, PYTHONPATH=str(ROOT / "core"))
    done = subprocess.run([sys.executable, "-m", "cargobay", "replay", str(exported)], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr

    # import: a log the command line wrote, and files that are not logs (refused with the reason)
    bad = tmp_path / "bad.json"
    for text, words in [("not json", "not JSON"), ('{"format": "chess", "moves": []}', "not a match log"),
                        (json.dumps({**log, "actions": [*log["actions"][:3], [0, "fly:away"]]}), "entry 3")]:
        bad.write_text(text)
        page.set_input_files("#matches-file", str(bad))
        page.wait_for_function("() => document.getElementById('messages').dataset.kind === 'error'")
        assert "Not imported" in page.locator("#messages").inner_text() and words in page.locator(
            "#messages").inner_text(), words
        page.evaluate("() => { document.getElementById('messages').removeAttribute('data-kind'); }")
    page.set_input_files("#matches-file", str(cli_log(tmp_path)))
    page.wait_for_function("() => document.querySelectorAll('#matches-list .match-row').length === 2")
    assert "Imported Haul" in page.locator("#messages").inner_text()
    imported = next(r for r in rows(page) if r["id"] != row["id"])
    assert "imported" in imported["text"] and "Easy bot, Medium bot, Easy bot, Easy bot" in imported["text"]

    # the viewer: forward, back, first, last, the slider, as a seat or as a spectator
    haul = json.loads((tmp_path / "haul.json").read_text())
    replay = Replay.open(haul, SPECS)
    act(page, imported["id"], "replay")
    page.wait_for_selector("#game-screen[data-mode='replay']", state="attached")
    assert page.locator("#turn-info").inner_text().startswith(f"Step 0 of {replay.steps}")

    def at(step: int) -> None:
        page.wait_for_function("(s) => document.getElementById('board').dataset.step === String(s)", arg=step)
        viewer = page.get_attribute("#board", "data-viewer")
        assert viewer is not None
        assert board_attr(page, "data-hash") == replay.frame(step, None if viewer == "none" else int(viewer))["hash"]

    page.click("#replay-forward")
    at(1)
    page.keyboard.press("ArrowRight")
    at(2)
    page.click("#replay-back")
    at(1)
    page.click("#replay-last")
    at(replay.steps)
    assert page.locator("#replay-forward").is_disabled() and "game over" in page.locator("#turn-info").inner_text()
    page.click("#replay-first")
    at(0)
    page.eval_on_selector("#replay-step", "(el) => { el.value = '20'; el.dispatchEvent(new Event('input')); }")
    at(20)
    spectator = page.inner_html("#board")
    page.select_option("#replay-viewer", "1")
    page.wait_for_selector("#board[data-viewer='1']", state="attached")
    at(20)
    assert page.inner_html("#board") != spectator  # seat 2's own hand is shown
    assert page.locator("#board [data-action], #board [data-select]").count() == 0
    shot(page, "matches-02-replay-viewer")
    assert error_message(page) == ""
    assert recorder_of(page).errors == []


def test_a_match_between_browsers_is_listed_and_replayed_as_each_player_saw_it(new_page: NewPage) -> None:
    from p2p_play import connect, play, wait_phase
    from ux import open_ready

    host, guest = new_page(), new_page()
    for page in (host, guest):
        open_ready(page)
    connect(host, guest)
    play([host, guest])
    for page in (host, guest):
        wait_phase(page, "over")
    scores = board_attr(host, "data-scores")
    to_menu(host)
    (row,) = rows(host)
    assert row["state"] == "over" and "with friends" in row["text"] and "You, Friend" in row["text"]
    saved = record(host, row["id"])
    assert "save" not in saved and saved["log"]["format"] == "cargobay-log"  # only what a replay needs is kept
    act(host, row["id"], "replay")
    host.wait_for_selector("#game-screen[data-mode='replay']", state="attached")
    host.click("#replay-last")
    host.wait_for_function("() => document.getElementById('board').dataset.match === 'over'")
    # (with cards dealt cryptographically a page's log holds the cards it learnt, so its replay ends on the
    # same scores, not always on the same state hash as the live board)
    assert board_attr(host, "data-scores") == scores
    def two_steps_as(page: Page, viewer: str) -> str:
        page.select_option("#replay-viewer", viewer)
        page.wait_for_selector(f"#board[data-viewer='{viewer if viewer != 'spectator' else 'none'}']",
                               state="attached")
        if page.locator("#replay-first").is_enabled():
            page.click("#replay-first")
        page.wait_for_function("() => document.getElementById('board').dataset.step === '0'")
        page.click("#replay-forward")
        page.click("#replay-forward")
        page.wait_for_function("() => document.getElementById('board').dataset.step === '2'")
        return str(page.inner_html("#board"))

    boards = [two_steps_as(host, "0"), two_steps_as(host, "spectator")]
    # the cards were dealt cryptographically: the host's log never held the guest's hand, and says so
    host.select_option("#replay-viewer", "1")
    host.wait_for_function("() => document.getElementById('messages').dataset.kind === 'error'")
    assert "does not hold seat 2's cards" in host.locator("#messages").inner_text()
    # ... the guest's own saved match shows it
    to_menu(guest)
    (theirs,) = rows(guest)
    act(guest, theirs["id"], "replay")
    guest.wait_for_selector("#game-screen[data-mode='replay']", state="attached")
    boards.append(two_steps_as(guest, "1"))
    assert len(set(boards)) == 3  # each player's own hand, and the public view
    shot(host, "matches-03-replay-between-browsers")
    assert recorder_of(host).errors == [] and recorder_of(guest).errors == []
