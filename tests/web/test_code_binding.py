"""Issue 19, attack 6 (link takeover by the host): a connection code's key is bound to the WebRTC connection it
opens. The code carries its page's signature of the connection's DTLS fingerprint (web/p2p.js, version 4),
made by the real engine (the service's p2p_bind_sign) and checked in Node's WebCrypto as the page checks it
before it answers an invite or takes a reply. A hostile host that passes its own connection off under a
guest's copied key is refused: with its own signature, with the guest's signature of another connection, or
with none. Skipped where node is missing."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from cargobay.service import PROTOCOL, Service

ROOT = Path(__file__).resolve().parents[2]
P2P = ROOT / "web" / "p2p.js"


def sdp(fingerprint: str, ufrag: str) -> str:
    return "\r\n".join(["v=0", "a=candidate:1 1 udp 2122260223 192.168.1.20 50000 typ host",
                        f"a=ice-ufrag:{ufrag}", "a=ice-pwd:abcdefghijklmnopqrstuvwx",
                        f"a=fingerprint:sha-256 {fingerprint}", ""])


def fingerprint(byte: int) -> str:
    return ":".join(f"{(byte + i) % 256:02X}" for i in range(32))


def page() -> tuple[Service, str]:
    service = Service()
    answer = service.handle({"v": PROTOCOL, "type": "p2p_identity", "fresh": True})
    return service, answer["result"]["key"]


def bind(service: Service, kind: str, fp: str) -> str:
    answer = service.handle({"v": PROTOCOL, "type": "p2p_bind_sign", "kind": kind, "fingerprint": fp})
    assert answer["ok"], answer
    return str(answer["result"]["sig"])


SCRIPT = """
import * as p2p from %(p2p)s;
const cases = JSON.parse(%(cases)s);
const out = {};
for (const [name, c] of Object.entries(cases.codes)) {
  const code = p2p.encodeSignal(c.kind, c.sdp, c.key, [], false, c.bind);
  const signal = p2p.decodeSignal(code);
  out[name] = {ok: await p2p.checkBinding(signal), key: signal.key, bound: !!signal.bind, length: code.length};
  try { await p2p.Link.bound(signal); out[name].refused = null; } catch (e) { out[name].refused = e.message; }
}
console.log(JSON.stringify(out));
"""


def run_node(tmp_path: Path, codes: dict[str, dict[str, Any]]) -> dict[str, Any]:
    script = tmp_path / "binding_test.mjs"
    script.write_text(SCRIPT % {"p2p": json.dumps(P2P.as_uri()), "cases": json.dumps(json.dumps({"codes": codes}))})
    run = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return dict(json.loads(run.stdout))


@pytest.mark.skipif(not shutil.which("node"), reason="node missing")
def test_a_host_cannot_pass_its_connection_off_under_a_guests_key(tmp_path: Path) -> None:
    guest, guest_key = page()
    host, host_key = page()
    guest_fp, host_fp = fingerprint(1), fingerprint(100)  # the guest's connection, the host's own
    guest_sig = bind(guest, "offer", guest_fp)
    codes = {
        "genuine": {"kind": "offer", "sdp": sdp(guest_fp, "gst1"), "key": guest_key, "bind": guest_sig},
        # the host's own connection with guest 1's key copied, signed by the host ...
        "host_signed": {"kind": "offer", "sdp": sdp(host_fp, "hst1"), "key": guest_key,
                        "bind": bind(host, "offer", host_fp)},
        # ... or carrying the guest's signature of the guest's connection ...
        "copied_signature": {"kind": "offer", "sdp": sdp(host_fp, "hst1"), "key": guest_key, "bind": guest_sig},
        # ... or the guest's signature of its invite passed off as a reply ...
        "other_kind": {"kind": "answer", "sdp": sdp(guest_fp, "gst1"), "key": guest_key, "bind": guest_sig},
        # ... or no signature at all (a version-3 code)
        "unbound": {"kind": "offer", "sdp": sdp(host_fp, "hst1"), "key": guest_key, "bind": None},
        "host_own": {"kind": "offer", "sdp": sdp(host_fp, "hst1"), "key": host_key,
                     "bind": bind(host, "offer", host_fp)},
    }
    out = run_node(tmp_path, codes)
    assert out["genuine"]["ok"] and out["genuine"]["refused"] is None and out["genuine"]["key"] == guest_key
    assert out["host_own"]["ok"]  # the host's own code, under its own key: fine
    for name in ("host_signed", "copied_signature", "other_kind"):
        assert not out[name]["ok"] and "not signed by the key it carries" in out[name]["refused"], (name, out[name])
    assert not out["unbound"]["ok"] and "no signature" in out["unbound"]["refused"]
    assert out["genuine"]["length"] <= 600  # (the mesh's MAX_CODE)


def test_the_engine_signs_only_a_kind_and_a_fingerprint() -> None:
    service, _ = page()
    for request in ({"kind": "offer", "fingerprint": "zz"}, {"kind": "hello", "fingerprint": fingerprint(1)},
                    {"kind": "offer"}):
        answer = service.handle({"v": PROTOCOL, "type": "p2p_bind_sign", **request})
        assert not answer["ok"] and answer["error"]["type"] == "ProtocolError", answer
    fresh = Service().handle({"v": PROTOCOL, "type": "p2p_bind_sign", "kind": "offer", "fingerprint": fingerprint(1)})
    assert not fresh["ok"] and "p2p_identity first" in fresh["error"]["message"]
