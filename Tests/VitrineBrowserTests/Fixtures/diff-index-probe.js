// Works the class filters of a diff report's index for DiffReportOutlineTests (see
// Support/DiffReportSite.swift): records how the table of files fits the window, then unticks
// every kind of change and ticks the first again, recording after each step the status text
// and how many file rows are hidden.
// The JSON goes into <pre id="v-diff-index-probe"> at the end of <body>, read back with --dump-dom.
"use strict";

window.addEventListener("load", () => {
  const filters = [...document.querySelectorAll("[data-v-class-filter]")];
  const step = () => ({
    status: document.querySelector("[data-v-filter-status]").textContent,
    hiddenRows: document.querySelectorAll("tr[data-v-classes][hidden]").length,
  });
  const table = document.querySelector(".v-diff-files");
  const wrap = table.parentElement, page = document.documentElement;
  const fit = {
    tableOverflow: wrap.scrollWidth - wrap.clientWidth,
    pageOverflow: page.scrollWidth - page.clientWidth,
    firstRow: table.querySelector("tbody tr").innerText.replace(/\s+/g, " ").trim(),
  };
  const steps = { loaded: step() };
  for (const filter of filters) {
    filter.checked = false;
    filter.dispatchEvent(new Event("change", { bubbles: true }));
  }
  steps.none = step();
  filters[0].checked = true;
  filters[0].dispatchEvent(new Event("change", { bubbles: true }));
  steps.first = step();
  const out = document.createElement("pre");
  out.id = "v-diff-index-probe";
  out.textContent = JSON.stringify({ filters: filters.length, steps: steps, ...fit });
  document.body.append(out);
});
