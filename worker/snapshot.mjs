// The engine's memory snapshot (a fast second start). Once a page's first boot of a build is ready, a worker of its
// own takes a Pyodide memory snapshot right after `import cargobay.service` (before any request), and keeps it in
// the Cache API ("cargobay-snapshot",
// one entry, named by the build id and the wheel's sha256: a new build never restores an old snapshot); later
// boots restore it instead of starting Python and importing the engine again. A snapshot that fails to restore is
// dropped and the boot goes on without it. (The service worker's clean-up never touches this cache.)
// A site built with `python build.py build --snapshot` also ships the snapshot as a file its manifest names
// ("snapshot", and the built engine.worker.mjs's SHIPPED_SNAPSHOT): a start with none kept yet fetches that file (and
// keeps it), so even a first visit restores. Looked for only where one can be (engine.worker.mjs, lookFor).
const CACHE = "cargobay-snapshot";

// (the key: engine.worker.mjs keyP)

// The snapshot's bytes (a promise, so reading overlaps the runtime's own start), or null when there is none;
// `from` says where they came from ("kept": this browser's cache, "shipped": the site's file). `shipped()` gives the
// site's file's URL or null; it is asked only when none is kept.
export async function findSnapshot(key, shipped) {
  if (!key) return null;
  try {
    const res = globalThis.caches ? await (await caches.open(CACHE)).match(key) : null;
    if (res) return { bytes: await res.arrayBuffer(), from: "kept" };
  } catch { /* no cache: try the site's file */ }
  try {
    const url = await shipped();
    // (only this build's: the file is named as the key is)
    if (!url || url.split("/").pop() !== key.split("/").pop()) return null;
    const res = await fetch(url);
    if (!res.ok) return null;
    const bytes = await res.arrayBuffer();
    storeSnapshot(key, bytes.slice(0)); // kept for the next start (a copy: the runtime takes the original)
    return { bytes, from: "shipped" };
  } catch {
    return null;
  }
}

export async function storeSnapshot(key, bytes) {
  if (!key || !globalThis.caches) return false;
  try {
    const cache = await caches.open(CACHE);
    for (const req of await cache.keys()) if (req.url !== key) await cache.delete(req);
    await cache.put(key, new Response(bytes, { headers: { "content-type": "application/octet-stream" } }));
    return true;
  } catch (err) {
    console.warn("cargobay: the engine snapshot was not kept:", String((err && err.message) || err));
    return false;
  }
}

export async function dropSnapshot(key) {
  try {
    if (key && globalThis.caches) await (await caches.open(CACHE)).delete(key);
  } catch { /* nothing to drop */ }
}
