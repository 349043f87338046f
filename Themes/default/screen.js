// Vitrine screen page: device, scheme, direction and text size of the preview; the component
// tree linked to the render and to the JSON source. Also runs on standalone pages, which take
// the same settings from their address: page.frame.html#width=375x667&dark&rtl&scale=1.24 (a
// preset's width with its height; a width alone keeps the default height). On a screen page,
// `fit` zooms the device out to fit the window below the toolbar (on a phone-wide page, the
// window, scrolled to). A screen page's
// address may also select a component by its JSON Pointer: page.html#select=%2Fcontainer%2Fviews%2F2%2Fcomponent
// (the gallery's specimens link so); selecting one writes it there, beside the settings.
"use strict";

(() => {
  const stage = document.querySelector("[data-v-stage]");
  const original = stage && stage.querySelector(".v-device");
  // A stage without a device (a diff's frame of a payload that decodes in neither revision) has nothing to set.
  if (!original) return;
  const controls = {};
  for (const control of document.querySelectorAll("[data-v-control]")) controls[control.dataset.vControl] = control;
  const storageKey = "vitrine.preview";

  function saved() {
    try { return JSON.parse(sessionStorage.getItem(storageKey) || "{}"); } catch { return {}; }
  }

  function save(settings) {
    try { sessionStorage.setItem(storageKey, JSON.stringify(settings)); } catch { /* storage may be off on file:// */ }
  }

  const decode = (text) => { try { return decodeURIComponent(text); } catch { return text; } };

  // A text size from 0.5 to 4 times the default (#scale=0 drew no text); a width from 120 to
  // 4096 points, a height to 8192 (#width=0 drew no screen).
  const scaleOf = (text) => { const n = Number(text); return n >= 0.5 && n <= 4 ? String(n) : undefined; };
  const inBounds = (device) => {
    const size = /^(\d+(?:\.\d+)?)(?:x(\d+(?:\.\d+)?))?$/.exec(device);
    return !size || (size[1] >= 120 && size[1] <= 4096 && (!size[2] || (size[2] >= 120 && size[2] <= 8192)));
  };

  function fromHash() {
    const settings = {};
    for (const part of location.hash.slice(1).split("&")) {
      const [key, value] = part.split("=");
      const text = decode(value || "");
      if (key === "dark" || key === "rtl" || key === "fit") settings[key] = true;
      if (key === "width" && inBounds(text)) settings.device = text;
      if (key === "scale" && scaleOf(text)) settings.scale = scaleOf(text);
    }
    return settings;
  }

  function devices() {
    const select = controls.device;
    if (!select) return [];
    return [...select.options].filter((o) => o.value !== "all" && !("vCustom" in o.dataset))
      .map((o) => ({ name: o.textContent, value: o.value, width: o.dataset.vWidth || o.value, height: o.dataset.vHeight }));
  }

  function sized(device, width, height) {
    device.style.setProperty("--v-device-width", width + "px");
    if (height) device.style.setProperty("--v-device-height", height + "px");
  }

  // In "all widths" each device sits in a figure captioned with its preset.
  function captioned(device, name) {
    const figure = document.createElement("figure");
    figure.dataset.vCaptioned = "";
    const caption = document.createElement("figcaption");
    caption.textContent = name;
    device.replaceWith(figure);  // a device in the page keeps its place
    figure.append(device, caption);
    return figure;
  }

  // A width the address asks for that no preset has (#width=400): the device select cannot
  // say it, so it is kept here for the address until another device is chosen.
  let customWidth = null;
  let fitsHeight = false;
  // The settings last applied: what a setting whose control a theme left out stays at.
  let applied = {};
  // The size the page was drawn at: what a fragment without a device, or a width without a
  // height, leaves (a standalone page has no device select to say it).
  const drawn = { width: original.style.getPropertyValue("--v-device-width"), height: original.style.getPropertyValue("--v-device-height") };

  function apply(settings) {
    applied = settings;
    original.style.zoom = "";  // copies for "all widths" are cloned unzoomed
    for (const extra of stage.querySelectorAll("[data-v-copy]")) extra.remove();
    const wrapper = original.closest("[data-v-captioned]");
    if (wrapper) wrapper.replaceWith(original);
    const all = settings.device === "all";
    const list = devices();
    // An address written before devices carried their height (#width=375) picks the first preset of that width.
    const chosen = list.find((d) => d.value === settings.device) || list.find((d) => d.width === settings.device);
    const size = /^(\d+(?:\.\d+)?)(?:x(\d+(?:\.\d+)?))?$/.exec(settings.device || "");
    if (all && list.length) {
      sized(original, list[0].width, list[0].height);
      captioned(original, list[0].name);
      for (const device of list.slice(1)) {
        const copy = original.cloneNode(true);
        sized(copy, device.width, device.height);
        const figure = captioned(copy, device.name);
        figure.dataset.vCopy = "";
        stage.append(figure);
      }
    } else if (chosen) {
      sized(original, chosen.width, chosen.height);
    } else if (size) {
      sized(original, size[1], size[2]);
      if (!size[2]) original.style.setProperty("--v-device-height", drawn.height);
    } else {
      original.style.setProperty("--v-device-width", drawn.width);
      original.style.setProperty("--v-device-height", drawn.height);
    }
    customWidth = !all && !chosen && size ? settings.device : null;
    fitsHeight = !!settings.fit && !!controls.fit;
    for (const device of stage.querySelectorAll(".v-device")) {
      device.classList.toggle("v-dark", !!settings.dark);
      const screen = device.querySelector(".v-screen");
      if (settings.rtl) screen.dir = "rtl"; else screen.removeAttribute("dir");
      screen.style.setProperty("--v-font-scale", settings.scale || "1");
    }
    // A size no preset has is said in the select as a device of its own, not as the preset selected before.
    let custom = controls.device && controls.device.querySelector("option[data-v-custom]");
    if (controls.device && customWidth) {
      if (!custom) {
        custom = document.createElement("option");
        custom.dataset.vCustom = "";
        controls.device.insertBefore(custom, controls.device.querySelector('option[value="all"]'));
      }
      custom.value = customWidth;
      custom.textContent = "Custom — " + size[1] + " × " + (size[2] || parseFloat(drawn.height));
    } else if (custom) custom.remove();
    if (controls.device && chosen) controls.device.value = chosen.value;
    else if (controls.device && all) controls.device.value = "all";
    else if (controls.device && customWidth) controls.device.value = customWidth;
    if (controls.dark) controls.dark.checked = !!settings.dark;
    if (controls.rtl) controls.rtl.checked = !!settings.rtl;
    if (controls.fit) controls.fit.checked = fitsHeight;
    if (controls["font-scale"] && settings.scale) controls["font-scale"].value = settings.scale;
    fit();  // after the controls: a ticked Dark shows its note above the stage, which moves it down
    reachScrollingBoxes();  // a device made shorter may scroll; one captioned or uncaptioned is named anew
  }

  // On a screen page narrower than the device (a phone), the one device is zoomed out to fit,
  // keeping its width in points; with "Fit to window", to fit the window's height below where
  // the stage starts on the page (the toolbar in view; a margin of 16 px left), or, on a
  // phone-wide page (where the toolbar and notes take most of the window), to fit the window
  // itself, which the page is scrolled to (scrolledToFit; not when the box is ticked from the
  // keyboard, whose focus stays in view). Side by side, the devices take one
  // zoom, which fits the widest in the stage, and the row scrolls. Standalone pages, which
  // screenshot tools take, are never zoomed.
  const phoneWide = () => document.body.clientWidth <= 760;
  function fit() {
    if (!controls.device) return;
    const room = stage.clientWidth;
    const shown = [...stage.querySelectorAll(".v-device")];
    for (const device of shown) device.style.zoom = "";
    if (stage.querySelector("[data-v-copy]")) {
      const widest = Math.max(...shown.map((device) => device.offsetWidth));
      if (room > 0 && widest > room) for (const device of shown) device.style.zoom = String(room / widest);
      return;
    }
    const width = original.offsetWidth;
    let zoom = room > 0 ? Math.min(1, room / width) : 1;
    if (fitsHeight && original.offsetHeight > 0) {
      const below = window.innerHeight - (stage.getBoundingClientRect().top + window.scrollY) - 16;
      const height = phoneWide() ? window.innerHeight - 32 : below;
      zoom = Math.min(zoom, Math.max(0.25, height / original.offsetHeight));
    }
    if (zoom < 1) original.style.zoom = String(zoom);
  }
  window.addEventListener("resize", fit);
  const scrolledToFit = () => { if (fitsHeight && phoneWide()) stage.scrollIntoView({ block: "start" }); };
  // A control worked from the keyboard keeps the page where it is: the focus stays in view.
  const fromKeyboard = (control) => control.matches(":focus-visible");

  // A button's action shows under it while hovered or focused (vitrine.css): from the edge of
  // the button on the side of the screen with more room, no wider than that room; above it when
  // there is no room below; at its own size in a device zoomed out.
  function placeActionLabel(event) {
    const button = event.target instanceof Element ? event.target.closest("[data-v-action]") : null;
    const screen = button && button.closest(".v-screen");
    if (!screen) return;
    const box = button.getBoundingClientRect(), area = screen.getBoundingClientRect(), zoom = button.currentCSSZoom || 1;
    const rightward = area.right - box.left, leftward = box.right - area.left;
    button.toggleAttribute("data-v-label-end", leftward > rightward);
    button.toggleAttribute("data-v-label-above", area.bottom - box.bottom < 40 && box.top - area.top > area.bottom - box.bottom);
    button.style.setProperty("--v-label-room", Math.max(rightward, leftward) / zoom - 8 + "px");
    button.style.setProperty("--v-label-scale", String(1 / zoom));
  }
  stage.addEventListener("pointerover", placeActionLabel);
  stage.addEventListener("focusin", placeActionLabel);

  // Escape hides the label of the button hovered or focused, until the pointer or the focus
  // leaves that button (WCAG 1.4.13: what a hover or a focus shows can be dismissed).
  const actionButton = (target) => target instanceof Element ? target.closest("[data-v-action]") : null;
  let hovered = null;
  stage.addEventListener("pointerover", (event) => { hovered = actionButton(event.target); });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const button of [actionButton(document.activeElement), hovered]) button?.setAttribute("data-v-label-dismissed", "");
  });
  const restoreLabel = (event) => {
    const button = actionButton(event.target);
    if (button && !(event.relatedTarget instanceof Node && button.contains(event.relatedTarget))) button.removeAttribute("data-v-label-dismissed");
  };
  stage.addEventListener("pointerout", restoreLabel);
  stage.addEventListener("focusout", restoreLabel);

  function current() {
    return {
      device: customWidth || (controls.device ? controls.device.value : undefined),
      dark: controls.dark ? controls.dark.checked : !!applied.dark,
      rtl: controls.rtl ? controls.rtl.checked : !!applied.rtl,
      scale: controls["font-scale"] ? controls["font-scale"].value : applied.scale || "1",
      fit: controls.fit ? controls.fit.checked : false,
    };
  }

  // The settings as an address fragment, defaults left out: width=375x667&dark&rtl&scale=1.24.
  const defaultDevice = controls.device ? ([...controls.device.options].find((o) => o.defaultSelected) || controls.device.options[0] || {}).value : undefined;
  let selectedPointer = null;  // the component selected on a screen page, kept in its address
  function toHash(settings) {
    const parts = [];
    if (settings.device && settings.device !== defaultDevice) parts.push("width=" + encodeURIComponent(settings.device));
    if (settings.dark) parts.push("dark");
    if (settings.rtl) parts.push("rtl");
    if (settings.scale && settings.scale !== "1") parts.push("scale=" + encodeURIComponent(settings.scale));
    if (settings.fit) parts.push("fit");
    return parts.length ? "#" + parts.join("&") : "";
  }
  const withSelection = (hash) => selectedPointer === null ? hash : (hash ? hash + "&" : "#") + "select=" + encodeURIComponent(selectedPointer);

  // Shared links keep the settings: the page's own address and its standalone page's.
  const standalone = document.querySelector("a[data-v-standalone]");
  function link(settings, address) {
    const hash = toHash(settings);
    const full = withSelection(hash);
    if (address && location.hash !== full) {
      try { history.replaceState(history.state, "", location.pathname + location.search + full); } catch { location.replace(full || "#"); }
    }
    // The standalone page shows one device at its size: side by side ("all") and fitting are the screen page's alone.
    if (standalone) standalone.href = standalone.href.split("#")[0] + toHash(Object.assign({}, settings, { fit: false }, settings.device === "all" ? { device: defaultDevice } : {}));
  }

  // Settings chosen on one screen page carry over to the next, but not into standalone pages
  // (the index's miniatures are those): they show what their address says, else the defaults.
  const initial = Object.assign({}, controls.device ? saved() : {}, fromHash());
  apply(initial);
  scrolledToFit();
  // Settings carried over from another page go into this page's address when it has none, so
  // a copied address opens what the reader sees; an address's own fragment (settings, even a
  // width no preset has, or a line's #L12) stays until a setting changes.
  link(current(), location.hash.length <= 1);
  for (const control of Object.values(controls)) {
    control.addEventListener("change", () => {
      if (control === controls.device) customWidth = null;
      const settings = current();
      save(settings);
      apply(settings);
      link(settings, true);
      if (control === controls.fit && !fromKeyboard(control)) scrolledToFit();
    });
  }
  // A fragment changed on the open page (typed, or pasted) applies as a fresh load of that
  // address would, defaults for what it leaves out; one that holds no setting (#L12) does not.
  window.addEventListener("hashchange", () => {
    const settings = fromHash();
    if (!Object.keys(settings).length && location.hash.length > 1) return;
    apply(Object.assign({ device: defaultDevice, dark: false, rtl: false, scale: "1", fit: false }, settings));
    if (controls.device) save(current());  // a standalone page neither reads nor writes them
    link(current(), false);
  });

  // The tree, the render and the source point at each other through JSON Pointers and lines.
  const rows = new Map();
  for (const row of document.querySelectorAll(".v-tree-row")) {
    if (!rows.has(row.dataset.vTarget)) rows.set(row.dataset.vTarget, row);
  }
  const elementsOf = (pointer) => [...stage.querySelectorAll("[data-v-path]")].filter((e) => e.dataset.vPath === pointer);
  const source = document.querySelector("[data-v-source]");

  function showLine(line) {
    if (!source) return;
    for (const lit of source.querySelectorAll(".v-lit")) lit.classList.remove("v-lit");
    const target = pageElement("L" + line);
    if (!target) return;
    target.classList.add("v-lit");
    source.scrollTop += target.getBoundingClientRect().top - source.getBoundingClientRect().top - source.clientHeight / 3;
    // Sideways too, to the line's first character past its indentation (a token, or a bracket).
    const token = target.querySelector("i");
    const text = target.firstChild;
    const indent = /^[ \t]*/.exec(target.textContent)[0].length;
    let first = null;
    if (token) first = token;
    else if (text && text.nodeType === Node.TEXT_NODE && indent < text.length) {
      first = document.createRange();
      first.setStart(text, indent);
      first.setEnd(text, indent + 1);
    }
    // Only when it is out of view: moving sideways cuts off the start of the lines around it.
    const left = first ? first.getBoundingClientRect().left - source.getBoundingClientRect().left : 0;
    if (!first) source.scrollLeft = 0;
    else if (left < source.clientWidth / 8) source.scrollLeft = Math.max(0, source.scrollLeft + left - source.clientWidth / 8);
    else if (left > source.clientWidth * 3 / 4) source.scrollLeft += left - source.clientWidth / 4;
  }

  function select(row, reveals = true) {
    for (const old of document.querySelectorAll('.v-tree-row[aria-selected="true"]')) old.setAttribute("aria-selected", "false");
    for (const old of stage.querySelectorAll(".v-selected")) old.classList.remove("v-selected");
    if (!row) return;
    showRow(row);
    row.setAttribute("aria-selected", "true");
    for (const other of allRows) other.tabIndex = other === row ? 0 : -1;
    const elements = elementsOf(row.dataset.vTarget);
    for (const element of elements) {
      element.classList.add("v-selected");
      if (reveals) reveal(element);
    }
    // Where the tree is below the device (a phone's, a tablet's), the page goes to the element
    // chosen in it when that is out of the window; beside the device, for a selection made in
    // the render, and for a row chosen from the keyboard, the page stays where it is.
    const shown = elements.find((e) => e.getClientRects().length);
    const tree = row.closest(".v-tree");
    if (reveals && shown && tree && !fromKeyboard(row) && tree.getBoundingClientRect().top >= shown.closest(".v-device").getBoundingClientRect().bottom) {
      const box = shown.getBoundingClientRect();
      if (box.bottom <= 0 || box.top >= window.innerHeight) shown.scrollIntoView({ block: "center" });
    }
    scrollWithin(tree, row);
    showLine(row.dataset.vLine);
    selectedPointer = row.dataset.vTarget;
    link(current(), true);
  }

  // Scrolls the device's own scroll views (the screen, a rail), not the page, until `element`
  // shows: a row of the tree selects an element below the screen's fold. Only boxes that
  // scroll on that axis move (never a clip's content), and an element already partly in view
  // stays put; distances are in the box's own pixels when a narrow window zooms the device.
  function reveal(element) {
    for (let box = element.parentElement; box && !box.classList.contains("v-device"); box = box.parentElement) {
      const style = getComputedStyle(box);
      const scrolls = (overflow) => overflow === "auto" || overflow === "scroll";
      const zoom = box.currentCSSZoom || 1;
      const outer = box.getBoundingClientRect(), inner = element.getBoundingClientRect();
      const hidden = (start, end, from, to) => end <= from || start >= to || (end - start <= to - from && (start < from || end > to));
      if (scrolls(style.overflowY) && hidden(inner.top, inner.bottom, outer.top, outer.bottom)) {
        box.scrollTop += (inner.top - outer.top - Math.max(0, (outer.height - inner.height) / 2)) / zoom;
      }
      if (scrolls(style.overflowX) && hidden(inner.left, inner.right, outer.left, outer.right)) {
        box.scrollLeft += (inner.left - outer.left - Math.max(0, (outer.width - inner.width) / 2)) / zoom;
      }
    }
  }

  // The tree is one Tab stop, as an ARIA tree is: Up, Down, Home and End move between its
  // shown rows; Right opens a closed row, or goes to its first child; Left closes an open row,
  // or goes to its parent (the row that has the focus, or the selected one, is the one Tab
  // reaches). A row with children opens and closes from its triangle too.
  const allRows = [...document.querySelectorAll(".v-tree-row")];
  const childrenOf = (row) => (row.nextElementSibling && row.nextElementSibling.tagName === "UL" ? row.nextElementSibling : null);
  allRows.forEach((row, index) => {
    row.tabIndex = index === 0 ? 0 : -1;
    if (!row.hasAttribute("aria-selected")) row.setAttribute("aria-selected", "false");  // a single-select tree's rows say so from the start
    if (childrenOf(row)) row.setAttribute("aria-expanded", "true");
  });
  function setOpen(row, open) {
    row.setAttribute("aria-expanded", String(open));
    childrenOf(row).hidden = !open;
    // The tree's Tab stop never hides in a closed row: the row that closed takes it.
    if (!open && childrenOf(row).querySelector('.v-tree-row[tabindex="0"]')) for (const other of allRows) other.tabIndex = other === row ? 0 : -1;
  }
  // Opens the rows around `row`, so that a component selected in the render shows in the tree.
  function showRow(row) {
    for (let list = row.closest("ul"); list && !list.classList.contains("v-tree"); list = list.parentElement.closest("ul")) {
      if (list.hidden) setOpen(list.previousElementSibling, true);
    }
  }
  function focusRow(row) {
    if (!row) return;
    for (const other of allRows) other.tabIndex = other === row ? 0 : -1;
    row.focus();
  }
  for (const row of allRows) {
    row.addEventListener("keydown", (event) => {
      const shown = allRows.filter((r) => !r.parentElement.closest("ul[hidden]"));
      const index = shown.indexOf(row);
      const level = (r) => Number(r.getAttribute("aria-level"));
      const open = row.getAttribute("aria-expanded");
      let next;
      if (event.key === "ArrowRight" && open === "false") setOpen(row, true);
      else if (event.key === "ArrowLeft" && open === "true") setOpen(row, false);
      else if (event.key === "ArrowRight") next = open === "true" ? shown[index + 1] : undefined;
      else if (event.key === "ArrowLeft") next = shown.slice(0, index).reverse().find((r) => level(r) < level(row));
      else next = shown[{ ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: shown.length - 1 }[event.key]];
      if (next === undefined && !["ArrowLeft", "ArrowRight"].includes(event.key)) return;
      event.preventDefault();
      focusRow(next);
    });
  }

  for (const row of rows.values()) {
    row.addEventListener("mouseenter", () => elementsOf(row.dataset.vTarget).forEach((e) => e.classList.add("v-outlined")));
    row.addEventListener("mouseleave", () => stage.querySelectorAll(".v-outlined").forEach((e) => e.classList.remove("v-outlined")));
    row.addEventListener("focus", () => elementsOf(row.dataset.vTarget).forEach((e) => e.classList.add("v-outlined")));
    row.addEventListener("blur", () => stage.querySelectorAll(".v-outlined").forEach((e) => e.classList.remove("v-outlined")));
    row.addEventListener("click", (event) => {
      // The triangle before a row with children (its first 16 px, at the row's start) opens or closes it.
      const box = row.getBoundingClientRect();
      const start = getComputedStyle(row).direction === "rtl" ? box.right - event.clientX : event.clientX - box.left;
      if (row.hasAttribute("aria-expanded") && event.detail > 0 && start >= 0 && start < 16) setOpen(row, row.getAttribute("aria-expanded") === "false");
      else select(row);
    });
  }

  // The row of the nearest element, from `element` out, that has a row of its own: parts a
  // dialect adds (a feed header's button) belong to their component.
  function rowAround(element) {
    let candidate = element;
    while (candidate && !rows.has(candidate.dataset.vPath)) candidate = candidate.parentElement && candidate.parentElement.closest("[data-v-path]");
    return candidate ? rows.get(candidate.dataset.vPath) : undefined;
  }

  stage.addEventListener("click", (event) => {
    const element = event.target.closest("[data-v-path]");
    // A link in the render (a feed's "All List") opens its page, as in the app.
    if (!element || !rows.size || event.target.closest("a[href]")) return;
    const row = rowAround(element);
    if (row) {
      event.preventDefault();
      select(row, false);  // clicked, so in view already
    }
  });

  // A component selected by the address is selected, and its element scrolled into view:
  // #select=<pointer>, or #component=<type> for the first of that type (the gallery's rows).
  const fragmentValue = (hash, key) => {
    const part = hash.slice(1).split("&").find((p) => p.startsWith(key + "="));
    return part === undefined ? null : decode(part.slice(key.length + 1));
  };
  const selected = (hash) => {
    const pointer = fragmentValue(hash, "select");
    if (pointer !== null) return pointer;
    const type = fragmentValue(hash, "component");
    const row = type === null ? undefined : allRows.find((r) => (r.querySelector(".v-tree-kind") || {}).textContent === type);
    return row ? row.dataset.vTarget : null;
  };
  // A pointer without a row of its own (a feed header's button, which the dark-mode note may
  // name) selects the component around its element, and scrolls to the element itself.
  function selectPointer(pointer) {
    if (pointer === null) return;
    const own = elementsOf(pointer)[0];
    const row = rows.get(pointer) || (own && rowAround(own));
    if (!row) return;
    select(row);
    const element = own || elementsOf(row.dataset.vTarget)[0];
    if (element) element.scrollIntoView({ block: "center" });
  }
  selectPointer(selected(location.hash));
  window.addEventListener("hashchange", () => selectPointer(selected(location.hash)));
  // A link of the page's own that selects (the dark-mode note's) does so in place, keeping the
  // address and its settings, and again on a second click. Followed from the keyboard, it
  // hands the focus to the row selected, where a screen reader says what that is.
  document.addEventListener("click", (event) => {
    const link = event.target.closest('a[href^="#select="]');
    if (!link) return;
    event.preventDefault();
    const keyboard = fromKeyboard(link);
    selectPointer(selected(link.getAttribute("href")));
    const row = document.querySelector('.v-tree-row[aria-selected="true"]');
    if (keyboard && row) row.focus({ preventScroll: true });
  });

  // A diagnostic's line and the diagnostics badges scroll in place (a plain click; one that
  // opens a tab is the browser's): following their `#L12` or `#v-diagnostics` would take the
  // settings and the selection out of the address.
  const plain = (event) => event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
  for (const link of document.querySelectorAll("a[data-v-line]")) {
    link.addEventListener("click", (event) => {
      if (!plain(event)) return;
      event.preventDefault();
      if (source) source.scrollIntoView({ block: "nearest" });
      showLine(link.dataset.vLine);
      // The focus goes to the line, as following the link would: Tab goes on from there, and a screen reader reads it.
      const line = pageElement("L" + link.dataset.vLine);
      if (line) {
        line.tabIndex = -1;
        line.focus({ preventScroll: true });
      }
    });
  }
  for (const link of document.querySelectorAll('a.v-badge[href^="#"]')) {
    link.addEventListener("click", (event) => {
      const target = pageElement(link.getAttribute("href").slice(1));
      if (!target || !plain(event)) return;
      event.preventDefault();
      target.scrollIntoView({ block: "start" });
      if (!target.matches("a[href], button, input, select, textarea")) target.tabIndex = -1;
      target.focus({ preventScroll: true });  // as following the link would move the focus there
    });
  }
})();
