// Pai Gow Poker table: the split button waits for exactly two picked cards, picks survive a swap
// of the hand, and a move sent holds the buttons until the table answers (no double sends).
(() => {
  "use strict";

  const picked = new Set();
  const LOW_SIZE = 2;

  const pickBoxes = () => [...document.querySelectorAll("input[data-paigow-pick]")];

  function labelSplit() {
    const button = document.getElementById("paigow-split-submit");
    if (button) {
      button.disabled = pickBoxes().filter((box) => box.checked).length !== LOW_SIZE;
    }
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
    labelSplit();
  }

  document.addEventListener("change", (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || !box.matches("[data-paigow-pick]")) {
      return;
    }
    if (box.checked) {
      picked.add(box.value);
    } else {
      picked.delete(box.value);
    }
    labelSplit();
  });

  function holdMoves(held) {
    for (const button of document.querySelectorAll("#paigow-controls button, #paigow-hand button")) {
      button.disabled = held;
    }
  }

  document.addEventListener("htmx:wsAfterSend", (event) => {
    if (event.target.closest && event.target.closest("#paigow-controls, #paigow-hand")) {
      holdMoves(true);
    }
  });

  document.addEventListener("htmx:wsAfterMessage", () => {
    holdMoves(false);
    restorePicks();
  });

  document.addEventListener("htmx:validation:halted", (event) => {
    const form = event.target.closest && event.target.closest(".paigow-controls form");
    if (form) {
      form.reportValidity();
    }
  });

  document.addEventListener("DOMContentLoaded", restorePicks);
})();
