// Vitrine gallery page: its specimens drawn dark or right to left, as a screen page's preview
// can be. The address keeps the settings (text.html#dark&rtl), so a shared link shows them.
"use strict";

(() => {
  const specimens = document.querySelector(".v-specimens");
  if (!specimens) return;

  // On a page narrower than a specimen (a phone), each is zoomed out to fit its card,
  // its layout unchanged, as a screen page's device is (without the script, it is drawn narrower).
  // All are measured before any is zoomed: one layout, not one per specimen.
  function fit() {
    const stages = [...specimens.querySelectorAll(".v-specimen-stage")];
    for (const stage of stages) {
      stage.style.zoom = "";
      stage.style.maxWidth = "none";
    }
    const zooms = stages.map((stage) => {
      const card = stage.closest(".v-specimen"), style = getComputedStyle(card);
      const room = specimens.clientWidth - (card.offsetWidth - card.clientWidth) - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return room > 0 && stage.offsetWidth > room ? room / stage.offsetWidth : 1;
    });
    stages.forEach((stage, index) => { if (zooms[index] < 1) stage.style.zoom = String(zooms[index]); });
  }
  fit();
  window.addEventListener("resize", fit);

  const dark = document.querySelector('[data-v-control="dark"]'), rtl = document.querySelector('[data-v-control="rtl"]');
  if (!dark || !rtl) return;

  function apply() {
    specimens.classList.toggle("v-dark", dark.checked);
    for (const screen of specimens.querySelectorAll(".v-specimen-screen")) {
      if (rtl.checked) screen.dir = "rtl"; else screen.removeAttribute("dir");
    }
  }

  function fromAddress() {
    const words = location.hash.slice(1).split("&");
    dark.checked = words.includes("dark");
    rtl.checked = words.includes("rtl");
    apply();
  }

  for (const control of [dark, rtl]) {
    control.addEventListener("change", () => {
      apply();
      const words = [dark.checked && "dark", rtl.checked && "rtl"].filter(Boolean);
      history.replaceState(null, "", words.length ? "#" + words.join("&") : location.pathname + location.search);
    });
  }
  window.addEventListener("hashchange", fromAddress);
  fromAddress();
})();
