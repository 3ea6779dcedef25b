// Cargo Bay service worker: the whole built site, precached per build, so after one visit the site loads and
// plays with the network off (the Pyodide runtime, its lock file and stdlib zip, the wheel, PyScript,
// MicroPython, the page and its lazily loaded peer-to-peer modules are all in the list build.py stamps below).
//
// - One Cache Storage cache per build ("cargobay-<build id>"); a request is answered from the cache of the build
//   its `?v=<build id>` names (an open tab of the previous build keeps getting its own files), else from this
//   build's cache ignoring the query (the cache holds one build only, so that never mixes builds), else from the
//   network. bench/ (the bare-Pyodide baseline) is never touched.
// - A new build installs beside the running one and waits ("update available" on the page). A reload applies it:
//   the navigation finds a waiting worker while this is the only tab, activates it and answers "Refresh: 0", so
//   the page loads again from the new build. The page's Update button does the same for every tab.
// - Only the two newest builds' caches are kept (and the engine's memory snapshot cache of the current build).

const BUILD = "__BUILD_ID__";
const PREFIX = "cargobay-";
const CACHE = PREFIX + BUILD;
const SNAPSHOTS = "cargobay-snapshot"; // worker/boot.mjs: the engine's memory snapshot, named by build
const FILES = __PRECACHE__; // [path relative to the scope, bytes]
const PAGES = new Set(["", "index.html", "embed.html"]);
const scope = new URL(self.registration.scope);

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

async function precache() {
  const cache = await caches.open(CACHE);
  const queue = FILES.map(([path]) => path);
  // A few fetches at a time; unversioned files are revalidated, the rest may come from the HTTP cache (the page
  // fetched most of them moments ago). One failure fails the install: the next visit tries again.
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const url = new URL(path, scope);
      const versioned = path.startsWith("vendor/") || path.startsWith("wheels/");
      const res = await fetch(url, { cache: versioned ? "default" : "no-cache" });
      if (!res.ok) throw new Error(`precache ${path}: HTTP ${res.status}`);
      await cache.put(url, res);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== SNAPSHOTS && n !== CACHE);
      // keep the newest other build (an open tab may still run it); drop the rest
      const keep = await newest(names);
      await Promise.all(names.filter((n) => n !== keep).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

async function newest(names) {
  let best = null;
  let bestTime = -1;
  for (const name of names) {
    const cache = await caches.open(name);
    const res = await cache.match(new URL("index.html", scope));
    const time = res ? Date.parse(res.headers.get("date") || "") || 0 : 0;
    if (time > bestTime) [best, bestTime] = [name, time];
  }
  return best;
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") self.skipWaiting();
  else if (data.type === "build" && event.source) event.source.postMessage({ type: "build", build: BUILD, files: FILES.length });
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  const path = url.pathname.slice(scope.pathname.length);
  if (path.startsWith("bench/") || path === "sw.js") return;
  event.respondWith(req.mode === "navigate" ? navigate(req, path) : answer(req, url, path));
});

async function navigate(req, path) {
  const waiting = self.registration.waiting;
  if (waiting && (await self.clients.matchAll({ type: "window" })).length <= 1) {
    // An update was found on an earlier visit: apply it now, and have the browser load the page again.
    await activate(waiting);
    return new Response("", { status: 200, headers: { Refresh: "0", "Cache-Control": "no-store" } });
  }
  if (PAGES.has(path)) {
    const cached = await caches.match(new URL(path || "index.html", scope), { cacheName: CACHE });
    if (cached) return cached;
  }
  return fetch(req);
}

function activate(worker) {
  return new Promise((resolve) => {
    const done = () => { if (worker.state === "activated" || worker.state === "redundant") resolve(); };
    worker.addEventListener("statechange", done);
    setTimeout(resolve, 3000);
    worker.postMessage({ type: "skip-waiting" });
  });
}

async function answer(req, url, path) {
  const v = url.searchParams.get("v") || url.searchParams.get("build"); // (the engine worker's URL names its build)
  const names = v && /^[0-9a-f]{12}$/.test(v) && v !== BUILD ? [PREFIX + v, CACHE] : [CACHE];
  for (const name of names) {
    if (!(await caches.has(name))) continue;
    const cache = await caches.open(name);
    const hit = (await cache.match(req)) || (await cache.match(new URL(path, scope), { ignoreSearch: true }));
    // The engine worker reads its configuration from its own URL's query (import.meta.url is the response's URL):
    // a response made afresh takes the request's URL, query included.
    if (hit && path.startsWith("worker/")) return new Response(hit.body, hit);
    if (hit) return hit;
  }
  return fetch(req);
}
