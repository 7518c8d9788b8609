// A tournament's table: when the tournament has moved this player to another table, the panel
// holds a link marked data-follow and the browser follows it; between hands it counts down to
// the next round. The server decides both; this only reads the panel it sent.
(function () {
  function follow() {
    const link = document.querySelector("#tournament-panel a[data-follow]");
    if (link) { window.location.assign(link.href); }
  }

  function tick() {
    for (const clock of document.querySelectorAll("#tournament-panel .countdown[data-deadline]")) {
      const deadline = Date.parse(clock.dataset.deadline);
      if (Number.isNaN(deadline)) { continue; }
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      clock.textContent = clock.dataset.tSeconds.replace("%s", String(left));
    }
  }

  document.addEventListener("htmx:wsAfterMessage", () => { follow(); tick(); });
  follow();
  tick();
  window.setInterval(tick, 1000);
})();
