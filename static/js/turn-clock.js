// The turn clock: counts down to #turn-clock's data-deadline once a second. Only a display;
// the server plays the default move when the deadline stored in its database has passed.
(() => {
  "use strict";

  function tick() {
    for (const clock of document.querySelectorAll("#turn-clock .countdown[data-deadline]")) {
      const left = (Date.parse(clock.dataset.deadline) - Date.now()) / 1000;
      clock.textContent = Number.isNaN(left) ? "" : `${Math.max(0, Math.ceil(left))} s`;
    }
  }

  document.addEventListener("htmx:oobAfterSwap", tick);
  setInterval(tick, 1000);
  tick();
})();
