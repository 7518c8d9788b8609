// Monte table: the countdowns on the cloth ("No va más" in N s, the next coup), and a bet sent
// holds the buttons until the table answers (no double sends). Only a display: the server
// closes the bets when the deadline stored in its database has passed.
(() => {
  "use strict";

  function tick() {
    for (const clock of document.querySelectorAll(".monte-layout .countdown[data-deadline]")) {
      const left = (Date.parse(clock.dataset.deadline) - Date.now()) / 1000;
      clock.textContent = `${Math.max(0, Math.ceil(left))} s`;
    }
  }

  function holdMoves(held) {
    for (const button of document.querySelectorAll("#monte-controls button")) {
      button.disabled = held;
    }
  }

  document.addEventListener("htmx:wsAfterSend", (event) => {
    if (event.target.closest && event.target.closest("#monte-controls")) {
      holdMoves(true);
    }
  });

  document.addEventListener("htmx:wsAfterMessage", () => {
    holdMoves(false);
    tick();
  });

  document.addEventListener("htmx:validation:halted", (event) => {
    const form = event.target.closest && event.target.closest(".monte-controls form");
    if (form) {
      form.reportValidity();
    }
  });

  document.addEventListener("htmx:oobAfterSwap", tick);
  setInterval(tick, 1000);
  tick();
})();
