// Vitrine index: search, filters, folders and pages over every screen. The list data
// (catalogue/screens.js) is loaded only when the reader asks for more than the first page, so
// the index page stays small at any number of screens. State lives in the address (#q=…).
"use strict";

(() => {
  const main = document.querySelector("[data-v-catalogue]");
  if (!main) return;
  const search = main.querySelector("[data-v-search]");
  const cards = main.querySelector("[data-v-cards]");
  const count = main.querySelector("[data-v-count]");
  const pager = main.querySelector("[data-v-pager]");
  const template = main.querySelector("[data-v-card-template]");
  // A theme's index without these keeps its first page of cards, drawn at build time.
  if (!search || !cards || !template) return;
  const filters = {};
  for (const filter of main.querySelectorAll("[data-v-filter]")) filters[filter.dataset.vFilter] = filter;
  const pageSize = Number(main.dataset.vPageSize) || 48;
  // A screen of more components than this gets no miniature (its render would stall the
  // index); the page gives the build's limit, 3,000 when a theme's page leaves it out.
  const miniatureLimit = Number(main.dataset.vMiniatureLimit) || 3000;
  let rows = null;
  let loading = null;

  function load() {
    if (rows) return Promise.resolve(rows);
    if (loading) return loading;
    loading = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = main.dataset.vCatalogue;
      script.onload = () => {
        const data = window.vitrineCatalogue;
        const at = Object.fromEntries(data.fields.map((name, index) => [name, index]));
        rows = data.screens.map((row) => {
          const screen = {};
          for (const name of data.fields) screen[name] = row[at[name]];
          screen.haystack = fold([screen.title, screen.payload, screen.folder, screen.kind, screen.types.join(" "), screen.text].join("\n"));
          screen.foldedTitle = fold(screen.title);
          return screen;
        });
        resolve(rows);
      };
      script.onerror = () => reject(new Error("could not load " + script.src));
      document.head.append(script);
    });
    return loading;
  }

  // Search ignores case and accents: "KATEGORİLER" finds "kategoriler", "cafe" finds "café",
  // "FIRINDAN" finds "Fırından" (dotless ı, which no upper case lowers to), "strasse" "Straße".
  const fold = (text) => /[^\x00-\x7f]/.test(text)
    ? text.toLowerCase().normalize("NFD").replace(/\p{M}+/gu, "").replace(/ı/g, "i").replace(/ß/g, "ss")
    : text.toLowerCase();
  const say = (text) => { if (count) count.textContent = text; };
  const counted = (count, noun) => count + " " + noun + (count === 1 ? "" : "s");
  const decode = (text) => { try { return decodeURIComponent(text); } catch { return text; } };

  function readState() {
    // diagnostics: "" (any screen), "any" (with errors or warnings) or "errors" (with errors).
    const state = { q: "", kind: "", component: "", diagnostics: "", folder: "", page: 1 };
    for (const part of location.hash.slice(1).split("&")) {
      if (!part) continue;
      const equals = part.indexOf("=");
      const key = equals < 0 ? part : part.slice(0, equals);
      const text = equals < 0 ? "" : decode(part.slice(equals + 1).replace(/\+/g, " "));
      if (key === "diagnostics") state.diagnostics = text === "errors" ? "errors" : text === "false" || text === "0" ? "" : "any";
      else if (key === "page") state.page = Math.max(1, parseInt(text, 10) || 1);
      else if (key in state) state[key] = text;
    }
    return state;
  }

  function writeState(state) {
    const parts = [];
    for (const key of ["q", "kind", "component", "folder"]) if (state[key]) parts.push(key + "=" + encodeURIComponent(state[key]));
    if (state.diagnostics) parts.push(state.diagnostics === "errors" ? "diagnostics=errors" : "diagnostics");
    if (state.page > 1) parts.push("page=" + state.page);
    const hash = parts.length ? "#" + parts.join("&") : "";
    if (hash !== location.hash) history.replaceState(null, "", hash || location.pathname + location.search);
  }

  function stateFromControls(page) {
    return {
      q: search.value.trim(),
      kind: filters.kind ? filters.kind.value : "",
      component: filters.component ? filters.component.value : "",
      diagnostics: !filters.diagnostics ? "" : filters.diagnostics.type === "checkbox" ? (filters.diagnostics.checked ? "any" : "") : filters.diagnostics.value,
      folder: current.folder,
      page: page || 1,
    };
  }

  function matches(screen, state, words) {
    if (state.kind && screen.kind !== state.kind) return false;
    if (state.component && !screen.types.some((type) => marked(type) === state.component)) return false;
    if (state.diagnostics === "errors" && !(screen.errors > 0)) return false;
    if (state.diagnostics === "any" && !(screen.errors > 0 || screen.warnings > 0)) return false;
    if (state.folder && screen.folder !== state.folder && !screen.folder.startsWith(state.folder + "/")) return false;
    return words.every((word) => screen.haystack.includes(word));
  }

  // Bidi controls in names are shown as ⟨U+202E⟩, not applied, as in the pages (Trojan Source).
  const marked = (text) => text.replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g,
    (control) => "⟨U+" + control.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0") + "⟩");

  // A drawn card's miniature frame is put in only once the card nears the window: frames of
  // one origin load on the index's own thread, so a page of 48 made at each keystroke or page
  // turn held the page for seconds at 10,000 screens. Without IntersectionObserver, at once.
  const margin = 400;
  const near = "IntersectionObserver" in window ? new IntersectionObserver((entries) => {
    for (const entry of entries) if (entry.isIntersecting) putFrame(entry.target);
  }, { rootMargin: margin + "px 0px" }) : null;

  function putFrame(box) {
    if (!box.classList.contains("v-mini-waiting")) return;  // put in already (a report queued before a redraw)
    near.unobserve(box);
    box.classList.remove("v-mini-waiting");
    box.vitrineFrame.src = box.vitrineSrc;
    box.prepend(box.vitrineFrame);
  }

  function card(screen) {
    const item = template.content.firstElementChild.cloneNode(true);
    item.classList.add("v-status-" + screen.status);
    // A field the theme's card leaves out is not filled.
    const fill = (name, value) => {
      const field = item.querySelector('[data-v-field="' + name + '"]');
      if (field) field.textContent = marked(value);
    };
    fill("title", screen.title);
    const title = item.querySelector('[data-v-field="title"]');
    if (title && screen.href) title.href = screen.href;
    fill("payload", screen.payload);
    fill("folder", screen.folder);
    fill("kind", screen.kind);
    fill("components", counted(screen.components, "component"));
    fill("errors", screen.errors ? counted(screen.errors, "error") : "");
    fill("warnings", screen.warnings ? counted(screen.warnings, "warning") : "");
    const frame = item.querySelector("iframe"), none = item.querySelector(".v-mini-none");
    const tooLarge = screen.frameHref && screen.components > miniatureLimit;
    if (tooLarge) {
      if (none) none.textContent = "too large for a miniature";
    } else if (screen.frameHref && frame && near && frame.parentElement) {
      const box = frame.parentElement;
      frame.remove();
      box.vitrineFrame = frame;
      box.vitrineSrc = screen.frameHref;
      box.classList.add("v-mini-waiting");
      near.observe(box);
    } else if (screen.frameHref && frame) {
      frame.src = screen.frameHref;
    } else if (!screen.frameHref && none) {
      none.textContent = screen.status;
    }
    return item;
  }

  // A card taken off the page, its miniature no longer awaited.
  function discard(item) {
    const waiting = item.matches(".v-mini-waiting") ? item : item.querySelector(".v-mini-waiting");
    if (waiting && near) near.unobserve(waiting);
    item.remove();
  }

  // The cards of `shown`, in order. A card already on the page for the same screen (drawn here,
  // or at build time with `data-v-payload`) stays, its miniature loaded: narrowing a search
  // tears down and loads only the frames that change.
  // `moveBefore` keeps a frame loaded where the browser has it; elsewhere a card out of order is
  // made again.
  function redraw(shown) {
    const keys = new Set(shown.map((screen) => screen.payload));
    const kept = new Map();
    for (const item of [...cards.children]) {
      const payload = item.vitrinePayload ?? item.dataset.vPayload;
      if (payload !== undefined && keys.has(payload) && !kept.has(payload)) kept.set(payload, item);
      else discard(item);
    }
    let next = cards.firstElementChild;
    for (const screen of shown) {
      const item = kept.get(screen.payload);
      if (item && item === next) { next = item.nextElementSibling; continue; }
      if (item && cards.moveBefore) { cards.moveBefore(item, next); continue; }
      if (item) discard(item);
      const made = card(screen);
      made.vitrinePayload = screen.payload;
      cards.insertBefore(made, next);
    }
    // The miniatures near the window go in at once; the others are watched for afresh (in
    // Chromium 156, cards kept across two quick redraws, a search then its word erased, were
    // never reported).
    if (!near) return;
    for (const box of cards.querySelectorAll(".v-mini-waiting")) {
      const place = box.getBoundingClientRect();
      if (place.bottom > -margin && place.top < innerHeight + margin) putFrame(box);
      else {
        near.unobserve(box);
        near.observe(box);
      }
    }
  }

  // A page turn moves the focus to the top of the new list, as a page load would: the next Tab
  // reaches its first card, not the pager at the foot of the cards.
  function pageButton(label, page, state) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    if (state === "current") button.setAttribute("aria-current", "page");
    if (state === "disabled") button.setAttribute("aria-disabled", "true");
    if (/^\d+$/.test(label)) button.setAttribute("aria-label", "Page " + label);
    button.addEventListener("click", () => {
      if (state === "disabled") return;
      show(stateFromControls(page));
      // The count above the cards ("… page 2 of 3") comes into view with them.
      (cards.closest(".v-results") || cards).scrollIntoView({ block: "start" });
      cards.focus({ preventScroll: true });
    });
    return button;
  }

  // The pager drawn again; a button that had the focus (an address typed while it had it)
  // hands it on to its new self.
  function drawPager(page, pages) {
    if (!pager) return;
    const focused = pager.contains(document.activeElement) ? document.activeElement.textContent : null;
    pager.replaceChildren();
    pager.hidden = pages <= 1;  // no landmark with nothing in it
    if (pages > 1) fillPager(page, pages);
    if (focused !== null) [...pager.querySelectorAll("button")].find((button) => button.textContent === focused)?.focus();
  }

  // First, Previous, up to seven page numbers, Next, Last, and "Page N of M". Each button keeps
  // its place: at either end First and Previous, or Next and Last, stay, marked unavailable.
  function fillPager(page, pages) {
    const at = (edge) => page === edge ? "disabled" : "";
    pager.append(pageButton("First", 1, at(1)), pageButton("Previous", page - 1, at(1)));
    const first = Math.max(1, Math.min(page - 3, pages - 6)), last = Math.min(pages, first + 6);
    const numbers = document.createElement("span");
    numbers.className = "v-pager-pages";
    for (let number = first; number <= last; number++) numbers.append(pageButton(String(number), number, number === page ? "current" : ""));
    pager.append(numbers);
    pager.append(pageButton("Next", page + 1, at(pages)), pageButton("Last", pages, at(pages)));
    const status = document.createElement("span");
    status.className = "v-pager-status";
    status.textContent = "Page " + page + " of " + pages;
    pager.append(status);
  }

  // A long folder tree (431 folders at 10,000 generated screens) opens only as many levels as
  // fit in about 30 rows, and along the folder shown; each folder holding folders gets a button
  // that opens and closes it. A tree that fits is left as the page drew it.
  const foldRows = 30;
  const tree = main.querySelector(".v-folders");
  const rowsAt = [];  // rows at each depth: 0 the whole catalogue, 1 the top folders, …
  const folds = [];   // [a folder's row, its list of folders, their depth]
  (function walk(list, level) {
    for (const item of list.children) {
      rowsAt[level] = (rowsAt[level] || 0) + 1;
      const inner = item.querySelector(":scope > ul");
      if (!inner) continue;
      if (level > 0) folds.push([item, inner, level + 1]);
      walk(inner, level + 1);
    }
  })(tree || document.createElement("ul"), 0);
  let levelsShown = 2;  // the whole catalogue and the top folders always show
  for (let rows = (rowsAt[0] || 0) + (rowsAt[1] || 0); levelsShown < rowsAt.length && rows + rowsAt[levelsShown] <= foldRows;) rows += rowsAt[levelsShown++];
  if (levelsShown < rowsAt.length) {
    tree.classList.add("v-foldable");
    for (const [item, list, level] of folds) {
      const link = item.querySelector(":scope > a");
      if (!link) continue;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "v-fold";
      button.setAttribute("aria-label", "Folders in " + link.dataset.vFolder.split("/").pop());
      button.addEventListener("click", () => setOpen(item, list.hidden));
      item.prepend(button);
      setOpen(item, level < levelsShown);
    }
  }

  function setOpen(item, open) {
    const list = item.querySelector(":scope > ul");
    const button = item.querySelector(":scope > .v-fold");
    if (!list || !button) return;
    list.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
  }

  function markFolder(folder) {
    for (const link of main.querySelectorAll("[data-v-folder]")) {
      const shown = link.dataset.vFolder === folder;
      link.setAttribute("aria-current", String(shown));
      // The folder shown is in view: every folder around it is open, and the folders' box
      // (short, and scrolling, on a phone) is scrolled to it.
      if (!shown) continue;
      for (let item = link.parentElement.parentElement.closest("li"); item; item = item.parentElement.closest("li")) setOpen(item, true);
      scrollWithin(link.closest(".v-folders"), link);
    }
  }

  // A search written as a query (`index.html?q=coffee`, as other sites link to one) moves into
  // the fragment, where the index keeps its state; other query parameters stay.
  const stateKeys = ["q", "kind", "component", "folder", "diagnostics", "page"];
  const query = new URLSearchParams(location.search);
  if (location.hash.length <= 1 && stateKeys.some((key) => query.has(key))) {
    const parts = stateKeys.filter((key) => query.has(key)).map((key) => key + "=" + encodeURIComponent(query.get(key)));
    for (const key of stateKeys) query.delete(key);
    const rest = query.toString();
    history.replaceState(null, "", location.pathname + (rest ? "?" + rest : "") + "#" + parts.join("&"));
  }

  // A kind, component or folder the page does not offer (a mistyped or outdated address) is
  // dropped, and the address with it: applied unseen, it emptied the list under "Any kind".
  function offered(state) {
    for (const key of ["kind", "component"]) {
      const select = filters[key];
      if (state[key] && select && select.tagName === "SELECT" && ![...select.options].some((option) => option.value === state[key])) state[key] = "";
    }
    const folders = [...main.querySelectorAll("[data-v-folder]")];
    if (state.folder && folders.length && !folders.some((link) => link.dataset.vFolder === state.folder)) state.folder = "";
    return state;
  }

  let current = offered(readState());
  let generation = 0;

  function show(state) {
    current = state;
    writeState(state);
    return load().then((all) => {
      const started = performance.now();
      const words = fold(state.q).split(/\s+/).filter(Boolean);
      const found = all.filter((screen) => matches(screen, state, words));
      // Screens whose title holds every word come first; otherwise the catalogue's order stays.
      if (words.length) {
        const inTitle = (screen) => words.every((word) => screen.foldedTitle.includes(word));
        found.sort((a, b) => inTitle(b) - inTitle(a));
      }
      const pages = Math.max(1, Math.ceil(found.length / pageSize));
      const page = Math.min(state.page, pages);
      if (page !== state.page) {
        state.page = page;  // an address past the last page shows, and says, the last page
        writeState(state);
      }
      const others = found.filter((screen) => screen.status === "unknown").length;
      say((found.length - others) + " of " + all.filter((screen) => screen.status !== "unknown").length + " screens"
        + (others ? " and " + counted(others, "other JSON file") : "") + (found.length ? "" : ": none matches")
        + (pages > 1 ? ", page " + page + " of " + pages : ""));  // so a page turn is announced too
      main.dataset.vSearchMs = (performance.now() - started).toFixed(1);
      // The cards (and the miniatures' frames, slow to tear down) follow in a task of their own,
      // so the count answers a keystroke at once; a newer search cancels an older redraw.
      const shown = ++generation;
      setTimeout(() => {
        if (shown !== generation) return;
        const drawing = performance.now();
        redraw(found.slice((page - 1) * pageSize, page * pageSize));
        main.dataset.vCardsMs = (performance.now() - drawing).toFixed(1);
      }, 0);
      drawPager(page, pages);
      markFolder(state.folder);
    }).catch((error) => { say(error.message); });
  }

  function syncControls() {
    search.value = current.q;
    if (filters.kind) filters.kind.value = current.kind;
    if (filters.component) filters.component.value = current.component;
    // A theme's checkbox (the filter before it was a list) shows either choice as ticked.
    if (filters.diagnostics?.type === "checkbox") filters.diagnostics.checked = current.diagnostics !== "";
    else if (filters.diagnostics) filters.diagnostics.value = current.diagnostics;
  }

  syncControls();
  // An edited address (or a folder link followed by hand) takes effect without a reload.
  window.addEventListener("hashchange", () => {
    current = offered(readState());
    syncControls();
    show(current);
  });
  // The first page is in the HTML; the search data loads only when the reader searches,
  // filters or turns a page (the pager needs only the count).
  if (location.hash.length > 1) {
    // The cards of the HTML are the first page of everything: not shown for a shared search
    // while its data loads.
    if (current.q || current.kind || current.component || current.diagnostics || current.folder || current.page > 1) {
      cards.replaceChildren();
      say("Searching…");
    }
    show(current);
  } else {
    drawPager(1, Math.ceil(Number(main.dataset.vTotal) / pageSize));
    markFolder("");
  }

  let typing = null;
  search.addEventListener("input", () => {
    clearTimeout(typing);
    typing = setTimeout(() => show(stateFromControls()), 80);
  });
  search.addEventListener("focus", () => { load(); }, { once: true });
  for (const filter of Object.values(filters)) filter.addEventListener("change", () => show(stateFromControls()));
  for (const link of main.querySelectorAll("[data-v-folder]")) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      current.folder = link.dataset.vFolder;
      show(stateFromControls());
    });
  }
})();
