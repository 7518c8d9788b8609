// The page's websocket as a player feels it.
// - While the socket is down, #connection-banner says so (its words are in the page) and every
//   control of a form sent over the socket is disabled. Nothing sent meanwhile goes out later:
//   the htmx ws extension would queue it and send it on reconnect, to a table that has moved on.
//   On reconnect the server sends the whole view, which brings the controls back.
// - A control sent holds itself until the server's next frame (the move's, or its refusal), so a
//   double click sends one move.
(() => {
  "use strict";

  // The close codes after which the extension reconnects by itself.
  const RECONNECTING = [1006, 1011, 1012, 1013];
  const CONTROLS = "button, input:not([type=hidden]), select, textarea";
  const RECONNECT_CAP_MS = 5000;

  let down = false;
  const heldWhileDown = new Set();
  const heldUntilAnswer = new Set();

  // The extension's own delay doubles up to a minute: a player back online should not wait that.
  htmx.config.wsReconnectDelay = (retries) =>
    Math.min(RECONNECT_CAP_MS, 500 * 2 ** retries) * (0.5 + Math.random() / 2);

  function controlsOf(root) {
    return [...root.querySelectorAll("[ws-send]")].flatMap((form) => [...form.querySelectorAll(CONTROLS)]);
  }

  function hold(controls, into) {
    for (const control of controls) {
      if (!control.disabled) {
        control.disabled = true;
        into.add(control);
      }
    }
  }

  function release(held) {
    for (const control of held) {
      if (control.isConnected) { control.disabled = false; }
    }
    held.clear();
  }

  function showBanner(shown) {
    const banner = document.getElementById("connection-banner");
    if (banner) { banner.hidden = !shown; }
  }

  document.body.addEventListener("htmx:wsClose", (event) => {
    down = true;
    event.target.dataset.connection = "down";
    event.detail.socketWrapper.queue.splice(0);
    hold(controlsOf(event.target), heldWhileDown);
    showBanner(RECONNECTING.includes(event.detail.event.code));
  });

  document.body.addEventListener("htmx:wsOpen", (event) => {
    down = false;
    delete event.target.dataset.connection;
    release(heldWhileDown);
    showBanner(false);
  });

  document.body.addEventListener("htmx:wsConfigSend", (event) => {
    if (down) { event.preventDefault(); }
  });

  document.body.addEventListener("htmx:wsAfterSend", (event) => {
    const form = event.target;
    if (form.matches && form.matches("form")) {
      hold(form.querySelectorAll("button, input[type=submit]"), heldUntilAnswer);
    }
  });

  document.body.addEventListener("htmx:wsAfterMessage", () => {
    if (!down) { release(heldUntilAnswer); }
  });
})();
