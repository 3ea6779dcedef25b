// Cargo Bay engine worker (module worker). Contract: worker/PROTOCOL.md.
//
// Boot: loadPyodide() from the vendored folder starts at once; the cargobay wheel is fetched in parallel
// and unpacked into site-packages with pyodide.unpackArchive (faster than loadPackage, see README);
// then `cargobay.service` is imported. Requests that arrive before that are queued.
//
// Configuration comes from this module's URL query (?build=&pyodide=&wheel=&sha=), stamped into the
// page by build.py; without it the worker reads ../manifest.json.

// A thin transport (PROTOCOL.md v2): {id, text} in, {id, text} out; every check is in Python. The only
// check here is the text's size. The protocol version lives in cargobay.service.PROTOCOL alone.
const MAX_REQUEST_CHARS = 1 << 20; // 1 MiB of JSON text
const here = new URL(import.meta.url);
const siteRoot = new URL("../", here);
const t0 = performance.now();

const timings = {};
const mark = (name) => { timings[name] = Math.round(performance.now() - t0); };

let finalState = null; // "ready" | "error" once boot has ended: no "loading" status may follow it

function postStatus(state, stage, progress, message) {
  if (finalState) return;
  if (state !== "loading") finalState = state;
  const ev = { event: "status", state, stage, progress };
  if (message !== undefined) ev.message = message;
  if (state !== "loading") ev.timings = timings;
  postMessage(ev);
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

const pyodideP = configP.then(async (cfg) => {
  const indexURL = new URL(cfg.pyodide, siteRoot).href;
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  postStatus("loading", "runtime", 0.1);
  const py = await loadPyodide({ indexURL });
  mark("runtime");
  postStatus("loading", "runtime-ready", 0.8);
  return py;
});

const useLoadPackage = here.searchParams.get("install") === "loadPackage";
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

async function boot() {
  if (useLoadPackage) return bootWithLoadPackage();
  const [py, wheelBuf] = await Promise.all([pyodideP, wheelP]);
  postStatus("loading", "installing", 0.85);
  // Installs the pure-Python wheel into site-packages (format "wheel" => extractDir is site-packages).
  py.unpackArchive(wheelBuf, "wheel");
  mark("installed");
  return importService(py);
}

// The alternative install path, kept for measuring (bench/startup.py --install loadPackage): slower,
// because loadPackage fetches the wheel only after the runtime is up.
async function bootWithLoadPackage() {
  const [py, cfg] = await Promise.all([pyodideP, configP]);
  postStatus("loading", "installing", 0.85);
  const url = new URL(cfg.wheel, siteRoot);
  const errors = [];
  await py.loadPackage(url.href, { errorCallback: (m) => errors.push(m), messageCallback: () => {} });
  if (errors.length) throw new Error(errors.join("; "));
  mark("installed");
  return importService(py);
}

function importService(py) {
  postStatus("loading", "importing", 0.9);
  const service = py.pyimport("cargobay.service");
  const fn = service.handle_json;
  if (typeof fn !== "function") throw new Error("cargobay.service.handle_json is missing");
  mark("imported");
  return fn;
}

boot().then(
  (fn) => {
    handle = fn;
    postStatus("ready", "ready", 1);
    while (queue.length) answer(queue.shift());
  },
  (err) => {
    bootError = String(err && err.message ? err.message : err);
    console.error("cargobay engine failed to start:", err);
    postStatus("error", "failed", 1, bootError);
    while (queue.length) {
      const req = queue.shift();
      respondError(req.id, "EngineUnavailable", `engine failed to start: ${bootError}`);
    }
  },
);

// ------------------------------------------------------------------------------------------ requests
const errorText = (type, message) => JSON.stringify({ ok: false, error: { type, message } });

function respondError(id, type, message) {
  postMessage({ id, text: errorText(type, message) });
}

function answer(req) {
  let text;
  try {
    text = handle(req.text);
  } catch (err) {
    // A Python exception that escaped handle_json: report it as data.
    const msg = String(err && err.message ? err.message : err);
    respondError(req.id, "InternalError", msg.length > 2000 ? msg.slice(-2000) : msg);
    return;
  }
  if (typeof text !== "string") {
    respondError(req.id, "InternalError", "the engine answered no text");
    return;
  }
  postMessage({ id: req.id, text });
}

self.onmessage = (event) => {
  const data = event.data;
  const id = data && Number.isInteger(data.id) ? data.id : null;
  try {
    if (id === null || typeof data.text !== "string") {
      respondError(id, "ProtocolError", "a request is {id: <int>, text: <JSON text>}");
    } else if (data.text.length > MAX_REQUEST_CHARS) {
      respondError(id, "ProtocolError", `request larger than ${MAX_REQUEST_CHARS} characters`);
    } else if (handle) {
      answer({ id, text: data.text });
    } else if (bootError) {
      respondError(id, "EngineUnavailable", `engine failed to start: ${bootError}`);
    } else {
      queue.push({ id, text: data.text });
    }
  } catch (err) {
    respondError(id, "InternalError", String(err && err.message ? err.message : err));
  }
};
