// A tournament's table: when the tournament has moved this player to another table, the panel
// holds a link marked data-follow and the browser follows it. The server decides; this only
// reads the panel it sent.
(function () {
  function follow() {
    const link = document.querySelector("#tournament-panel a[data-follow]");
    if (link) { window.location.assign(link.href); }
  }

  document.addEventListener("htmx:wsAfterMessage", follow);
  follow();
})();
