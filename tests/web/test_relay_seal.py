"""The relay's envelope (web/relay-seal.js) in Node's WebCrypto, signed by the engine's own signing code
(cargobay.net.signing, as the service's p2p_relay_sign does): a good message opens; garbage, another room's key,
a flipped bit, a replay, a stale or future message, a forged or unverifiable signature are dropped and counted;
the rate limit and the link's relay part. Skipped where node is missing."""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from cargobay.net.signing import Identity
from cargobay.service import RELAY_DOMAIN

ROOT = Path(__file__).resolve().parents[2]
SEAL = ROOT / "web" / "relay-seal.js"
ROOM = {"key": "k" * 43, "topic": "cargobay/" + "t" * 22}

SCRIPT = """
import * as seal from %(seal)s;
const cases = JSON.parse(%(cases)s);
const room = cases.room;
const out = {};
const keys = {0: cases.key0, 1: cases.key1};
const opener = new seal.Opener(room, (from) => keys[from] ?? null);
const show = (got) => (got && typeof got === "object" ? {from: got.from, body: got.body} : got);
const good = await seal.seal(room, cases.inner, cases.sig);
out.wire = good.slice(0, 5);
out.good = show(await opener.open(good, cases.now));
out.replay = show(await opener.open(good, cases.now));
out.resealed_replay = show(await opener.open(await seal.seal(room, cases.inner, cases.sig), cases.now));
const other = {key: "o".repeat(43), topic: room.topic};
out.other_key = show(await opener.open(await seal.seal(other, cases.inner2, cases.sig2), cases.now));
const bits = seal.fromB64url(good.slice(5)); bits[20] ^= 1;
out.flipped = show(await opener.open("CBR1." + seal.toB64url(bits), cases.now));
out.garbage = show(await opener.open("CBR1.AAAA", cases.now));
out.not_ours = show(await opener.open("hello", cases.now));
out.huge = show(await opener.open("CBR1." + "A".repeat(5000), cases.now));
out.stale = show(await opener.open(await seal.seal(room, cases.stale, cases.stale_sig), cases.now));
out.forged = show(await opener.open(await seal.seal(room, cases.inner2, cases.sig), cases.now));
out.unverified = show(await opener.open(await seal.seal(room, cases.from5, cases.from5_sig), cases.now));
out.bad_shape = show(await opener.open(await seal.seal(room, "{}", cases.sig), cases.now));
const mine = seal.inner(room, 1, {t: "hello", n: "token0001"}, cases.now);
opener.own(mine);
out.own = show(await opener.open(await seal.seal(room, mine, cases.sig), cases.now));
out.dropped = opener.dropped;
const limit = new seal.RateLimit(10, 30);
let taken = 0; for (let i = 0; i < 100; i++) taken += limit.take(1000) ? 1 : 0;
out.burst = taken; out.after_1s = [...Array(20)].filter(() => limit.take(2000)).length;
const part = seal.linkPart(room, "ws://127.0.0.1:9001/mqtt", 2);
out.part = part; out.parsed = await seal.parseLinkPart(part);
out.old_part = await seal.parseLinkPart(
  `r=${room.key}.${room.topic.slice(9)}.2&b=ws%%3A%%2F%%2F127.0.0.1%%3A9001%%2Fmqtt`);
const bads = ["r=short.x.1&b=ws%%3A%%2F%%2Fh", part.replace(".2&", ".9&"),
  part.replace(/&b=.*/, "&b=http%%3A%%2F%%2Fh"), part.replace(/&b=.*/, "&b=7"), "r=" + room.key + ".0"];
out.bad_part = [];
for (const bad of bads) {
  try { await seal.parseLinkPart(bad); out.bad_part_parsed = bad; } catch (e) { out.bad_part.push(e.message); }
}
const fresh = await seal.newRoom();
out.room_ok = seal.validRoom(fresh);
out.fresh = fresh;
out.fresh_topic = await seal.topicOf(fresh.key);
out.short_first = seal.linkPart(fresh, seal.DEFAULT_BROKERS[0], 1, true);
out.short_second = seal.linkPart(fresh, seal.DEFAULT_BROKERS[1], 3, true);
out.short_parsed = [await seal.parseLinkPart(out.short_first), await seal.parseLinkPart(out.short_second)];
console.log(JSON.stringify(out));
"""


def inner(frm: int, body: dict[str, object], ts: float, n: str = "nonce0000000001a") -> str:
    return json.dumps({"v": 1, "from": frm, "n": n, "ts": ts, "topic": ROOM["topic"], "b": body},
                      separators=(",", ":"))


@pytest.mark.skipif(not shutil.which("node"), reason="node missing")
def test_envelope_opens_only_good_fresh_signed_messages(tmp_path: Path) -> None:
    host, guest = Identity(bytes(range(32))), Identity(bytes(range(1, 33)))
    now = time.time() * 1000
    body = {"t": "offer", "to": 1, "re": "token0001", "code": "CB1.x"}
    good = inner(0, body, now)
    cases = {
        "room": ROOM, "now": now, "key0": host.public, "key1": guest.public,
        "inner": good, "sig": host.sign(RELAY_DOMAIN + good.encode()),
        "inner2": inner(1, {"t": "hello", "n": "token0002"}, now, "nonce0000000002b"),
        "stale": inner(0, body, now - 130_000, "nonce0000000003c"),
        "from5": inner(5, body, now, "nonce0000000004d"),
    }
    cases["sig2"] = guest.sign(RELAY_DOMAIN + cases["inner2"].encode())
    cases["stale_sig"] = host.sign(RELAY_DOMAIN + cases["stale"].encode())
    cases["from5_sig"] = host.sign(RELAY_DOMAIN + cases["from5"].encode())
    script = tmp_path / "seal_test.mjs"
    script.write_text(SCRIPT % {"seal": json.dumps(SEAL.as_uri()), "cases": json.dumps(json.dumps(cases))})
    run = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["wire"] == "CBR1."
    assert out["good"] == {"from": 0, "body": body}  # the engine's signature verifies in WebCrypto
    assert out["replay"] is None and out["resealed_replay"] is None  # (a fresh iv does not make it new)
    for case in ("other_key", "flipped", "garbage", "not_ours", "huge", "stale", "forged", "unverified", "bad_shape"):
        assert out[case] is None, case
    assert out["own"] == "own"
    assert out["dropped"] == {"size": 1, "garbage": 4, "shape": 1, "stale": 1, "replay": 2, "unverified": 1,
                              "forged": 1}
    assert out["burst"] == 30 and out["after_1s"] == 10
    assert out["part"].endswith(".2&b=ws://127.0.0.1:9001/mqtt")  # (":" and "/" are plain in a fragment)
    assert out["parsed"] == out["old_part"] == {"room": ROOM, "broker": "ws://127.0.0.1:9001/mqtt", "peer": 2}
    assert "bad_part_parsed" not in out and len(out["bad_part"]) == 5, out["bad_part"]
    assert out["room_ok"] is True

    # The link carries the room key only (the topic is the key's, one-way: SHA-256 under its own domain); the
    # first default broker is not named at all, another default by its index: the relay part of a link is 48
    # characters (it was 114); the broker sees the topic, never the key.
    fresh = out["fresh"]
    digest = hashlib.sha256(("cargobay-relay-topic/1\n" + fresh["key"]).encode()).digest()
    topic = "cargobay/" + base64.urlsafe_b64encode(digest).decode().rstrip("=")[:22]
    assert fresh["topic"] == out["fresh_topic"] == topic and fresh["key"] not in topic
    assert out["short_first"] == "r=" + fresh["key"] + ".1" and len("&" + out["short_first"]) == 48
    assert out["short_second"] == "r=" + fresh["key"] + ".3&b=1"
    assert out["short_parsed"] == [
        {"room": fresh, "broker": "wss://broker.emqx.io:8084/mqtt", "peer": 1},
        {"room": fresh, "broker": "wss://broker.hivemq.com:8884/mqtt", "peer": 3},
    ]
