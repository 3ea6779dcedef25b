const root = document.documentElement;
window.bareTimings = { created: null, ready: null };
const url = new URL("./bare.worker.mjs", document.baseURI);
url.searchParams.set("pyodide", root.dataset.pyodide);
const worker = new Worker(url, { type: "module" });
window.bareTimings.created = Math.round(performance.now());
worker.onmessage = (e) => {
  window.bareTimings.ready = Math.round(performance.now());
  root.dataset.engine = e.data.ok ? "ready" : "error";
  const s = document.getElementById("status");
  if (s) s.textContent = e.data.ok ? `ready (Python ${e.data.version})` : `error: ${e.data.error}`;
};
