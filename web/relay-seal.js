// The relay's envelope (web/relay.js): what a page publishes on its match's topic, and how a received one is
// judged. Pure (WebCrypto only, no DOM, no network), so pytest runs it under Node too (tests/web/test_relay_seal.py).
//
// A room is a random topic and a random 256-bit key; both travel only in the invite link's #fragment, which
// browsers never send to a server. On the wire a message is "CBR1." + base64url(iv | AES-GCM ciphertext), the
// topic as additional data. Inside: {"m": <inner text>, "s": <Ed25519 signature, base64url>}, where the inner
// text is {"v": 1, "from": <peer index>, "n": <random nonce>, "ts": <ms since 1970>, "topic", "b": <body>} and
// the signature (made by the page's engine with its match key: the service's p2p_relay_sign) covers
// "cargobay-relay/1\n" + inner text. The relay sees ciphertext of a few hundred bytes on a random topic.
//
// A received message is dropped (and counted by why) when it is too big, comes faster than the rate limit, does
// not decrypt (another key: garbage), is not the expected shape, is older or newer than MAX_AGE_MS, repeats a
// nonce seen before (a replay), or does not verify under the key its sender is known by.

export const WIRE_PREFIX = "CBR1.";
export const MAX_WIRE = 4096; // characters: a code is ~140-400, the envelope adds ~250
export const MAX_AGE_MS = 120_000;
export const MAX_NONCES = 1024;
export const SIGN_DOMAIN = "cargobay-relay/1\n";
const enc = new TextEncoder();
const dec = new TextDecoder("utf-8", { fatal: true });

export class RelayError extends Error {}

export function toB64url(bytes) {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromB64url(text) {
  if (typeof text !== "string" || !/^[A-Za-z0-9_-]*$/.test(text)) throw new RelayError("not base64url");
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  return Uint8Array.from(atob(padded), (ch) => ch.charCodeAt(0));
}

function randomText(bytes) {
  return toB64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

// --- rooms and brokers -----------------------------------------------------------------------------------
// Public brokers with a WebSocket (TLS) listener, tried in turn; editable in the connection settings. A link
// names one of these by its index (the first: not at all), any other broker by its address.
export const DEFAULT_BROKERS = [
  "wss://broker.emqx.io:8084/mqtt",
  "wss://broker.hivemq.com:8884/mqtt",
  "wss://test.mosquitto.org:8081/mqtt",
];
const TOPIC_DOMAIN = "cargobay-relay-topic/1\n";

// A room's topic from its key (one-way: the broker sees the topic, never the key), so a link carries the key only.
export async function topicOf(key) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", enc.encode(TOPIC_DOMAIN + key)));
  return "cargobay/" + toB64url(digest).slice(0, 22);
}

export async function newRoom() {
  const key = randomText(32);
  return { key, topic: await topicOf(key) };
}

export function validRoom(room) {
  return !!room && typeof room === "object" && typeof room.key === "string" && /^[A-Za-z0-9_-]{43}$/.test(room.key)
    && typeof room.topic === "string" && /^cargobay\/[A-Za-z0-9_-]{22}$/.test(room.topic);
}

// The invite link's relay part (after "#join=<code>&"): "r=<room key>.<peer index>" when the topic is the key's
// (`derived`: topicOf(key) === topic), else "r=<room key>.<topic id>.<peer index>"; then "&b=<index>" for a
// default broker other than the first, "&b=<address>" for any other (nothing for the first default).
export function linkPart(room, broker, peer, derived = false) {
  const r = derived ? `${room.key}.${peer}` : `${room.key}.${room.topic.slice("cargobay/".length)}.${peer}`;
  const index = DEFAULT_BROKERS.indexOf(broker);
  const address = encodeURIComponent(broker).replace(/%3A/g, ":").replace(/%2F/g, "/"); // (both plain in a fragment)
  return `r=${r}` + (index === 0 ? "" : `&b=${index > 0 ? index : address}`);
}

export async function parseLinkPart(text) {
  const fields = {};
  for (const part of String(text || "").split("&")) {
    const at = part.indexOf("=");
    if (at > 0) fields[part.slice(0, at)] = part.slice(at + 1);
  }
  const long = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{22})\.([1-5])$/.exec(fields.r || "");
  const short = /^([A-Za-z0-9_-]{43})\.([1-5])$/.exec(fields.r || "");
  if (!long && !short) throw new RelayError("the link's relay part is damaged");
  let broker;
  if (fields.b === undefined) broker = DEFAULT_BROKERS[0];
  else if (/^[0-9]$/.test(fields.b)) broker = DEFAULT_BROKERS[Number(fields.b)] || "";
  else {
    try {
      broker = decodeURIComponent(fields.b);
    } catch {
      broker = "";
    }
  }
  if (parseBrokers(broker).length !== 1) throw new RelayError("the link names no relay");
  const key = (long || short)[1];
  const room = { key, topic: long ? "cargobay/" + long[2] : await topicOf(key) };
  return { room, broker, peer: Number((long || short)[long ? 3 : 2]) };
}

// One broker per line: "wss://host[:port]/path" (ws:// too, e.g. a broker on this computer). Empty: none.
export function parseBrokers(text) {
  const brokers = [];
  for (const [index, raw] of String(text || "").split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    let url;
    try {
      url = new URL(line);
    } catch {
      url = null;
    }
    if (!url || !["wss:", "ws:"].includes(url.protocol) || /\s/.test(line) || url.username || url.password) {
      throw new RelayError(`relay line ${index + 1}: write a WebSocket address, "wss://host:port/path"`);
    }
    brokers.push(line);
  }
  return brokers;
}

// --- sealing -----------------------------------------------------------------------------------------------
async function aesKey(room) {
  return crypto.subtle.importKey("raw", fromB64url(room.key), { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
}

// The inner text for a body (to be signed by the engine, then sealed).
export function inner(room, from, body, now = Date.now()) {
  return JSON.stringify({ v: 1, from, n: randomText(12), ts: Math.round(now), topic: room.topic, b: body });
}

export async function seal(room, innerText, signature) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = enc.encode(JSON.stringify({ m: innerText, s: signature }));
  const cipher = new Uint8Array(await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: enc.encode(room.topic) }, await aesKey(room), plain));
  const out = new Uint8Array(12 + cipher.length);
  out.set(iv);
  out.set(cipher, 12);
  return WIRE_PREFIX + toB64url(out);
}

async function ed25519Verify(keyHex, data, signature) {
  const raw = Uint8Array.from(keyHex.match(/../g), (h) => parseInt(h, 16));
  const key = await crypto.subtle.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]);
  return crypto.subtle.verify({ name: "Ed25519" }, key, signature, data);
}

// Judges received messages for one room: `keyOf(from, body)` says which public key (64 hex digits) the sender
// must have signed with, or null when none is known (dropped as "unverified").
export class Opener {
  constructor(room, keyOf, { maxAgeMs = MAX_AGE_MS, maxNonces = MAX_NONCES } = {}) {
    this.room = room;
    this.keyOf = keyOf;
    this.maxAgeMs = maxAgeMs;
    this.maxNonces = maxNonces;
    this.nonces = new Map(); // nonce -> ts (own messages too: the relay echoes them)
    this.dropped = { size: 0, garbage: 0, shape: 0, stale: 0, replay: 0, unverified: 0, forged: 0 };
  }

  _note(nonce, ts) {
    this.nonces.set(nonce, ts);
    if (this.nonces.size > this.maxNonces) {
      const cut = Date.now() - this.maxAgeMs;
      for (const [n, t] of this.nonces) if (t < cut || this.nonces.size > this.maxNonces) this.nonces.delete(n);
    }
  }

  drop(why) {
    this.dropped[why] += 1;
    return null;
  }

  // {from, body} of a good message, "own" for this page's own echo, or null (dropped and counted).
  async open(wire, now = Date.now()) {
    if (typeof wire !== "string" || wire.length > MAX_WIRE) return this.drop("size");
    let plain;
    try {
      if (!wire.startsWith(WIRE_PREFIX)) throw new RelayError("prefix");
      const bytes = fromB64url(wire.slice(WIRE_PREFIX.length));
      if (bytes.length < 12 + 16) throw new RelayError("short");
      plain = dec.decode(await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: bytes.slice(0, 12), additionalData: enc.encode(this.room.topic) },
        await aesKey(this.room), bytes.slice(12)));
    } catch {
      return this.drop("garbage");
    }
    let outer;
    let msg;
    try {
      outer = JSON.parse(plain);
      msg = JSON.parse(outer.m);
    } catch {
      return this.drop("shape");
    }
    if (!outer || typeof outer.m !== "string" || typeof outer.s !== "string" || !/^[A-Za-z0-9_-]{86}$/.test(outer.s)
        || !msg || typeof msg !== "object" || msg.v !== 1 || !Number.isInteger(msg.from) || msg.from < 0
        || msg.from > 5 || typeof msg.n !== "string" || !/^[A-Za-z0-9_-]{16}$/.test(msg.n)
        || !Number.isFinite(msg.ts) || msg.topic !== this.room.topic || !msg.b || typeof msg.b !== "object") {
      return this.drop("shape");
    }
    const seen = this.nonces.get(msg.n);
    if (seen !== undefined) return seen === "own" ? "own" : this.drop("replay");
    if (Math.abs(now - msg.ts) > this.maxAgeMs) return this.drop("stale");
    const key = this.keyOf(msg.from, msg.b);
    if (typeof key !== "string" || !/^[0-9a-f]{64}$/.test(key)) return this.drop("unverified");
    let good = false;
    try {
      good = await ed25519Verify(key, enc.encode(SIGN_DOMAIN + outer.m), fromB64url(outer.s));
    } catch {
      good = false;
    }
    if (!good) return this.drop("forged");
    this._note(msg.n, msg.ts); // (a replay of a good message is caught by its nonce from now on)
    return { from: msg.from, body: msg.b, ts: msg.ts };
  }

  own(innerText) {
    try {
      this.nonces.set(JSON.parse(innerText).n, "own");
    } catch {
      /* (made by inner()) */
    }
  }

  get droppedTotal() {
    return Object.values(this.dropped).reduce((a, b) => a + b, 0);
  }
}

// A token bucket: at most `burst` messages at once, `perSecond` on average.
export class RateLimit {
  constructor(perSecond = 10, burst = 30) {
    this.perSecond = perSecond;
    this.burst = burst;
    this.tokens = burst;
    this.at = null;
  }

  take(nowMs) {
    if (this.at !== null) this.tokens = Math.min(this.burst, this.tokens + ((nowMs - this.at) / 1000) * this.perSecond);
    this.at = nowMs;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
