// The table by keyboard and screen reader.
// - One tab stop for the hand (roving tabindex): the arrow keys, Home and End move between the
//   cards, Space selects. A game's screen marks its hand ([data-hand]) and the cards in it
//   that take the focus ([data-hand-card]: a button, or a checkbox where several are thrown).
// - Shortcuts for the common moves, listed in the "?" panel (#shortcuts-help): each entry names
//   its key (data-shortcut) and the control it works (data-control): a button is pressed, a
//   field is focused. "?" opens and closes the panel, Escape closes it.
// - Focus stays in place after a move: the websocket swaps whole parts, so after each frame the
//   element that had focus is found again by its id, its card or its meld, else the hand.
// - #table-announcer (aria-live) tells in words the moves of the move log that are new since the
//   last frame, then whose turn it is when that changed.
(() => {
  "use strict";

  const GROUPS = [{ box: "#game-area [data-hand]", items: "[data-hand-card]:not([hidden])" }];
  const STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  const TYPING = "input:not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable]";
  const HELP_KEY = "?";

  const help = document.getElementById("shortcuts-help");
  const helpSwitch = document.getElementById("shortcuts-switch");
  const announcer = document.getElementById("table-announcer");
  const stops = new Map();
  let lastFocus = null;
  let lastLines = null;
  let lastTurn = null;

  function keyOf(item) { return item.dataset.card || item.value || item.id; }

  function groupOf(element) {
    return GROUPS.find((group) => element.closest && element.closest(group.box) && element.matches(group.items));
  }

  function itemsOf(group) {
    const box = document.querySelector(group.box);
    return box ? [...box.querySelectorAll(group.items)] : [];
  }

  // The hand's one tab stop: the card last focused while it is still there, else the first.
  function rove() {
    for (const group of GROUPS) {
      const items = itemsOf(group);
      const stop = items.find((item) => keyOf(item) === stops.get(group.box)) || items[0];
      for (const item of items) { item.tabIndex = item === stop ? 0 : -1; }
    }
  }

  function handStop() {
    for (const group of GROUPS) {
      const stop = itemsOf(group).find((item) => item.tabIndex === 0);
      if (stop) { return stop; }
    }
    return null;
  }

  // --- focus kept across swaps --------------------------------------------------------------

  function describe(element) {
    if (!element || element === document.body || !element.closest("#game-area")) { return null; }
    const part = element.closest("#game-area > [id]");
    return {
      id: element.id,
      card: element.dataset.card || (element.matches("input[data-hand-card]") ? element.value : ""),
      meld: element.dataset.meld,
      part: part ? part.id : "",
    };
  }

  function usable(element) {
    return Boolean(element) && !element.disabled && !element.hidden && element.getClientRects().length > 0;
  }

  function findAgain(seen) {
    const candidates = [];
    if (seen.id) { candidates.push(document.getElementById(seen.id)); }
    if (seen.card) {
      candidates.push(document.querySelector(`#game-area [data-card="${CSS.escape(seen.card)}"]`));
      candidates.push(document.querySelector(`#game-area input[data-hand-card][value="${CSS.escape(seen.card)}"]`));
    }
    if (seen.meld !== undefined) {
      candidates.push(document.querySelector(`#game-area [data-meld="${CSS.escape(seen.meld)}"]`));
    }
    candidates.push(handStop());
    return candidates.find(usable) || null;
  }

  function restoreFocus() {
    const active = document.activeElement;
    if (!lastFocus || (active && active !== document.body && active.isConnected)) { return; }
    const again = findAgain(lastFocus);
    if (again) { again.focus({ preventScroll: true }); }
  }

  // --- words for the screen reader ----------------------------------------------------------

  function announce() {
    if (!announcer) { return; }
    const lines = [...document.querySelectorAll("#table-moves .move-line")].map((line) => line.textContent.trim());
    const clock = document.getElementById("turn-clock");
    const turn = (clock && clock.dataset.turnWords) || "";
    if (lastLines !== null) {
      const known = lastLines.length ? lines.indexOf(lastLines[0]) : -1;
      const fresh = (known < 0 ? lines : lines.slice(0, known)).reverse();
      const words = lines.join("\n") === lastLines.join("\n") ? [] : fresh;
      if (turn && turn !== lastTurn) { words.push(turn); }
      if (words.length) { announcer.textContent = words.join(". "); }
    }
    lastLines = lines;
    lastTurn = turn;
  }

  // --- shortcuts ------------------------------------------------------------------------------

  function shortcuts() {
    return help ? [...help.querySelectorAll("[data-shortcut]")] : [];
  }

  function markShortcuts() {
    for (const entry of shortcuts()) {
      const control = entry.dataset.control && document.querySelector(entry.dataset.control);
      if (control) { control.setAttribute("aria-keyshortcuts", entry.dataset.shortcut); }
    }
  }

  function showHelp(shown) {
    if (!help) { return; }
    help.hidden = !shown;
    helpSwitch.setAttribute("aria-expanded", String(shown));
    if (!shown && help.contains(document.activeElement)) { helpSwitch.focus(); }
  }

  function work(entry) {
    if (entry.dataset.shortcut === "h") {
      const stop = handStop();
      if (stop) { stop.focus(); }
      return;
    }
    const control = document.querySelector(entry.dataset.control);
    if (!usable(control)) { return; }
    if (control.matches("button")) { control.click(); } else { control.focus(); }
  }

  document.addEventListener("keydown", (event) => {
    const target = event.target;
    const group = groupOf(target);
    if (group && (event.key in STEPS || event.key === "Home" || event.key === "End")) {
      const items = itemsOf(group);
      const at = items.indexOf(target);
      const next = event.key === "Home" ? 0 : event.key === "End" ? items.length - 1 : at + STEPS[event.key];
      const to = items[Math.max(0, Math.min(items.length - 1, next))];
      event.preventDefault();
      if (to) {
        stops.set(group.box, keyOf(to));
        rove();
        to.focus();
      }
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || target.closest(TYPING)) { return; }
    if (event.key === "Escape" && help && !help.hidden) {
      showHelp(false);
      return;
    }
    if (event.key === HELP_KEY) {
      event.preventDefault();
      showHelp(help.hidden);
      return;
    }
    const entry = shortcuts().find((item) => item.dataset.shortcut === event.key.toLowerCase());
    if (entry) {
      event.preventDefault();
      work(entry);
    }
  });

  if (helpSwitch) { helpSwitch.addEventListener("click", () => showHelp(help.hidden)); }

  document.addEventListener("focusin", (event) => {
    const group = groupOf(event.target);
    if (group) {
      stops.set(group.box, keyOf(event.target));
      rove();
    }
    lastFocus = describe(event.target);
  });

  document.addEventListener("mousedown", (event) => {
    if (!event.target.closest("#game-area")) { lastFocus = null; }
  });

  // A click may hide or re-order cards (the game's script, loaded before this one, handles the
  // click first and sorts the hand again, which drops the focus).
  document.addEventListener("click", () => {
    rove();
    restoreFocus();
  });
  document.addEventListener("htmx:wsAfterMessage", () => {
    rove();
    restoreFocus();
    markShortcuts();
    announce();
  });
  rove();
  markShortcuts();
  announce();
})();
