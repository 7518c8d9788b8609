// Three-bet stud table: the countdowns (to the close of the open window, to the next hand) tick
// once a second, and a move sent holds the buttons until the table answers (no double sends).
// Only a display: the server closes each window on the clock stored in its database.
(() => {
  "use strict";

  function tick() {
    for (const clock of document.querySelectorAll("#stud-controls .countdown[data-deadline]")) {
      const left = (Date.parse(clock.dataset.deadline) - Date.now()) / 1000;
      clock.textContent = `${Math.max(0, Math.ceil(left))} s`;
    }
  }

  function holdMoves(held) {
    for (const button of document.querySelectorAll("#stud-controls button")) {
      button.disabled = held;
    }
  }

  document.addEventListener("htmx:wsAfterSend", (event) => {
    if (event.target.closest && event.target.closest("#stud-controls")) {
      holdMoves(true);
    }
  });

  document.addEventListener("htmx:wsAfterMessage", () => {
    holdMoves(false);
    tick();
  });

  document.addEventListener("htmx:validation:halted", (event) => {
    const form = event.target.closest && event.target.closest("#stud-controls form");
    if (form) {
      form.reportValidity();
    }
  });

  setInterval(tick, 1000);
  document.addEventListener("DOMContentLoaded", tick);
})();
