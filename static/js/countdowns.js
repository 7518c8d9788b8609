// Every countdown on a table's page but the turn clock (turn-clock.js): "No va más" in N s, the
// next hand, the next coup, the next round of a tournament. Each shows the seconds left to its
// data-deadline, in its data-t-seconds sentence when it has one ("Next hand in %s s"), once a
// second and as soon as the table sends a part. Only a display: the server acts on the
// deadlines stored in its database.
(() => {
  "use strict";

  function tick() {
    for (const clock of document.querySelectorAll(".countdown[data-deadline]")) {
      const deadline = Date.parse(clock.dataset.deadline);
      if (clock.closest("#turn-clock") || Number.isNaN(deadline)) {
        continue;
      }
      const left = String(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
      clock.textContent = clock.dataset.tSeconds ? clock.dataset.tSeconds.replace("%s", left) : `${left} s`;
    }
  }

  document.addEventListener("htmx:oobAfterSwap", tick);
  document.addEventListener("htmx:wsAfterMessage", tick);
  setInterval(tick, 1000);
  tick();
})();
