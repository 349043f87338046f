// Records colour schemes for CatalogueInteractionTests (see Support/CatalogueSite.swift): the
// computed color-scheme of the page and of each device, and the search field's placeholder and
// background colours. The JSON goes into <pre id="v-scheme-probe"> at the end of <body>.
"use strict";

window.addEventListener("load", () => {
  const field = document.querySelector('input[type="search"]');
  const result = {
    root: getComputedStyle(document.documentElement).colorScheme,
    placeholder: field ? getComputedStyle(field, "::placeholder").color : null,
    field: field ? getComputedStyle(field).backgroundColor : null,
    devices: [...document.querySelectorAll(".v-device")].map((device) => getComputedStyle(device).colorScheme),
  };
  const output = document.createElement("pre");
  output.id = "v-scheme-probe";
  output.textContent = JSON.stringify(result);
  document.body.append(output);
});
