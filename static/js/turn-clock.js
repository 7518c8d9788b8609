// The turn clock: counts down to #turn-clock's data-deadline once a second, and shows the time
// left as a bar on the seat of the player whose turn it is, for everyone at the table; in the
// last seconds the clock and the bar turn to a warning. Only a display: the server plays the
// default move when the deadline stored in its database has passed.
(() => {
  "use strict";

  const WARNING_SECONDS = 10;

  function bar(seat) {
    let shown = seat.querySelector(":scope > .turn-bar");
    if (!shown) {
      shown = document.createElement("span");
      shown.className = "turn-bar";
      shown.setAttribute("aria-hidden", "true");
      shown.append(document.createElement("span"));
      seat.append(shown);
    }
    return shown;
  }

  function tick() {
    const clock = document.querySelector("#turn-clock .countdown[data-deadline]");
    const left = clock ? (Date.parse(clock.dataset.deadline) - Date.now()) / 1000 : Number.NaN;
    const seat = Number.isNaN(left) ? null : document.querySelector("#game-area .is-turn");
    for (const old of document.querySelectorAll(".turn-bar")) {
      if (old.parentElement !== seat) { old.remove(); }
    }
    const holder = document.getElementById("turn-clock");
    if (holder) { holder.classList.toggle("is-warning", left <= WARNING_SECONDS); }
    if (!clock) { return; }
    clock.textContent = Number.isNaN(left) ? "" : `${Math.max(0, Math.ceil(left))} s`;
    if (!seat) { return; }
    const shown = bar(seat);
    const total = Number(clock.dataset.seconds) || left;
    shown.firstElementChild.style.transform = `scaleX(${Math.min(1, Math.max(0, left / total))})`;
    shown.classList.toggle("is-warning", left <= WARNING_SECONDS);
  }

  document.addEventListener("htmx:oobAfterSwap", tick);
  document.addEventListener("htmx:wsAfterMessage", tick);
  setInterval(tick, 1000);
  tick();
})();
