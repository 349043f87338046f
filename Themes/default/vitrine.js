// Vitrine site script: marks images as loaded or failed so the theme can show a placeholder,
// and gives a picture rounded in its frame (.v-fitted) its ratio, to be sized as fitted.
// No inline scripts anywhere: pages load this file under a Content-Security-Policy.
"use strict";

function loaded(image, box) {
  if (box.classList.contains("v-fitted")) box.style.setProperty("--v-ratio", String(image.naturalWidth / image.naturalHeight));
  box.classList.add("v-loaded");
}

document.addEventListener("load", (event) => {
  const box = event.target instanceof HTMLImageElement && event.target.closest(".v-image");
  if (box) loaded(event.target, box);
}, true);

document.addEventListener("error", (event) => {
  const box = event.target instanceof HTMLImageElement && event.target.closest(".v-image");
  if (box) box.classList.add("v-failed");
}, true);

// Images that finished before this deferred script ran fired their events unheard.
for (const image of document.querySelectorAll(".v-image img")) {
  if (!image.complete) continue;
  if (image.naturalWidth > 0) loaded(image, image.closest(".v-image")); else image.closest(".v-image").classList.add("v-failed");
}

// A screen embedded in a doc, or drawn on a diff report's page, is zoomed out to fit a column
// narrower than its device (a phone), keeping its width in points, as a screen page's device is.
// A diff's before and after stay side by side (a tablet) while that takes them no smaller than 0.6.
function fitEmbeds() {
  const devices = [...document.querySelectorAll(".v-embed > .v-device, .v-diff-side > .v-device")];
  for (const device of devices) device.style.zoom = "";
  const zooms = devices.map((device) => {
    const column = device.parentElement.parentElement, style = getComputedStyle(column);
    const room = column.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd), width = device.offsetWidth;
    const sides = [...column.querySelectorAll(":scope > .v-diff-side > .v-device")];
    const half = (room - (parseFloat(style.columnGap) || 0)) / 2, widest = Math.max(...sides.map((side) => side.offsetWidth));
    if (sides.length === 2 && widest > half && half >= 0.6 * widest) return half / widest;
    return width > room && room > 0 ? room / width : 1;
  });
  devices.forEach((device, index) => { if (zooms[index] < 1) device.style.zoom = String(zooms[index]); });
}
fitEmbeds();
window.addEventListener("resize", fitEmbeds);

// A box that scrolls is a tab stop with a name, so that it scrolls from the keyboard in every
// browser (Chromium alone makes one a tab stop by itself, and unnamed): the device's screen, a
// render's scroll view or rail, a code block. One that holds a control is reached through it.
// A device's screen under a caption (each preset of "All widths", a diff's Before and After)
// is named after it, so that the five screens side by side are told apart; screen.js calls
// this again once it has captioned them.
const scrollingBoxes = ".v-screen, .v-scroll, .v-rail, .v-prose pre";
const boxNames = [[".v-screen", "Screen preview"], [".v-prose pre", "Code"], ["*", "Scrolling area"]];
function boxName(box) {
  const name = boxNames.find(([selector]) => box.matches(selector))[1];
  const caption = box.matches(".v-screen") ? box.closest("figure")?.querySelector(":scope > figcaption") : null;
  return caption ? name + ", " + caption.textContent : name;
}
function reachScrollingBoxes() {
  for (const box of document.querySelectorAll(scrollingBoxes)) {
    const scrolls = box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1;
    if (!scrolls || box.hasAttribute("tabindex") || box.closest("[aria-hidden=true]")) continue;
    if (box.querySelector("a[href], button, input, select, textarea, [tabindex]")) continue;
    box.tabIndex = 0;
    if (!box.hasAttribute("role")) box.setAttribute("role", "region");
    if (!box.hasAttribute("aria-label")) box.dataset.vNamed = "";
  }
  for (const box of document.querySelectorAll("[data-v-named]")) box.setAttribute("aria-label", boxName(box));
}
reachScrollingBoxes();
// A device made narrower or shorter (the preview's settings, the window) may scroll where it did not.
const watchedBoxes = new ResizeObserver(reachScrollingBoxes);
for (const device of document.querySelectorAll(".v-device")) watchedBoxes.observe(device);

// An element of the page by its id, never one a render drew: a payload may give a component
// any id (`v-diff-outlines` took the diff page's data, `L12` its source line). The page scripts
// (screen.js, diff.js) load after this one and call it.
function pageElement(id) {
  return [...document.querySelectorAll("#" + CSS.escape(id))].find((element) => !element.closest(".v-screen, .v-specimen-screen")) || null;
}

// A skip link moves the focus and leaves the address alone: the index and screen pages keep
// their search, filters and preview settings in its fragment.
for (const skip of document.querySelectorAll("a.v-skip[href^='#']")) {
  skip.addEventListener("click", (event) => {
    const target = pageElement(skip.getAttribute("href").slice(1));
    if (!target) return;
    event.preventDefault();
    if (!target.matches("input, select, textarea, button, a[href]")) target.tabIndex = -1;
    target.focus();
  });
}

// Scrolls `box` (a screen page's component tree, the index's folders), not the page, until
// `item` is in its visible part (inside its border and scroll bars), its start in view sideways.
// The page scripts (screen.js, catalogue.js) load after this one and call it.
function scrollWithin(box, item) {
  if (!box) return;
  const outer = box.getBoundingClientRect(), inner = item.getBoundingClientRect();
  const top = outer.top + box.clientTop, bottom = top + box.clientHeight;
  const left = outer.left + box.clientLeft, right = left + box.clientWidth;
  if (inner.top < top) box.scrollTop -= top - inner.top;
  else if (inner.bottom > bottom) box.scrollTop += Math.min(inner.bottom - bottom, inner.top - top);
  const rtl = getComputedStyle(box).direction === "rtl";
  const start = rtl ? right - inner.right : inner.left - left;
  if (start < 0 || start > box.clientWidth - 32) box.scrollLeft += rtl ? 8 - start : start - 8;
}
