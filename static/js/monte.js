// Monte table: the stake the player puts on the spot he taps (a chip value sets the number
// field; his choice outlives the parts the table sends anew), and a bet sent holds the spots and
// buttons until the table answers (no double sends). The server checks every stake.
(() => {
  "use strict";

  let stake = null;

  function amountField() {
    return document.getElementById("monte-amount");
  }

  function showStake() {
    const field = amountField();
    if (!field) {
      return;
    }
    if (stake !== null) {
      field.value = stake;
    }
    for (const chip of document.querySelectorAll("#monte-controls [data-monte-chip]")) {
      chip.setAttribute("aria-pressed", String(chip.dataset.monteChip === field.value));
    }
  }

  function holdMoves(held) {
    for (const button of document.querySelectorAll("#monte-controls button, #monte-layout button")) {
      button.disabled = held;
    }
  }

  document.addEventListener("click", (event) => {
    const chip = event.target.closest && event.target.closest("#monte-controls [data-monte-chip]");
    if (chip) {
      stake = chip.dataset.monteChip;
      showStake();
    }
  });

  document.addEventListener("input", (event) => {
    if (event.target === amountField()) {
      stake = event.target.value;
      showStake();
    }
  });

  document.addEventListener("htmx:wsAfterSend", (event) => {
    if (event.target.closest && event.target.closest("#monte-controls, #monte-layout")) {
      holdMoves(true);
    }
  });

  document.addEventListener("htmx:wsAfterMessage", () => holdMoves(false));

  document.addEventListener("htmx:validation:halted", (event) => {
    const field = amountField();
    if (field && event.target.closest && event.target.closest("#monte-layout") && !field.checkValidity()) {
      field.reportValidity();
    }
  });

  document.addEventListener("htmx:oobAfterSwap", showStake);
})();
