/// The script `serve` adds to every HTML page it serves (never to files on disk): it listens
/// for build events, reloads the page when a build changed it, one of its frames or a script it
/// loaded, keeping the scroll position (screen settings live in the address), and lays the
/// build's errors over the page as text. When the page's own payload failed, the last good render stays.
enum LiveScript {
    static let path = "_vitrine/live.js"
    static let eventsPath = "_vitrine/events"

    static let source = #"""
// Vitrine serve: live reload and the build error overlay. Served only by `vitrine serve`.
(function () {
  "use strict";
  if (window.top !== window || !window.EventSource) return;
  var meta = document.querySelector('meta[name="vitrine-live"]');
  if (!meta) return;
  var token = meta.getAttribute("content") || "";
  var build = Number(meta.getAttribute("data-build")) || 0;
  var scrollKey = "vitrine-live-scroll";
  var here = sitePath(location.pathname);
  var dismissed = "";

  try {
    var saved = JSON.parse(sessionStorage.getItem(scrollKey) || "null");
    sessionStorage.removeItem(scrollKey);
    if (saved && saved.path === here) {
      window.addEventListener("load", function () { window.scrollTo(saved.x, saved.y); });
    }
  } catch (error) { /* storage unavailable: no scroll restore */ }

  function sitePath(pathname) {
    var path;
    try { path = decodeURIComponent(pathname); } catch (error) { path = pathname; }
    if (path.slice(-1) === "/") path += "index.html";
    return path.replace(/^\/+/, "");
  }

  // The page and what it loaded from the site: frames, scripts (the index's search data among
  // them), stylesheets and images.
  function shownPaths() {
    var paths = [here];
    document.querySelectorAll("iframe[src], script[src], img[src], link[rel=stylesheet][href]").forEach(function (element) {
      var address = element.getAttribute(element.tagName === "LINK" ? "href" : "src");
      try {
        var url = new URL(address, location.href);
        if (url.origin === location.origin) paths.push(sitePath(url.pathname));
      } catch (error) { /* not a URL */ }
    });
    return paths;
  }

  function reload() {
    try {
      sessionStorage.setItem(scrollKey, JSON.stringify({ path: here, x: window.scrollX, y: window.scrollY }));
    } catch (error) { /* storage unavailable */ }
    location.reload();
  }

  function showErrors(event) {
    var box = document.getElementById("vitrine-live-errors");
    var key = JSON.stringify(event.errors) + event.moreErrors;
    if (!event.errors.length || key === dismissed) {
      if (box) box.remove();
      return;
    }
    if (!box) {
      box = document.createElement("aside");
      box.id = "vitrine-live-errors";
      box.setAttribute("role", "alert");
      box.setAttribute("aria-label", "Build errors");
      var style = box.style;
      style.position = "fixed"; style.left = "1rem"; style.right = "1rem"; style.bottom = "1rem";
      style.maxHeight = "50vh"; style.overflow = "auto"; style.zIndex = "2147483647";
      style.background = "#1d1d1f"; style.color = "#fff"; style.border = "3px solid #ff453a";
      style.borderRadius = "8px"; style.padding = "0.75rem 1rem"; style.font = "13px/1.5 ui-monospace, monospace";
      style.boxShadow = "0 8px 32px rgba(0,0,0,.4)";
      document.body.appendChild(box);
    }
    box.textContent = "";
    var title = document.createElement("strong");
    var count = event.errors.length + event.moreErrors;
    title.textContent = count + (count === 1 ? " error" : " errors") + " in the last build — the page shows the last good render";
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = "Dismiss";
    close.style.float = "right";
    close.addEventListener("click", function () { dismissed = key; box.remove(); });
    var list = document.createElement("ul");
    list.style.margin = "0.5rem 0 0"; list.style.paddingLeft = "1.2rem";
    event.errors.forEach(function (problem) {
      var item = document.createElement("li");
      var where = problem.file + (problem.line ? ":" + problem.line + ":" + problem.column : "");
      // Bidi controls in names and messages are shown as ⟨U+202E⟩, as in the catalogue.
      item.textContent = ((where ? where + ": " : "") + problem.message).replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g,
        function (control) { return "⟨U+" + ("000" + control.charCodeAt(0).toString(16).toUpperCase()).slice(-4) + "⟩"; });
      list.appendChild(item);
    });
    if (event.moreErrors) {
      var more = document.createElement("li");
      more.textContent = "and " + event.moreErrors + " more (see the terminal)";
      list.appendChild(more);
    }
    box.appendChild(close);
    box.appendChild(title);
    box.appendChild(list);
  }

  var source = new EventSource("/_vitrine/events?token=" + encodeURIComponent(token) + "&since=" + build);
  source.onmessage = function (message) {
    var event;
    try { event = JSON.parse(message.data); } catch (error) { return; }
    if (!event || !Array.isArray(event.changed) || !Array.isArray(event.errors)) return;
    showErrors(event);
    if (event.build <= build) return;
    // A gap means events were dropped (a page that stopped reading for a while): reload to be sure.
    var missed = event.since > build;
    build = event.build;
    if (missed) { reload(); return; }
    if (event.failed.indexOf(here) >= 0) return;
    var shown = shownPaths();
    var touched = event.changed.indexOf("*") >= 0 || event.changed.some(function (path) { return shown.indexOf(path) >= 0; });
    if (touched) reload();
  };
})();
"""#
}
