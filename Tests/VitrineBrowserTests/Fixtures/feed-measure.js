// Extra measurements of a rendered home feed for VitrineBrowserTests (see Support/FeedPage.swift).
//
// Loaded after measure.js (whose measuredBox it reuses). measure.js keeps one element per
// data-v-path, the last one; a feed header shares its pointer between the header box, the title
// and the spacer, so this script keeps EVERY element with a data-v-path, in document order, with:
//   tag, classes, box (measure.js's border box), scroll extents,
//   the computed scroll-snap-type / scroll-snap-align and direction.
// The JSON goes into <pre id="v-feed-measure"> at the end of <body>, read back with --dump-dom.
"use strict";

function measureFeed() {
  const elements = {};
  for (const element of document.querySelectorAll("[data-v-path]")) {
    const path = element.getAttribute("data-v-path");
    const style = getComputedStyle(element);
    if (!(path in elements)) elements[path] = [];
    elements[path].push({
      tag: element.tagName.toLowerCase(),
      classes: Array.from(element.classList),
      box: measuredBox(element),
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      scrollHeight: element.scrollHeight,
      clientHeight: element.clientHeight,
      scrollSnapType: style.scrollSnapType,
      scrollSnapAlign: style.scrollSnapAlign,
      direction: style.direction,
    });
  }
  const out = document.createElement("pre");
  out.id = "v-feed-measure";
  out.textContent = JSON.stringify({ direction: document.documentElement.dir, elements: elements });
  document.body.appendChild(out);
}

window.addEventListener("load", () => {
  document.fonts.ready.then(measureFeed);
});
