// Cargo Bay page utilities: window.cargobayPage, the browser calls the page's Python (MicroPython, web/ui/) makes
// through one object. Kept apart from engine-client.js (the engine worker's transport). A classic deferred script:
// it runs before PyScript's module scripts, so the page's Python always finds it.
// Window-level helpers for the page script (MicroPython's proxy cannot call these with `window` as their
// receiver): listen to a window event; fetch a text (resolves to null when it cannot); every Web Storage access
// (below). MicroPython cannot catch the errors a browser throws there, so none may reach it.
// Saved matches (web/ui/saves.py): a Web Lock per match open in this tab (claim resolves to true once held, false
// when another tab holds it; held until release or the page goes), a new record id, and a file download.
(function () {
  "use strict";
  const heldLocks = new Map();
  const storageArea = (area) => (area === "session" ? window.sessionStorage : window.localStorage);
  window.cargobayPage = {
    listen(name, fn) { window.addEventListener(name, (event) => fn(event)); }, // fn(event), as a DOM listener
    // waitMs: wait that long for a lock another document holds (this tab's previous page, just reloaded, may not
    // have let go of it yet); without it, answer at once.
    claim(name, waitMs) {
      if (heldLocks.has(name)) return Promise.resolve(true);
      if (!navigator.locks) return Promise.resolve(true); // not a secure context: no locks, best effort
      const options = waitMs > 0 && typeof AbortSignal.timeout === "function"
        ? { signal: AbortSignal.timeout(waitMs) } : { ifAvailable: true };
      return new Promise((resolve) => {
        navigator.locks.request(name, options, (lock) => {
          if (!lock) { resolve(false); return undefined; }
          resolve(true);
          return new Promise((release) => heldLocks.set(name, release));
        }).catch((err) => resolve(!(err && err.name === "AbortError" || err && err.name === "TimeoutError")));
      });
    },
    release(name) {
      const release = heldLocks.get(name);
      heldLocks.delete(name);
      if (release) release();
    },
    async lockedElsewhere() {
      if (!navigator.locks) return "[]";
      const { held = [] } = await navigator.locks.query();
      return JSON.stringify(held.map((l) => l.name).filter((n) => !heldLocks.has(n)));
    },
    nowSeconds() { return Date.now() / 1000; }, // (the page's Python cannot take Date.now() itself: see ui/dom.py)
    newId() { return Date.now().toString(36) + Math.random().toString(36).slice(2, 6).padEnd(4, "0"); },
    download(fileName, text) {
      let body = text;
      try { body = JSON.stringify(JSON.parse(text), null, 1) + "\n"; } catch { /* as it is */ }
      const url = URL.createObjectURL(new Blob([body], { type: "application/json" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = fileName;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    },
    // Web Storage, area "local" (localStorage) or "session" (sessionStorage), never throwing: a browser may refuse
    // either (full: QuotaExceededError on a write, as old Safari's private mode on every write; disabled:
    // SecurityError on `window.sessionStorage` itself). A refused read answers null (no keys); a refused write or
    // removal answers false and is counted in refused[area], for the page to say once what it cannot keep.
    refused: { local: 0, session: 0 },
    storageGet(area, key) {
      try { return storageArea(area).getItem(key); } catch { return null; }
    },
    storageSet(area, key, text) {
      try {
        storageArea(area).setItem(key, text);
        return true;
      } catch (err) {
        window.cargobayPage.refused[area] += 1;
        console.warn("cargobay: could not store", key, String(err && err.message));
        return false;
      }
    },
    storageRemove(area, key) {
      try {
        storageArea(area).removeItem(key);
        return true;
      } catch {
        return false;
      }
    },
    storageKeys(area) { // a JSON list
      try {
        const store = storageArea(area);
        const keys = [];
        for (let i = 0; i < store.length; i += 1) keys.push(store.key(i));
        return JSON.stringify(keys);
      } catch {
        return "[]";
      }
    },
    async fetchText(url) {
      try {
        const res = await fetch(url);
        return res.ok ? await res.text() : null;
      } catch {
        return null;
      }
    },
  };
})();
