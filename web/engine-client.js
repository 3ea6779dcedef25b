// Cargo Bay engine client: starts the engine worker (right after the page script, see startWorker), mirrors its status into
// <html data-engine="loading|ready|error"> and the progress bar, and exposes
//
//   window.cargobayEngine.request(jsonText) -> Promise<jsonText>
//
// A thin transport (worker/PROTOCOL.md v2): the request text goes to the worker as {id, text} untouched and
// the answer text comes back as {id, text}; every check is in Python. The promise always resolves, with the
// answer JSON text; a transport failure is an error answer. window.cargobayLoadP2P() imports the peer-to-peer
// glue (WebRTC, QR codes) on first use only. The page's own browser calls (window.cargobayPage) are in page.js.

const root = document.documentElement;
const cfg = root.dataset;
const stamped = (value) => (value && !value.startsWith("__") ? value : "");

const timings = { created: 0, ready: null, statuses: [] };
let state = "loading";
let lastStatus = { state: "loading", stage: "starting", progress: 0 };
let nextId = 1;
const pending = new Map();
const listeners = new Set();
let resolveReady;
const ready = new Promise((resolve) => { resolveReady = resolve; });

const STAGE_TEXT = {
  starting: "Starting engine…",
  runtime: "Loading Python runtime…",
  "runtime-ready": "Python runtime loaded…",
  installing: "Installing game engine…",
  importing: "Starting game engine…",
  ready: "Engine ready",
  failed: "Engine failed to start",
};

// The engine's memory snapshot of this build is kept in this browser (worker/snapshot.mjs): remembered here, so that
// the worker looks for it only when it can be there (`?kept=1`); a first visit's worker then starts the runtime at
// once instead of after a Cache API lookup (worker/engine.worker.mjs). A stale mark costs one lookup that misses.
// Where no mark can be written (localStorage full, e.g. of saved matches, or refused) the page cannot know, so the
// worker looks, as before the mark (review s9, M1: else every visit booted cold and made the snapshot again).
const SNAPSHOT_MARK = "cargobay.engine-snapshot";
const SNAPSHOT_PROBE = "cargobay.engine-snapshot-probe";
const snapshotId = `${stamped(cfg.build)}-${stamped(cfg.wheelSha).slice(0, 16)}`;
function snapshotKept(kept) {
  try {
    if (kept === undefined) {
      if (localStorage.getItem(SNAPSHOT_MARK) === snapshotId) return true;
      localStorage.setItem(SNAPSHOT_PROBE, "1"); // (can a mark be written here? a full storage throws)
      localStorage.removeItem(SNAPSHOT_PROBE);
      return false;
    }
    if (kept) localStorage.setItem(SNAPSHOT_MARK, snapshotId);
    else if (localStorage.getItem(SNAPSHOT_MARK) === snapshotId) localStorage.removeItem(SNAPSHOT_MARK);
  } catch {
    return kept === undefined; // no mark can be kept here: look (a lookup that misses costs ~0.1 s)
  }
  return false;
}

function workerURL(role) {
  const url = new URL("./worker/engine.worker.mjs", document.baseURI);
  if (role) url.searchParams.set("role", role);
  const params = { build: stamped(cfg.build), pyodide: stamped(cfg.pyodide), wheel: stamped(cfg.wheel), sha: stamped(cfg.wheelSha) };
  // (the shared engine always looks: its URL must be the same for every page that connects, or each boots one)
  if (!role && (snapshotKept() || cfg.engineShared === "1")) params.kept = "1";
  // ?install=loadPackage on the page URL selects the slower install path (for bench/startup.py only).
  const page = new URL(location.href).searchParams;
  if (page.get("install") === "loadPackage") params.install = "loadPackage";
  // ?snapshot=0: boot without the engine's memory snapshot (bench/startup.py compares)
  if (page.get("snapshot") === "0") params.snapshot = "0";
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
  return url;
}

// The runtime download + start is one long stage with no progress events of its own: creep the bar
// towards 0.75 meanwhile (eased), so it never looks stuck. One step a second, and only what changed is written: every
// write to the page costs a style, layout and paint pass on the main thread, and on a small machine each one is taken
// from the engine's own boot (a 0.3 s transition redrawn every 250 ms kept the renderer drawing through the boot).
let shown = 0;
let runtimeSince = null;
function displayedProgress() {
  const s = lastStatus;
  let p = s.progress || 0;
  if (state === "loading" && s.stage === "runtime") {
    runtimeSince ??= performance.now();
    const t = performance.now() - runtimeSince;
    p = Math.max(p, 0.1 + 0.65 * (1 - Math.exp(-t / 2500)));
  }
  shown = Math.max(shown, Math.min(1, p));
  return shown;
}
const CREEP_MS = 1000;
const creep = setInterval(() => { if (state === "loading") render(); else clearInterval(creep); }, CREEP_MS);

const drawn = { state: null, bar: null, label: null };
function render() {
  const s = lastStatus;
  if (drawn.state !== state) root.dataset.engine = drawn.state = state;
  const value = Math.round(displayedProgress() * 100);
  const bar = document.getElementById("engine-progress");
  if (bar && drawn.bar !== value) bar.value = drawn.bar = value;
  const label = document.getElementById("engine-status-text");
  const text = state === "error"
    ? `Engine failed to start: ${s.message || "unknown error"}`
    : STAGE_TEXT[s.stage] || s.stage;
  if (label && drawn.label !== text) label.textContent = drawn.label = text;
}

function onStatus(ev) {
  if (state !== "loading") return; // ready / error are final
  lastStatus = ev;
  timings.statuses.push([ev.stage, Math.round(performance.now())]);
  if (ev.state === "ready" || ev.state === "error") {
    state = ev.state;
    timings.ready = Math.round(performance.now());
    timings.worker = ev.timings || null;
    resolveReady(ev.state === "ready");
    const snapshot = ev.timings?.snapshot;
    if (ev.state === "ready" && snapshot !== "off") snapshotKept(snapshot === "restored"); // (a shipped one is kept too)
    if (ev.state === "ready" && snapshot === "wanted") whenIdle(makeSnapshot);
  }
  render();
  for (const fn of listeners) {
    try { fn(ev); } catch (err) { console.error(err); }
  }
}

// The engine's memory snapshot for the next visit (worker/engine.worker.mjs): taken by a worker of its own, started
// once this page is idle after the engine is ready, so that neither the cold start nor the running engine pays for it.
// Its figures land in timings.snapshotMaker (bench/startup.py prints them).
function whenIdle(fn) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(fn, { timeout: 5000 });
  else setTimeout(fn, 1000);
}

function makeSnapshot() {
  let maker;
  try {
    maker = new Worker(workerURL("snapshot"), { type: "module", name: "cargobay-engine-snapshot" });
  } catch (err) {
    console.warn("cargobay: no engine snapshot this visit:", String(err));
    return;
  }
  const started = Math.round(performance.now());
  maker.onmessage = (e) => {
    const msg = e.data;
    if (!msg || msg.event !== "snapshot") return;
    const t = msg.timings || {};
    if (msg.stored) snapshotKept(true);
    timings.snapshotMaker = {
      stored: Boolean(msg.stored), bytes: t.snapshotBytes ?? -1, started,
      make: t["snapshot-made"] !== undefined ? t["snapshot-made"] - t["snapshot-from"] : -1,
      done: Math.round(performance.now()), message: msg.message,
    };
    maker.terminate();
  };
  maker.onerror = (e) => {
    console.warn("cargobay: the engine snapshot maker failed:", e.message);
    timings.snapshotMaker = { stored: false, message: String(e.message) };
    maker.terminate();
  };
}

// The warm-up of a game the person picked in the menu (ui/menu.py calls warm(game) on each pick): once they have
// stayed on it for WARM_PAUSE_MS and the engine is ready, the worker imports that game's modules, one per task of its
// own, so Start does not pay them and waits behind the one in flight (now and then the next one too: engine.worker.mjs,
// warm). A pick of another game within the pause replaces it; the game nobody picked (the menu's first) is not warmed.
// timings.warm[game]: {state: "asked" | "warming" | "done" | "failed", done, of, ms, pieces, longest (ms of the
// longest module, longestName), answered (requests answered while it was in flight), behind (the most modules one of
// them waited behind, those that ended after it was posted: 1 if each was answered before the next module), late (how
// many waited behind two or more: a request that crossed to the worker as the next module began)}.
// `?warm-pause=<ms>` on the page URL is for e2e tests.
const pageQuery = new URL(location.href).searchParams;
const WARM_PAUSE_MS = Number(pageQuery.get("warm-pause") ?? 1000);
timings.warm = {};
let warmTimer = null;
function warm(game) {
  clearTimeout(warmTimer);
  if (typeof game !== "string" || timings.warm[game]?.state === "done") return;
  warmTimer = setTimeout(() => {
    ready.then((ok) => {
      if (!ok || !channel || timings.warm[game]?.state === "done") return;
      timings.warm[game] = { ...timings.warm[game], state: "asked" };
      channel.postMessage({ warm: game });
    });
  }, WARM_PAUSE_MS);
}

function onWarm(msg) {
  const was = timings.warm[msg.game] || {};
  if (msg.event === "warming") {
    timings.warm[msg.game] = {
      ...was, state: "warming", done: msg.done, of: msg.of, answered: msg.answered, behind: msg.behind,
      late: msg.late,
    };
  }
  else {
    timings.warm[msg.game] = {
      ...was, state: msg.ok ? "done" : "failed", ms: msg.ms, pieces: msg.pieces, longest: msg.longest,
      longestName: msg.longestName, answered: msg.answered, behind: msg.behind,
      late: msg.late,
    };
  }
}

const failure = (type, message) => JSON.stringify({ ok: false, error: { type, message } });

function failAll(message) {
  for (const resolve of pending.values()) resolve(failure("EngineUnavailable", message));
  pending.clear();
}

// The page script (MicroPython, on this thread) starts first and the engine worker right after it: on a small
// machine both compete for the same two cores. The worker starts when the page script is ready (<html data-ui>) or
// after START_CAP_MS at the latest; requests made before then wait for it. Issue 25 (session 9) tried starting it at
// once on a first visit: at load 4-7, 4 interleaved runs, MicroPython's UI ready moved 650 -> 932 ms (median) and
// engine ready did not move (6357 -> 6396 ms; late 7300, bare 7899), so this order stays. `?engine=early|late` on
// the page URL forces one or the other (bench/startup.py --also '?engine=early' compares).
const START_CAP_MS = 700;
let worker;
let channel; // what requests are posted to: the worker, or the shared worker's port
const early = [];
function startWorker(why) {
  if (worker || state === "error") return;
  timings.start = why; // "at once" (a repeat visit, ?engine=early) | "page script" | "cap"
  try {
    createWorker();
  } catch (err) {
    onStatus({ event: "status", state: "error", stage: "failed", progress: 1, message: String(err) });
    failAll(String(err));
    return;
  }
  for (const message of early.splice(0)) channel.postMessage(message);
}
// A repeat visit of the installed site (a service worker answers the page; the engine restores its memory
// snapshot, so it has no Python start-up to compete with): the worker starts at once.
const engineStart = new URL(location.href).searchParams.get("engine");
const eager = engineStart === "early" || (engineStart !== "late" && Boolean(navigator.serviceWorker?.controller));
if (root.dataset.ui === "loading" && !eager) {
  const watch = new MutationObserver(() => {
    if (root.dataset.ui !== "loading") { watch.disconnect(); startWorker("page script"); }
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-ui"] });
  setTimeout(() => { watch.disconnect(); startWorker("cap"); }, Math.max(0, START_CAP_MS - performance.now()));
} else {
  startWorker("at once");
}

// <html data-engine-shared="1"> (the embed page): one SharedWorker engine for every embedded game of a page, which
// boots once; where the browser has no SharedWorker, a worker of its own.
function createWorker() {
  const sharedWanted = cfg.engineShared === "1" && typeof SharedWorker === "function";
  if (sharedWanted) {
    worker = new SharedWorker(workerURL(), { type: "module", name: "cargobay-engine-shared" });
    channel = worker.port;
    addEventListener("pagehide", () => channel.postMessage({ bye: true }));
  } else {
    worker = new Worker(workerURL(), { type: "module", name: "cargobay-engine" });
    channel = worker;
  }
  timings.created = Math.round(performance.now());
  channel.onmessage = (e) => {
    const msg = e.data;
    if (!msg || typeof msg !== "object") return;
    if (msg.event === "status") { if (msg.shared) timings.shared = msg.shared; onStatus(msg); return; }
    if (msg.event === "warming" || msg.event === "warmed") { onWarm(msg); return; }
    const resolve = pending.get(msg.id);
    if (resolve) {
      pending.delete(msg.id);
      resolve(typeof msg.text === "string" ? msg.text : failure("InternalError", "the engine answered no text"));
    } else {
      console.warn("cargobay engine: unmatched answer", msg);
    }
  };
  worker.onerror = (e) => {
    const message = e.message || "the engine worker could not be started";
    onStatus({ event: "status", state: "error", stage: "failed", progress: 1, message });
    failAll(message);
  };
}

function request(text) {
  if (state === "error") {
    return Promise.resolve(failure("EngineUnavailable", lastStatus.message || "engine failed to start"));
  }
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    const message = { id, text: String(text), sent: Date.now() }; // (sent: for the warm-up's count, see warm)
    if (channel) channel.postMessage(message);
    else early.push(message);
  });
}

let p2pGlue = null;
function loadP2P() {
  p2pGlue ??= import("./p2p-glue.js?v=__BUILD_ID__").then(() => window.cargobayP2P);
  return p2pGlue;
}
window.cargobayLoadP2P = loadP2P;

window.cargobayEngine = {
  request,
  warm,                        // warm(gameId): the person picked that game in the menu (see warm above)
  ready,                       // Promise<boolean>: true when ready, false when boot failed
  get state() { return state; },
  get status() { return lastStatus; },
  onStatus(fn) { listeners.add(fn); return () => listeners.delete(fn); },
  timings,
};

render();
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", render, { once: true });
