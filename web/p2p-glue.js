// Peer-to-peer glue for the page script (web/p2p/*.py, loaded on first use): WebRTC links (web/p2p.js), QR codes and the
// clipboard, exposed as window.cargobayP2P. No game logic here: the page's Python decides what every text means.
//
// Every call answers JSON text (or a Promise of it) of the form {"ok": true, ...} or
// {"ok": false, "error": "<reason>"}, so a failure is data on the Python side, never an exception.
// Link events reach the one listener set with onEvent(fn) as JSON text:
//   {"link": id, "type": "state", "state": "connecting"|"open"|"closed", "ms": <ms since accept/reply>}
//   {"link": id, "type": "message", "text": "..."}        (or "oversize": <length> instead of "text")

import { Link, decodeSignal, parseIceServers } from "./p2p.js?v=__BUILD_ID__";
import qrcode from "./__QRCODE_DIR__qrcode.mjs";

export const MAX_CHANNEL_TEXT = 32768; // characters; a peer message is at most 16 KiB (core/cargobay/net)

const links = new Map();
let nextLink = 1;
let listener = null;

const answer = (value) => JSON.stringify(value);
const failure = (err) => answer({ ok: false, error: String((err && err.message) || err || "unknown error") });

function emit(event) {
  if (!listener) return;
  try {
    listener(JSON.stringify(event));
  } catch (err) {
    console.error("cargobay p2p listener failed", err);
  }
}

function create(iceText) {
  let servers;
  try {
    servers = parseIceServers(iceText || "");
  } catch (err) {
    return failure(err);
  }
  let link;
  try {
    link = new Link(servers);
  } catch (err) {
    return failure(err);
  }
  const id = nextLink++;
  const entry = { link, started: null, state: "new", openedMs: null };
  links.set(id, entry);
  link.onstate = (state) => {
    if (entry.state === state || entry.state === "closed") return; // "closed" is final for a link
    entry.state = state;
    const ms = entry.started === null ? null : Math.round(performance.now() - entry.started);
    if (state === "open") entry.openedMs = ms;
    emit({ link: id, type: "state", state, ms });
  };
  link.onmessage = (text) => {
    if (entry.state === "closed") return;
    if (typeof text !== "string" || text.length > MAX_CHANNEL_TEXT) {
      emit({ link: id, type: "message", oversize: String(text).length });
      return;
    }
    emit({ link: id, type: "message", text });
  };
  return answer({ ok: true, link: id, servers: servers.length });
}

function entryOf(id) {
  const entry = links.get(Number(id));
  if (!entry) throw new Error("that connection attempt is over; start again");
  return entry;
}

async function invite(id, key) {
  try {
    const entry = entryOf(id);
    const t0 = performance.now();
    const code = await entry.link.invite(String(key || ""));
    return answer({ ok: true, code, ms: Math.round(performance.now() - t0) });
  } catch (err) {
    return failure(err);
  }
}

async function reply(id, inviteCode, key) {
  try {
    const entry = entryOf(id);
    const t0 = performance.now();
    entry.started = t0;
    const code = await entry.link.reply(String(inviteCode || ""), String(key || ""));
    return answer({ ok: true, code, ms: Math.round(performance.now() - t0) });
  } catch (err) {
    return failure(err);
  }
}

async function accept(id, replyCode) {
  try {
    const entry = entryOf(id);
    entry.started = performance.now();
    await entry.link.accept(String(replyCode || ""));
    return answer({ ok: true });
  } catch (err) {
    return failure(err);
  }
}

function send(id, text) {
  const entry = links.get(Number(id));
  if (!entry) return false;
  try {
    return entry.link.send(String(text));
  } catch (err) {
    console.warn("cargobay p2p: send failed", err);
    return false;
  }
}

function close(id) {
  const entry = links.get(Number(id));
  if (!entry) return;
  entry.state = "closed";
  entry.link.close();
  links.delete(Number(id));
}

// What a connection code is ("offer": an invite, "answer": a reply) and the public signing key of the page
// that made it (64 hex digits), or why it is none: the code's binary layout is known here (p2p.js) only.
function codeKind(code) {
  try {
    const signal = decodeSignal(code);
    return answer({ ok: true, kind: signal.kind, key: signal.key });
  } catch (err) {
    return failure(err);
  }
}

function checkIce(text) {
  try {
    return answer({ ok: true, servers: parseIceServers(text || "").length });
  } catch (err) {
    return failure(err);
  }
}

// An SVG QR code for text (error correction M, smallest version that fits).
function qrSvg(text, label) {
  try {
    const qr = qrcode(0, "M");
    qr.addData(String(text), "Byte");
    qr.make();
    return qr.createSvgTag({ cellSize: 4, margin: 12, scalable: true, alt: label || "QR code" });
  } catch (err) {
    console.warn("cargobay p2p: no QR code", err);
    return "";
  }
}

// A match id: 16 random bytes from the browser's CSPRNG, base64url (22 characters).
function randomId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function copy(elementId) {
  const el = document.getElementById(elementId);
  if (!el) return answer({ ok: false, error: "nothing to copy" });
  const text = el.value ?? el.textContent;
  try {
    await navigator.clipboard.writeText(text);
    return answer({ ok: true });
  } catch {
    try {
      el.focus();
      el.select();
      return answer({ ok: document.execCommand("copy") });
    } catch (err) {
      return failure(err);
    }
  }
}

// Camera scanning where the browser has BarcodeDetector; resolves with the first QR text seen.
const scanning = { stream: null, stop: false };
async function scan(videoId, timeoutMs = 60000) {
  if (!("BarcodeDetector" in window) || !navigator.mediaDevices) {
    return answer({ ok: false, error: "this browser cannot scan QR codes: paste the code instead" });
  }
  const video = document.getElementById(videoId);
  try {
    const detector = new window.BarcodeDetector({ formats: ["qr_code"] });
    scanning.stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
    scanning.stop = false;
    video.srcObject = scanning.stream;
    video.hidden = false;
    await video.play();
    const until = performance.now() + timeoutMs;
    while (!scanning.stop && performance.now() < until) {
      const found = await detector.detect(video);
      if (found.length) return answer({ ok: true, text: found[0].rawValue });
      await new Promise((r) => setTimeout(r, 200));
    }
    return answer({ ok: false, error: "no QR code was seen" });
  } catch (err) {
    return failure(err);
  } finally {
    stopScan();
    video.hidden = true;
  }
}

function stopScan() {
  scanning.stop = true;
  if (scanning.stream) for (const track of scanning.stream.getTracks()) track.stop();
  scanning.stream = null;
}

window.cargobayP2P = {
  create, invite, reply, accept, send, close, checkIce, codeKind, qrSvg, randomId, copy, scan, stopScan,
  canScan: "BarcodeDetector" in window,
  onEvent(fn) { listener = fn; },
  // Window-level helpers (MicroPython's proxy cannot call these with `window` as their receiver).
  listenWindow(name, fn) { window.addEventListener(name, () => fn()); },
  ask(text) { return window.confirm(text); },
  // For tests and the curious: the state of every live link.
  links() { return answer([...links].map(([id, e]) => ({ id, state: e.state, openedMs: e.openedMs }))); },
  MAX_CHANNEL_TEXT,
};
