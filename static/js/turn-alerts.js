// Your turn reaches you (the table page): when #turn-clock says the turn has come to this viewer
// the tab's title says so, a short chime plays (unless the sound switch is off, remembered in
// this browser), a phone vibrates where it can, and a browser notification is shown while the
// tab is hidden (once the player allowed it from the notify switch: permission is only asked
// from that click). The words come from the page (#turn-alerts, #turn-clock). Only a player
// of the table is offered the switches (#turn-clock's data-player): a spectator has no turn.
(() => {
  "use strict";

  const SOUND_KEY = "cardroom.sound";
  const NOTIFY_KEY = "cardroom.notify";
  const VIBRATION_MS = [120, 80, 120];

  const alerts = document.getElementById("turn-alerts");
  if (!alerts) { return; }
  const soundSwitch = document.getElementById("sound-switch");
  const notifySwitch = document.getElementById("notify-switch");
  const pageTitle = document.title;
  const turnTitle = `● ${alerts.dataset.yourTurn} · ${alerts.dataset.game}`;
  const canNotify = "Notification" in window;
  let mine = null;

  function soundOn() { return localStorage.getItem(SOUND_KEY) !== "off"; }

  function notifyOn() {
    return canNotify && Notification.permission === "granted" && localStorage.getItem(NOTIFY_KEY) !== "off";
  }

  function showSwitches() {
    soundSwitch.setAttribute("aria-pressed", String(soundOn()));
    notifySwitch.hidden = !canNotify;
    notifySwitch.disabled = canNotify && Notification.permission === "denied";
    notifySwitch.setAttribute("aria-pressed", String(notifyOn()));
  }

  function chime() {
    if (!soundOn()) { return; }
    const sound = new Audio(alerts.dataset.sound);
    const playing = sound.play();
    if (playing) { playing.catch(() => {}); }
  }

  function notify() {
    if (!document.hidden || !notifyOn()) { return; }
    const shown = new Notification(turnTitle, { tag: "cardroom-turn", lang: document.documentElement.lang });
    shown.addEventListener("click", () => { window.focus(); shown.close(); });
  }

  function check() {
    const clock = document.getElementById("turn-clock");
    const now = Boolean(clock) && clock.dataset.turn === "mine";
    alerts.hidden = !(clock && clock.hasAttribute("data-player"));
    document.title = now ? turnTitle : pageTitle;
    if (now && mine === false) {
      chime();
      if (navigator.vibrate) { navigator.vibrate(VIBRATION_MS); }
      notify();
    }
    mine = now;
  }

  soundSwitch.addEventListener("click", () => {
    localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
    showSwitches();
  });

  notifySwitch.addEventListener("click", () => {
    if (Notification.permission === "default") {
      Notification.requestPermission().then(() => {
        localStorage.setItem(NOTIFY_KEY, "on");
        showSwitches();
      });
      return;
    }
    localStorage.setItem(NOTIFY_KEY, notifyOn() ? "off" : "on");
    showSwitches();
  });

  document.addEventListener("htmx:wsAfterMessage", check);
  showSwitches();
  check();
})();
