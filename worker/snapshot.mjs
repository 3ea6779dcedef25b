// The engine's memory snapshot (a fast second start). The first boot of a build takes a Pyodide memory snapshot
// right after `import cargobay.service` (before any request), and keeps it in the Cache API ("cargobay-snapshot",
// one entry, named by the build id and the wheel's sha256: a new build never restores an old snapshot); later
// boots restore it instead of starting Python and importing the engine again. A snapshot that fails to restore is
// dropped and the boot goes on without it. (The service worker's clean-up never touches this cache.)
const CACHE = "cargobay-snapshot";

export function snapshotKey(siteRoot, cfg) {
  if (!cfg.build) return null;
  return new URL(`snapshot/${cfg.build}-${(cfg.sha256 || "").slice(0, 16)}.bin`, siteRoot).href;
}

// The snapshot's bytes (a promise, so reading overlaps the runtime's own start), or null when there is none.
export async function findSnapshot(key) {
  if (!key || !globalThis.caches) return null;
  try {
    const res = await (await caches.open(CACHE)).match(key);
    return res ? res.arrayBuffer() : null;
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
