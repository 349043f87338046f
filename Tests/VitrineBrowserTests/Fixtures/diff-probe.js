// Looks at a diff report's file page for DiffReportOutlineTests (see Support/DiffReportSite.swift).
//
// Loaded with `defer` after the theme's diff.js, and run on `load` after web fonts, so the
// outlines are drawn and boxes are final. It records:
//   outlines  the list the page gives diff.js (<script type="application/json" id="v-diff-outlines">);
//   sides     per [data-v-side] figure: its side name, how many .v-device it holds, and every
//             [data-v-path] element inside it in document order: its pointer, its data-v-diff
//             (null when absent), its v-diff-* classes, its border box, computed outline style and
//             width, and whether it is inside the device's .v-screen;
//   marked    every element of the document carrying data-v-diff: its pointer (or null) and the
//             side it is in (or null), so a mark outside the renders shows up;
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
        return { bottom: parseFloat(badge.bottom), whiteSpace: badge.whiteSpace };
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

  function run() {
    const data = document.getElementById("v-diff-outlines");
    return {
      outlines: data ? JSON.parse(data.textContent) : null,
      sides: [...document.querySelectorAll("[data-v-side]")].map((side) => ({
        side: side.dataset.vSide,
        devices: side.querySelectorAll(".v-device").length,
        elements: [...side.querySelectorAll("[data-v-path]")].map(element),
      })),
      marked: [...document.querySelectorAll("[data-v-diff]")].map((node) => ({
        path: node.hasAttribute("data-v-path") ? node.dataset.vPath : null,
        side: node.closest("[data-v-side]") ? node.closest("[data-v-side]").dataset.vSide : null,
      })),
      errors: errors,
    };
  }

  function report(result) {
    const out = document.createElement("pre");
    out.id = "v-diff-probe";
    out.textContent = JSON.stringify(result);
    document.body.appendChild(out);
  }

  window.addEventListener("load", () => {
    document.fonts.ready.then(() => {
      try {
        report(run());
      } catch (error) {
        report({ outlines: null, sides: [], marked: [], errors: errors.concat(String(error)) });
      }
    });
  });
})();
