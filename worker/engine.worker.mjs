// Cargo Bay engine worker (module worker). Contract: worker/PROTOCOL.md.
//
// Boot: loadPyodide() from the vendored folder starts at once; the cargobay wheel is fetched in parallel
// and unpacked into site-packages with pyodide.unpackArchive (faster than loadPackage, see README);
// then `cargobay.service` is imported. Requests that arrive before that are queued.
//
// Configuration comes from this module's URL query (?build=&pyodide=&wheel=&sha=), stamped into the
// page by build.py; without it the worker reads ../manifest.json.
//
// A second start restores a memory snapshot (worker/snapshot.mjs; `?snapshot=0` on the page URL boots without it, for
// bench/startup.py). The first start does not take it: booting with `_makeSnapshot` and making the snapshot cost the
// cold start ~0.15x of a bare boot. Once this engine is ready, the page starts, in idle time, a second worker of this
// module with `?role=snapshot`, which boots afresh with `_makeSnapshot`, imports the engine, makes and stores the
// snapshot (a pristine engine, no match), reports its size and make time, and is ended.
// Nothing waits to find out whether there is a snapshot: loadPyodide must be told before it starts, and a Cache API
// lookup plus a manifest.json fetch cost a first visit (which has none) 0.05-0.25 s before the runtime's own fetches
// began. So the worker looks only where one can be: kept in this browser (`?kept=1`: the page, web/engine-client.js,
// remembers that this build's snapshot was stored) or shipped with the site (SHIPPED_SNAPSHOT below, which
// `build.py snapshot` writes into the built copy of this file).
//
// Run as a SharedWorker (the embed page, web/embed.html: several embedded games on one page), the engine boots
// once for every page that connects; each page (port) gets a Python `Service` of its own, so their matches never
// mix. Status events go to every port (a late one gets the latest at once), with `shared: {boot, clients}`.

// A thin transport (PROTOCOL.md v2): {id, text} in, {id, text} out; every check is in Python. The only
// check here is the text's size. The protocol version lives in cargobay.service.PROTOCOL alone.
// (worker/snapshot.mjs is imported only when a snapshot is looked for or stored: a static import was one more round
// trip before this module ran, on every start)
let snapshotModule = null;
const snapshots = () => (snapshotModule ??= import("./snapshot.mjs"));

// cargobay.limits.MAX_REQUEST_BYTES, read once the engine is imported (one source; every character is at least a
// byte, so a longer text is surely over it); until then a queued request is checked by handle_json itself
let maxRequestChars = Infinity;
const here = new URL(import.meta.url);
const siteRoot = new URL("../", here);
// The memory snapshot file this site ships, relative to the site root (buildkit/browser.py ship_snapshot rewrites this
// one line in dist/; a plain build ships none).
const SHIPPED_SNAPSHOT = null;
const t0 = performance.now();

const timings = {};
const mark = (name) => { timings[name] = Math.round(performance.now() - t0); };

let finalState = null; // "ready" | "error" once boot has ended: no "loading" status may follow it
const shared = typeof SharedWorkerGlobalScope === "function" && self instanceof SharedWorkerGlobalScope;
const bootId = Math.random().toString(36).slice(2, 10);
const ports = new Set(); // shared mode: every connected page
let lastStatus = null;

function postStatus(state, stage, progress, message) {
  if (finalState) return;
  if (state !== "loading") finalState = state;
  const ev = { event: "status", state, stage, progress };
  if (message !== undefined) ev.message = message;
  if (state !== "loading") ev.timings = timings;
  lastStatus = ev;
  if (!shared) postMessage(ev);
  else for (const port of ports) port.postMessage({ ...ev, shared: { boot: bootId, clients: ports.size } });
}

async function readConfig() {
  const q = here.searchParams;
  if (q.get("pyodide") && q.get("wheel")) {
    return { pyodide: q.get("pyodide"), wheel: q.get("wheel"), sha256: q.get("sha") || "", build: q.get("build") || "" };
  }
  const res = await fetch(new URL("manifest.json", siteRoot), { cache: "no-cache" });
  if (!res.ok) throw new Error(`manifest.json: HTTP ${res.status}`);
  return await res.json();
}

// ------------------------------------------------------------------------------------------ boot
let handle = null;       // the Python function cargobay.service.handle_json, once ready
let bootError = null;    // message, if boot failed
const queue = [];

postStatus("loading", "starting", 0.02);
const configP = readConfig();

const useLoadPackage = here.searchParams.get("install") === "loadPackage";
const useSnapshot = here.searchParams.get("snapshot") !== "0" && !useLoadPackage;
const maker = here.searchParams.get("role") === "snapshot"; // the snapshot maker (see above), never a service
// The snapshot's name in the Cache API (worker/snapshot.mjs): the build id and the wheel's sha256, so a new build never
// restores an old snapshot; null when the build has no id.
const keyP = configP.then((cfg) => (useSnapshot && cfg.build
  ? new URL(`snapshot/${cfg.build}-${(cfg.sha256 || "").slice(0, 16)}.bin`, siteRoot).href : null));
// Where a snapshot can be (see the top): kept, as the page says, or shipped; with neither, none is looked for.
const lookFor = !maker && (here.searchParams.get("kept") === "1" || Boolean(SHIPPED_SNAPSHOT));
const snapshotP = lookFor
  ? Promise.all([keyP, snapshots()]).then(([key, { findSnapshot }]) => findSnapshot(key, shippedSnapshot))
  : Promise.resolve(null);

// The snapshot file the site ships (`build.py --snapshot`): SHIPPED_SNAPSHOT, or, for a worker started with no
// configuration in its URL, what manifest.json names; null when none.
async function shippedSnapshot() {
  const cfg = await configP;
  const name = cfg.snapshot ?? SHIPPED_SNAPSHOT;
  return name ? new URL(name, siteRoot).href : null;
}
// "restored": booted from the snapshot; "wanted": booted afresh, none kept yet (the page has a maker take one);
// "made": (the maker) booted afresh and took one; "off": none used
timings.snapshot = "off";

const pyodideP = configP.then(async (cfg) => {
  const indexURL = new URL(cfg.pyodide, siteRoot).href;
  const [{ loadPyodide }, snapshot, key] = await Promise.all([
    import(new URL("pyodide.mjs", indexURL).href), maker ? null : snapshotP, keyP]);
  postStatus("loading", "runtime", 0.1);
  mark("runtime-start"); // (loadPyodide called: what came before it is this worker's own cost over a bare boot)
  let py = null;
  if (snapshot) {
    try {
      py = await loadPyodide({ indexURL, _loadSnapshot: snapshot.bytes });
      timings.snapshot = "restored";
      timings.snapshotFrom = snapshot.from;
    } catch (err) {
      console.warn("cargobay: the engine snapshot could not be restored; starting afresh:", String(err));
      await (await snapshots()).dropSnapshot(key);
    }
  }
  if (!py) {
    py = await loadPyodide({ indexURL, _makeSnapshot: maker && Boolean(key) });
    if (key) timings.snapshot = maker ? "made" : "wanted";
  }
  mark("runtime");
  postStatus("loading", "runtime-ready", 0.8);
  return py;
});
const wheelP = useLoadPackage ? null : configP.then(async (cfg) => {
  // ?v=<sha> busts a stale cached wheel after a rebuild (the file name stays the same).
  const url = new URL(cfg.wheel, siteRoot);
  if (cfg.sha256) url.searchParams.set("v", cfg.sha256.slice(0, 16));
  let buf = await fetchBytes(url, "default");
  const wrong = async (b) => { const d = await sha256hex(b); return Boolean(cfg.sha256 && d && d !== cfg.sha256); };
  if (await wrong(buf)) {
    // A stale or broken copy (cache, proxy): fetch once more past every cache, then give up.
    buf = await fetchBytes(url, "reload");
    if (await wrong(buf)) throw new Error(`engine wheel ${url.pathname}: sha256 mismatch`);
  }
  mark("wheel-fetched");
  return buf;
});

async function fetchBytes(url, cache) {
  const res = await fetch(url, { cache });
  if (!res.ok) throw new Error(`engine wheel ${url.pathname}: HTTP ${res.status}`);
  return await res.arrayBuffer();
}

async function sha256hex(buf) {
  if (!crypto.subtle) return null; // not a secure context (plain http on a LAN address): skip the check
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buf));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

let pyodide = null; // the runtime, once loaded (the warm-up below imports through it)

async function boot() {
  if (useLoadPackage) return bootWithLoadPackage();
  const [py, wheelBuf] = await Promise.all([pyodideP, wheelP]);
  pyodide = py;
  postStatus("loading", "installing", 0.85);
  // Installs the pure-Python wheel into site-packages (format "wheel" => extractDir is site-packages).
  py.unpackArchive(wheelBuf, "wheel");
  mark("installed");
  if (timings.snapshot === "restored") {
    // The engine is imported already (its files are back in site-packages for what it imports later); the
    // snapshot froze the random module's state: reseed it from the OS.
    py.runPython("import random; random.seed()");
  }
  const fn = importService(py);
  if (maker) {
    // The snapshot maker: the engine as imported, no match; stored, then reported to the page, which ends this.
    if (timings.snapshot !== "made") throw new Error("no snapshot to make (the build has no id)");
    mark("snapshot-from");
    const bytes = py.makeMemorySnapshot();
    mark("snapshot-made");
    timings.snapshotBytes = bytes.byteLength;
    const stored = await (await snapshots()).storeSnapshot(await keyP, bytes);
    mark("snapshot-stored");
    postMessage({ event: "snapshot", stored, timings });
    return null;
  }
  return fn;
}

// The alternative install path, kept for measuring (bench/startup.py --install loadPackage): slower,
// because loadPackage fetches the wheel only after the runtime is up.
async function bootWithLoadPackage() {
  const [py, cfg] = await Promise.all([pyodideP, configP]);
  pyodide = py;
  postStatus("loading", "installing", 0.85);
  const url = new URL(cfg.wheel, siteRoot);
  const errors = [];
  await py.loadPackage(url.href, { errorCallback: (m) => errors.push(m), messageCallback: () => {} });
  if (errors.length) throw new Error(errors.join("; "));
  mark("installed");
  return importService(py);
}

let serviceClass = null; // cargobay.service.Service: one per page in shared mode

function importService(py) {
  postStatus("loading", "importing", 0.9);
  const service = py.pyimport("cargobay.service");
  const fn = service.handle_json;
  if (typeof fn !== "function") throw new Error("cargobay.service.handle_json is missing");
  serviceClass = service.Service;
  maxRequestChars = Number(service.MAX_REQUEST_BYTES);
  mark("imported");
  return fn;
}

boot().then(
  (fn) => {
    if (maker) return;
    handle = fn;
    postStatus("ready", "ready", 1);
    while (queue.length) answer(queue.shift());
  },
  (err) => {
    bootError = String(err && err.message ? err.message : err);
    if (maker) {
      postMessage({ event: "snapshot", stored: false, message: bootError, timings });
      return;
    }
    console.error("cargobay engine failed to start:", err);
    postStatus("error", "failed", 1, bootError);
    while (queue.length) {
      const req = queue.shift();
      respondError(req.reply, req.id, "EngineUnavailable", `engine failed to start: ${bootError}`);
    }
  },
);

// ------------------------------------------------------------------------------------------ requests
const errorText = (type, message) => JSON.stringify({ ok: false, error: { type, message } });

function respondError(reply, id, type, message) {
  reply({ id, text: errorText(type, message) });
}

function answer(req) {
  let text;
  try {
    // shared mode: this page's own Service (made on its first request, once the engine is up)
    if (req.client && !req.client.service) req.client.service = serviceClass();
    text = req.client ? handle(req.text, req.client.service) : handle(req.text);
    if (warming) answeredWhileWarming(warming, req.sent);
  } catch (err) {
    // A Python exception that escaped handle_json: report it as data.
    const msg = String(err && err.message ? err.message : err);
    respondError(req.reply, req.id, "InternalError", msg.length > 2000 ? msg.slice(-2000) : msg);
    return;
  }
  if (typeof text !== "string") {
    respondError(req.reply, req.id, "InternalError", "the engine answered no text");
    return;
  }
  // a bug in the engine (not a refusal) carries its Python traceback: show it in the worker's console
  if (text.includes('"type":"InternalError"')) console.error("cargobay engine error:", JSON.parse(text).error.traceback);
  req.reply({ id: req.id, text });
}

// ------------------------------------------------------------------------------------------ warm-up
// {warm: "<game id>"} (no id; web/engine-client.js sends it after the person has stayed on a game they picked in the
// menu): the modules a first match of that game imports (its rules, board, bots, the match session) are imported now,
// ahead of Start, one module per task of its own (warm-plan.json, by worker/warm_plan.py at build time: each game's
// modules in the order they finish importing, so each import runs one module's body). A request that arrives
// meanwhile is answered before the next module: it waits for the module in flight when it reaches the worker (and
// now and then the next one too, see `late` below; e2e/test_site.py allows up to four). Never before ready; a game
// once; a new game replaces the one in flight. Progress goes to the page as {event: "warming", game, done, of, answered}, the end as
// {event: "warmed", game, ok, ms, pieces, longest, longestName, answered, behind, late}: pieces = modules imported,
// longest = the ms of the longest one, answered = the requests answered while it was in flight, behind = the most
// modules one of them waited behind (those that ended after it was posted; the page stamps each request with its
// Date.now(), `sent`: one clock for both threads), late = how many waited behind two or more. A request waits for
// the module in flight when it reaches the worker; one posted just before a module ends can reach it only after the
// next one has begun (the message crosses threads while the worker's timer task runs first), so 2 happens now and
// then on a busy machine, and `late` stays a few of the modules (two modules a task would make it one a pair).
const WARM_PY = `
def _cargobay_warm_one(name):
    import importlib
    import sys

    if name in sys.modules:
        return False
    importlib.import_module(name)
    return True

_cargobay_warm_one
`;
let warmOne = null;
let warmPlanP = null;
let warming = null; // the game in flight: {game, left, ...}
const warmedGames = new Set();

function warm(game, reply) {
  if (!handle || !pyodide || typeof game !== "string" || warmedGames.has(game) || warming?.game === game) return;
  if (warming) warming.stopped = true;
  const run = {
    game, left: null, of: 0, done: 0, pieces: 0, longest: 0, longestName: "", answered: 0, behind: 0, late: 0,
    ended: [], ok: true, stopped: false, t0: performance.now(),
  };
  warming = run;
  warmPlanP ??= configP.then((cfg) => fetch(new URL(`warm-plan.json?v=${cfg.build || ""}`, here)))
    .then((res) => (res.ok ? res.json() : {}), () => ({}));
  warmPlanP.then((plan) => {
    const names = Array.isArray(plan[game]) ? plan[game].filter((n) => typeof n === "string") : null;
    if (!names) { finish(run, false, reply); return; }
    run.left = names.slice();
    run.of = names.length;
    setTimeout(() => piece(run, reply), 0);
  });
}

function piece(run, reply) {
  if (run.stopped) return;
  const name = run.left.shift();
  if (name === undefined) { finish(run, run.ok, reply); return; }
  const t = performance.now();
  try {
    warmOne ??= pyodide.runPython(WARM_PY);
    if (warmOne(name)) run.pieces += 1;
  } catch (err) {
    run.ok = false; // (a module this runtime lacks: the rest still helps; Start reports any real problem)
    console.warn("cargobay: warming", run.game, "could not import", name, String(err?.message ?? err));
  }
  const ms = performance.now() - t;
  run.ended.push(Date.now());
  if (ms > run.longest) [run.longest, run.longestName] = [ms, name];
  run.done += 1;
  reply({ event: "warming", game: run.game, done: run.done, of: run.of, answered: run.answered, behind: run.behind,
    late: run.late });
  // the next module in a task of its own, queued after any request that arrived during this one
  setTimeout(() => piece(run, reply), 0);
}

function finish(run, ok, reply) {
  if (warming === run) warming = null;
  if (ok) warmedGames.add(run.game);
  reply({ event: "warmed", game: run.game, ok, ms: Math.round(performance.now() - run.t0), pieces: run.pieces,
    longest: Math.round(run.longest), longestName: run.longestName, answered: run.answered, behind: run.behind,
    late: run.late });
}

function answeredWhileWarming(run, sent) {
  run.answered += 1;
  // (Date.now() counts whole ms: a module that ended in the ms the request was posted is not counted)
  if (!Number.isFinite(sent)) return;
  const behind = run.ended.filter((at) => at > sent).length;
  run.behind = Math.max(run.behind, behind);
  if (behind >= 2) run.late += 1;
}

function onRequest(data, reply, client) {
  const id = data && Number.isInteger(data.id) ? data.id : null;
  try {
    if (data && typeof data.warm === "string" && !("id" in data)) {
      warm(data.warm, reply);
    } else if (client && data && data.bye === true) {
      client.close();
    } else if (id === null || typeof data.text !== "string") {
      respondError(reply, id, "ProtocolError", "a request is {id: <int>, text: <JSON text>}");
    } else if (data.text.length > maxRequestChars) {
      respondError(reply, id, "ProtocolError", `request larger than ${maxRequestChars} characters`);
    } else if (handle) {
      answer({ id, text: data.text, reply, client, sent: Number(data.sent) });
    } else if (bootError) {
      respondError(reply, id, "EngineUnavailable", `engine failed to start: ${bootError}`);
    } else {
      queue.push({ id, text: data.text, reply, client });
    }
  } catch (err) {
    respondError(reply, id, "InternalError", String(err && err.message ? err.message : err));
  }
}

if (shared) {
  self.onconnect = (event) => {
    const port = event.ports[0];
    ports.add(port);
    const client = {
      service: null,
      close() {
        ports.delete(port);
        if (client.service) client.service.destroy?.();
        client.service = null;
      },
    };
    port.onmessage = (e) => onRequest(e.data, (msg) => port.postMessage(msg), client);
    port.start();
    if (lastStatus) port.postMessage({ ...lastStatus, shared: { boot: bootId, clients: ports.size } });
  };
} else {
  self.onmessage = (event) => onRequest(event.data, (msg) => postMessage(msg), null);
}
