// Three-bet stud table: a move sent holds the buttons until the table answers (no double sends).
(() => {
  "use strict";

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

  document.addEventListener("htmx:wsAfterMessage", () => holdMoves(false));

  document.addEventListener("htmx:validation:halted", (event) => {
    const form = event.target.closest && event.target.closest("#stud-controls form");
    if (form) {
      form.reportValidity();
    }
  });

})();
