// Looks at a diff report's file page for DiffReportOutlineTests (see Support/DiffReportSite.swift).
//
// Loaded with `defer` after the theme's diff.js, and run on `load` after web fonts, so the
// outlines are drawn and boxes are final. It records:
//   outlines  the list the page gives diff.js (<script type="application/json" id="v-diff-outlines">);
//   sides     per [data-v-side] figure: its side name, its box in the window, how many .v-device it holds, and every
//             [data-v-path] element inside it in document order: its pointer, its data-v-diff
//             (null when absent), its v-diff-* classes, its border box, computed outline style and
//             width, its badge's (::before) bottom, white-space, and left, width and top in the window,
//             and whether it is inside the device's .v-screen;
//   marked    every element of the document carrying data-v-diff: its pointer (or null) and the
//             side it is in (or null), so a mark outside the renders shows up;
//   shown     for the added view (data-v-diff="added"): whether its change's "Show" button is
//             there, and whether the view lies inside its screen's visible box before and after
//             the button is pressed, and flashes then;
//   overflow  how much wider than its window the page is, measured first; with ?probe-width=N in
//             the address the page is made N px wide before (the narrowest window is wider);
//   errors    script errors on the page.
// The JSON goes into <pre id="v-diff-probe"> at the end of <body>, read back with --dump-dom.
"use strict";

(() => {
  const errors = [];
  window.addEventListener("error", (event) => errors.push(String(event.message)));
  window.addEventListener("unhandledrejection", (event) => errors.push(String(event.reason)));

  function element(node) {
    const rect = node.getBoundingClientRect();
    const style = getComputedStyle(node);
    return {
      path: node.dataset.vPath,
      diff: node.hasAttribute("data-v-diff") ? node.dataset.vDiff : null,
      classes: [...node.classList].filter((name) => name.startsWith("v-diff-")),
      box: { left: rect.left, top: rect.top, width: rect.width, height: rect.height, background: style.backgroundColor },
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth) || 0,
      outlineOffset: parseFloat(style.outlineOffset) || 0,
      badge: node.hasAttribute("data-v-diff") ? (() => {
        const badge = getComputedStyle(node, "::before");
        return { bottom: parseFloat(badge.bottom), whiteSpace: badge.whiteSpace,
                 left: rect.left + node.clientLeft + parseFloat(badge.left), width: parseFloat(badge.width),
                 top: rect.top + node.clientTop + parseFloat(badge.top) };
      })() : null,
      inScreen: node.closest(".v-screen") !== null,
      screen: (() => {
        const screen = node.closest(".v-screen");
        if (!screen) return null;
        const rect = screen.getBoundingClientRect();
        return { left: rect.left, top: rect.top, width: rect.width, height: rect.height, background: "" };
      })(),
    };
  }

  function shown() {
    const added = document.querySelector('[data-v-side="after"] [data-v-diff="added"]');
    if (!added) return null;
    const inView = () => {
      const box = added.getBoundingClientRect(), screen = added.closest(".v-screen").getBoundingClientRect();
      // Within a pixel: a scroll's extent is whole pixels, so a last view that ends at 0.3 px
      // past them can never be scrolled quite fully in.
      return box.top >= screen.top - 1 && box.bottom <= screen.bottom + 1;
    };
    const item = [...document.querySelectorAll("[data-v-change]")].find((li) => li.textContent.includes("fresh added"));
    const button = item && item.querySelector("[data-v-show]");
    const before = inView();
    if (button && !button.hidden) button.click();
    return { button: Boolean(button && !button.hidden), before: before, after: inView(), flashing: added.classList.contains("v-diff-flash") };
  }

  function run() {
    const data = document.getElementById("v-diff-outlines");
    const elements = [...document.querySelectorAll("[data-v-side]")].map((side) => ({
      side: side.dataset.vSide,
      box: (({ left, top, width, height }) => ({ left, top, width, height, background: getComputedStyle(side).backgroundColor }))(side.getBoundingClientRect()),
      devices: side.querySelectorAll(".v-device").length,
      elements: [...side.querySelectorAll("[data-v-path]")].map(element),
    }));
    return {
      overflow: overflow,
      outlines: data ? JSON.parse(data.textContent) : null,
      sides: elements,
      marked: [...document.querySelectorAll("[data-v-diff]")].map((node) => ({
        path: node.hasAttribute("data-v-path") ? node.dataset.vPath : null,
        side: node.closest("[data-v-side]") ? node.closest("[data-v-side]").dataset.vSide : null,
      })),
      shown: shown(),  // last: it scrolls the screens, after the boxes above are recorded
      errors: errors,
    };
  }

  function report(result) {
    const out = document.createElement("pre");
    out.id = "v-diff-probe";
    out.textContent = JSON.stringify(result);
    document.body.appendChild(out);
  }

  let overflow = 0;
  window.addEventListener("load", () => {
    document.fonts.ready.then(() => {
      try {
        const width = new URLSearchParams(location.search).get("probe-width");
        if (width) {
          document.documentElement.style.width = width + "px";
          window.dispatchEvent(new Event("resize"));
        }
        overflow = document.body.scrollWidth - document.body.clientWidth;
        report(run());
      } catch (error) {
        report({ overflow: overflow, outlines: null, sides: [], marked: [], errors: errors.concat(String(error)) });
      }
    });
  });
})();
