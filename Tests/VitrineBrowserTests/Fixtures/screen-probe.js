// Drives a screen page (or just looks at a standalone or docs page) for CatalogueInteractionTests
// (see Support/CatalogueSite.swift).
//
// Loaded with `defer` after the site's own scripts and run on `load`, so screen.js has already
// applied the address's settings (#width=375x667&dark). The probe records the page as it is
// ("initial"); on a screen page with a preview toolbar it then acts the way a reader does and
// records again:
//   skips    each skip link clicked: its text, the id of the focused element, whether the fragment stayed;
//   hover    for every component-tree row: mouseenter, the data-v-path of every element with
//            class v-outlined, then mouseleave and whether any outline is left;
//   select   for every row: click, the data-v-path of every v-selected element, the targets of
//            the rows with aria-selected="true", the ids of the v-lit source lines and whether
//            they are in the visible part of the (scrolling) source, whether the selected element
//            (in the first device) shows in the device's screen (whole, or its top when it is
//            taller), the address, and the page's scroll position;
//   renderClick  for every element of the render: click, the targets of the selected rows;
//   narrow   device select set to iPhone SE, 375x667 (+ change);
//   dark     the Dark checkbox clicked;
//   selectLink  a link to #select=<last row> added and clicked, the first row selected, the link clicked again;
//   all      device select set to "all" (+ change), and the standalone link then;
//   rtlLarge the Right to left checkbox clicked and Text size set to 1.24 (+ change).
//   typedAddress  then the fragment set to #width=375&rtl by hand (+ hashchange).
// With ?probe-steps=dark, it only clicks the Dark checkbox ("dark", "darkAddress").
// With ?probe-phone, it acts as a reader on a phone does instead ("phone"): from the top of the
// page, taps the render's last element (the page's scroll position then), taps that component's
// tree row, brought into view first (whether the element is then in the window), presses Enter
// on that row and Space on "Fit to window" (whether each is then in the window, and matches
// :focus-visible, as from a keyboard), and ticks "Fit to window" with the focus elsewhere (the
// screen's box and the window's height then).
// As it loads, the probe also records the tree's and the source's panels and the source's gutter.
// With ?probe-width=N in the page's address, the page is first laid out N px wide (headless
// Chromium's window is at least 500 px wide) and told of the resize. The page's overflow (how far
// the body's content is wider than the body) is recorded as it loads.
// A render snapshot lists every .v-device in the document, in order, with the border box of its
// .v-screen, the screen's dir attribute, whether the device has class v-dark and is inside a
// .v-embed, the screen's aria-label, and each [data-v-path] element inside it: pointer, text, border box, computed colour
// and font size.
// On a docs page it records the headings, the first paragraph's left edge, the space left and
// right of the docs' layout, and how much of its sidebar's width the list of documents takes.
// The JSON goes into <pre id="v-screen-probe"> at the end of <body>, read back with --dump-dom.
"use strict";

(() => {
  const errors = [];
  window.addEventListener("error", (event) => errors.push(String(event.message)));

  function box(element) {
    const rect = element.getBoundingClientRect();
    return { left: rect.left, top: rect.top, width: rect.width, height: rect.height, background: getComputedStyle(element).backgroundColor };
  }

  function render() {
    return [...document.querySelectorAll(".v-device")].map((device) => {
      const screen = device.querySelector(".v-screen");
      return {
        dark: device.classList.contains("v-dark"),
        screen: screen ? box(screen) : null,
        direction: screen ? screen.dir : "",
        embedded: device.closest(".v-embed") !== null,
        caption: (device.closest("figure[data-v-captioned]")?.querySelector("figcaption") || {}).textContent ?? null,
        label: screen ? screen.getAttribute("aria-label") : null,
        elements: [...device.querySelectorAll("[data-v-path]")].map((element) => ({
          path: element.dataset.vPath,
          text: element.textContent,
          box: box(element),
          color: getComputedStyle(element).color,
          fontSize: parseFloat(getComputedStyle(element).fontSize),
        })),
      };
    });
  }

  const pathsWith = (className) => [...document.querySelectorAll("." + className)]
    .filter((element) => element.hasAttribute("data-v-path")).map((element) => element.dataset.vPath);

  function hover(rows) {
    return rows.map((row) => {
      row.dispatchEvent(new MouseEvent("mouseenter"));
      const outlined = pathsWith("v-outlined");
      row.dispatchEvent(new MouseEvent("mouseleave"));
      return { target: row.dataset.vTarget, outlined: outlined, outlinedAfterLeave: pathsWith("v-outlined") };
    });
  }

  // Whether `element` is inside the visible part of its scrolling `container`.
  function inView(element, container) {
    if (!container) return false;
    const inner = element.getBoundingClientRect();
    const outer = container.getBoundingClientRect();
    return inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;
  }

  // Whether `element` shows in `screen`: wholly, or from its top when it is taller.
  function shows(element, screen) {
    const inner = element.getBoundingClientRect();
    const outer = screen.getBoundingClientRect();
    return inner.height > outer.height ? inner.top >= outer.top - 1 && inner.top < outer.bottom : inView(element, screen);
  }

  // The notes above the screen, and the stage of devices.
  function notes() {
    const notes = document.getElementById("v-notes");
    const stage = document.querySelector("[data-v-stage]");
    if (!notes || !stage) return null;
    const anchor = notes.querySelector(".v-anchor");
    return { text: notes.textContent.trim(), notes: box(notes), stage: box(stage),
             anchorOpacity: anchor ? getComputedStyle(anchor).opacity : null };
  }

  // Before any click: whether the source scrolls, and whether the last row's source line and
  // element start out of view (what clicking the row must then scroll into it).
  function startsHidden() {
    const rows = [...document.querySelectorAll(".v-tree-row")];
    const last = rows[rows.length - 1];
    const source = document.querySelector("[data-v-source]");
    if (!last || !source) return null;
    const element = document.querySelector(`[data-v-stage] .v-device [data-v-path="${CSS.escape(last.dataset.vTarget)}"]`);
    const line = document.getElementById("L" + last.dataset.vLine);
    return {
      sourceScrolls: source.scrollHeight > source.clientHeight,
      lineInView: !!line && inView(line, source),
      elementShown: !!element && shows(element, element.closest(".v-screen")),
    };
  }

  function select(rows) {
    return rows.map((row) => {
      row.click();
      return {
        target: row.dataset.vTarget,
        line: row.dataset.vLine,
        selected: pathsWith("v-selected"),
        selectedRows: [...document.querySelectorAll('.v-tree-row[aria-selected="true"]')].map((r) => r.dataset.vTarget),
        ...litSource(),
        elementInView: [...document.querySelectorAll("[data-v-stage] .v-device .v-selected")].slice(0, 1)
          .some((element) => shows(element, element.closest(".v-screen"))),
        hash: location.hash,
        pageScroll: window.scrollY,
      };
    });
  }

  // Clicks each element of the first device's render; the row it selects.
  function renderClick() {
    const device = document.querySelector("[data-v-stage] .v-device");
    return [...device.querySelectorAll("[data-v-path]")].map((element) => {
      element.click();
      return {
        path: element.dataset.vPath,
        selectedRows: [...document.querySelectorAll('.v-tree-row[aria-selected="true"]')].map((r) => r.dataset.vTarget),
        ...litSource(),
      };
    });
  }

  // The ids of the lit source lines, and whether there are some and all are in the source's visible part.
  function litSource() {
    const lit = [...document.querySelectorAll(".v-source .v-lit")];
    return { litLines: lit.map((line) => line.id), litInView: lit.length > 0 && lit.every((line) => inView(line, line.closest("[data-v-source]"))) };
  }

  // Clicks each diagnostic's link to its line: the lines lit then, and the address.
  function diagnosticLinks() {
    return [...document.querySelectorAll("#v-diagnostics a[data-v-line]")].map((link) => {
      link.click();
      return { line: link.dataset.vLine, ...litSource(), hash: location.hash, focused: document.activeElement.id, text: link.textContent };
    });
  }

  // The component tree's and the source's panels, and the source's line-number gutter: its
  // width and the width of the last line's number in the source's font.
  function panels() {
    const tree = document.querySelector(".v-panel:has(.v-tree)");
    const source = document.querySelector(".v-source-panel");
    const lines = document.querySelectorAll(".v-source > code > span");
    if (!tree || !source || lines.length === 0) return null;
    const number = document.createElement("span");
    number.textContent = String(lines.length);
    number.style.whiteSpace = "pre";
    document.querySelector(".v-source").append(number);
    const numberWidth = number.getBoundingClientRect().width;
    number.remove();
    return { tree: box(tree), source: box(source), lines: lines.length, gutter: parseFloat(getComputedStyle(lines[0], "::before").width), numberWidth };
  }

  function choose(select, value) {
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function run() {
    const width = new URLSearchParams(location.search).get("probe-width");
    if (width) {
      document.documentElement.style.width = width + "px";
      window.dispatchEvent(new Event("resize"));
    }
    const result = {
      initial: render(),
      initialSelection: {
        rows: [...document.querySelectorAll('.v-tree-row[aria-selected="true"]')].map((row) => row.dataset.vTarget),
        elements: pathsWith("v-selected"),
        litLines: [...document.querySelectorAll(".v-source .v-lit")].map((line) => line.id),
      },
      // How many different widths the source's lines have: one, when each is as wide as the longest.
      sourceLineWidths: new Set([...document.querySelectorAll(".v-source > code > span")].map((line) => line.getBoundingClientRect().width)).size,
      pageOverflow: document.body.scrollWidth - document.body.clientWidth,
      // Each field of the preview toolbar: how much taller it is than its select (label above it, or beside it).
      toolbarFieldsOverSelects: [...document.querySelectorAll(".v-toolbar .v-field")]
        .map((field) => field.getBoundingClientRect().height - field.querySelector("select").getBoundingClientRect().height),
      pageWidth: document.documentElement.clientWidth,
      windowHeight: window.innerHeight,
      initialHash: location.hash,
      initialDevice: (() => { const s = document.querySelector('select[data-v-control="device"]'); return s && s.selectedOptions[0] ? s.selectedOptions[0].textContent : null; })(),
      panels: panels(),
      startsHidden: startsHidden(),
      notes: notes(),
    };
    const device = document.querySelector('select[data-v-control="device"]');
    const dark = document.querySelector('input[data-v-control="dark"]');
    if (new URLSearchParams(location.search).get("probe-steps") === "dark") {
      dark.click();
      result.dark = render();
      result.darkAddress = { hash: location.hash, standalone: document.querySelector("a[data-v-standalone]").getAttribute("href") };
    } else if (new URLSearchParams(location.search).has("probe-phone")) {
      const elements = [...document.querySelectorAll("[data-v-stage] .v-device [data-v-path]")];
      const last = elements[elements.length - 1];
      const row = [...document.querySelectorAll(".v-tree-row")].find((r) => r.dataset.vTarget === last.dataset.vPath);
      window.scrollTo(0, 0);
      const treeBelowWindow = row.getBoundingClientRect().top > window.innerHeight;
      last.click();
      const scrollAfterRenderTap = window.scrollY;
      row.scrollIntoView({ block: "center" });
      row.click();
      const box = last.getBoundingClientRect();
      const elementInWindowAfterRowTap = box.bottom > 0 && box.top < window.innerHeight;
      const inWindow = (element) => { const rect = element.getBoundingClientRect(); return rect.top >= 0 && rect.bottom <= window.innerHeight; };
      // From the keyboard (Enter on a focused row, Space on the focused box) the focus stays in the window.
      row.scrollIntoView({ block: "center" });
      row.focus();
      row.click();
      const keyboard = { rowFocusVisible: row.matches(":focus-visible"), rowInWindow: inWindow(row) };
      const fit = document.querySelector('input[data-v-control="fit"]');
      window.scrollTo(0, 0);
      fit.focus();
      fit.click();
      Object.assign(keyboard, { fitFocusVisible: fit.matches(":focus-visible"), fitInWindow: inWindow(fit), fitTicked: fit.checked });
      fit.click();
      fit.blur();
      window.scrollTo(0, 0);
      fit.click();
      const screen = document.querySelector("[data-v-stage] .v-screen").getBoundingClientRect();
      result.phone = { treeBelowWindow, scrollAfterRenderTap, elementInWindowAfterRowTap, keyboard,
        fitted: { top: screen.top, bottom: screen.bottom, height: screen.height, windowHeight: window.innerHeight } };
    } else if (device && dark) {
      // Each skip link: its text, the id of the element it focuses, and whether the address kept its fragment.
      result.skips = [...document.querySelectorAll("a.v-skip")].map((link) => {
        const before = location.hash;
        link.click();
        return [link.textContent, document.activeElement.id, String(location.hash === before)];
      });
      const rows = [...document.querySelectorAll(".v-tree-row")];
      // The tree is one Tab stop; arrow keys move between rows.
      const tabStops = rows.filter((row) => row.tabIndex === 0).length;
      const unselected = rows.filter((row) => row.getAttribute("aria-selected") === "false").length;
      const lineLabel = getComputedStyle(rows[0].querySelector(".v-tree-line"), "::before").content;
      const sourceName = (document.getElementById(document.querySelector("[data-v-source]").getAttribute("aria-labelledby")) || {}).textContent;
      rows[0].focus();
      rows[0].dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
      const afterDown = rows.indexOf(document.activeElement);
      document.activeElement.dispatchEvent(new KeyboardEvent("keydown", { key: "End", bubbles: true }));
      const rowHeight = Math.min(...rows.map((row) => row.getBoundingClientRect().height));
      const sourceRole = document.querySelector("[data-v-source]").getAttribute("role");
      // The row reached by keys, marked selected (as a click marks it, without its scrolling): its
      // ring and halo, and its selection bar.
      const last = document.activeElement;
      last.setAttribute("aria-selected", "true");
      const focusedSelected = { focusVisible: last.matches(":focus-visible"), selected: last.getAttribute("aria-selected"), shadow: getComputedStyle(last).boxShadow };
      last.setAttribute("aria-selected", "false");
      const afterEnd = rows.indexOf(document.activeElement);
      // Left goes to the row's parent, Right to its first child.
      last.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true }));
      const afterLeft = rows.indexOf(document.activeElement);
      rows[0].focus();
      rows[0].dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
      const afterRight = rows.indexOf(document.activeElement);
      const levels = rows.map((row) => Number(row.getAttribute("aria-level")));
      // Left on an open row closes it (its children hide, Down skips them), Right opens it again,
      // and a second Right goes to its first child; its triangle closes it to a click.
      const shownRows = () => rows.filter((row) => row.getClientRects().length > 0).length;
      const key = (row, name) => row.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true }));
      const expandedAtStart = rows.map((row) => row.getAttribute("aria-expanded"));
      rows[0].focus();
      key(rows[0], "ArrowLeft");
      const closed = { expanded: rows[0].getAttribute("aria-expanded"), shown: shownRows(), focus: rows.indexOf(document.activeElement) };
      key(rows[0], "ArrowDown");
      closed.afterDown = rows.indexOf(document.activeElement);
      key(rows[0], "ArrowRight");
      const reopened = { expanded: rows[0].getAttribute("aria-expanded"), shown: shownRows(), focus: rows.indexOf(document.activeElement) };
      key(rows[0], "ArrowRight");
      reopened.afterSecondRight = rows.indexOf(document.activeElement);
      const box = rows[0].getBoundingClientRect();
      const click = (x) => rows[0].dispatchEvent(new MouseEvent("click", { clientX: x, clientY: box.top + box.height / 2, detail: 1, bubbles: true }));
      click(box.left + 8);
      const triangle = { expanded: rows[0].getAttribute("aria-expanded"), shown: shownRows(), selected: rows[0].getAttribute("aria-selected"), tabStops: rows.filter((row) => row.tabIndex === 0).map((row) => rows.indexOf(row)) };
      // Selecting a component inside a closed row (from the address) opens the rows around it.
      const inside = document.createElement("a");
      inside.href = "#select=" + encodeURIComponent(rows[rows.length - 1].dataset.vTarget);
      document.body.append(inside);
      inside.click();
      inside.remove();
      triangle.afterSelectInside = { expanded: rows[0].getAttribute("aria-expanded"), shown: shownRows() };
      click(box.right - 4);
      triangle.bodyClickSelects = rows[0].getAttribute("aria-selected");
      result.treeKeys = { rows: rows.length, tabStops: tabStops, unselected: unselected, lineLabel: lineLabel, sourceName: sourceName ?? null, afterDown: afterDown, afterEnd: afterEnd, afterLeft: afterLeft, afterRight: afterRight, levels: levels, rowHeight: rowHeight, sourceRole: sourceRole, focusedSelected: focusedSelected,
        expandedAtStart: expandedAtStart, closed: closed, reopened: reopened, triangle: triangle };
      rows[0].click();
      // Back to the page as it loaded: the selection above scrolled the screen to its element.
      for (const box of document.querySelectorAll(".v-device, .v-device *, [data-v-source]")) box.scrollTop = box.scrollLeft = 0;
      window.scrollTo(0, 0);
      document.activeElement.blur();
      result.hover = hover(rows);
      result.select = select(rows);
      result.renderClick = renderClick();
      result.diagnosticLinks = diagnosticLinks();
      choose(device, "375x667");
      result.narrow = render();
      const note = document.querySelector(".v-dark-note");
      const shown = () => note !== null && getComputedStyle(note).display !== "none";
      const noteBefore = shown();
      dark.click();
      result.darkNote = { before: noteBefore, after: shown() };
      result.dark = render();
      result.darkAddress = { hash: location.hash, standalone: document.querySelector("a[data-v-standalone]").getAttribute("href") };
      // A link of the page that selects (as the dark-mode note's does), clicked twice after another row was selected.
      rows[0].click();
      const selectLink = document.createElement("a");
      selectLink.href = "#select=" + encodeURIComponent(rows[rows.length - 1].dataset.vTarget);
      document.body.append(selectLink);
      selectLink.click();
      rows[0].click();
      selectLink.click();
      const selectedRows = [...document.querySelectorAll('.v-tree-row[aria-selected="true"]')].map((row) => row.dataset.vTarget);
      // From the keyboard (Enter on the focused link), the focus goes to the row selected, as a click on it would put it.
      rows[0].click();
      selectLink.textContent = "show the last";
      selectLink.focus();
      selectLink.click();
      result.selectLink = {
        hash: location.hash,
        dark: dark.checked,
        selectedRows: selectedRows,
        linkFocusVisible: selectLink.matches(":focus-visible") || document.activeElement !== selectLink,
        focusedAfterKeyboard: document.activeElement.dataset.vTarget || document.activeElement.tagName,
      };
      selectLink.remove();
      choose(device, "all");
      result.all = render();
      result.allStandalone = document.querySelector("a[data-v-standalone]").getAttribute("href");
      document.querySelector('input[data-v-control="rtl"]').click();
      choose(document.querySelector('select[data-v-control="font-scale"]'), "1.24");
      result.rtlLarge = render();
      result.deviceOptions = [...device.options].filter((option) => option.value !== "all").map((option) => option.dataset.vWidth);
    }
    // On a docs page: where each heading's text starts, beside where the paragraphs start (in
    // the title and the document), and the page's h1 and h2 texts in document order.
    const proses = [...document.querySelectorAll(".v-doc > .v-prose")];
    if (proses.length) {
      const textLeft = (element) => {
        const range = document.createRange();
        const text = [...element.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim() !== "");
        if (!text) return null;
        range.selectNodeContents(text);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        return rects.length ? rects[0].left : null;
      };
      result.headings = proses.flatMap((prose) => [...prose.querySelectorAll("h1, h2, h3")])
        .map((heading) => ({ text: heading.textContent.trim(), left: textLeft(heading) }));
      result.paragraphLeft = proses.flatMap((prose) => [...prose.querySelectorAll("p")]).map((p) => p.getBoundingClientRect().left)[0] ?? null;
      result.pageHeadings = [...document.querySelectorAll("h1, h2")].map((heading) => heading.textContent.trim());
      const layout = document.querySelector(".v-doc-layout").getBoundingClientRect();
      result.layoutGaps = [layout.left, document.documentElement.clientWidth - layout.right];
      const jump = document.querySelector(".v-doc-jump a");
      const toc = document.querySelector(".v-toc");
      result.docsJump = jump ? { shown: jump.getClientRects().length > 0, aboveContents: !toc || jump.getBoundingClientRect().bottom <= toc.getBoundingClientRect().top,
        target: (document.getElementById(jump.getAttribute("href").slice(1)) || {}).className || null } : null;
      const docsList = document.querySelector(".v-doc-layout > .v-sidebar ul");
      const navStyle = docsList && getComputedStyle(docsList.parentElement);
      result.docsListShare = docsList ? docsList.getBoundingClientRect().width
        / (docsList.parentElement.clientWidth - parseFloat(navStyle.paddingLeft) - parseFloat(navStyle.paddingRight)) : null;
    }
    result.errors = errors;
    return result;
  }

  function report(result) {
    const out = document.createElement("pre");
    out.id = "v-screen-probe";
    out.textContent = JSON.stringify(result);
    document.body.appendChild(out);
  }

  // After the stylesheets and web fonts, so boxes and colours are final.
  window.addEventListener("load", () => {
    document.fonts.ready.then(() => {
      try {
        const result = run();
        if (!result.rtlLarge) return report(result);
        // screen.js hears the change first (its listener is older), then this records.
        window.addEventListener("hashchange", () => {
          result.typedAddress = render();
          report(result);
        }, { once: true });
        location.hash = "#width=375&rtl";
      } catch (error) {
        report({ initial: [], errors: errors.concat(String(error)) });
      }
    });
  });
})();
