// The checked command channel of an embedded game (docs/embedding.md), shared by embed.html (a local match) and
// index.html (a peer invite made by embed.js: ?play=friend&embed=<id>&origin=<host origin>). It exists on embed.html
// (data-embed="1") and, on index.html, only in a frame whose address names its embed. Commands are taken from the parent window of the host's origin only (the
// `origin` parameter, else the referrer's); events go to that origin only, never to "*" (ui/embedapi.py, embed.py,
// app.py embed_peer). window.cargobayEmbed = {allowed, listen(fn), emit(text)}.
(function () {
  var q = new URLSearchParams(location.search), allowed = "";
  var embedPage = document.documentElement.getAttribute("data-embed") === "1";
  if (!embedPage && (!q.get("embed") || window.parent === window)) return;
  try {
    allowed = q.get("origin") ? new URL(q.get("origin")).origin : (document.referrer ? new URL(document.referrer).origin : "");
  } catch (err) { allowed = ""; }
  var queue = [], handler = null;
  window.cargobayEmbed = {
    allowed: allowed,
    listen: function (fn) { handler = fn; queue.splice(0).forEach(function (t) { fn(t); }); },
    emit: function (text) {
      if (allowed && window.parent !== window) window.parent.postMessage(JSON.parse(text), allowed);
    },
  };
  var ignored = 0;
  addEventListener("message", function (e) {
    if (window.parent === window || e.source !== window.parent) return;
    if (!allowed || e.origin !== allowed) {  // the parent, at another origin: dropped (counted in data-ignored)
      document.documentElement.setAttribute("data-ignored", String(++ignored));
      return;
    }
    var text;
    try { text = typeof e.data === "string" ? e.data : JSON.stringify(e.data); } catch (err) { text = "null"; }
    if (handler) handler(text); else queue.push(text);
  });
})();
