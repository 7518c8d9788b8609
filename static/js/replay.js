// A hand's replay: the left and right arrow keys follow the page's previous and next links.
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
  if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) { return; }
  const rel = { ArrowLeft: "prev", ArrowRight: "next" }[event.key];
  const link = rel && document.querySelector(`[data-replay] .replay-nav a[rel="${rel}"]`);
  if (link) {
    event.preventDefault();
    window.location.assign(link.href);
  }
});

// The move list (scrolled on its own, never the page) keeps the step shown in sight.
document.addEventListener("DOMContentLoaded", () => {
  const list = document.querySelector("[data-replay] .replay-moves");
  const current = list && list.querySelector("[aria-current]");
  if (current) {
    list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 2;
  }
});
