// Looks at a catalogue page the way an accessibility checker does, for CatalogueAccessibilityTests
// (see Support/CatalogueSite.swift), and writes into <pre id="v-a11y-probe"> at the end of <body>:
//   unnamed    every control (link, button, field, select, tree row, focusable element) of the
//              catalogue without an accessible name, as tag#id.class;
//   landmarks  how many banner, main, contentinfo and navigation regions there are, and the
//              navigations without a label;
//   h1         how many h1 headings;
//   noAlt      images without an alt attribute;
//   unfocused  controls that show no outline or ring when focused from the keyboard;
//   lowContrast text of the catalogue (outside the device renders, which draw the payload's
//              colours) whose contrast with its background is under 4.5:1 (3:1 for large text), or
//              under ?probe-contrast=N:1 for all text when the address asks for more;
//   checked    how many controls, text elements, scrolling boxes and render buttons were looked
//              at, and the kinds of control focused;
//   styled     whether the theme's stylesheet applies (its --v-chrome-bg is set);
//   outside    links of the page (not http, https or mailto) that lead out of the site's folder,
//              whose root the brand link (to index.html) gives;
//   clippedRings  controls whose focus ring a box around them that clips (one that scrolls)
//              cuts at its start or top edge;
//   renderRings  the first buttons of a device's render whose focus ring is under 3:1 against
//              the device's screen;
//   shownHidden  elements marked `hidden` that are drawn all the same;
//   sideways   how many CSS pixels the page is wider than the window (0 when it fits).
// In a frame, the JSON is also posted to the page around it.
// The renders (.v-device, .v-embed and the gallery's specimens) are the payload's, not the catalogue's.
"use strict";

window.addEventListener("load", () => {
  const render = ".v-device, .v-embed .v-screen, .v-specimen-stage, .v-mini";
  const inCatalogue = (element) => !element.closest(render) && element.getClientRects().length > 0;
  const describe = (element) => element.tagName.toLowerCase() + (element.id ? "#" + element.id : "")
    + (element.className && typeof element.className === "string" ? "." + element.className.trim().split(/\s+/).join(".") : "");

  // A field is named by its label, aria-label(ledby) or title, never by its own text (a select's
  // options); other controls by their text or an image's alt too.
  function name(element) {
    const labelled = element.getAttribute("aria-labelledby");
    if (labelled) return labelled.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? "").join(" ").trim();
    const field = element.matches("input, select, textarea");
    return (element.getAttribute("aria-label") || [...(element.labels ?? [])].map((label) => label.textContent).join(" ")
      || (field ? "" : element.textContent) || element.getAttribute("title")
      || (field ? "" : [...element.querySelectorAll("img[alt]")].map((image) => image.alt).join(" ")) || "").trim();
  }

  const controls = [...document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, [role="treeitem"], [tabindex]:not([tabindex="-1"])')]
    .filter(inCatalogue);
  const unnamed = controls.filter((element) => name(element) === "").map(describe);

  const count = (selector) => [...document.querySelectorAll(selector)].filter((element) => !element.closest(render)).length;
  const navigations = [...document.querySelectorAll("nav, [role=navigation]")].filter((element) => !element.closest(render));
  const landmarks = {
    banner: count("body > header, [role=banner]"),
    main: count("main, [role=main]"),
    contentinfo: count("body > footer, [role=contentinfo]"),
    navigation: navigations.length,
    unlabelledNavigation: navigations.filter((element) => !element.getAttribute("aria-label") && !element.getAttribute("aria-labelledby")).map(describe),
  };

  // Keyboard focus: the first control of each kind.
  const unfocused = [];
  const focusedKinds = [];
  const kinds = ["a[href]", "button", 'input[type="search"]', 'input[type="checkbox"]', "select", '[role="treeitem"]'];
  for (const kind of kinds) {
    const element = controls.find((control) => control.matches(kind));
    if (!element) continue;
    focusedKinds.push(kind);
    // A ring is an outline, or a shadow the element does not have unfocused (the current folder
    // link and a selected tree row have one of their own).
    const restingShadow = getComputedStyle(element).boxShadow;
    element.focus({ focusVisible: true });
    const style = getComputedStyle(element);
    const ring = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || (style.boxShadow !== "none" && style.boxShadow !== restingShadow);
    if (document.activeElement !== element || !ring) unfocused.push(describe(element));
    element.blur();
  }

  // Every control's ring, focused without scrolling: a box around it that clips must leave room
  // for the ring at its start and, for its first control, its top.
  const clippedRings = [];
  for (const element of controls) {
    const clip = (() => {
      for (let box = element.parentElement; box; box = box.parentElement) {
        if (box.closest(render)) return null;
        const style = getComputedStyle(box);
        if (style.overflowX !== "visible" || style.overflowY !== "visible") return box;
      }
      return null;
    })();
    if (!clip) continue;
    element.focus({ focusVisible: true, preventScroll: true });
    if (document.activeElement !== element) continue;
    const style = getComputedStyle(element);
    const reach = style.outlineStyle !== "none" ? parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset) : 0;
    const box = clip.getBoundingClientRect(), rect = element.getBoundingClientRect();
    const start = box.left + clip.clientLeft, top = box.top + clip.clientTop;
    const first = [...clip.querySelectorAll("a[href], button, [role=treeitem]")].find((control) => control.getClientRects().length > 0) === element;
    const named = describe(element) + " “" + name(element).slice(0, 30) + "” in " + describe(clip);
    if (clip.scrollLeft === 0 && rect.left - reach < start - 0.5) clippedRings.push(named + " at its start");
    else if (first && clip.scrollTop === 0 && rect.top - reach < top - 0.5) clippedRings.push(named + " at its top");
    element.blur();
  }

  // Contrast (WCAG 2): each text node's element colour against the first opaque background behind it.
  const parse = (color) => (color.match(/[\d.]+/g) || []).map(Number);
  const luminance = ([r, g, b]) => {
    const channel = (value) => { value /= 255; return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const contrast = (first, second) => {
    const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
    return (light + 0.05) / (dark + 0.05);
  };

  // A focused button of a render: its ring against the device's screen, whatever the page's scheme.
  const renderButtons = [...document.querySelectorAll(".v-device .v-screen .v-button")].slice(0, 3);
  const renderRings = renderButtons.flatMap((button) => {
    button.focus({ focusVisible: true, preventScroll: true });
    const ring = parse(getComputedStyle(button).outlineColor).slice(0, 3);
    const screen = parse(getComputedStyle(button.closest(".v-screen")).backgroundColor).slice(0, 3);
    button.blur();
    const ratio = contrast(ring, screen);
    return ratio < 3 ? [describe(button) + " " + ratio.toFixed(2)] : [];
  });
  function background(element) {
    for (let node = element; node; node = node.parentElement) {
      const color = parse(getComputedStyle(node).backgroundColor);
      if (color.length === 3 || (color.length === 4 && color[3] >= 0.95)) return color.slice(0, 3);
      if (getComputedStyle(node).backgroundImage !== "none") return null;
    }
    return parse(getComputedStyle(document.documentElement).backgroundColor).length >= 3 ? [255, 255, 255] : null;
  }
  const lowContrast = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!node.textContent.trim() || seen.has(element) || !inCatalogue(element) || element.closest("pre#v-a11y-probe, script, style")) continue;
    seen.add(element);
    const style = getComputedStyle(element);
    if (style.visibility === "hidden" || parseFloat(style.opacity) === 0) continue;
    const behind = background(element);
    if (!behind) continue;
    // Translucent text is its colour blended over what is behind it.
    const [r, g, b, alpha = 1] = parse(style.color);
    const text = [r, g, b].map((channel, index) => alpha * channel + (1 - alpha) * behind[index]);
    const ratio = contrast(text, behind);
    const large = parseFloat(style.fontSize) >= 24 || (parseFloat(style.fontSize) >= 18.66 && Number(style.fontWeight) >= 700);
    const asked = Number(new URLSearchParams(location.search).get("probe-contrast")) || 0;
    if (ratio < (asked || (large ? 3 : 4.5))) lowContrast.push(describe(element) + " " + ratio.toFixed(2) + ": " + node.textContent.trim().slice(0, 40));
  }

  // A box that scrolls, the catalogue's or a render's, is a tab stop with a name of its own, or
  // holds a control to reach it through (2.1.1): Chromium alone makes one a tab stop by itself.
  const scrolls = (element) => {
    const style = getComputedStyle(element);
    return (/auto|scroll/.test(style.overflowX) && element.scrollWidth > element.clientWidth + 1)
      || (/auto|scroll/.test(style.overflowY) && element.scrollHeight > element.clientHeight + 1);
  };
  const scrollers = [...document.querySelectorAll("body *")]
    .filter((element) => element.getClientRects().length > 0 && !element.closest("[aria-hidden=true]") && scrolls(element));
  const unreachableScrollers = scrollers
    .filter((element) => !(element.tabIndex >= 0 && (element.getAttribute("aria-label") || element.getAttribute("aria-labelledby"))))
    .filter((element) => !element.querySelector('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])'))
    .map(describe);

  const brand = document.querySelector("a.v-brand");
  const root = brand ? brand.href.replace(/[^/]*$/, "") : null;
  const outside = root === null ? ["no brand link"] : [...document.querySelectorAll("a[href]")]
    .filter((link) => !/^(https?|mailto):/.test(link.getAttribute("href")) && !link.href.startsWith(root))
    .map((link) => link.getAttribute("href"));

  // The page's own width: the outputs of other probes loaded into it (long lines of JSON) are set aside.
  function sideways() {
    const outputs = [...document.querySelectorAll('pre[id$="-probe"]')];
    outputs.forEach((output) => { output.style.display = "none"; });
    const width = Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth);
    outputs.forEach((output) => { output.style.display = ""; });
    return width;
  }

  const result = {
    unnamed: unnamed,
    styled: getComputedStyle(document.documentElement).getPropertyValue("--v-chrome-bg").trim() !== "",
    outside: outside,
    landmarks: landmarks,
    h1: count("h1"),
    noAlt: [...document.querySelectorAll("img:not([alt])")].filter(inCatalogue).map(describe),
    unfocused: unfocused,
    lowContrast: lowContrast,
    unreachableScrollers: unreachableScrollers,
    clippedRings: clippedRings,
    renderRings: renderRings,
    shownHidden: [...document.querySelectorAll("[hidden]")].filter((element) => element.getClientRects().length > 0).map(describe),
    sideways: sideways(),
    checked: { controls: controls.length, texts: seen.size, focused: focusedKinds, scrollers: scrollers.length, renderButtons: renderButtons.length },
  };
  const output = document.createElement("pre");
  output.id = "v-a11y-probe";
  output.textContent = JSON.stringify(result);
  document.body.append(output);
  if (window.parent !== window) window.parent.postMessage(output.textContent, "*");
});
