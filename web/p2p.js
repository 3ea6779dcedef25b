// Serverless WebRTC links between Cargo Bay pages.
//
// No signalling server: the host's offer travels as a short code (in a link's #fragment, as text, or as a
// QR code), the guest answers with another code, the host pastes it, and a data channel opens. A code
// carries only what the connection needs — ICE ufrag and password, the DTLS fingerprint and the
// candidates — packed in binary and base64url-encoded; the other side rebuilds a full SDP from it — the
// page's public signing key (32 bytes), so every message of the match can be checked against the key of the
// page its code came from (core/cargobay/net), and (version 3, an invite) the host's STUN/TURN servers, so a
// friend who set none uses the host's (a TURN password only if the host shares it).
//
// ICE servers: by default two public STUN servers of two independent providers (DEFAULT_ICE_TEXT). A STUN
// server only tells a browser its public address; nothing of the match passes through it. An empty list
// ("same network only") contacts no server. Gathering is cut after GATHER_CUT_MS: an unreachable server
// (offline, a firewall) never delays a code.

export const CODE_PREFIX = "CB1.";
const KIND = { offer: 0, answer: 1 };
const TYPES = ["host", "srflx", "relay"];
const ADDR = { ipv4: 0, mdns: 1, ipv6: 2 };
const PRIORITY = { host: 2122260223, srflx: 1686052607, relay: 41885439 };
export const GATHER_CUT_MS = 1000;
const VERSION = 3; // 2: no server list (still read); 4 (BOUND): version 3 with the binding signature
const BOUND = 4;
// What a code's binding signature covers (made by the page's engine with its match key, p2p_bind_sign): the
// code's kind and the DTLS fingerprint of the connection it opens. So the key a code carries is bound to that
// connection: another page cannot pass its own connection off under a copied key (the browser's DTLS checks
// the fingerprint of the connection against the code's), and a new link is only ever opened from a bound code.
export const BIND_DOMAIN = "cargobay-code/1\n";
// Well-known STUN servers a code names by index (two bytes): append only, never reorder.
export const KNOWN_STUN = [
  "stun:stun.l.google.com:19302",
  "stun:stun.cloudflare.com:3478",
  "stun:stun1.l.google.com:19302",
  "stun:stun.nextcloud.com:443",
];
export const DEFAULT_ICE_TEXT = KNOWN_STUN.slice(0, 2).join("\n");
const SERVER_TAG = { known: 0x40, stun: 0x41, turn: 0x42, turns: 0x43 };
const MAX_CODE_SERVERS = 4;

export class SignalError extends Error {}

// --- user's ICE servers -------------------------------------------------------------------------------
// One per line: "stun:host:port", or "turn:host:port user password" (also turns:). Empty: none.
export function parseIceServers(text) {
  const servers = [];
  for (const [index, raw] of String(text || "").split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const [url, username, credential, ...rest] = line.split(/\s+/);
    if (rest.length || !/^(stun|turns?):[^\s]+$/.test(url)) {
      throw new SignalError(`ICE server line ${index + 1}: write "stun:host:port" or "turn:host:port user password"`);
    }
    if (url.startsWith("turn") && !(username && credential)) {
      throw new SignalError(`ICE server line ${index + 1}: a TURN server needs a user name and a password`);
    }
    servers.push(url.startsWith("turn") ? { urls: url, username, credential } : { urls: url });
  }
  return servers;
}

// --- base64url ----------------------------------------------------------------------------------------
function toB64url(bytes) {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromB64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new SignalError("the code holds characters that are not base64url");
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  let binary;
  try {
    binary = atob(padded);
  } catch {
    throw new SignalError("the code is damaged (not base64url)");
  }
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

// --- addresses ----------------------------------------------------------------------------------------
function ipv4Bytes(address) {
  const parts = address.split(".").map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return null;
  return parts;
}

function ipv6Bytes(address) {
  const clean = address.replace(/^\[|\]$/g, "").split("%")[0];
  if (!/^[0-9a-fA-F:]+$/.test(clean)) return null;
  const halves = clean.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array(fill).fill("0"), ...tail];
  if (groups.length !== 8) return null;
  return groups.flatMap((g) => {
    const value = parseInt(g, 16);
    return [value >> 8, value & 255];
  });
}

function uuidBytes(host) {
  const match = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i.exec(host);
  if (!match) return null;
  const hex = match.slice(1).join("");
  return Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
}

function formatAddress(kind, bytes) {
  if (kind === ADDR.ipv4) return bytes.join(".");
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  if (kind === ADDR.mdns) {
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
  }
  return hex.match(/.{4}/g).map((g) => g.replace(/^0+(?=.)/, "")).join(":");
}

// --- SDP <-> compact code ------------------------------------------------------------------------------
export function parseSdp(sdp) {
  const line = (prefix) => {
    const found = sdp.split(/\r?\n/).find((l) => l.startsWith(prefix));
    return found ? found.slice(prefix.length).trim() : null;
  };
  const ufrag = line("a=ice-ufrag:");
  const pwd = line("a=ice-pwd:");
  const fingerprint = line("a=fingerprint:sha-256 ");
  if (!ufrag || !pwd || !fingerprint) throw new SignalError("the description lacks ICE credentials or a fingerprint");
  const candidates = [];
  for (const l of sdp.split(/\r?\n/)) {
    if (!l.startsWith("a=candidate:")) continue;
    const f = l.slice("a=candidate:".length).split(" ");
    const [protocol, address, port, , type] = [f[2].toLowerCase(), f[4], Number(f[5]), f[6], f[7]];
    if (protocol !== "udp" || !TYPES.includes(type)) continue;
    candidates.push({ address, port, type });
  }
  return { ufrag, pwd, fingerprint, candidates };
}

function keyBytes(key) {
  if (!/^[0-9a-f]{64}$/.test(String(key || ""))) throw new SignalError("no signing key for the code");
  return String(key).match(/../g).map((h) => parseInt(h, 16));
}

// The servers a code may carry: STUN always; TURN (with its user name and password) only when `shareTurn`.
function serverBytes(servers, shareTurn) {
  const out = [];
  let count = 0;
  const ascii = (text) => {
    if (text.length > 255 || /[^\x21-\x7e]/.test(text)) throw new SignalError("a STUN/TURN server entry is too long");
    return [text.length, ...Array.from(text, (ch) => ch.charCodeAt(0))];
  };
  for (const server of servers || []) {
    if (count >= MAX_CODE_SERVERS) break;
    const url = String(server.urls);
    const scheme = url.slice(0, url.indexOf(":"));
    if (scheme === "stun") {
      const known = KNOWN_STUN.indexOf(url);
      out.push(...(known >= 0 ? [SERVER_TAG.known, known] : [SERVER_TAG.stun, ...ascii(url.slice(5))]));
    } else if ((scheme === "turn" || scheme === "turns") && shareTurn) {
      out.push(SERVER_TAG[scheme], ...ascii(url.slice(scheme.length + 1)), ...ascii(String(server.username)),
        ...ascii(String(server.credential)));
    } else {
      continue;
    }
    count += 1;
  }
  return out;
}

// The text a code's binding signature covers (BIND_DOMAIN, then "<kind> <fingerprint, lower-case hex>").
export function bindingText(kind, fingerprint) {
  const hex = String(fingerprint || "").replace(/:/g, "").toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hex) || !(kind in KIND)) throw new SignalError("unexpected DTLS fingerprint");
  return `${BIND_DOMAIN}${kind} ${hex}`;
}

// The code's binding signature checks under the key it carries (WebCrypto's Ed25519): false when it has none.
export async function checkBinding(signal) {
  if (!signal || !signal.bind) return false;
  try {
    const raw = Uint8Array.from(keyBytes(signal.key));
    const key = await crypto.subtle.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]);
    const data = new TextEncoder().encode(bindingText(signal.kind, signal.fingerprint));
    return await crypto.subtle.verify({ name: "Ed25519" }, key, fromB64url(signal.bind), data);
  } catch {
    return false;
  }
}

// `bind`: the binding signature (base64url, 86 characters) for a bound code (version 4); none: version 3 (an
// ICE restart's code, which must carry the fingerprint its connection already has).
export function encodeSignal(kind, sdp, key, servers = [], shareTurn = false, bind = null) {
  const { ufrag, pwd, fingerprint, candidates } = parseSdp(sdp);
  const signature = bind ? fromB64url(String(bind)) : null;
  if (signature && signature.length !== 64) throw new SignalError("unexpected binding signature");
  const bytes = [signature ? BOUND : VERSION, KIND[kind]];
  for (const text of [ufrag, pwd]) {
    if (text.length > 255 || /[^\x21-\x7e]/.test(text)) throw new SignalError("unexpected ICE credentials");
    bytes.push(text.length, ...Array.from(text, (ch) => ch.charCodeAt(0)));
  }
  const fp = fingerprint.split(":").map((h) => parseInt(h, 16));
  if (fp.length !== 32 || fp.some(Number.isNaN)) throw new SignalError("unexpected DTLS fingerprint");
  bytes.push(...fp, ...keyBytes(key));
  if (signature) bytes.push(...signature);
  const seen = new Set();
  for (const { address, port, type } of candidates) {
    let kindOfAddress = ADDR.ipv4;
    let addr = ipv4Bytes(address);
    if (!addr) [kindOfAddress, addr] = [ADDR.mdns, uuidBytes(address)];
    if (!addr) [kindOfAddress, addr] = [ADDR.ipv6, ipv6Bytes(address)];
    if (!addr) continue;
    const key = `${type} ${address} ${port}`;
    if (seen.has(key)) continue;
    seen.add(key);
    bytes.push(TYPES.indexOf(type) * 3 + kindOfAddress + 1, ...addr, port >> 8, port & 255);
  }
  if (!seen.size) throw new SignalError("no usable network address was found (is the network off entirely?)");
  if (kind === "offer") bytes.push(...serverBytes(servers, shareTurn));
  return CODE_PREFIX + toB64url(Uint8Array.from(bytes));
}

// {kind, key, fingerprint, bind, sdp, candidates: [{address, port, type}], servers: [RTCIceServer]} (servers: an
// invite's; bind: the binding signature of a bound code, else null).
export function decodeSignal(code) {
  const text = String(code || "").trim().replace(/^.*#join=/, "").replace(/\s+/g, "");
  if (!text.startsWith(CODE_PREFIX)) throw new SignalError("this is not a Cargo Bay connection code");
  const bytes = fromB64url(text.slice(CODE_PREFIX.length));
  let at = 0;
  const take = (n) => {
    if (at + n > bytes.length) throw new SignalError("the code is cut short");
    const part = bytes.slice(at, at + n);
    at += n;
    return part;
  };
  const [version, kindByte] = take(2);
  if (version !== 2 && version !== VERSION && version !== BOUND) {
    throw new SignalError(`code version ${version} is not supported (both of you: reload the page, then make a new code)`);
  }
  const kind = kindByte === 0 ? "offer" : kindByte === 1 ? "answer" : null;
  if (!kind) throw new SignalError("the code is neither an invite nor a reply");
  const ascii = () => String.fromCharCode(...take(take(1)[0]));
  const ufrag = ascii();
  const pwd = ascii();
  const fingerprint = Array.from(take(32), (b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const key = Array.from(take(32), (b) => b.toString(16).padStart(2, "0")).join("");
  const bind = version === BOUND ? toB64url(take(64)) : null;
  const candidates = [];
  const servers = [];
  while (at < bytes.length) {
    const byte = take(1)[0];
    if (version >= VERSION && byte >= SERVER_TAG.known) {
      if (byte === SERVER_TAG.known) {
        const url = KNOWN_STUN[take(1)[0]];
        if (url) servers.push({ urls: url }); // (one this page does not know yet: skipped)
      } else if (byte === SERVER_TAG.stun) {
        servers.push({ urls: "stun:" + ascii() });
      } else if (byte === SERVER_TAG.turn || byte === SERVER_TAG.turns) {
        const url = (byte === SERVER_TAG.turn ? "turn:" : "turns:") + ascii();
        servers.push({ urls: url, username: ascii(), credential: ascii() });
      } else {
        throw new SignalError("the code holds an unknown server entry");
      }
      if (servers.length > MAX_CODE_SERVERS) throw new SignalError("the code lists too many servers");
      continue;
    }
    if (servers.length) throw new SignalError("the code is damaged (a candidate after its servers)");
    const tag = byte - 1;
    const type = TYPES[Math.floor(tag / 3)];
    const addrKind = tag % 3;
    if (!type) throw new SignalError("the code holds an unknown candidate");
    const addr = take(addrKind === ADDR.ipv4 ? 4 : 16);
    const [hi, lo] = take(2);
    candidates.push({ address: formatAddress(addrKind, addr), port: (hi << 8) | lo, type });
  }
  if (!candidates.length) throw new SignalError("the code holds no network address");
  if (kind === "answer" && servers.length) throw new SignalError("a reply code carries no servers");
  return { kind, key, fingerprint, bind, candidates, servers, sdp: buildSdp(kind, { ufrag, pwd, fingerprint, candidates }) };
}

// Servers `extra` adds to `own` (same URL once; own entries first).
export function mergeServers(own, extra) {
  const seen = new Set((own || []).map((s) => String(s.urls)));
  return [...(own || []), ...(extra || []).filter((s) => !seen.has(String(s.urls)) && seen.add(String(s.urls)))];
}

function buildSdp(kind, { ufrag, pwd, fingerprint, candidates }) {
  const lines = [
    "v=0",
    "o=- 1 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
  ];
  candidates.forEach(({ address, port, type }, i) => {
    const related = type === "host" ? "" : " raddr 0.0.0.0 rport 0";
    lines.push(`a=candidate:${i + 1} 1 udp ${PRIORITY[type] - i} ${address} ${port} typ ${type}${related} generation 0`);
  });
  lines.push(
    "a=end-of-candidates",
    `a=ice-ufrag:${ufrag}`,
    `a=ice-pwd:${pwd}`,
    `a=fingerprint:sha-256 ${fingerprint}`,
    `a=setup:${kind === "offer" ? "actpass" : "active"}`,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
  );
  return lines.join("\r\n") + "\r\n";
}

// --- connections -----------------------------------------------------------------------------------------
// Resolves when ICE gathering is complete ("complete"), or after `ms` with what was found so far ("cut": a STUN
// server that never answers must not hold the code back; the browser's own timeout is far longer).
function gathered(pc, ms = GATHER_CUT_MS) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve("complete");
    const timer = setTimeout(() => resolve("cut"), ms);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") {
        clearTimeout(timer);
        resolve("complete");
      }
    });
  });
}

// After a restart's description: gathering starts again (the state may still say "complete" from before).
async function regathered(pc, ms = GATHER_CUT_MS) {
  const t0 = performance.now();
  if (pc.iceGatheringState === "complete") {
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 300);
      pc.addEventListener("icegatheringstatechange", () => { clearTimeout(timer); resolve(); }, { once: true });
    });
  }
  await gathered(pc, Math.max(100, ms - (performance.now() - t0)));
}

const typesOf = (candidates) => [...new Set((candidates || []).map((c) => c.type))];
const isTurn = (server) => /^turns?:/.test(String(server.urls));

// A link to one other page. `onmessage(text)`, `onstate(state)` ("connecting", "open", "unstable", "closed").
// `servers`: this page's ICE servers; `inherit`: also use the servers an invite carries (a guest).
export class Link {
  constructor(servers = [], inherit = true) {
    this.servers = servers;
    this.inherit = inherit;
    this.inherited = []; // the servers the host's invite carried (a guest), used for this link
    this.passOn = []; // the servers of this match's host among `servers` (a guest): its invites carry them
    this.pc = new RTCPeerConnection({ iceServers: servers });
    this.channel = null;
    this.localTypes = [];
    this.remoteTypes = [];
    this.errors = []; // icecandidateerror events: {url, code, text}
    this.gathering = ""; // how the invite's gathering ended: "complete", or "cut" (a server never answered)
    this.sdpVersion = 2; // of the descriptions rebuilt from the other page's codes (a restart: the next one)
    this.remoteUfrags = new Set(); // the other page's ICE credentials so far: a restart code must bring new ones
    this.onmessage = () => {};
    this.onstate = () => {};
    this.pc.addEventListener("icecandidateerror", (event) => {
      if (this.errors.length < 20) {
        this.errors.push({ url: String(event.url || ""), code: event.errorCode, text: String(event.errorText || "") });
      }
    });
    // A path that drops ("disconnected": a phone leaving Wi-Fi, a router restarting) often comes back on its
    // own (ICE keeps checking the pair): "unstable" until then, "open" again when it does; "failed" is final.
    this.pc.addEventListener("connectionstatechange", () => {
      const state = this.pc.connectionState;
      if (state === "failed" || state === "closed") this.onstate("closed");
      else if (state === "disconnected" && this.open) this.onstate("unstable");
      else if (state === "connected" && this.open) this.onstate("open");
    });
  }

  _attach(channel) {
    this.channel = channel;
    channel.addEventListener("open", () => this.onstate("open"));
    channel.addEventListener("close", () => this.onstate("closed"));
    channel.addEventListener("message", (event) => {
      if (typeof event.data === "string") this.onmessage(event.data);
    });
  }

  // The servers this link gathers with (its own, and a guest's inherited ones).
  get used() {
    return this.pc.getConfiguration().iceServers || [];
  }

  get hasTurn() {
    return this.servers.some(isTurn);
  }

  // This page's binding signature for its side of the connection (`signer(kind, fingerprint)`: the engine's).
  async _bind(kind, signer) {
    const { fingerprint } = parseSdp(this.pc.localDescription.sdp);
    this.bind = signer ? await signer(kind, fingerprint) : null;
    if (!this.bind) throw new SignalError("this page could not sign its connection code (the engine refused)");
  }

  // A code from another page for a new link: refused unless it is bound (its key signed its connection).
  static async bound(signal) {
    if (!(await checkBinding(signal))) {
      throw new SignalError(signal.bind ? "this code's connection is not signed by the key it carries: another "
        + "page made it" : "this code carries no signature of its connection (an older build of Cargo Bay: reload "
        + "both pages and make a new code)");
    }
    return signal;
  }

  // Host: the invite code (carrying this page's public signing key and its servers; TURN only if shared).
  async invite(key, shareTurn = true, signer = null) {
    this._attach(this.pc.createDataChannel("cargobay", { ordered: true }));
    this.onstate("connecting");
    await this.pc.setLocalDescription(await this.pc.createOffer());
    this.gathering = await gathered(this.pc);
    await this._bind("offer", signer);
    return this.inviteCode(key, shareTurn);
  }

  // The invite again, from what was gathered (e.g. with the TURN server shared or not). This page's own TURN
  // server only if shared; the servers the host of this match passed on (a guest's `passOn`) always, first.
  inviteCode(key, shareTurn) {
    const host = new Set(this.passOn.map((s) => String(s.urls)));
    const servers = mergeServers(this.servers.filter((s) => host.has(String(s.urls))),
      this.servers.filter((s) => !host.has(String(s.urls)) && (shareTurn || !isTurn(s))));
    const code = encodeSignal("offer", this.pc.localDescription.sdp, key, servers, true, this.bind);
    this.localTypes = typesOf(parseSdp(this.pc.localDescription.sdp).candidates);
    return code;
  }

  // Guest: take the host's invite, return the reply code (carrying this page's public signing key). The
  // host's servers are used too (unless this page is set to "same network only").
  async reply(inviteCode, key, signer = null) {
    const signal = decodeSignal(inviteCode);
    const { kind, sdp, candidates, servers } = signal;
    if (kind !== "offer") throw new SignalError("that is a reply code: paste the host's invite here");
    await Link.bound(signal);
    this.remoteTypes = typesOf(candidates);
    if (this.inherit && servers.length) {
      const merged = mergeServers(this.servers, servers);
      if (merged.length > this.servers.length) {
        const config = this.pc.getConfiguration();
        config.iceServers = merged;
        this.pc.setConfiguration(config); // before gathering starts: it starts with the answer
      }
      this.inherited = servers;
    }
    this.pc.addEventListener("datachannel", (event) => this._attach(event.channel));
    this.onstate("connecting");
    this.remoteUfrags.add(parseSdp(sdp).ufrag);
    await this.pc.setRemoteDescription({ type: "offer", sdp });
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    await gathered(this.pc);
    await this._bind("answer", signer);
    const code = encodeSignal("answer", this.pc.localDescription.sdp, key, [], false, this.bind);
    this.localTypes = typesOf(parseSdp(this.pc.localDescription.sdp).candidates);
    return code;
  }

  // Host: take the guest's reply; the channel opens shortly after.
  async accept(replyCode) {
    const signal = decodeSignal(replyCode);
    const { kind, sdp, candidates } = signal;
    if (kind !== "answer") throw new SignalError("that is an invite code: paste the guest's reply here");
    await Link.bound(signal);
    if (this.pc.signalingState !== "have-local-offer") throw new SignalError("this invite was already answered");
    this.remoteTypes = typesOf(candidates);
    this.remoteUfrags.add(parseSdp(sdp).ufrag);
    await this.pc.setRemoteDescription({ type: "answer", sdp });
  }

  // --- ICE restart of this connection (its data channel, DTLS and the match go on) -------------------------
  // A restart code is a code of the same layout, with new ICE credentials and candidates; it must carry the
  // DTLS fingerprint the connection already has on the other side, so it is only ever for this connection.
  _sameConnection(sdp) {
    const theirs = this.pc.remoteDescription && parseSdp(this.pc.remoteDescription.sdp).fingerprint;
    const { fingerprint, ufrag } = parseSdp(sdp);
    if (!theirs || fingerprint !== theirs) {
      throw new SignalError("that restart code is for another connection (its DTLS fingerprint differs)");
    }
    if (this.remoteUfrags.has(ufrag)) throw new SignalError("that restart code was used before (a replay)");
    this.remoteUfrags.add(ufrag);
  }

  // The page that made the invite: a new offer with new ICE credentials (any earlier restart offer dropped).
  async restartOffer(key) {
    if (!this.channel || this.channel.readyState !== "open") throw new SignalError("the channel is gone");
    if (this.pc.signalingState === "have-local-offer") await this.pc.setLocalDescription({ type: "rollback" });
    if (this.pc.signalingState !== "stable") throw new SignalError("a restart is already being answered");
    await this.pc.setLocalDescription(await this.pc.createOffer({ iceRestart: true }));
    await regathered(this.pc);
    this.localTypes = typesOf(parseSdp(this.pc.localDescription.sdp).candidates);
    return encodeSignal("offer", this.pc.localDescription.sdp, key);
  }

  // The other page: answer a restart offer on this same connection.
  async restartAnswer(code, key) {
    const { kind, sdp, candidates } = decodeSignal(code);
    if (kind !== "offer") throw new SignalError("a restart answer where an offer was expected");
    if (!this.channel || this.channel.readyState !== "open") throw new SignalError("the channel is gone");
    this._sameConnection(sdp);
    if (this.pc.signalingState !== "stable") await this.pc.setLocalDescription({ type: "rollback" });
    this.remoteTypes = typesOf(candidates);
    await this.pc.setRemoteDescription({ type: "offer", sdp: sdp.replace("o=- 1 2", `o=- 1 ${++this.sdpVersion}`) });
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    await regathered(this.pc);
    this.localTypes = typesOf(parseSdp(this.pc.localDescription.sdp).candidates);
    return encodeSignal("answer", this.pc.localDescription.sdp, key);
  }

  // The page that made the restart offer: take the answer.
  async restartAccept(code) {
    const { kind, sdp, candidates } = decodeSignal(code);
    if (kind !== "answer") throw new SignalError("a restart offer where an answer was expected");
    if (this.pc.signalingState !== "have-local-offer") throw new SignalError("no restart offer is waiting");
    this._sameConnection(sdp);
    this.remoteTypes = typesOf(candidates);
    await this.pc.setRemoteDescription({ type: "answer", sdp: sdp.replace("o=- 1 2", `o=- 1 ${++this.sdpVersion}`) });
  }

  send(text) {
    if (!this.channel || this.channel.readyState !== "open") return false;
    this.channel.send(text);
    return true;
  }

  get open() {
    return !!this.channel && this.channel.readyState === "open";
  }

  close() {
    try {
      this.pc.close();
    } catch {
      /* already closed */
    }
  }
}
