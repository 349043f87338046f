// Types fragments into the address of an open page, one after another, for
// CatalogueInteractionTests, recording after each the device's size (its --v-device-width and
// --v-device-height, in points) and the screen's text size (--v-font-scale). The JSON goes into
// <pre id="v-address-probe"> at the end of <body>, read back with --dump-dom.
"use strict";

(() => {
  const errors = [];
  window.addEventListener("error", (event) => errors.push(String(event.message)));
  const fragments = ["#width=375x667", "#width=400", "#dark", "#width=0", "#scale=0", "#scale=2"];
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  function record(fragment) {
    const device = getComputedStyle(document.querySelector(".v-device"));
    return {
      fragment: fragment,
      width: parseFloat(device.getPropertyValue("--v-device-width")),
      height: parseFloat(device.getPropertyValue("--v-device-height")),
      scale: getComputedStyle(document.querySelector(".v-screen")).getPropertyValue("--v-font-scale").trim(),
    };
  }

  window.addEventListener("load", async () => {
    const steps = [];
    for (const fragment of fragments) {
      location.hash = fragment;
      await wait(50);  // screen.js applies it on hashchange
      steps.push(record(fragment));
    }
    const out = document.createElement("pre");
    out.id = "v-address-probe";
    out.textContent = JSON.stringify({ steps: steps, errors: errors });
    document.body.appendChild(out);
  });
})();
