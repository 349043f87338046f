// Records a gallery page's preview settings for CatalogueInteractionTests (see
// Support/CatalogueSite.swift): the colour and direction of each text specimen, and the page's
// switches and address, as the page opens (from #dark&rtl), after the reader unticks Dark, then
// after they untick Right to left. The JSON goes into <pre id="v-gallery-probe"> at the end of <body>.
// With ?probe-width=N the page is first laid out N px wide (headless Chromium's window is at
// least 500 px) and told of the resize; each specimen then also records its stage's layout
// width and how far its card ends from the right of the page's content.
"use strict";

const errors = [];
window.addEventListener("error", (event) => errors.push(String(event.message)));

function state() {
  const control = (name) => document.querySelector(`[data-v-control="${name}"]`);
  return {
    hash: location.hash,
    dark: control("dark").checked,
    rtl: control("rtl").checked,
    note: getComputedStyle(document.querySelector(".v-dark-note")).display !== "none",
    specimens: [...document.querySelectorAll(".v-specimen")].map((figure) => {
      const text = figure.querySelector(".v-specimen-stage .v-text");
      const style = getComputedStyle(text);
      const main = document.querySelector("main"), mainStyle = getComputedStyle(main);
      return { screen: figure.querySelector("figcaption a").textContent, pointer: figure.querySelector("figcaption code").textContent,
               color: style.color, direction: style.direction, stageWidth: figure.querySelector(".v-specimen-stage").offsetWidth,
               roomLeft: main.getBoundingClientRect().right - parseFloat(mainStyle.paddingRight) - figure.getBoundingClientRect().right };
    }),
  };
}

window.addEventListener("load", () => {
  const steps = {};
  try {
    const width = new URLSearchParams(location.search).get("probe-width");
    if (width) {
      document.documentElement.style.width = width + "px";
      window.dispatchEvent(new Event("resize"));
    }
    steps.fromAddress = state();
    document.querySelector('[data-v-control="dark"]').click();
    steps.light = state();
    document.querySelector('[data-v-control="rtl"]').click();
    steps.leftToRight = state();
  } catch (error) {
    errors.push(String(error));
  }
  const output = document.createElement("pre");
  output.id = "v-gallery-probe";
  output.textContent = JSON.stringify({ steps, errors });
  document.body.append(output);
});
