// Golfo table: the discard button counts the picked cards, picks survive a swap of the hand,
// an amount out of its limits is reported by the browser, a move sent holds the buttons until
// the table answers (no double sends).
(() => {
  "use strict";

  const picked = new Set();

  const pickBoxes = () => [...document.querySelectorAll("input[data-golfo-pick]")];

  function labelDiscard() {
    const button = document.getElementById("golfo-discard-submit");
    if (!button) {
      return;
    }
    const count = pickBoxes().filter((box) => box.checked).length;
    button.textContent = count ? `${button.dataset.throw} ${count}` : button.dataset.keep;
  }

  function restorePicks() {
    const boxes = pickBoxes();
    const present = new Set(boxes.map((box) => box.value));
    for (const id of [...picked]) {
      if (!present.has(id)) {
        picked.delete(id);
      }
    }
    for (const box of boxes) {
      box.checked = picked.has(box.value);
    }
    labelDiscard();
  }

  document.addEventListener("change", (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || !box.matches("[data-golfo-pick]")) {
      return;
    }
    if (box.checked) {
      picked.add(box.value);
    } else {
      picked.delete(box.value);
    }
    labelDiscard();
  });

  function holdMoves(held) {
    for (const button of document.querySelectorAll("#golfo-controls button")) {
      button.disabled = held;
    }
  }

  document.addEventListener("htmx:wsAfterSend", (event) => {
    if (event.target.closest && event.target.closest("#golfo-controls")) {
      holdMoves(true);
    }
  });

  document.addEventListener("htmx:wsAfterMessage", () => {
    holdMoves(false);
    restorePicks();
  });

  document.addEventListener("htmx:validation:halted", (event) => {
    const form = event.target.closest && event.target.closest(".golfo-controls form");
    if (form) {
      form.reportValidity();
    }
  });

  document.addEventListener("DOMContentLoaded", restorePicks);
})();
