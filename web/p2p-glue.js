// Peer-to-peer glue for the page script (web/p2p/*.py, loaded on first use): WebRTC links (web/p2p.js), QR codes and the
// clipboard, exposed as window.cargobayP2P. No game logic here: the page's Python decides what every text means.
//
// Every call answers JSON text (or a Promise of it) of the form {"ok": true, ...} or
// {"ok": false, "error": "<reason>"}, so a failure is data on the Python side, never an exception.
// Link events reach the one listener set with onEvent(fn) as JSON text:
//   {"link": id, "type": "state", "state": "connecting"|"open"|"unstable"|"closed", "ms": <ms since accept/reply>}
//       ("unstable": an open link's path dropped; "open" again if it comes back, "closed" after RECOVER_MS)
//   {"link": id, "type": "message", "text": "..."}        (or "oversize": <length> instead of "text")
//   {"link": id, "type": "stalled", "cause": "...", "text": "...", "ms": <ms>}   not open STALL_MS after the
//       reply was pasted (host) or made (guest), or closed before it ever opened: why, from the candidates in
//       the two codes and the connection's stats (sent once per link, before its "closed")

import { DEFAULT_ICE_TEXT, Link, decodeSignal, mergeServers, parseIceServers } from "./p2p.js?v=__BUILD_ID__";
import qrcode from "./__QRCODE_DIR__qrcode.mjs";

// characters; stamped by build.py from core/cargobay/limits.py (one source: a peer message is at most 16 KiB)
export const MAX_CHANNEL_TEXT = __MAX_CHANNEL_TEXT__;
export const STALL_MS = 25000;
export const RECOVER_MS = 20000; // an open link whose path dropped ("unstable") this long is given up

const links = new Map();
let nextLink = 1;
let listener = null;
// The servers the host's invite carried (a guest, this match): used by its later links too, and passed on in its
// own invites (a reconnect invite after a reload carries the host's TURN server again). Kept in this tab's
// sessionStorage, so a reload keeps them: never in localStorage, a save or a match record (a TURN password is
// among them when the host shared it); gone when the tab closes (then the host's next invite brings them).
const SERVERS_KEY = "cargobay.p2p.host-servers.v1";
let matchServers = storedServers();

function storedServers() {
  try {
    const list = JSON.parse(window.sessionStorage.getItem(SERVERS_KEY) || "[]");
    const text = (Array.isArray(list) ? list : []).map((s) => [s.urls, s.username, s.credential].filter(Boolean)
      .join(" ")).join("\n");
    return parseIceServers(text); // (what a tampered entry would be is refused as a settings line is)
  } catch {
    return [];
  }
}

function keepServers(list) {
  matchServers = list;
  try {
    if (list.length) window.sessionStorage.setItem(SERVERS_KEY, JSON.stringify(list));
    else window.sessionStorage.removeItem(SERVERS_KEY);
  } catch {
    /* storage refused: they live in memory for this page */
  }
}

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

// A new link. `inherit`: also use the servers a host's invite carries ("same network only" passes false).
function create(iceText, inherit = true) {
  let servers;
  try {
    servers = parseIceServers(iceText || "");
  } catch (err) {
    return failure(err);
  }
  const own = servers;
  if (inherit) servers = mergeServers(servers, matchServers);
  let link;
  try {
    link = new Link(servers, !!inherit);
  } catch (err) {
    return failure(err);
  }
  link.own = own; // (which servers are this page's own setting: diagnose() says whose TURN server refused)
  if (inherit) link.passOn = matchServers; // (the host's: in this page's invites, its TURN server too)
  const id = nextLink++;
  const entry = { link, started: null, state: "new", openedMs: null, stalled: false, timer: null };
  links.set(id, entry);
  const tell = (state) => {
    const ms = entry.started === null ? null : Math.round(performance.now() - entry.started);
    if (state === "open" && entry.openedMs === null) entry.openedMs = ms;
    emit({ link: id, type: "state", state, ms });
  };
  link.onstate = (state) => {
    if (entry.state === state || entry.state === "closed") return; // "closed" is final for a link
    const opened = entry.openedMs !== null;
    if (state === "unstable" && entry.state !== "open") return;
    entry.state = state;
    if (state !== "connecting") clearTimeout(entry.timer);
    if (state === "unstable") {
      entry.timer = setTimeout(() => { if (entry.state === "unstable") link.onstate("closed"); }, RECOVER_MS);
    }
    if (state === "closed" && !opened && entry.started !== null && !entry.stalled) {
      stall(id, entry, true).then(() => tell(state)); // why it closed before it ever opened, then that it closed
      return;
    }
    tell(state);
  };
  link.onmessage = (text) => {
    if (entry.state === "closed") return;
    if (typeof text !== "string" || text.length > MAX_CHANNEL_TEXT) {
      emit({ link: id, type: "message", oversize: String(text).length });
      return;
    }
    emit({ link: id, type: "message", text });
  };
  return answer({ ok: true, link: id, servers: servers.length, turn: own.some((s) => /^turns?:/.test(s.urls)) });
}

function watch(id, entry) {
  entry.started = performance.now();
  clearTimeout(entry.timer);
  entry.timer = setTimeout(() => {
    if (links.get(id) === entry && entry.openedMs === null && entry.state !== "closed") stall(id, entry);
  }, STALL_MS);
}

async function stall(id, entry, closed = false) {
  if (entry.stalled) return;
  entry.stalled = true;
  const why = await diagnose(entry.link);
  const ms = Math.round(performance.now() - entry.started);
  emit({ link: id, type: "stalled", ...why, ms, closed });
}

// Why a link did not open: from the candidate types in this page's code and the other's, the candidates the
// connection gathered (its stats, also those after the code was made) and the TURN errors it saw.
export async function diagnose(link) {
  const mine = new Set(link.localTypes);
  const theirs = new Set(link.remoteTypes);
  const held = new Set(mine);
  const pairs = {};
  try {
    (await link.pc.getStats()).forEach((r) => {
      if (r.type === "local-candidate") held.add(r.candidateType);
      if (r.type === "candidate-pair") pairs[r.state] = (pairs[r.state] || 0) + 1;
    });
  } catch {
    /* a closed connection: the codes alone */
  }
  const reach = (set) => set.has("srflx") || set.has("relay");
  const turn = link.used.filter((s) => /^turns?:/.test(String(s.urls)));
  const turnError = link.errors.find((e) => /^turns?:/.test(e.url));
  const facts = { mine: [...mine], theirs: [...theirs], held: [...held], pairs, servers: link.used.length };
  const owned = new Set((link.own || []).map((s) => String(s.urls)));
  const theirTurn = turn.length > 0 && turn.every((s) => !owned.has(String(s.urls))); // (the host's, shared)
  if (turn.length && !held.has("relay")) {
    const said = turnError ? turnError.text.replace(/\.$/, "") : ""; // (Chromium's "Unauthorized.")
    const detail = turnError ? ` (${turnError.code}${said ? " " + said : ""})` : "";
    return { cause: "turn-refused", ...facts, text: theirTurn
      ? `Your friend's TURN server (shared in the invite) refused${detail}: they should check its address and ` +
        "password in their Connection settings (or add a TURN server of your own in yours)."
      : `The TURN server refused${detail}: check its address and password in Connection settings.` };
  }
  if (!reach(mine) && !reach(theirs)) {
    return { cause: "no-servers", ...facts, text: "You are on different networks and neither page knows its " +
      "public address: add a STUN server in Connection settings (or check that the one set is reachable)." };
  }
  if (!reach(mine)) {
    return { cause: "no-servers", ...facts, text: "This page reached no STUN server, so the other network " +
      "cannot find it: add a STUN server in Connection settings (or check that the one set is reachable)." };
  }
  if (!reach(theirs)) {
    return { cause: "no-servers", ...facts, text: "The other page reached no STUN server, so this network " +
      "cannot find it: they should add one in Connection settings (or not use \u201csame network only\u201d)." };
  }
  if (held.has("relay") || theirs.has("relay")) {
    return { cause: "relay-failed", ...facts, text: "Not even the TURN relay got through: check that the TURN " +
      `server ${theirTurn || !turn.length ? "your friend set" : "in Connection settings"} is reachable from both networks and ` +
      "relays to them." };
  }
  return { cause: "needs-turn", ...facts, text: "One of your networks needs a TURN server: a new invite will not " +
    "help. Add a TURN server in Connection settings (one of you is enough: the host shares it in the invite)." };
}

// How an open link goes: the selected candidate pair's types ("direct" unless one end is a relay) and its
// round-trip time.
async function route(id) {
  try {
    const entry = entryOf(id);
    const stats = await entry.link.pc.getStats();
    let pair = null;
    stats.forEach((r) => {
      if (r.type === "transport" && r.selectedCandidatePairId) pair = stats.get(r.selectedCandidatePairId) || pair;
    });
    if (!pair) stats.forEach((r) => { if (r.type === "candidate-pair" && r.nominated && r.state === "succeeded") pair = r; });
    if (!pair) return answer({ ok: false, error: "no candidate pair is selected yet" });
    const local = stats.get(pair.localCandidateId) || {};
    const remote = stats.get(pair.remoteCandidateId) || {};
    const ports = []; // every UDP port of its candidates, both ends (a test cuts them: e2e/pathcut.py)
    stats.forEach((r) => {
      if (/-candidate$/.test(r.type) && r.protocol === "udp" && !ports.includes(r.port)) ports.push(r.port);
    });
    const rtt = typeof pair.currentRoundTripTime === "number" ? Math.round(pair.currentRoundTripTime * 1000) : null;
    return answer({ ok: true, local: local.candidateType || "", remote: remote.candidateType || "", rtt_ms: rtt,
      relay: local.candidateType === "relay" || remote.candidateType === "relay", ports });
  } catch (err) {
    return failure(err);
  }
}

function entryOf(id) {
  const entry = links.get(Number(id));
  if (!entry) throw new Error("that connection attempt is over; start again");
  return entry;
}

// The engine signs this page's side of a new connection with the match key it keeps (p2p_bind_sign): the code's
// binding signature (p2p.js). The key never leaves the engine.
async function engineSigner(kind, fingerprint) {
  const text = await window.cargobayEngine.request(JSON.stringify({ type: "p2p_bind_sign", kind, fingerprint }));
  const reply = JSON.parse(text);
  if (!reply.ok) throw new Error("the engine could not sign the code: " + ((reply.error || {}).message || "unknown"));
  return reply.result.sig;
}

async function invite(id, key, shareTurn = true) {
  try {
    const entry = entryOf(id);
    const t0 = performance.now();
    const code = await entry.link.invite(String(key || ""), !!shareTurn, engineSigner);
    return answer({ ok: true, code, ms: Math.round(performance.now() - t0), gathering: entry.link.gathering });
  } catch (err) {
    return failure(err);
  }
}

// The invite of a link again, its TURN server shared or not (from what it gathered: no new gathering).
function inviteCode(id, key, shareTurn) {
  try {
    return answer({ ok: true, code: entryOf(id).link.inviteCode(String(key || ""), !!shareTurn) });
  } catch (err) {
    return failure(err);
  }
}

async function reply(id, invite, key) {
  try {
    const entry = entryOf(id);
    const t0 = performance.now();
    entry.started = t0;
    const code = await entry.link.reply(String(invite || ""), String(key || ""), engineSigner);
    if (entry.link.inherited.length) keepServers(mergeServers([], entry.link.inherited));
    watch(id, entry);
    return answer({ ok: true, code, ms: Math.round(performance.now() - t0), inherited: entry.link.inherited.length });
  } catch (err) {
    return failure(err);
  }
}

// A code from another page for a new link: {"ok": true} when it is bound (its key signed its connection: p2p.js).
async function checkCode(code) {
  try {
    await Link.bound(decodeSignal(String(code || "")));
    return answer({ ok: true });
  } catch (err) {
    return failure(err);
  }
}

async function accept(id, replyCode) {
  try {
    const entry = entryOf(id);
    watch(id, entry);
    await entry.link.accept(String(replyCode || ""));
    return answer({ ok: true });
  } catch (err) {
    return failure(err);
  }
}

// ICE restart of an open link whose path dropped (the same connection: its channel, DTLS and the match go on).
// The page that made the link's invite makes the restart offer; the other answers; each code is signed by the
// page's engine and carried by the page script (over the link's own channel, another page, or the relay).
async function restartOffer(id, key) {
  try {
    const entry = entryOf(id);
    const t0 = performance.now();
    const code = await entry.link.restartOffer(String(key || ""));
    entry.restarts = (entry.restarts || 0) + 1;
    return answer({ ok: true, code, ms: Math.round(performance.now() - t0) });
  } catch (err) {
    return failure(err);
  }
}

async function restartAnswer(id, code, key) {
  try {
    const entry = entryOf(id);
    const t0 = performance.now();
    const reply = await entry.link.restartAnswer(String(code || ""), String(key || ""));
    entry.restarts = (entry.restarts || 0) + 1;
    return answer({ ok: true, code: reply, ms: Math.round(performance.now() - t0) });
  } catch (err) {
    return failure(err);
  }
}

async function restartAccept(id, code) {
  try {
    await entryOf(id).link.restartAccept(String(code || ""));
    return answer({ ok: true });
  } catch (err) {
    return failure(err);
  }
}

// Whether `sig` (base64url, 64 bytes) is the Ed25519 signature of the engine's relay domain + `text` by `keyHex`.
const RELAY_DOMAIN = "cargobay-relay/1\n";
async function verify(keyHex, text, sig) {
  try {
    if (!/^[0-9a-f]{64}$/.test(String(keyHex)) || !/^[A-Za-z0-9_-]{86}$/.test(String(sig))) {
      return answer({ ok: true, valid: false });
    }
    const raw = Uint8Array.from(String(keyHex).match(/../g), (h) => parseInt(h, 16));
    const b64 = String(sig).replace(/-/g, "+").replace(/_/g, "/") + "==";
    const signature = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
    const key = await crypto.subtle.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]);
    const data = new TextEncoder().encode(RELAY_DOMAIN + String(text));
    return answer({ ok: true, valid: await crypto.subtle.verify({ name: "Ed25519" }, key, signature, data) });
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
  clearTimeout(entry.timer);
  entry.link.close();
  links.delete(Number(id));
}

// What a connection code is ("offer": an invite, "answer": a reply) and the public signing key of the page
// that made it (64 hex digits), or why it is none: the code's binary layout is known here (p2p.js) only.
function codeKind(code) {
  try {
    const signal = decodeSignal(code);
    return answer({ ok: true, kind: signal.kind, key: signal.key, servers: signal.servers.map((s) => s.urls),
      candidates: signal.candidates.map((c) => c.type) });
  } catch (err) {
    return failure(err);
  }
}

function checkIce(text) {
  try {
    const servers = parseIceServers(text || "");
    const turn = servers.filter((s) => /^turns?:/.test(s.urls)).length;
    return answer({ ok: true, servers: servers.length, turn, stun: servers.length - turn });
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
  create, invite, inviteCode, reply, accept, checkCode, send, close, route, checkIce, codeKind, qrSvg, randomId, copy,
  scan, restartOffer, restartAnswer, restartAccept, verify,
  stopScan, DEFAULT_ICE_TEXT,
  forgetServers() { keepServers([]); }, // a new match: no host's servers yet
  // The optional relay signalling (web/relay.js, with the vendored MQTT.js): fetched only when it is used.
  loadRelay: () => import("./relay.js?v=__BUILD_ID__").then(() => window.cargobayRelay),
  canScan: "BarcodeDetector" in window,
  onEvent(fn) { listener = fn; },
  // Window-level helpers (MicroPython's proxy cannot call these with `window` as their receiver).
  listenWindow(name, fn) { window.addEventListener(name, () => fn()); },
  ask(text) { return window.confirm(text); },
  // For tests and the curious: the state of every live link.
  links() {
    return answer([...links].map(([id, e]) => (
      { id, state: e.state, openedMs: e.openedMs, restarts: e.restarts || 0 })));
  },
  MAX_CHANNEL_TEXT,
};
