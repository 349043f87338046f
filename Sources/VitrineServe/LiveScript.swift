/// The script `serve` adds to every HTML page it serves (never to files on disk): it listens
/// for build events, reloads the page when a build changed it, one of its frames or a script it
/// loaded, keeping the scroll positions of the page and its panes (screen settings live in the
/// address), and lays the build's errors over the page as text. When the page's own payload
/// failed, the last good render stays.
///
/// A browser opens at most six connections to one host, and an event stream holds one: so one
/// page of the run (the holder of a Web Lock) keeps the stream and passes its events to the
/// others over a `BroadcastChannel`; when it closes, another takes over. When the stream is
/// refused for good (`serve` was restarted, with a new token), the page waits for the server
/// to answer with a new token and reloads, and so do the others.
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

  // Every element by a key that finds it again after a reload: its id, else the JSON Pointer
  // of the component it draws, else its tag and classes and how many such came before it.
  function keyedElements() {
    var seen = {}, found = [];
    document.querySelectorAll("body *").forEach(function (element) {
      var key = element.id ? "#" + element.id : element.hasAttribute("data-v-path") ? "@" + element.getAttribute("data-v-path")
        : element.tagName + "." + element.className;
      seen[key] = (seen[key] || 0) + 1;
      found.push({ key: key + "~" + seen[key], element: element });
    });
    return found;
  }

  try {
    var saved = JSON.parse(sessionStorage.getItem(scrollKey) || "null");
    sessionStorage.removeItem(scrollKey);
    if (saved && saved.path === here) {
      // After the page's own scripts, which scroll to a selected component as it loads.
      window.addEventListener("load", function () {
        setTimeout(function () {
          var boxes = saved.boxes || {};
          keyedElements().forEach(function (box) {
            var position = boxes[box.key];
            if (position) { box.element.scrollLeft = position[0]; box.element.scrollTop = position[1]; }
          });
          window.scrollTo(saved.x, saved.y);
        });
      });
    }
  } catch (error) { /* storage unavailable: no scroll restore */ }

  function sitePath(pathname) {
    var path;
    try { path = decodeURIComponent(pathname); } catch (error) { path = pathname; }
    if (path.slice(-1) === "/") path += "index.html";
    return path.replace(/^\/+/, "");
  }

  // The page and what it loaded from the site: frames, scripts (the index's search data among
  // them), stylesheets, images and the fonts its stylesheets declare; and what the pages in
  // its frames (the index's miniatures) loaded, whose images and fonts it shows too.
  function shownPaths() {
    var paths = [here];
    function add(address, base) {
      try {
        var url = new URL(address, base);
        if (url.origin === location.origin) paths.push(sitePath(url.pathname));
      } catch (error) { /* not a URL */ }
    }
    function collect(doc) {
      doc.querySelectorAll("iframe[src], script[src], img[src], link[rel=stylesheet][href]").forEach(function (element) {
        add(element.getAttribute(element.tagName === "LINK" ? "href" : "src"), doc.baseURI);
      });
      for (var i = 0; i < doc.styleSheets.length; i++) {
        var sheet = doc.styleSheets[i], rules;
        try { rules = sheet.cssRules; } catch (error) { continue; }
        for (var j = 0; j < rules.length; j++) {
          if (!(rules[j] instanceof CSSFontFaceRule)) continue;
          var pattern = /url\(\s*["']?([^"')]+)/g, found, source = rules[j].style.getPropertyValue("src");
          while ((found = pattern.exec(source))) add(found[1], sheet.href || doc.baseURI);
        }
      }
      doc.querySelectorAll("iframe").forEach(function (frame) {
        try { if (frame.contentDocument && frame.contentDocument !== doc) collect(frame.contentDocument); } catch (error) { /* another origin */ }
      });
    }
    collect(document);
    return paths;
  }

  function reload() {
    try {
      var boxes = {};
      keyedElements().forEach(function (box) {
        if (box.element.scrollLeft || box.element.scrollTop) boxes[box.key] = [box.element.scrollLeft, box.element.scrollTop];
      });
      sessionStorage.setItem(scrollKey, JSON.stringify({ path: here, x: window.scrollX, y: window.scrollY, boxes: boxes }));
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
    // Only the page of a payload that failed keeps its last good render; others show the build as it is.
    title.textContent = count + (count === 1 ? " error" : " errors") + " in the last build"
      + (event.failed.indexOf(here) >= 0 ? " — this page shows its last good render" : "");
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

  function receive(data) {
    var event;
    try { event = JSON.parse(data); } catch (error) { return; }
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
  }

  var channel = window.BroadcastChannel ? new BroadcastChannel("vitrine-live-" + token) : null;
  var leading = false, last = null, giveUp = function () {};

  // The stream was refused for good: once the server answers with another run's token (it was
  // restarted), every page of this run reloads. The same token, or a page without live reload
  // (another server on the port), means it stays refused: then the page stays as it is (and
  // lets another page try) rather than reload again and again. Waits longer after each try.
  function waitForNewRun(delay) {
    setTimeout(function () {
      fetch(location.href, { cache: "no-store" }).then(function (response) { return response.text(); }).then(function (text) {
        var found = /<meta name="vitrine-live" content="([0-9a-f]*)"/.exec(text);
        if (!found || found[1] === token) { giveUp(); return; }
        if (channel) channel.postMessage("reload");
        reload();
      }, function () { waitForNewRun(Math.min(delay * 2, 30000)); });
    }, delay);
  }

  function connect() {
    var source = new EventSource("/_vitrine/events?token=" + encodeURIComponent(token) + "&since=" + build);
    source.onmessage = function (message) {
      if (leading && channel) { last = message.data; channel.postMessage(message.data); }
      receive(message.data);
    };
    source.onerror = function () { if (source.readyState === EventSource.CLOSED) waitForNewRun(1000); };
  }

  if (channel && navigator.locks) {
    channel.onmessage = function (message) {
      if (message.data === "hello") { if (leading && last) channel.postMessage(last); }
      else if (message.data === "reload") reload();
      else receive(message.data);
    };
    // A page that opens after the last event asks the stream's holder to pass it on again.
    channel.postMessage("hello");
    navigator.locks.request("vitrine-live-" + token, function () {
      leading = true;
      connect();
      return new Promise(function (release) { giveUp = release; });  // held while the page is open and listening
    });
  } else {
    connect();
  }
})();
"""#
}
