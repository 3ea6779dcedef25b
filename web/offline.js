// Offline and installable: registers the service worker (sw.js) and shows "update available" when a new build
// has been installed beside the running one. On a first visit it registers only once the engine is ready, so
// precaching the site (most of it already in the HTTP cache by then) never competes with the start-up.
// <html data-offline="none|installing|ready|update"> tells the state (e2e/test_offline.py waits on it).
// `?sw=0` on the page URL leaves any service worker alone (for tests that route requests).

const root = document.documentElement;
const sw = navigator.serviceWorker;
const wanted = new URL(location.href).searchParams.get("sw") !== "0";

function setState(state) {
  root.dataset.offline = state;
}

function banner(worker) {
  setState("update");
  let box = document.getElementById("update-banner");
  if (!box) {
    box = document.createElement("div");
    box.id = "update-banner";
    box.className = "update-banner";
    box.setAttribute("role", "status");
    const text = document.createElement("span");
    text.textContent = "Update available: reload to use the new version.";
    const button = document.createElement("button");
    button.type = "button";
    button.id = "update-apply";
    button.textContent = "Reload now";
    button.addEventListener("click", () => {
      applying = true;
      worker.postMessage({ type: "skip-waiting" });
      setTimeout(() => location.reload(), 3000); // should the worker not take over (another tab holds it)
    });
    box.append(text, button);
    (document.querySelector(".topbar") || document.body).append(box);
  }
}

let applying = false;

function watch(reg) {
  if (reg.waiting && sw.controller) banner(reg.waiting);
  reg.addEventListener("updatefound", () => {
    const worker = reg.installing;
    if (!worker) return;
    if (sw.controller) setState("checking");
    const first = !sw.controller; // a first install activates at once; a later one waits for a reload
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && !first) banner(worker);
      else if (worker.state === "activated" && first) setState("ready");
      else if (worker.state === "redundant" && first) setState("none");
    });
  });
  if (reg.active && !reg.installing && !reg.waiting) setState("ready");
  // A long-open page looks for a new build now and then.
  setInterval(() => reg.update().catch(() => {}), 30 * 60 * 1000);
}

async function register() {
  try {
    const reg = await sw.register("./sw.js", { scope: "./" });
    if (reg.installing && !reg.active) setState("installing");
    watch(reg);
  } catch (err) {
    setState("none");
    console.warn("cargobay: offline use unavailable:", String((err && err.message) || err));
  }
}

if (!sw || !wanted || !window.isSecureContext) {
  setState("none");
} else {
  sw.addEventListener("controllerchange", () => {
    if (applying) location.reload();
  });
  if (sw.controller) {
    register();
  } else {
    setState("none");
    const engineReady = () => window.cargobayEngine?.ready ?? Promise.resolve(true);
    const start = () => engineReady().then(register, register);
    // engine-client.js is an async module too: wait for it if it is not there yet
    if (window.cargobayEngine) start();
    else addEventListener("load", start, { once: true });
  }
}
