// Drives the catalogue's index page for CatalogueInteractionTests (see Support/CatalogueSite.swift).
//
// Loaded with `defer` after the site's own scripts, so catalogue.js has already read the address
// (e.g. #q=kiwi) and started its search. Each step changes the controls the way a reader does
// (value + the `input` or `change` event the page listens to), waits for the page to redraw the
// list (catalogue.js sets data-v-search-ms on <main> after every search; the probe clears it
// before acting), and records:
//   titles   the titles of the cards that are drawn (have a box), in order;
//   hrefs    their links, resolved against the page (absolute file: URLs);
//   count    the text of [data-v-count];
//   hash     location.hash afterwards;
//   settled  whether the page redrew within the step's time limit;
//   miniGaps for each drawn card with a miniature, the space left and right of it in its box;
//   focused  the id of the focused element;
//   miniSrcs for each drawn card with a miniature, the address its frame loads (resolved);
//   miniatureTexts  for each drawn card without one, what its miniature's box says;
//   controls the search field's text and the filters' values;
//   dataLoaded  whether the search data (catalogue/screens.js) has been asked for;
//   keptFrames  how many drawn cards' miniature frames are the very elements drawn before the step.
// With ?probe-steps=load in the address, only the page as loaded and one search are recorded.
// The JSON goes into <pre id="v-catalogue-probe"> at the end of <body>, read back with --dump-dom.
"use strict";

(() => {
  const errors = [];
  window.addEventListener("error", (event) => errors.push(String(event.message)));
  window.addEventListener("unhandledrejection", (event) => errors.push(String(event.reason)));

  const main = document.querySelector("[data-v-catalogue]");
  const search = document.querySelector("[data-v-search]");
  const kind = document.querySelector('select[data-v-filter="kind"]');
  const component = document.querySelector('select[data-v-filter="component"]');
  const diagnostics = document.querySelector('select[data-v-filter="diagnostics"]');
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  // catalogue.js sets data-v-cards-ms once the cards of a search are drawn; their miniatures'
  // frames go in once the cards are seen near the window, a frame later.
  async function settled(limit) {
    for (let waited = 0; waited < limit; waited += 20) {
      if (main.dataset.vCardsMs !== undefined) {
        await wait(100);
        return true;
      }
      await wait(20);
    }
    return false;
  }

  function snapshot(done) {
    const cards = [...document.querySelectorAll("[data-v-cards] .v-card")].filter((card) => card.getClientRects().length > 0);
    const links = cards.map((card) => card.querySelector(".v-card-title"));
    return {
      titles: links.map((link) => link.textContent.trim()),
      hrefs: links.map((link) => link.href),
      count: document.querySelector("[data-v-count]").textContent.trim(),
      hash: location.hash,
      focused: document.activeElement ? document.activeElement.id : "",
      settled: done,
      controls: {
        q: search.value,
        kind: kind.value,
        component: component ? component.value : "",
        diagnostics: document.querySelector('[data-v-filter="diagnostics"]')?.value ?? "",
      },
      dataLoaded: document.querySelector('script[src$="screens.js"]') !== null,
      miniGaps: cards.map((card) => {
        const box = card.querySelector(".v-mini");
        const frame = box && box.querySelector("iframe");
        if (!frame || frame.getClientRects().length === 0) return null;
        const outer = box.getBoundingClientRect(), inner = frame.getBoundingClientRect();
        return [inner.left - outer.left, outer.right - inner.right];
      }).filter((gaps) => gaps !== null),
      miniSrcs: cards.map((card) => card.querySelector(".v-mini iframe")).filter((frame) => frame && frame.getAttribute("src")).map((frame) => frame.src),
      miniatureTexts: cards.filter((card) => !card.querySelector(".v-mini iframe[src]")).map((card) => card.querySelector(".v-mini-none").textContent),
      keptFrames: cards.filter((card) => card.querySelector(".v-mini iframe")?.probeSeen).length,
    };
  }

  // Acts, then waits past catalogue.js's 80 ms typing delay for the redraw.
  async function step(act) {
    delete main.dataset.vCardsMs;
    for (const frame of document.querySelectorAll("[data-v-cards] iframe")) frame.probeSeen = true;
    act();
    await wait(300);
    return snapshot(await settled(1500));
  }

  function type(text) {
    search.focus();
    search.value = text;
    search.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function choose(select, value) {
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }

  async function run() {
    const steps = {};
    steps.fromAddress = snapshot(await settled(1500));
    steps.typedUnique = await step(() => type("bread"));
    if (new URLSearchParams(location.search).get("probe-steps") === "load") return steps;
    steps.typedShared = await step(() => type("mango"));
    steps.reordered = await step(() => type("ma"));
    steps.narrowed = await step(() => type("mango today"));
    steps.typedFolded = await step(() => type("KİWİ"));
    steps.typedDotless = await step(() => type("FIRIN"));
    steps.typedNothing = await step(() => type("zzzz"));
    steps.typedId = await step(() => type("hush"));
    steps.typedFolder = await step(() => type("feeds"));
    steps.typedType = await step(() => type("rectangle"));
    steps.sharedScenes = await step(() => { type("mango"); choose(kind, "scene"); });
    steps.skipped = await step(() => document.querySelector("a.v-skip").click());
    steps.sharedFeeds = await step(() => choose(kind, "feed"));
    steps.cleared = await step(() => { choose(kind, ""); type(""); });
    steps.withDiagnostics = await step(() => choose(diagnostics, "any"));
    steps.withErrors = await step(() => choose(diagnostics, "errors"));
    steps.folderFeeds = await step(() => { choose(diagnostics, ""); document.querySelector('[data-v-folder="feeds"]').click(); });
    steps.spacedType = await step(() => {
      document.querySelector('[data-v-folder=""]').click();
      choose(component, "cell.card image title");
    });
    return steps;
  }

  function report(result) {
    const out = document.createElement("pre");
    out.id = "v-catalogue-probe";
    out.textContent = JSON.stringify(result);
    document.body.appendChild(out);
  }

  if (!main || !search || !kind) {
    report({ steps: {}, errors: ["the page has no catalogue, search or kind filter"] });
    return;
  }
  run().then(
    (steps) => report({ steps: steps, errors: errors }),
    (error) => report({ steps: {}, errors: errors.concat(String(error)) }),
  );
})();
