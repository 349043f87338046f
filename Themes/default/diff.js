// Vitrine diff report: outlines the changed components in both renders (by the JSON Pointers
// the page lists), shows a listed change's components on request (each "Show" scrolls them
// into the renders' view and flashes them), keeps the two screens scrolled together, dims what
// did not change and hides the badges on request, and filters the summary's files by change class.
"use strict";

(() => {
  // Whether the element's left, right or top edge lies within a few px of its clipping box.
  const clipOf = (element) => {
    for (let clip = element.parentElement; clip; clip = clip.parentElement) {
      const style = getComputedStyle(clip);
      if (style.overflowX !== "visible" || style.overflowY !== "visible") return clip;
    }
    return null;
  };
  const atClippedEdge = (element) => {
    const clip = clipOf(element);
    if (!clip) return false;
    const box = element.getBoundingClientRect(), edges = clip.getBoundingClientRect(), room = 5;
    return box.left - edges.left < room || edges.right - box.right < room || box.top - edges.top < room;
  };
  // A badge sits at its element's inline end; where it would stick out of the clipping box
  // there (a short "Cart" at the screen's left edge reading "hanged"), at its inline start.
  // Above its element, a badge is cut off where the element meets the clipping box's top (the
  // first component of a screen): there it goes inside, at the element's top.
  const badgeClippedAbove = (element) => {
    const clip = clipOf(element);
    if (!clip) return false;
    // The badge's size is in its own pixels; a device zoomed out to fit a phone draws it smaller.
    const height = (parseFloat(getComputedStyle(element, "::before").height) || 14) * (element.currentCSSZoom || 1);
    return element.getBoundingClientRect().top - height < clip.getBoundingClientRect().top;
  };
  const badgeOverflows = (element) => {
    const clip = clipOf(element);
    if (!clip) return false;
    const box = element.getBoundingClientRect(), edges = clip.getBoundingClientRect();
    const width = (parseFloat(getComputedStyle(element, "::before").width) || 0) * (element.currentCSSZoom || 1);
    return getComputedStyle(element).direction === "rtl" ? box.left + width > edges.right : box.right - width < edges.left;
  };

  const data = pageElement("v-diff-outlines");
  if (data) {
    const outlines = JSON.parse(data.textContent);
    const screens = [...document.querySelectorAll(".v-diff-side .v-screen")];
    const sync = document.querySelector("[data-v-sync]");
    let syncing = false;
    const elementsOf = new Map();  // a change's place in the list → the elements it outlines
    // Each side's drawn elements by pointer (the first drawn at it), looked up once per side.
    const drawnAt = new Map();
    for (const side of document.querySelectorAll("[data-v-side]")) {
      const byPointer = new Map();
      for (const element of side.querySelectorAll("[data-v-path]")) if (!byPointer.has(element.dataset.vPath)) byPointer.set(element.dataset.vPath, element);
      drawnAt.set(side.dataset.vSide, byPointer);
    }
    const marked = [];
    for (const outline of outlines) {
      const byPointer = drawnAt.get(outline.side);
      if (!byPointer) continue;
      // A view is drawn at its component object: a view added, removed or moved, and its
      // `type`, outline that; a change deep inside a component (a font size) outlines the
      // nearest drawn element above it.
      let pointer = outline.pointer, element;
      for (;;) {
        element = byPointer.get(pointer + "/component") || byPointer.get(pointer);
        if (element || pointer === "") break;
        pointer = pointer.slice(0, pointer.lastIndexOf("/"));
      }
      if (!element) continue;
      if (!elementsOf.has(outline.change)) elementsOf.set(outline.change, []);
      elementsOf.get(outline.change).push(element);
      // Changes come most severe first: the first kind an element gets is the one it shows.
      if (element.dataset.vDiff) continue;
      element.classList.add("v-diff-" + outline.kind);
      element.dataset.vDiff = outline.kind;
      marked.push(element);
    }
    // Outlines go outside the element, so they never cover what changed (a 2 px connector line
    // at a padded box's edge); where the screen or a scroll would clip them, inside. Every
    // element is measured before any is moved: one layout, not one per change.
    const placements = marked.map((element) => [element, { "v-diff-inset": atClippedEdge(element),
      "v-diff-badge-start": badgeOverflows(element), "v-diff-badge-inside": badgeClippedAbove(element) }]);
    for (const [element, classes] of placements) {
      for (const [name, on] of Object.entries(classes)) if (on) element.classList.add(name);
    }
    // Scrolls every box between the element and its screen (a rail, a scroll view, the screen)
    // so the element sits in view, centred where it fits; the other side keeps its own scroll.
    const reveal = (element) => {
      syncing = true;
      for (let box = element.parentElement; box; box = box.parentElement) {
        const style = getComputedStyle(box), scrolls = /auto|scroll/;
        const outer = box.getBoundingClientRect(), inner = element.getBoundingClientRect();
        if (scrolls.test(style.overflowY)) box.scrollTop += inner.top - outer.top - Math.max(0, (outer.height - inner.height) / 2);
        if (scrolls.test(style.overflowX)) box.scrollLeft += inner.left - outer.left - Math.max(0, (outer.width - inner.width) / 2);
        if (box.classList.contains("v-screen")) break;
      }
      requestAnimationFrame(() => { syncing = false; });
      element.classList.remove("v-diff-flash");
      void element.offsetWidth;  // restarts the flash
      element.classList.add("v-diff-flash");
      setTimeout(() => element.classList.remove("v-diff-flash"), 1500);  // also when motion is reduced
    };
    for (const item of document.querySelectorAll("[data-v-change]")) {
      const button = item.querySelector("[data-v-show]");
      const elements = elementsOf.get(Number(item.dataset.vChange)) || [];
      if (!button || elements.length === 0) continue;
      button.hidden = false;
      button.addEventListener("click", () => {
        for (const flashing of document.querySelectorAll(".v-diff-flash")) flashing.classList.remove("v-diff-flash");
        elements.forEach(reveal);
        // Then the page, so the first of them is in the window (the figure may be taller than it).
        elements[0].scrollIntoView({ block: "nearest", inline: "nearest" });
      });
    }
    for (const screen of screens) {
      screen.addEventListener("scroll", () => {
        if (syncing || !sync || !sync.checked) return;
        syncing = true;
        for (const other of screens) if (other !== screen) other.scrollTop = screen.scrollTop;
        requestAnimationFrame(() => { syncing = false; });
      });
    }
    const dim = document.querySelector("[data-v-dim]");
    if (dim) dim.addEventListener("change", () => document.body.classList.toggle("v-diff-dim", dim.checked));
    const badges = document.querySelector("[data-v-badges]");
    if (badges) badges.addEventListener("change", () => document.body.classList.toggle("v-diff-no-badges", !badges.checked));
  }

  // The kinds of change ticked keep the files that have one; a status says how many are shown
  // (a screen reader hears it), or that none is.
  const filters = [...document.querySelectorAll("[data-v-class-filter]")];
  const status = document.querySelector("[data-v-filter-status]");
  const apply = () => {
    const shown = new Set(filters.filter((f) => f.checked).map((f) => f.dataset.vClassFilter));
    for (const row of document.querySelectorAll("[data-v-classes]")) {
      const classes = row.dataset.vClasses.split(" ").filter(Boolean);
      row.hidden = classes.length > 0 && !classes.some((c) => shown.has(c));
    }
    if (!status) return;
    const files = [...document.querySelectorAll("tr[data-v-classes]")];
    const count = files.filter((row) => !row.hidden).length;
    status.textContent = count === 0 ? "No changed file has the kinds of change ticked: tick one to see its files."
      : count + " of " + files.length + " changed file" + (files.length === 1 ? "" : "s") + " shown.";
  };
  for (const filter of filters) filter.addEventListener("change", apply);
})();
