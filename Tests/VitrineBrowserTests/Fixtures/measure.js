// Measures a rendered screen for VitrineBrowserTests (see Support/ChromiumPage.swift).
//
// On load (after web fonts), records for every element carrying data-v-path:
//   layers   the element and its chain of first children down to the node's content element
//            (the modifier boxes of the node, outermost first), each with its border box and
//            the computed styles the tests look for (background colour, line height, top-left
//            corner radius);
//   scroll   scrollWidth/clientWidth and scrollHeight/clientHeight of the outermost element;
//   scrollsSideways  whether the outermost element is a scroll box (overflow-x auto or scroll)
//            that a reader can move: set to its far end, it moves (and is put back). A box that
//            only overflows (visible, hidden, clip) is not one;
//   corners  whether a hit test 1 px inside each corner (top-left, top-right, bottom-left,
//            bottom-right) lands on the element or a descendant, i.e. whether it is drawn there;
//   firstLineRight  for an element whose first child is text, the right edge of that text's
//            first line box (laid out even where a clamp hides the lines after it);
//   actionTip  for a button with an action, the left and right edges, the height and the top of
//            the label its ::after shows while it has the keyboard focus (focused by script, as a
//            Tab would).
// It also records the screen's scrollHeight and clientHeight, and the families of the web fonts
// loaded (a face loads only once text uses it).
// The JSON goes into <pre id="v-measure"> at the end of <body>, read back with --dump-dom.
"use strict";

function measuredBox(element) {
  const rect = element.getBoundingClientRect();
  const style = getComputedStyle(element);
  const lineHeight = parseFloat(style.lineHeight);
  return {
    left: rect.left,
    top: rect.top,
    width: rect.width,
    height: rect.height,
    background: style.backgroundColor,
    radius: parseFloat(style.borderTopLeftRadius) || 0,
    lineHeight: Number.isFinite(lineHeight) ? lineHeight : null,
  };
}

function layersOf(node) {
  const layers = [];
  for (let layer = node; layer !== null; layer = layer.firstElementChild) {
    if (layer !== node && layer.hasAttribute("data-v-path")) break;
    layers.push(measuredBox(layer));
  }
  return layers;
}

function drawnAt(node, x, y) {
  const hit = document.elementFromPoint(x, y);
  return hit !== null && node.contains(hit);
}

function cornersOf(node) {
  const r = node.getBoundingClientRect();
  return [
    drawnAt(node, r.left + 1, r.top + 1),
    drawnAt(node, r.right - 1, r.top + 1),
    drawnAt(node, r.left + 1, r.bottom - 1),
    drawnAt(node, r.right - 1, r.bottom - 1),
  ];
}

function firstLineRight(node) {
  const text = node.firstChild;
  if (text === null || text.nodeType !== Node.TEXT_NODE) return null;
  const range = document.createRange();
  range.selectNodeContents(text);
  const rects = [...range.getClientRects()];
  if (rects.length === 0) return null;
  const top = rects[0].top;
  return Math.max(...rects.filter((r) => Math.abs(r.top - top) < 1).map((r) => r.right));
}

function actionTip(node) {
  const button = [node, ...node.querySelectorAll("[data-v-action]")]
    .find((element) => element.hasAttribute("data-v-action") && element.closest("[data-v-path]") === node);
  if (button === undefined) return null;
  button.focus({ preventScroll: true });
  const after = getComputedStyle(button, "::after");
  const left = button.getBoundingClientRect().left + parseFloat(after.left);
  const top = button.getBoundingClientRect().top + parseFloat(after.top);
  const tip = after.content === "none" ? null : [left, left + parseFloat(after.width), parseFloat(after.height), top];
  button.blur();
  return tip;
}

// Whether Escape hides a focused button's action label, and focusing it again shows it.
function actionDismissal(node) {
  const button = [node, ...node.querySelectorAll("[data-v-action]")]
    .find((element) => element.hasAttribute("data-v-action") && element.closest("[data-v-path]") === node);
  if (button === undefined) return null;
  const shown = () => getComputedStyle(button, "::after").display !== "none" && getComputedStyle(button, "::after").content !== "none";
  button.focus({ preventScroll: true });
  document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
  const afterEscape = shown();
  button.blur();
  button.focus({ preventScroll: true });
  const refocused = shown();
  button.blur();
  return [afterEscape, refocused];
}

function scrollsSideways(element) {
  if (!/auto|scroll/.test(getComputedStyle(element).overflowX)) return false;
  const start = element.scrollLeft;
  // To the far end (leftwards in right-to-left), where a snapping rail has a snap point too.
  element.scrollLeft = getComputedStyle(element).direction === "rtl" ? -element.scrollWidth : element.scrollWidth;
  const moved = element.scrollLeft !== start;
  element.scrollLeft = start;
  return moved;
}

function measure() {
  const nodes = {};
  for (const node of document.querySelectorAll("[data-v-path]")) {
    nodes[node.getAttribute("data-v-path")] = {
      layers: layersOf(node),
      scrollWidth: node.scrollWidth,
      clientWidth: node.clientWidth,
      scrollHeight: node.scrollHeight,
      clientHeight: node.clientHeight,
      scrollsSideways: scrollsSideways(node),
      corners: cornersOf(node),
      firstLineRight: firstLineRight(node),
      actionTip: actionTip(node),
      actionDismissal: actionDismissal(node),
    };
  }
  const screen = document.querySelector(".v-screen");
  const out = document.createElement("pre");
  out.id = "v-measure";
  out.textContent = JSON.stringify({ screen: screen === null ? null : measuredBox(screen),
    screenScroll: screen === null ? null : [screen.scrollHeight, screen.clientHeight], nodes: nodes,
    loadedFonts: [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family.replace(/"/g, "") + " " + face.weight) });
  document.body.appendChild(out);
}

window.addEventListener("load", () => {
  document.fonts.ready.then(measure);
});
