// Drives the index's pager for CataloguePagerTests: reads it as the page drew it, then turns
// pages with its buttons the way a reader does, and once with a typed address, recording after
// each step:
//   buttons  each pager button as [label, state, left], state "current", "disabled" or "", left
//            its left edge in CSS pixels;
//   status   the pager's "Page N of M" text;
//   count    the text of the live count above the cards;
//   frames   how many cards have their miniature's frame (those near the window);
//   cards    the titles of the cards drawn;
//   hash     location.hash;
//   focus    "cards" when the list has the focus, else the focused element's text;
//   currentFolder  the text of the folder link marked current;
//   folders  the folder links in view (their data-v-folder), in order;
//   folds    each fold button as [label, aria-expanded];
//   inView   whether the live count is in the window, and the current folder in its box's visible part.
// As it loads it also records the sidebar's layout: the tops of the kind and component filters,
// the height of the folder tree's box and the top of the first card, the widths of the page and
// of the window, in CSS pixels, how many columns the cards make, and the space left and right
// of the first card's miniature.
// The JSON goes into <pre id="v-pager-probe"> at the end of <body>, read back with --dump-dom;
// in a frame, it is also posted to the page around it.
"use strict";

(() => {
  const errors = [];
  window.addEventListener("error", (event) => errors.push(String(event.message)));
  window.addEventListener("unhandledrejection", (event) => errors.push(String(event.reason)));
  const main = document.querySelector("[data-v-catalogue]");
  const pager = document.querySelector("[data-v-pager]");
  const cards = document.querySelector("[data-v-cards]");
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  function snapshot() {
    const status = pager.querySelector(".v-pager-status");
    const focused = document.activeElement;
    return {
      buttons: [...pager.querySelectorAll("button")].map((button) => [button.textContent,
        button.getAttribute("aria-current") === "page" ? "current" : button.getAttribute("aria-disabled") === "true" ? "disabled" : "",
        String(Math.round(button.getBoundingClientRect().left))]),
      status: status ? status.textContent : "",
      count: document.querySelector("[data-v-count]").textContent.trim(),
      frames: cards.querySelectorAll("iframe[src]").length,
      cards: [...cards.querySelectorAll(".v-card-title")].map((link) => link.textContent.trim()),
      hash: location.hash,
      focus: focused === cards ? "cards" : focused ? focused.textContent : "",
      currentFolder: (document.querySelector('[data-v-folder][aria-current="true"]') || {}).textContent || "",
      folders: [...document.querySelectorAll("[data-v-folder]")].filter((link) => link.checkVisibility()).map((link) => link.dataset.vFolder),
      folds: [...document.querySelectorAll(".v-fold")].map((button) => [button.getAttribute("aria-label"), button.getAttribute("aria-expanded")]),
      inView: inView(),
    };
  }

  // Clicks the button labelled `label`, then waits for the cards of the new page (catalogue.js
  // sets data-v-cards-ms when they are drawn), up to 1.5 s: a click that turns no page waits it all.
  async function click(label) {
    delete main.dataset.vCardsMs;
    const button = [...pager.querySelectorAll("button")].find((candidate) => candidate.textContent === label);
    if (!button) throw new Error("no pager button " + label);
    button.focus();
    button.click();
    for (let waited = 0; waited < 1500 && main.dataset.vCardsMs === undefined; waited += 20) await wait(20);
    await wait(100);  // the miniatures near the window go in a frame later
    return snapshot();
  }

  // Focuses the button labelled `label`, then types `hash` into the address (the pager is drawn
  // again, with the focus inside it) and waits for the cards.
  async function typed(label, hash) {
    delete main.dataset.vCardsMs;
    [...pager.querySelectorAll("button")].find((candidate) => candidate.textContent === label).focus();
    location.hash = hash;
    for (let waited = 0; waited < 1500 && main.dataset.vCardsMs === undefined; waited += 20) await wait(20);
    return snapshot();
  }

  // Whether the live count above the cards is in the window, and the current folder's link
  // in the visible part of the folders' box.
  function inView() {
    const count = document.querySelector("[data-v-count]").getBoundingClientRect();
    const current = document.querySelector('[data-v-folder][aria-current="true"]');
    const box = document.querySelector(".v-folders");
    const [inner, outer] = current ? [current.getBoundingClientRect(), box.getBoundingClientRect()] : [null, null];
    return { count: count.top >= 0 && count.bottom <= window.innerHeight,
      currentFolder: !!inner && inner.top >= outer.top + box.clientTop - 1 && inner.bottom <= outer.top + box.clientTop + box.clientHeight + 1 };
  }

  // The space left and right of the first card's miniature, inside its box.
  function miniatureGaps() {
    const box = cards.querySelector(".v-mini"), frame = box.querySelector("iframe");
    const outer = box.getBoundingClientRect(), inner = frame.getBoundingClientRect();
    return [inner.left - outer.left, outer.right - inner.right];
  }

  async function run() {
    const top = (selector) => document.querySelector(selector).getBoundingClientRect().top;
    const layout = {
      filterTops: [top('[data-v-filter="kind"]'), top('[data-v-filter="component"]')],
      foldersHeight: document.querySelector(".v-folders").getBoundingClientRect().height,
      firstCardTop: top(".v-card"),
      pageWidth: document.documentElement.scrollWidth,
      windowWidth: window.innerWidth,
      cardColumns: new Set([...cards.querySelectorAll(".v-card")].map((card) => Math.round(card.getBoundingClientRect().left))).size,
      miniatureGaps: miniatureGaps(),
    };
    const steps = { first: Object.assign(snapshot(), { layout: layout }) };
    steps.next = await click("Next");
    steps.last = await click("Last");
    steps.disabledNext = await click("Next");
    steps.previous = await click("Previous");
    steps.typed = await typed("Next", "#page=3");
    // The folder tree: a fold button opens its folder; a folder in the address opens those around it.
    document.querySelector('.v-fold[aria-label="Folders in group1"]')?.click();
    steps.unfolded = snapshot();
    steps.folderTyped = await typed("Next", "#folder=group3/f11");
    return steps;
  }

  function report(result) {
    const out = document.createElement("pre");
    out.id = "v-pager-probe";
    out.textContent = JSON.stringify(result);
    document.body.appendChild(out);
    // In a frame (a phone-wide window, which headless Chromium cannot open), the page around it reports.
    if (window.parent !== window) window.parent.postMessage(out.textContent, "*");
  }

  run().then((steps) => report({ steps: steps, errors: errors }),
             (error) => report({ steps: {}, errors: errors.concat(String(error)) }));
})();
