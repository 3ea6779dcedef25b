"""Play a friend through the optional relay, in a real Chromium against a real MQTT broker (Debian's mosquitto,
WebSocket listener on loopback, started here: e2e/broker.py) set as the only relay: the friend only opens the
invite link; a reload of either page mid-match reconnects with no code; the broker stopped mid-invite falls back
to the codes with a message; a hostile client on the topic (garbage, replays of the match's own messages) is
ignored; a three-page mesh gets a reloaded page back. With the relay off nothing of it is fetched and no socket
opens. Each page may contact only the listed broker (the recorder's allowed_sockets; conftest checks)."""

from __future__ import annotations

import base64
import hashlib
import json
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page

from broker import Broker, running_broker
from p2p_play import (
    ARTIFACTS,
    attr,
    error_message,
    peer_state,
    phase,
    play,
    refusals,
    shot,
    wait_in_step,
    wait_peer,
    wait_phase,
    wait_ready,
)
from pathcut import can_cut, cut, pair_ports
from under_test import NewPage, recorder_of
from ux import open_ready

pytestmark = pytest.mark.e2e

SHOTS = Path("/work/notes/shots/i21")
FIGURES = ARTIFACTS / "relay-figures.json"


def look(page: Page, name: str) -> None:
    shot(page, "relay-" + name)
    if SHOTS.parent.exists():
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def note(key: str, value: object) -> None:
    """Keep a figure for the closing note (e2e/artifacts/relay-figures.json)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    data = json.loads(FIGURES.read_text()) if FIGURES.exists() else {}
    data[key] = value
    FIGURES.write_text(json.dumps(data, indent=1))


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Broker]:
    with running_broker(tmp_path) as running:
        running.record()
        yield running


def relay_page(new_page: NewPage, broker: Broker) -> Page:
    """A page whose connection settings list only the test's broker (and which may contact it alone)."""
    page = new_page()
    recorder_of(page).allowed_sockets.append(broker.url)
    open_ready(page)
    page.click("#p2p-settings summary")
    page.wait_for_selector("#p2p-settings[data-ready='true']", state="attached")
    page.fill("#p2p-brokers", broker.url)
    page.dispatch_event("#p2p-brokers", "change")
    page.wait_for_function("() => document.getElementById('p2p-brokers-status').textContent.includes('1 relay')")
    page.click("#p2p-settings summary")
    return page


def relay_invite(host: Page, peer_for: int = 1, *, fresh: bool = True) -> str:
    """The host (relay on) makes an invite; its link carries the relay part."""
    if fresh:
        host.check("#p2p-relay")
        host.click("#p2p-host")
    else:
        host.click("#p2p-invite-more")
    host.wait_for_function(
        "(n) => document.getElementById('p2p-invite-link').value.includes('&r=')"
        " && document.getElementById('p2p-invite-link').value.includes('.' + n + '&b=')", arg=peer_for)
    assert host.get_attribute("#game-screen", "data-relay") == "on"
    return host.input_value("#p2p-invite-link")


def open_link(guest: Page, link: str) -> float:
    """The friend opens the invite link; seconds until its page shows the match connected."""
    t0 = time.monotonic()
    guest.goto(link)
    wait_ready(guest)
    guest.wait_for_function("() => !location.hash")
    wait_phase(guest, "connected")
    return time.monotonic() - t0


def reload_and_wait(page: Page, others: Sequence[Page]) -> float:
    t0 = time.monotonic()
    page.reload()
    wait_ready(page)
    for other in [page, *others]:
        wait_phase(other, "connected", timeout_ms=30_000)
    return time.monotonic() - t0


def topic_of(link: str) -> str:
    """The room's topic: the link carries only the key (web/relay-seal.js topicOf: SHA-256 under its own domain)."""
    key, *rest = link.split("&r=", 1)[1].split("&", 1)[0].split(".")
    assert len(rest) == 1 and len(key) == 43, link  # (key.peer: no topic in the link)
    digest = hashlib.sha256(("cargobay-relay-topic/1\n" + key).encode()).digest()
    return "cargobay/" + base64.urlsafe_b64encode(digest).decode().rstrip("=")[:22]


def marks(page: Page) -> dict[str, float]:
    """ms from the page's navigation to: its UI ready, the relay joined, the first link open."""
    return dict(page.evaluate(
        "() => Object.fromEntries(['cargobay-ui-ready', 'cargobay-relay-joined',"
        " 'cargobay-relay-link-open'].map((n) => [n, Math.round((performance.getEntriesByName(n)[0] || {}).startTime"
        " ?? -1)]))"))


def link_ids(page: Page) -> list[int]:
    return [link["id"] for link in json.loads(page.evaluate("() => window.cargobayP2P.links()"))
            if link["state"] == "open"]


def relay_stats(page: Page) -> dict[str, Any]:
    return dict(json.loads(page.evaluate("() => window.cargobayRelay.stats()")))


def wait_relay(page: Page, received: int) -> None:
    """Until the page's relay has received `received` messages and judged them all."""
    page.wait_for_function(
        "(n) => { const s = JSON.parse(window.cargobayRelay.stats()); return s.received >= n && s.pending === 0; }",
        arg=received)


def assert_clean(*pages: Page, broker_down: str = "") -> None:
    """No error shown, logged or refused (but the browser's own note of each retry of a broker that is down)."""
    for page in pages:
        assert error_message(page) == "", error_message(page)
        errors = [e for e in recorder_of(page).errors
                  if not (broker_down and e.startswith(f"console: WebSocket connection to '{broker_down}/' failed"))]
        assert errors == [], errors
        assert refusals(page) == 0


# ------------------------------------------------------------------------------------------ tests
def test_the_friend_only_opens_the_link_and_reloads_reconnect_by_themselves(new_page: NewPage, broker: Broker) -> None:
    host, guest = relay_page(new_page, broker), new_page()
    recorder_of(guest).allowed_sockets.append(broker.url)
    link = relay_invite(host)
    look(host, "01-host-invite-relay")
    opened_s = open_link(guest, link)
    wait_phase(host, "connected")
    for page in (host, guest):
        page.wait_for_function("() => (document.getElementById('board').dataset.step || '') !== ''")
    note("guest_marks_first_join_ms", marks(guest))
    assert guest.locator("#p2p-reply-out").is_hidden()  # no reply code to send back
    assert host.input_value("#p2p-reply-paste") == ""  # none pasted
    assert guest.get_attribute("#game-screen", "data-relay") == "on"
    look(guest, "02-guest-connected-by-link")
    assert_clean(host, guest)

    play([host, guest], until_step=12)
    wait_in_step([host, guest])
    step, digest = attr(guest, "data-step"), attr(guest, "data-hash")
    guest_s = reload_and_wait(guest, [host])  # the friend reloads: back with no code
    note("guest_marks_after_reload_ms", marks(guest))
    wait_in_step([host, guest])
    assert attr(host, "data-step") == step and attr(guest, "data-hash") == digest
    assert "relay" not in guest.inner_text("#messages")  # ("Paused: reconnecting through the relay…" is gone)
    look(guest, "03-guest-reloaded-reconnected")

    play([host, guest], until_step=int(step) + 6)
    wait_in_step([host, guest])
    step, digest = attr(host, "data-step"), attr(host, "data-hash")
    host_s = reload_and_wait(host, [guest])  # and the host reloads
    note("host_marks_after_reload_ms", marks(host))
    wait_in_step([host, guest])
    assert attr(guest, "data-step") == step and attr(host, "data-hash") == digest
    for page in (host, guest):  # the away clock stopped: both players connected, no one shown away
        assert peer_state(page, 1 - int(page is guest)) == "connected"
    play([host, guest], until_step=int(step) + 6)  # and play goes on
    wait_in_step([host, guest])
    assert_clean(host, guest)
    for page in (host, guest):
        assert recorder_of(page).sockets and {u.rstrip("/") for u in recorder_of(page).sockets} == {broker.url}
        assert not [u for u in recorder_of(page).requests if "relay" in u and "mqtt" in u]

    seen = broker.messages()
    topic = topic_of(link)
    assert seen and {t for t, _, _ in seen} == {topic}  # one random topic; ciphertext only
    assert all(p.startswith("CBR1.") and "CB1." not in p for _, _, p in seen)
    sizes = [n for _, n, _ in seen]
    note("link_opened_to_connected_s", round(opened_s, 2))
    note("invite_link_chars", {"link": len(link), "relay_part": len(link) - len(link.split("&r=")[0])})
    note("guest_reload_to_connected_s", round(guest_s, 2))
    note("host_reload_to_connected_s", round(host_s, 2))
    note("broker_saw", {"topics": sorted({t for t, _, _ in seen}), "messages": len(seen), "bytes_min": min(sizes),
                        "bytes_max": max(sizes), "bytes_total": sum(sizes)})


def test_broker_stopped_mid_invite_falls_back_to_codes(new_page: NewPage, broker: Broker) -> None:
    host, guest = relay_page(new_page, broker), new_page()
    recorder_of(guest).allowed_sockets.append(broker.url)
    link = relay_invite(host)
    broker.stop()
    host.wait_for_function("() => document.getElementById('game-screen').dataset.relay === 'lost'")
    assert "paste your friend's reply code" in host.inner_text("#messages")
    t0 = time.monotonic()
    guest.goto(link)
    wait_ready(guest)
    guest.wait_for_function("() => document.getElementById('p2p-reply-text').value.startsWith('CB1.')")
    fallback_s = time.monotonic() - t0
    message = guest.inner_text("#messages")
    assert "The relay could not be reached" in message and "reply code" in message, message
    assert guest.locator("#p2p-reply-out").is_visible()
    look(guest, "04-guest-fallback-to-codes")
    host.fill("#p2p-reply-paste", guest.input_value("#p2p-reply-text"))
    host.click("#p2p-connect-button")
    for page in (host, guest):
        wait_phase(page, "connected")
    assert_clean(host, guest, broker_down=broker.url)
    note("broker_down_link_opened_to_reply_code_s", round(fallback_s, 2))


def test_a_hostile_client_on_the_topic_is_ignored(new_page: NewPage, broker: Broker) -> None:
    host, guest = relay_page(new_page, broker), new_page()
    recorder_of(guest).allowed_sockets.append(broker.url)
    link = relay_invite(host)
    open_link(guest, link)
    wait_phase(host, "connected")
    play([host, guest], until_step=6)
    wait_in_step([host, guest])
    reload_and_wait(guest, [host])  # (messages both ways: hello, offer, answer; the guest forgets what it saw)
    wait_in_step([host, guest])
    step, digest = attr(host, "data-step"), attr(host, "data-hash")
    links = [link_ids(page) for page in (host, guest)]
    topic = topic_of(link)
    recorded = [p for t, _, p in broker.messages() if t == topic]
    assert recorded, "the match's own messages went through the broker"
    garbage = ["hello", "CBR1.", "CBR1." + "A" * 200, "CBR1.!!!", "x" * 5000, json.dumps({"t": "hello"})]
    before = [relay_stats(page) for page in (host, guest)]
    for payload in garbage + recorded:  # garbage, then every message of the match replayed
        broker.publish(topic, payload)
    for page, old in zip((host, guest), before, strict=True):
        wait_relay(page, old["received"] + len(garbage) + len(recorded))
    for page, old in zip((host, guest), before, strict=True):
        stats = relay_stats(page)
        assert stats["why"]["garbage"] + stats["why"]["size"] - old["why"]["garbage"] - old["why"]["size"] \
            == len(garbage), stats
        assert stats["why"]["replay"] > old["why"]["replay"], stats  # the other page's messages, replayed
        assert phase(page) == "connected"
    # (the reloaded guest forgot the nonces it saw: the host's old offers reach its room protocol, which takes an
    # offer only for one of its own last hellos; no link was replaced on either page)
    assert int(guest.get_attribute("#game-screen", "data-relay-ignored") or 0) >= 1
    assert [link_ids(page) for page in (host, guest)] == links
    look(guest, "06-after-garbage-and-replays")
    before = [relay_stats(page) for page in (host, guest)]
    broker.publish_lines(topic, ["CBR1." + str(n) * 40 for n in range(400)])  # a flood
    for page, old in zip((host, guest), before, strict=True):
        wait_relay(page, old["received"] + 400)
        stats = relay_stats(page)
        assert stats["flooded"] > old["flooded"], stats  # the rate limit dropped most of it unread
        assert phase(page) == "connected"
    assert [link_ids(page) for page in (host, guest)] == links
    play([host, guest], until_step=int(step) + 4)  # the match goes on, unaffected
    wait_in_step([host, guest])
    assert int(attr(host, "data-step")) > int(step) and digest
    assert_clean(host, guest)
    note("hostile", {"host": relay_stats(host), "guest": relay_stats(guest)})


def test_a_three_page_mesh_gets_a_reloaded_page_back(new_page: NewPage, broker: Broker) -> None:
    host = relay_page(new_page, broker)
    guest, spectator = new_page(), new_page()
    for page in (guest, spectator):
        recorder_of(page).allowed_sockets.append(broker.url)
    host.check("#p2p-relay")
    host.click("#p2p-host")
    host.wait_for_function("() => document.getElementById('p2p-invite-link').value.includes('&r=')")
    host.click("#p2p-invite-more")  # the match waits for Start match
    link = host.input_value("#p2p-invite-link")
    open_link_lobby(guest, link)
    wait_peer(host, 1, "connected")
    host.click("#p2p-invite-more")
    host.wait_for_function("() => document.getElementById('p2p-invite-link').value.includes('.2&b=')")
    open_link_lobby(spectator, host.input_value("#p2p-invite-link"))
    wait_peer(host, 2, "connected")
    host.wait_for_selector("#p2p-start-match:not([disabled])")
    host.click("#p2p-start-match")
    pages = [host, guest, spectator]
    for page in pages:
        wait_phase(page, "connected")
    wait_peer(guest, 2, "connected")  # the guests' own link, made through the host
    play([host, guest], until_step=8)
    wait_in_step(pages)
    for reloaded in (guest, spectator):
        t0 = time.monotonic()
        reloaded.reload()
        wait_ready(reloaded)
        others = [p for p in pages if p is not reloaded]
        for page in others:
            wait_peer(page, pages.index(reloaded), "connected")
        for peer in range(3):
            if peer != pages.index(reloaded):
                wait_peer(reloaded, peer, "connected")
        note(f"mesh_reload_peer{pages.index(reloaded)}_s", round(time.monotonic() - t0, 2))
        wait_in_step(pages)
    look(spectator, "05-mesh-spectator-back")
    play([host, guest], until_step=int(attr(host, "data-step")) + 4)
    wait_in_step(pages)
    assert_clean(*pages)


def open_link_lobby(page: Page, link: str) -> None:
    page.goto(link)
    wait_ready(page)
    page.wait_for_function("() => !location.hash")
    wait_phase(page, "lobby")
    assert page.locator("#p2p-reply-out").is_hidden()


def test_with_the_relay_off_nothing_of_it_is_fetched(new_page: NewPage) -> None:
    host = new_page()
    open_ready(host)
    host.click("#p2p-host")
    host.wait_for_function("() => document.getElementById('p2p-invite-text').value.startsWith('CB1.')")
    link = host.input_value("#p2p-invite-link")
    assert "&r=" not in link and link.endswith("#join=" + host.input_value("#p2p-invite-text"))
    assert host.get_attribute("#game-screen", "data-relay") == "off"
    assert not [u for u in recorder_of(host).requests if "relay.js" in u or "relay-seal.js" in u or "mqtt" in u]
    assert recorder_of(host).sockets == []
    assert not host.is_checked("#p2p-relay")  # off by default


def clocks(page: Page) -> dict[int, tuple[float, float]]:
    """peer -> (time bank s, away allowance left s), as this page counts them."""
    return {int(given(li, "data-peer")): (float(given(li, "data-bank")), float(given(li, "data-away-left")))
            for li in page.locator("#p2p-peers li[data-bank]").all()}


def given(element: Locator, name: str) -> str:
    """The element's attribute ``name``, which it must have."""
    value = element.get_attribute(name)
    assert value is not None, f"no {name}"
    return value


@pytest.mark.skipif(not can_cut(), reason="cutting a path on this machine needs root and iptables")
def test_a_dropped_path_comes_back_by_an_ice_restart_through_the_relay(new_page: NewPage, broker: Broker) -> None:
    """Issue 21's drop without a reload (both pages alive, the channel's path lost for good): the match is back
    in seconds on the same connection (an ICE restart signalled through the relay), with no code, the away
    allowance charged for the outage and no time bank."""
    host, guest = relay_page(new_page, broker), new_page()
    recorder_of(guest).allowed_sockets.append(broker.url)
    open_link(guest, relay_invite(host))
    wait_phase(host, "connected")
    play([host, guest], until_step=6)
    wait_in_step([host, guest])
    step, digest = attr(host, "data-step"), attr(host, "data-hash")
    links_before = {id(page): link_ids(page) for page in (host, guest)}
    t_before = time.monotonic()
    before = {id(page): clocks(page) for page in (host, guest)}
    ports = pair_ports(host, 1)
    with cut(ports):
        t_cut = time.monotonic()
        host.wait_for_selector("#game-screen[data-dropped]", state="attached", timeout=20_000)  # (seen: paused)
        t_seen = time.monotonic()
        look(host, "07-path-cut-recovering")
        for page, other in ((host, 1), (guest, 0)):
            wait_peer(page, other, "connected", timeout_ms=30_000)
        t_back = time.monotonic()
    after_all = {id(page): clocks(page) for page in (host, guest)}
    elapsed = time.monotonic() - t_before  # (between the two readings of the clocks)
    wait_in_step([host, guest])
    look(guest, "08-path-cut-recovered")
    assert attr(guest, "data-step") == step and attr(guest, "data-hash") == digest
    for page in (host, guest):
        assert link_ids(page) == links_before[id(page)]  # the same connection: its channel lived through it
        assert [link["restarts"] for link in json.loads(page.evaluate("() => window.cargobayP2P.links()"))
                if link["state"] == "open"] >= [1]
        assert page.locator("#p2p-reply-out").is_hidden() and page.locator("#p2p-connect").is_hidden()
        assert "relay" in (page.get_attribute("#game-screen", "data-restart-carriers") or "")
    assert guest.get_attribute("#game-screen", "data-restart-via") == "relay"  # (the offer came that way)
    assert_clean(host, guest)
    # the away clock, as each page counts it: a page that saw the path drop (the link's ICE side that checks it:
    # the host here; the other may never see it, the restart is that quick) charged the other player's away
    # allowance for the outage it saw and no time bank for it; a page that did not see it charged no allowance
    outage: dict[str, float | None] = {}
    for page, other in ((host, 1), (guest, 0)):
        after = after_all[id(page)]
        used = before[id(page)][other][1] - after[other][1]
        banks = [before[id(page)][peer][0] - after[peer][0] for peer in (0, 1)]
        name = "host" if page is host else "guest"
        if page.get_attribute("#game-screen", "data-dropped") is None:
            outage[name] = None
            assert used == 0 and max(banks) <= elapsed + 1.5, (used, banks, elapsed)
            continue
        marks_ms = [float(page.get_attribute("#game-screen", mark) or "nan")
                    for mark in ("data-recovered", "data-dropped")]
        seen = (marks_ms[0] - marks_ms[1]) / 1000
        outage[name] = round(seen, 2)
        assert seen - 1.5 <= used <= seen + 2.5, (used, seen)
        assert max(banks) <= elapsed - seen + 1.5, (banks, elapsed, seen)  # (no bank ran while it was away)
    assert outage["host"] is not None  # (the host's page saw it: it made the restart offer)
    play([host, guest], until_step=int(step) + 4)  # and play goes on
    wait_in_step([host, guest])
    assert_clean(host, guest)
    note("path_cut", {"seen_after_s": round(t_seen - t_cut, 2), "back_after_cut_s": round(t_back - t_cut, 2),
                      "back_after_seen_s": round(t_back - t_seen, 2),
                      "outage_seen_s": outage,
                      "away_used_on_host_page_s": round(before[id(host)][1][1] - after_all[id(host)][1][1], 1)})
