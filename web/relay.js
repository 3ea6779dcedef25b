// Optional relay signalling (off by default): connection codes between the pages of one match travel through a
// public MQTT broker over WebSocket, so a friend only opens the invite link and a reloaded page reconnects by
// itself. Signalling only — never a move, never game state: those go over the pages' own data channels.
// Loaded (with the vendored MQTT.js) only when a page turns the relay on or follows a relay invite; the
// envelope (end-to-end encrypted with the room key of the link's #fragment, signed with the page's match key)
// is web/relay-seal.js. Exposed to the page's Python as window.cargobayRelay; every call answers JSON text.
// Events reach the one listener set with onEvent(fn) as JSON text:
//   {"type": "message", "from": i, "body": {...}}          a good message of another page of the match
//   {"type": "state", "state": "connected"|"lost", "broker": url}
//   {"type": "dropped", "count": n}                         messages dropped so far (bad, replayed, flooding)
import {
  DEFAULT_BROKERS, MAX_WIRE, Opener, RateLimit, RelayError, inner, linkPart, newRoom, parseBrokers, parseLinkPart,
  seal, topicOf, validRoom,
} from "./relay-seal.js?v=__BUILD_ID__";
import { decodeSignal } from "./p2p.js?v=__BUILD_ID__";

export { DEFAULT_BROKERS };
const TRY_MS = 5000; // one broker's connect timeout (a busy 2-core machine needed more than 3 s for one on loopback)
const ALL_MS = 9000; // all of them: then the page falls back to codes (offline: at once, names do not resolve)
const MAX_QUEUE = 32; // received messages waiting to be judged; more are dropped
const RETRY_MS = 2000; // reconnect to the broker after a drop

const answer = (value) => JSON.stringify(value);
const failure = (err) => answer({ ok: false, error: String((err && err.message) || err || "unknown error") });

const state = {
  client: null, broker: null, room: null, opener: null, limit: new RateLimit(), queue: [], busy: false,
  keys: {}, received: 0, delivered: 0, flooded: 0, queued: 0, published: 0, listener: null, connected: false,
  derived: false,
  sending: new Set(), // performance.now() of each publish not acknowledged yet
};
let mqttModule = null;

function emit(event) {
  if (!state.listener) return;
  try {
    state.listener(JSON.stringify(event));
  } catch (err) {
    console.error("cargobay relay listener failed", err);
  }
}

async function mqttConnect() {
  mqttModule ??= import("./__MQTT_DIR__mqtt.esm.js").then((m) => m.default.connect || m.default.default.connect);
  return mqttModule;
}

function keyOf(from, body) {
  if (state.keys[from]) return state.keys[from];
  if (body && typeof body.code === "string") {
    try {
      return decodeSignal(body.code).key; // a first answer: its code carries the key it is signed with
    } catch {
      return null;
    }
  }
  return null;
}

function dropped() {
  return (state.opener ? state.opener.droppedTotal : 0) + state.flooded + state.queued;
}

async function pump() {
  if (state.busy) return;
  state.busy = true;
  try {
    while (state.queue.length) {
      const wire = state.queue.shift();
      const before = dropped();
      const got = await state.opener.open(wire);
      if (got && got !== "own") {
        state.delivered += 1;
        emit({ type: "message", from: got.from, body: got.body, ts: got.ts });
      }
      if (dropped() !== before) emit({ type: "dropped", count: dropped() });
    }
  } finally {
    state.busy = false;
  }
}

function onWire(topic, payload) {
  if (!state.room || topic !== state.room.topic) return;
  state.received += 1;
  const before = dropped();
  if (!state.limit.take(performance.now())) state.flooded += 1;
  else if (state.queue.length >= MAX_QUEUE) state.queued += 1;
  else if (payload.length > MAX_WIRE) state.opener.drop("size");
  else state.queue.push(new TextDecoder().decode(payload));
  if (dropped() !== before) emit({ type: "dropped", count: dropped() });
  pump();
}

function tryBroker(connect, url, topic, ms) {
  return new Promise((resolve) => {
    let done = false;
    const clientId = "cb-" + Math.random().toString(36).slice(2, 12);
    const client = connect(url, { clientId, clean: true, connectTimeout: ms, reconnectPeriod: 0, keepalive: 30 });
    const finish = (ok, why) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (!ok) client.end(true);
      resolve(ok ? { client } : { error: why });
    };
    const timer = setTimeout(() => finish(false, "no answer"), ms);
    client.once("connect", () => {
      client.subscribe(topic, { qos: 1 }, (err) => (err ? finish(false, String(err.message || err)) : finish(true)));
    });
    client.once("error", (err) => finish(false, String((err && err.message) || err)));
    client.once("close", () => finish(false, "closed"));
  });
}

// Join a room: connect to the first broker of the list that answers and subscribe to the room's topic.
async function join(roomJson, brokersText) {
  try {
    const room = JSON.parse(String(roomJson));
    if (!validRoom(room)) throw new RelayError("not a relay room");
    const brokers = parseBrokers(brokersText);
    if (!brokers.length) throw new RelayError("no relay is listed in the connection settings");
    leave();
    state.room = room;
    state.derived = room.topic === (await topicOf(room.key)); // (then a link carries the key only)
    state.opener = new Opener(room, keyOf);
    const connect = await mqttConnect();
    const until = performance.now() + ALL_MS;
    const tried = [];
    for (const url of brokers) {
      const left = until - performance.now();
      if (left < 300) break;
      const t0 = performance.now();
      const got = await tryBroker(connect, url, room.topic, Math.min(TRY_MS, left));
      if (state.room !== room) return answer({ ok: false, error: "left meanwhile" });
      if (got.client) {
        adopt(got.client, url);
        return answer({ ok: true, broker: url, ms: Math.round(performance.now() - t0), tried });
      }
      tried.push(url + " (" + got.error + ")");
    }
    state.room = null;
    return answer({ ok: false, error: "no relay answered: " + tried.join("; "), tried });
  } catch (err) {
    state.room = null;
    return failure(err);
  }
}

function adopt(client, url) {
  state.client = client;
  state.broker = url;
  state.connected = true;
  client.options.reconnectPeriod = RETRY_MS; // from now on a drop is retried
  client.on("message", onWire);
  client.on("close", () => {
    if (state.client !== client || !state.connected) return;
    state.connected = false;
    emit({ type: "state", state: "lost", broker: url });
  });
  client.on("connect", () => {
    if (state.client !== client) return;
    client.subscribe(state.room.topic, { qos: 1 });
    state.connected = true;
    emit({ type: "state", state: "connected", broker: url });
  });
  emit({ type: "state", state: "connected", broker: url });
}

function leave() {
  const client = state.client;
  Object.assign(state, { client: null, broker: null, room: null, connected: false, queue: [] });
  if (client) client.end(true);
}

// A link of this page lost its path and a message to the broker has waited `ms` for its acknowledgement: this
// device may be on a new network, its socket to the broker dead without knowing it (its TCP mapping went with the
// old network), so a new one is made now, not at the next keep-alive (a QoS 1 message in flight is sent again
// on it). Whether it did.
function refresh(ms = 0) {
  const client = state.client;
  if (!client || !state.room) return answer({ ok: false, error: "not in a relay room" });
  const now = performance.now();
  if (![...state.sending].some((t0) => now - t0 >= ms)) return answer({ ok: true, refreshed: false });
  try {
    if (client.stream) client.stream.destroy();
  } catch (err) {
    return failure(err);
  }
  return answer({ ok: true, refreshed: true });
}

// The inner text of a body, for the engine to sign (p2p_relay_sign); then publish(text, sig).
function prepare(from, bodyJson) {
  try {
    if (!state.room) throw new RelayError("not in a relay room");
    return answer({ ok: true, text: inner(state.room, Number(from), JSON.parse(String(bodyJson))) });
  } catch (err) {
    return failure(err);
  }
}

async function publish(text, signature) {
  try {
    const { client, room, opener } = state;
    if (!client || !room || !state.connected) throw new RelayError("the relay is not connected");
    opener.own(String(text));
    const wire = await seal(room, String(text), String(signature));
    const t0 = performance.now();
    state.sending.add(t0);
    await new Promise((resolve, reject) =>
      client.publish(room.topic, wire, { qos: 1 }, (err) => (err ? reject(err) : resolve())))
      .finally(() => state.sending.delete(t0));
    state.published += 1;
    return answer({ ok: true, bytes: wire.length });
  } catch (err) {
    return failure(err);
  }
}

function setKeys(json) {
  try {
    const keys = JSON.parse(String(json));
    state.keys = {};
    for (const [peer, key] of Object.entries(keys || {})) {
      if (typeof key === "string" && /^[0-9a-f]{64}$/.test(key)) state.keys[Number(peer)] = key;
    }
    return answer({ ok: true });
  } catch (err) {
    return failure(err);
  }
}

function checkBrokers(text) {
  try {
    return answer({ ok: true, brokers: parseBrokers(text).length });
  } catch (err) {
    return failure(err);
  }
}

function stats() {
  return answer({
    connected: state.connected, broker: state.broker, topic: state.room ? state.room.topic : null,
    received: state.received, delivered: state.delivered, published: state.published, flooded: state.flooded,
    queueFull: state.queued, dropped: dropped(), pending: state.queue.length + (state.busy ? 1 : 0), why: state.opener ? state.opener.dropped : {},
  });
}

window.cargobayRelay = {
  join, leave, prepare, publish, setKeys, checkBrokers, stats, refresh,
  newRoom: async () => answer(await newRoom()),
  // The invite link's relay part for `peer`, through the broker this page is connected to.
  linkPart: (peer) => (state.room && state.broker
    ? linkPart(state.room, state.broker, Number(peer), !!state.derived) : ""),
  async parseLink(text) {
    try {
      return answer({ ok: true, ...(await parseLinkPart(text)) });
    } catch (err) {
      return failure(err);
    }
  },
  defaults: () => DEFAULT_BROKERS.join("\n"),
  onEvent(fn) { state.listener = fn; },
};
