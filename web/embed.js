// Cargo Bay embed loader (docs/embedding.md). On a host page:
//
//   <script src="<cargo bay site>/embed.js" async></script>
//   <div data-cargobay-game="load" data-seats="human,medium" style="height: 640px"></div>
//
// Each element with data-cargobay-game gets an <iframe> of <site>/embed.html that fills it (several per page are
// fine: their engine boots once). Optional attributes: data-seats ("human,medium": a seat kind per seat, human or
// a bot level; two humans play hot-seat), data-seed, data-options (JSON), data-theme (light|dark), data-delay (ms
// between bot moves), data-title (the iframe's accessible name). A seat "friend" makes the embed a peer invite.
// Events (API version 1) arrive as DOM events on the element, checked to come from the site and that element's
// iframe: "cargobay" for all, and "cargobay:<type>" (ready, match_started, move, ended, error); event.detail is the
// message. Commands: element.cargobay.send({type: "new_match" | "set_seats" | "theme", ...}).
// window.CargoBay: {version, site, mount(element), scan()} for elements added later.
(() => {
  if (window.CargoBay) return;
  const VERSION = 1;
  const script = document.currentScript;
  const site = new URL(".", script ? script.src : location.href);
  const frames = new Map(); // embed id -> {element, iframe}
  const OPTIONAL = [["seats", "seats"], ["seed", "seed"], ["options", "options"], ["theme", "theme"],
    ["delay", "delay"]];
  let next = 1;

  function mount(element) {
    if (element.cargobay) return element.cargobay;
    const id = `cb${next++}-${Math.random().toString(36).slice(2, 7)}`;
    const query = new URLSearchParams({ embed: id, origin: location.origin, game: element.dataset.cargobayGame || "" });
    for (const [attr, key] of OPTIONAL) if (element.dataset[attr]) query.set(key, element.dataset[attr]);
    const iframe = document.createElement("iframe");
    // A seat "friend" (data-seats="human,friend"): a peer invite, the site's own "Play a friend" host flow in the
    // frame (invite link, code and QR code); it sends the same events and takes `theme` (docs/embedding.md).
    const friend = (element.dataset.seats || "").split(",").some((s) => s.trim().toLowerCase() === "friend");
    if (friend) {
      const invite = new URLSearchParams({ play: "friend", game: query.get("game"), seats: element.dataset.seats,
        embed: id, origin: location.origin });
      if (element.dataset.delay) invite.set("delay", element.dataset.delay);
      if (element.dataset.theme) invite.set("theme", element.dataset.theme);
      iframe.src = new URL(`./?${invite}`, site).href;
    } else {
      iframe.src = new URL(`embed.html?${query}`, site).href;
    }
    iframe.title = element.dataset.title || "Cargo Bay game";
    iframe.setAttribute("allow", "clipboard-write");
    iframe.style.cssText = "display:block;width:100%;height:100%;border:0;";
    element.replaceChildren(iframe);
    const api = {
      id,
      iframe,
      send(command) {
        iframe.contentWindow.postMessage({ ...command, cargobay: "command", v: VERSION }, site.origin);
      },
    };
    element.cargobay = api;
    frames.set(id, { element, iframe });
    return api;
  }

  addEventListener("message", (event) => {
    const data = event.data;
    if (event.origin !== site.origin || !data || data.cargobay !== "event") return;
    const frame = frames.get(data.embed);
    if (!frame || event.source !== frame.iframe.contentWindow) return;
    frame.element.dispatchEvent(new CustomEvent("cargobay", { detail: data, bubbles: true }));
    frame.element.dispatchEvent(new CustomEvent(`cargobay:${data.type}`, { detail: data, bubbles: true }));
  });

  function scan() {
    return [...document.querySelectorAll("[data-cargobay-game]")].map(mount);
  }

  window.CargoBay = { version: VERSION, site: site.href, mount, scan };
  if (document.readyState === "loading") addEventListener("DOMContentLoaded", scan, { once: true });
  else scan();
})();
