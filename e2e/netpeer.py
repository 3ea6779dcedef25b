"""One browser of e2e/test_p2p_networks.py, run inside a "home" network namespace (`ip netns exec <pc> python
e2e/netpeer.py session.json`): Debian's Chromium driven by Playwright plays the host or the friend of a friend
match as a person would (the host's invite link, the friend's reply code), the two processes meeting through
files. One browser and one tab serve every case of the module (launched and booted once): each case is a plan
file `<dir>/case<N>-<role>.json`; the first is opened with its settings in place before the page's first script,
the next ones go on in the same tab as a person trying again would (Menu, leave the last match, change the
connection settings; after a failed case, a new tab from scratch). For each case it writes what it saw (connected or the
problem shown, times, code lengths, the selected candidate pair) and the match state at each stage, plays on
when the test says so, and `<role>-over.json` when the case is over. `<dir>/quit` ends it.

Not a test module itself (no test_ prefix): the test starts it, one per home network."""

from __future__ import annotations

import itertools
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

ENGINE_TIMEOUT_MS = 120_000


def put(path: Path, text: str) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(text)
    os.replace(tmp, path)


def aborted(directory: Path) -> None:
    if (directory / "abort").exists():
        raise RuntimeError("the test left this case")


def wait_file(path: Path, timeout_s: float) -> str:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if path.exists():
            return path.read_text()
        aborted(path.parent)
        time.sleep(0.05)  # (another process's file: nothing in the page to wait on)
    raise TimeoutError(f"no {path.name} within {timeout_s} s")


def board(page: Page, name: str) -> str:
    return str(page.get_attribute("#board", name) or "")


def wait_ready(page: Page) -> None:
    page.wait_for_selector("html[data-engine='ready'][data-ui='ready']", state="attached", timeout=ENGINE_TIMEOUT_MS)


class Peer:
    def __init__(self, page: Page, plan: dict[str, Any]) -> None:
        self.page = page
        self.plan = plan
        self.dir = Path(plan["dir"])
        self.role = plan["role"]
        self.other = "1" if self.role == "host" else "0"
        self.events: list[dict[str, Any]] = []
        self.last_peer_state = ""

    def note(self, **fields: Any) -> None:
        self.events.append({"t": time.time(), **fields})
        put(self.dir / f"{self.role}-events.json", json.dumps(self.events))

    def shot(self, name: str) -> str:
        path = Path(self.plan["shots"]) / f"net-{self.plan['case']}-{self.role}-{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(path), full_page=True)
        return str(path)

    # ------------------------------------------------------------------------------------------ connecting
    def start(self, first: bool) -> None:
        """The first case opens the site with its connection settings and nothing else stored (put in place
        before the page's first script runs). A later case goes on in the same tab, as a person trying again
        would: to the menu, leave the last match (the page asks: yes), and change the settings in Connection
        settings (the engine is booted once per home for the whole module)."""
        page = self.page
        conf = self.plan["settings"]
        if first:
            text = json.dumps(json.dumps(conf))  # (a JS string literal of the JSON)
            page.add_init_script("(() => { if (sessionStorage.getItem('cargobay.test.fresh')) return;"
                                 " localStorage.clear(); localStorage.setItem('cargobay.p2p.settings.v1', "
                                 + text + "); sessionStorage.setItem('cargobay.test.fresh', '1'); })()")
            page.goto(self.plan["url"] + "?delay=0")
            wait_ready(page)
            self.relay_settings()
            return
        page.click("#to-menu")
        if self.role == "guest":  # (leave the last match: an invite link would otherwise reconnect it)
            page.click("#p2p-join")
            page.wait_for_selector("#p2p-join-box", state="visible")
            page.click("#to-menu")
        page.evaluate("() => { document.getElementById('p2p-settings').open = true; }")
        page.wait_for_selector("#p2p-settings[data-ready]", state="attached")
        page.set_checked("#p2p-local-only", False)
        page.dispatch_event("#p2p-local-only", "change")
        page.fill("#p2p-ice", conf["ice"])
        page.dispatch_event("#p2p-ice", "change")
        page.set_checked("#p2p-local-only", bool(conf["local_only"]))
        page.dispatch_event("#p2p-local-only", "change")
        page.wait_for_function("() => !!document.getElementById('p2p-ice-status').textContent")
        self.relay_settings()

    def relay_settings(self) -> None:
        """The relay switch as the plan says; the host lists the test's broker (the friend's comes in the link)."""
        page, conf = self.page, self.plan["settings"]
        if conf.get("brokers"):
            page.evaluate("() => { document.getElementById('p2p-settings').open = true; }")
            page.wait_for_selector("#p2p-settings[data-ready]", state="attached")  # (else its defaults overwrite)
            page.fill("#p2p-brokers", conf["brokers"])
            page.dispatch_event("#p2p-brokers", "change")
            page.wait_for_function("() => document.getElementById('p2p-brokers-status').textContent"
                                   ".includes('1 relay')")
        if self.role == "host":
            page.set_checked("#p2p-relay", bool(self.plan.get("relay")))

    def exchange(self) -> dict[str, Any]:
        page = self.page
        result: dict[str, Any] = {}
        relay = bool(self.plan.get("relay"))  # (the friend only opens the link: no reply code goes back)
        if self.role == "host":
            last = page.input_value("#p2p-invite-text")  # (the last case's invite: not this one's)
            page.click("#p2p-host")
            page.wait_for_function("(last) => { const t = document.getElementById('p2p-invite-text').value;"
                                   " return t.startsWith('CB1.') && t !== last"
                                   " && document.getElementById('p2p-invite-link').value.includes(t); }", arg=last)
            if relay:
                page.wait_for_function("() => document.getElementById('p2p-invite-link').value.includes('&r=')")
            if self.plan.get("share_turn") is False:
                old = page.input_value("#p2p-invite-text")
                page.uncheck("#p2p-share-turn")
                page.wait_for_function("(c) => document.getElementById('p2p-invite-text').value !== c", arg=old)
            result["invite_len"] = len(page.input_value("#p2p-invite-text"))
            result["invite_ms"] = int(page.get_attribute("#game-screen", "data-invite-ms") or -1)
            result["invite_gathering"] = page.get_attribute("#game-screen", "data-invite-gathering") or ""
            link = page.input_value("#p2p-invite-link")
            result["link_len"] = len(link)
            put(self.dir / "invite.txt", link)
            if not relay:
                reply = wait_file(self.dir / "reply.txt", 180)
                page.fill("#p2p-reply-paste", reply)
                page.click("#p2p-connect-button")
        elif relay:
            page.goto(wait_file(self.dir / "invite.txt", 180))
        else:
            link = wait_file(self.dir / "invite.txt", 180)
            page.goto(link)  # (the same page: only the #join= fragment changes)
            page.wait_for_function("() => document.getElementById('p2p-reply-text').value.startsWith('CB1.')")
            reply = page.input_value("#p2p-reply-text")
            result["reply_len"] = len(reply)
            result["reply_ms"] = int(page.get_attribute("#game-screen", "data-reply-ms") or -1)
            put(self.dir / "reply.txt", reply)
        t0 = time.monotonic()
        page.wait_for_function(
            "() => { const b = document.getElementById('board');"
            " return (b.dataset.p2p === 'connected' && !!b.dataset.step)"
            " || !document.getElementById('p2p-problem').hidden; }",
            timeout=self.plan.get("connect_timeout_ms", 60_000))
        result["wait_s"] = round(time.monotonic() - t0, 2)
        if not page.is_hidden("#p2p-problem"):
            result["outcome"] = "problem"
            result["cause"] = page.get_attribute("#p2p-problem", "data-cause")
            result["text"] = page.inner_text("#p2p-problem-text")
            result["stalled_ms"] = int(page.get_attribute("#game-screen", "data-stalled-ms") or -1)
            result["shot"] = self.shot("problem")
            page.click("#p2p-problem-settings")  # the button opens the connection settings beside the message
            page.wait_for_selector("#p2p-problem #p2p-settings[open]")
            result["settings_shot"] = self.shot("problem-settings")
            return result
        result["outcome"] = "connected"
        result["connect_ms"] = int(page.get_attribute("#game-screen", "data-connect-ms") or -1)
        peer = f"#p2p-peers li[data-peer='{self.other}']"
        page.wait_for_selector(peer + "[data-route]", timeout=15_000)
        result["route"] = page.get_attribute(peer, "data-route")
        result["pair"] = page.get_attribute(peer, "data-pair")
        result["rtt_ms"] = page.get_attribute(peer, "data-rtt")
        result["route_text"] = page.inner_text(peer + " .peer-route")
        result["error"] = page.evaluate("() => { const m = document.getElementById('messages');"
                                        " return m.dataset.kind === 'error' ? m.textContent : ''; }")
        result["shot"] = self.shot("connected")
        return result

    # ------------------------------------------------------------------------------------------ playing
    def watch_peer(self) -> None:
        state = str(self.page.get_attribute(f"#p2p-peers li[data-peer='{self.other}']", "data-state") or "")
        if state != self.last_peer_state:
            if state == "paused":
                self.shot("paused")
            elif state == "connected" and self.last_peer_state == "paused":
                self.shot("back")
            self.last_peer_state = state
            self.note(peer_state=state, reconnect_box=self.page.is_visible("#p2p-reconnect-box"),
                      invite=self.page.input_value("#p2p-invite-text")[:60],
                      reply=self.page.input_value("#p2p-reply-text")[:60])

    def quiet(self) -> bool:
        return not self.page.evaluate("() => document.getElementById('board').hasAttribute('aria-busy')")

    def play_until(self, target: int, timeout_s: float) -> None:
        page = self.page
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            aborted(self.dir)
            self.watch_peer()
            step = int(board(page, "data-step") or 0)
            mine = board(page, "data-to-decide") == "yes"
            # (a point where the match waits on a person: this page, or the other's move or commitment)
            other = board(page, "data-waiting").split(":")[0] in ("move", "commit")
            if step >= target and self.quiet() and (mine or other):
                return
            if mine and step < target and self.quiet():
                before = board(page, "data-step")
                page.locator("#board [data-action]").first.dispatch_event("click")
                page.wait_for_function(
                    "(s) => { const b = document.getElementById('board');"
                    " return b.dataset.toDecide !== 'yes' || b.dataset.step !== s; }", arg=before, timeout=30_000)
                continue
            page.wait_for_timeout(100)  # (waiting on the other browser's move)
        raise TimeoutError(f"not at step {target} within {timeout_s} s (at {board(page, 'data-step')})")

    def state(self) -> dict[str, Any]:
        screen = {name: self.page.get_attribute("#game-screen", "data-" + name)
                  for name in ("dropped", "recovered", "restarts", "restart-via", "restart-carriers",
                                "relay-refreshed")}
        return {"step": board(self.page, "data-step"), "hash": board(self.page, "data-hash"),
                "phase": board(self.page, "data-p2p"), "peer_state": self.last_peer_state,
                "reconnect_box": self.page.is_visible("#p2p-reconnect-box"), "t": time.time(),
                "link": self.page.get_attribute(f"#p2p-peers li[data-peer='{self.other}']", "data-link"),
                "pair": self.page.get_attribute(f"#p2p-peers li[data-peer='{self.other}']", "data-pair"), **screen}

    def stages(self) -> None:
        for index, target in enumerate(self.plan["targets"]):
            if index:
                wait_file(self.dir / f"go{index}", 120)
            self.play_until(target, self.plan.get("play_timeout_s", 90))
            while not (self.dir / f"done{index}").exists():
                aborted(self.dir)
                self.watch_peer()
                put(self.dir / f"{self.role}-state{index}.json", json.dumps(self.state()))
                self.page.wait_for_timeout(150)


def play_case(page: Page, plan: dict[str, Any], errors: list[str], first: bool) -> None:
    """One case (in the same tab as the last); its result files in the plan's directory."""
    directory = Path(plan["dir"])
    errors.clear()
    peer = Peer(page, plan)
    result: dict[str, Any] = {}
    try:
        t0 = time.monotonic()
        peer.start(first)
        result = {"start_s": round(time.monotonic() - t0, 2), **peer.exchange()}
        put(directory / f"{peer.role}-result.json", json.dumps({**result, "page_errors": list(errors)}))
        if result.get("outcome") == "connected":
            peer.stages()
    except Exception as exc:  # reported to the test, which fails with it
        result = {**result, "outcome": "error", "error": repr(exc)[:2000], "page_errors": list(errors)}
        try:
            result["shot"] = peer.shot("error")
        except Exception as shot_error:  # (the page may be gone)
            result["shot_error"] = repr(shot_error)
        put(directory / f"{peer.role}-result.json", json.dumps(result))
        put(directory / f"{peer.role}-failed.json", json.dumps(result))
        raise
    finally:
        put(directory / f"{peer.role}-over.json", "{}")


def main() -> None:
    from playwright.sync_api import sync_playwright

    session = json.loads(Path(sys.argv[1]).read_text())
    directory = Path(session["dir"])
    origin = session["url"].rstrip("/")
    args = [*session["chromium_args"], f"--unsafely-treat-insecure-origin-as-secure={origin}"]
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            session["profile"], executable_path=session["chromium"], headless=True, args=args,
            viewport={"width": 1280, "height": 900})
        page = context.pages[0] if context.pages else context.new_page()
        page.set_default_timeout(30_000)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
        page.on("dialog", lambda dialog: dialog.accept())  # ("Leave your unfinished match…?": yes)
        first = True
        try:
            for number in itertools.count():
                plan_file = directory / f"case{number}-{session['role']}.json"
                while not plan_file.exists():
                    if (directory / "quit").exists():
                        return
                    time.sleep(0.05)  # (the test's next plan: another process's file)
                try:
                    play_case(page, {**session, **json.loads(plan_file.read_text())}, errors, first)
                    first = False
                except Exception:  # (this case failed: the next starts in a new tab, from scratch)
                    page.close()
                    page = context.new_page()
                    page.set_default_timeout(30_000)
                    page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
                    page.on("dialog", lambda dialog: dialog.accept())
                    first = True
        finally:
            context.close()


if __name__ == "__main__":
    main()
