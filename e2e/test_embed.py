"""Embedding (issue 13, docs/embedding.md): a plain host page served from another localhost port embeds two games
with the one-line snippet; their engine boots once; one is played to the end by clicks inside its iframe and the
host receives every event in order (ready, match_started, a move per step, ended with the scores); commands change
the theme and start new matches, bad ones get error events and break nothing; a page of another origin can
neither command an embed nor hear it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from a11y import describe, violations
from sites import build_module
from test_site import ENGINE_TIMEOUT_MS, MAX_MOVES, shot
from under_test import Surface, track

pytestmark = pytest.mark.e2e

HOST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A host page</title><link rel="icon" href="data:,">
<script src="{site}embed.js" async></script></head>
<body><h1>My games</h1>
<div id="a" data-cargobay-game="load" data-seats="human,easy" data-seed="4" data-delay="0" style="height:720px"></div>
<div id="b" data-cargobay-game="haul" data-seats="easy,easy,easy,easy" data-delay="0" style="height:640px"></div>
<script>
  window.got = {{a: [], b: []}};
  for (const id of ["a", "b"]) {{
    document.getElementById(id).addEventListener("cargobay", (e) => window.got[id].push(e.detail));
  }}
</script></body></html>
"""

OTHER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Another origin</title><link rel="icon" href="data:,"></head>
<body><iframe id="x" style="width:900px;height:700px"
  src="{site}embed.html?embed=x1&game=load&seats=human,easy&delay=0&origin={host}"></iframe>
<script>window.got = []; addEventListener("message", (e) => window.got.push(e.data));</script></body></html>
"""


def events(page: Page, element: str) -> list[dict[str, Any]]:
    return list(page.evaluate("(id) => window.got[id]", element))


def wait_event(page: Page, element: str, kind: str, count: int = 1) -> None:
    page.wait_for_function(
        "([id, kind, n]) => window.got[id].filter((e) => e.type === kind).length >= n", arg=[element, kind, count],
        timeout=ENGINE_TIMEOUT_MS,
    )


def test_a_host_page_embeds_two_games_and_hears_every_event(chromium: Browser, site_url: str, tmp_path: Path) -> None:
    build = build_module()
    host_dir = tmp_path / "host"
    host_dir.mkdir()
    (host_dir / "index.html").write_text(HOST.format(site=site_url))
    with build.serving(host_dir) as host_url:
        assert host_url != site_url
        context = chromium.new_context(viewport={"width": 1100, "height": 900})
        try:
            page = context.new_page()
            wasm = []
            makers = []  # the snapshot maker boots a Pyodide of its own once the engine is ready, in idle time
            context.on("request", lambda r: wasm.append(r.url) if r.url.endswith("pyodide.asm.wasm") else None)
            context.on("request", lambda r: makers.append(r.url) if "role=snapshot" in r.url else None)
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(host_url)
            wait_event(page, "a", "match_started")
            wait_event(page, "b", "match_started")
            ready = [events(page, el)[0] for el in ("a", "b")]
            assert [r["type"] for r in ready] == ["ready", "ready"]
            assert ready[0]["engine"]["shared"] is True and ready[0]["engine"]["boot"] == ready[1]["engine"]["boot"]
            assert len(wasm) <= 1 + len(makers), (wasm, makers)  # the engine boots once for both
            assert ready[0]["game"] == "load" and ready[0]["seats"] == ["human", "easy"] and ready[0]["v"] == 1

            # play A to the end by clicks in its iframe
            a_frame = next(f for f in page.frames if "embed=cb1" in f.url)
            for _ in range(MAX_MOVES):
                a_frame.wait_for_function(
                    "() => { const b = document.getElementById('board'); return b.dataset.match === 'over' ||"
                    " (b.dataset.turnOwner === 'human' && !b.hasAttribute('aria-busy')); }", timeout=60_000)
                if a_frame.get_attribute("#board", "data-match") == "over":
                    break
                step = a_frame.get_attribute("#board", "data-step")
                a_frame.locator("#board [data-action]").first.click()
                a_frame.wait_for_function("(s) => document.getElementById('board').dataset.step !== s", arg=step)
            wait_event(page, "a", "ended")
            got = events(page, "a")
            kinds = [e["type"] for e in got]
            assert kinds[:2] == ["ready", "match_started"] and kinds[-1] == "ended"
            assert set(kinds[2:-1]) == {"move"}
            assert [e["seq"] for e in got] == list(range(1, len(got) + 1))  # in order, none missing
            moves = [e for e in got if e["type"] == "move"]
            assert [m["step"] for m in moves] == list(range(1, len(moves) + 1))
            assert moves[0]["by"] == "chance" and {m["by"] for m in moves} == {"chance", "human", "easy"}
            assert len(moves) == int(a_frame.get_attribute("#board", "data-step") or 0)
            ended = got[-1]
            assert len(ended["scores"]) == 2 and ended["winners"] and ended["match"] == 1
            shot(page, "embed-01-host-page")

            # commands to B: a theme, a new match; bad ones are error events and change nothing
            b = page.locator("#b")
            b_frame = next(f for f in page.frames if "embed=cb2" in f.url)
            page.evaluate("() => document.getElementById('b').cargobay.send({type: 'theme', theme: 'dark'})")
            b_frame.wait_for_selector("html[data-theme='dark']", state="attached")
            before = len(events(page, "b"))
            page.evaluate("""() => {
                const api = document.getElementById('b').cargobay;
                api.send({type: 'set_seats', seats: ['human']});
                api.send({type: 'fly'});
                api.send({type: 'new_match', game: 'chess'});
                api.iframe.contentWindow.postMessage({cargobay: 'command', v: 7, type: 'theme'}, '*');
                api.iframe.contentWindow.postMessage('not json', '*');
                api.send({type: 'new_match', game: 'load', seats: ['easy', 'medium'], seed: 2});
            }""")
            wait_event(page, "b", "match_started", 2)
            later = [e for e in events(page, "b")[before:] if e["type"] in ("error", "match_started")]
            assert [e["type"] for e in later] == ["error"] * 5 + ["match_started"]
            reasons = [e["reason"] for e in later[:5]]
            assert "Haul takes 4 seats" in reasons[0] and "unknown command 'fly'" in reasons[1]
            assert "no playable game 'chess'" in reasons[2] and "version 7" in reasons[3]
            assert "JSON object" in reasons[4]
            assert later[5]["game"] == "load" and later[5]["seats"] == ["easy", "medium"] and later[5]["match"] == 2
            assert b.evaluate("(el) => el.querySelector('iframe').offsetHeight") == 640  # sized to its container
            assert errors == []
        finally:
            context.close()


def test_a_page_of_another_origin_can_neither_command_nor_hear_an_embed(
    chromium: Browser, site_url: str, tmp_path: Path
) -> None:
    build = build_module()
    other = tmp_path / "other"
    other.mkdir()
    with build.serving(other) as other_url:
        allowed = "http://127.0.0.1:9"  # the embed was given another host's origin
        (other / "index.html").write_text(OTHER.format(site=site_url, host=allowed))
        context = chromium.new_context()
        try:
            page = context.new_page()
            page.goto(other_url)
            frame = next(f for f in page.frames if "embed=x1" in f.url)
            frame.wait_for_selector("#board[data-match='playing']", state="attached", timeout=ENGINE_TIMEOUT_MS)
            count = frame.get_attribute("html", "data-events")
            page.evaluate("() => document.getElementById('x').contentWindow.postMessage("
                          "{cargobay: 'command', v: 1, type: 'theme', theme: 'dark'}, '*')")
            frame.wait_for_selector("html[data-ignored='1']", state="attached")  # dropped: not the allowed origin
            assert frame.get_attribute("html", "data-theme") == "light"  # ignored
            assert frame.get_attribute("html", "data-events") == count
            assert page.evaluate("() => window.got") == []  # its events went to the allowed origin only
        finally:
            context.close()


FRIEND_HOST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A host page</title><link rel="icon" href="data:,">
<script src="{site}embed.js" async></script></head>
<body><div id="f" data-cargobay-game="load" data-seats="human,friend" data-delay="0"
  style="height:900px"></div>
<script>
  window.got = {{f: []}};
  document.getElementById("f").addEventListener("cargobay", (e) => window.got.f.push(e.detail));
</script></body></html>
"""


def test_a_peer_invite_embed_hosts_a_match_a_friend_joins(chromium: Browser, site_url: str, tmp_path: Path) -> None:
    """The embed's peer invite: a friend joins from the invite link in another browser; the two play the whole
    match and the host page hears ready, match_started, every step as a move (deals without their cards), then
    ended with the scores the boards show; it may set the theme; new_match is refused with an error event."""
    from p2p_play import assert_same_final, exchange_codes, play, wait_in_step, wait_phase

    build = build_module()
    host_dir = tmp_path / "friend"
    host_dir.mkdir()
    (host_dir / "index.html").write_text(FRIEND_HOST.format(site=site_url))
    with build.serving(host_dir) as host_url:
        contexts = [chromium.new_context(viewport={"width": 1100, "height": 1000}) for _ in range(2)]
        try:
            page = contexts[0].new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(host_url)
            page.wait_for_function("() => [...document.querySelectorAll('iframe')].length === 1")
            assert "play=friend" in (page.get_attribute("iframe", "src") or "")
            iframe = page.wait_for_selector("iframe")
            assert iframe is not None
            frame = iframe.content_frame()
            assert frame is not None and page.main_frame.child_frames == [frame]
            frame.wait_for_function("() => document.getElementById('p2p-invite-text').value.startsWith('CB1.')",
                                    timeout=ENGINE_TIMEOUT_MS)
            assert frame.get_attribute("#game-screen", "data-mode") == "p2p"
            wait_event(page, "f", "ready")
            frame.wait_for_function("() => !!document.querySelector('link[href*=\"embed.css\"]')")
            assert frame.evaluate("() => document.documentElement.scrollWidth <= innerWidth")  # fits its frame
            link = frame.input_value("#p2p-invite-link")
            assert link.startswith(site_url) and "play=friend" not in link and "embed=" not in link
            guest = contexts[1].new_page()
            guest.goto(link)  # the friend opens the invite link in another browser
            guest.wait_for_function("() => document.getElementById('p2p-reply-text').value.startsWith('CB1.')",
                                    timeout=ENGINE_TIMEOUT_MS)
            frame.fill("#p2p-reply-paste", guest.input_value("#p2p-reply-text"))
            frame.click("#p2p-connect-button")
            guests = [guest]
            both: list[Surface] = [frame, *guests]
            for pg in both:
                wait_phase(pg, "connected", timeout_ms=60_000)
                pg.wait_for_function("() => (document.getElementById('board').dataset.step || '') !== ''")
            assert frame.get_attribute("#board", "data-hash") or guest.get_attribute("#board", "data-hash")
            wait_event(page, "f", "match_started")
            page.evaluate("() => document.getElementById('f').cargobay.send({type: 'theme', theme: 'dark'})")
            frame.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")
            dark = violations(frame, "#game-screen")  # (the dark theme's buttons and links can be read)
            assert dark == [], describe(dark)
            page.evaluate("() => document.getElementById('f').cargobay.send({type: 'new_match', seats: 'human,easy'})")
            wait_event(page, "f", "error")
            (error,) = [e for e in events(page, "f") if e["type"] == "error"]
            assert error["command"] == "new_match" and "match between browsers" in error["reason"]
            play([frame, guest], until_step=8)
            wait_in_step([frame, guest])
            shot(page, "embed-02-peer-invite")
            step = int(frame.get_attribute("#board", "data-step") or 0)
            wait_event(page, "f", "move", step)
            before = [dict(e, seq=0) for e in events(page, "f") if e["type"] == "move"]
            assert [m["step"] for m in before] == list(range(1, step + 1)) and step >= 8
            # The frame reloads mid-match: it resumes the match from its save and tells it again from its start
            # (its seq from 1), then the friends reconnect and play on.
            page.evaluate("() => { window.got.f = []; }")
            frame.evaluate("() => location.reload()")
            wait_event(page, "f", "move", step)
            again = events(page, "f")
            assert [e["type"] for e in again][:2] == ["ready", "match_started"] and again[0]["seq"] == 1
            assert [dict(e, seq=0) for e in again if e["type"] == "move"] == before
            wait_phase(frame, "paused")
            track(guest, site_url)  # (for exchange_codes' check of the invite link)
            exchange_codes(guest, frame, fresh=False)
            for pg in (frame, guest):
                wait_phase(pg, "connected")
            play([frame, guest])
            assert_same_final([frame, guest])
            wait_event(page, "f", "ended")
            got = events(page, "f")  # (since the reload)
            kinds = [e["type"] for e in got]
            assert kinds[:2] == ["ready", "match_started"] and kinds[-1] == "ended", kinds
            assert [e["seq"] for e in got] == list(range(1, len(got) + 1))
            assert {e["embed"] for e in got} == {page.evaluate("() => document.getElementById('f').cargobay.id")}
            moves = [e for e in got if e["type"] == "move"]
            step = int(frame.get_attribute("#board", "data-step") or 0)
            assert [m["step"] for m in moves] == list(range(1, step + 1)) and len(moves) > 20
            assert all(m["action"] is None for m in moves if m["seat"] == -1)  # a deal: no hand told
            assert all(isinstance(m["action"], str) for m in moves if m["seat"] >= 0)
            scores = json.loads(frame.get_attribute("#board", "data-scores") or "null")
            assert got[-1]["scores"] == scores and got[-1]["match"] == 1
            assert got[0]["commands"] == ["theme"] and got[1]["seats"] == ["human", "human"]
            assert frame.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
            shot(page, "embed-03-peer-invite-over")
            assert errors == []
        finally:
            for context in contexts:
                context.close()


def test_the_embed_snippet_in_the_docs_is_the_one_that_works() -> None:
    docs = (Path(__file__).resolve().parent.parent / "docs" / "embedding.md").read_text()
    assert '<script src="https://cargobay.example/embed.js" async></script>' in docs
    assert '<div data-cargobay-game="load" data-seats="human,medium" style="height: 640px"></div>' in docs
    assert json.dumps({"cargobay": "command", "v": 1, "type": "theme", "theme": "dark"}) in docs


BOXED = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A boxed embed</title><link rel="icon" href="data:,">
<script src="{site}embed.js" async></script></head>
<body style="margin:0"><div id="a" data-cargobay-game="load" data-seats="human,easy" data-seed="4" data-delay="0"
  style="width:900px;height:640px"></div>
<script>window.got = {{a: []}};
  document.getElementById("a").addEventListener("cargobay", (e) => window.got.a.push(e.detail));</script>
</body></html>
"""
IN_VIEW_JS = """(sels) => sels.map((sel) => { const e = document.querySelector(sel); if (!e) return [sel, null];
  const r = e.getBoundingClientRect();
  return [sel, r.top >= 0 && r.bottom <= innerHeight + 1 && r.left >= 0 && r.right <= innerWidth + 1]; })"""


def test_an_embed_in_a_900x640_box_lays_out_by_its_box(chromium: Browser, site_url: str, tmp_path: Path) -> None:
    """Issue 20 item 8: in a 900x640 container the embed draws the landscape board fitted to the box: the hand
    and the opponent's ship are in view without scrolling, before and after a move."""
    build = build_module()
    host_dir = tmp_path / "boxed"
    host_dir.mkdir()
    (host_dir / "index.html").write_text(BOXED.format(site=site_url))
    with build.serving(host_dir) as host_url:
        context = chromium.new_context(viewport={"width": 1280, "height": 800})
        try:
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(host_url)
            wait_event(page, "a", "match_started")
            frame = next(f for f in page.frames if "embed=" in f.url)
            wanted = ["#board g.hand", "#board g.player", "#board g.ship"]
            for moment in ("start", "after a move"):
                frame.wait_for_function(
                    "() => { const b = document.getElementById('board'); return b.dataset.match === 'over' ||"
                    " (b.dataset.turnOwner === 'human' && !b.hasAttribute('aria-busy')); }", timeout=60_000)
                assert frame.get_attribute("#board svg", "data-layout") == "wide", moment
                seen = frame.evaluate(IN_VIEW_JS, wanted)
                assert all(ok for _, ok in seen), (moment, seen)
                assert frame.evaluate("() => document.scrollingElement.scrollTop") == 0
                shot(page, f"embed-boxed-{moment.replace(' ', '-')}")
                if moment == "start":
                    step = frame.get_attribute("#board", "data-step")
                    frame.locator("#board [data-action]").first.click()
                    frame.wait_for_function("(s) => document.getElementById('board').dataset.step !== s", arg=step)
            assert errors == []
        finally:
            context.close()
