// A refusal shows next to the control that was used: before a form goes out, the message box
// moves in front of that form's part of the page, and the answer's out-of-band swap fills it
// there. A part that was re-rendered whole may have taken the box with it: it is made anew.
document.body.addEventListener("htmx:wsBeforeSend", (event) => {
  const part = event.target.closest("#game-area > [id], #seats, .chat-room");
  if (!part) { return; }
  let message = document.getElementById("table-message");
  if (!message) {
    message = document.createElement("div");
    message.id = "table-message";
    message.className = "table-message";
    message.setAttribute("role", "status");
    message.setAttribute("aria-live", "polite");
  }
  if (part.previousElementSibling !== message) { part.before(message); }
});
document.body.addEventListener("htmx:wsAfterSend", (event) => {
  if (event.target.matches && event.target.matches(".chat-form")) { event.target.reset(); }
});
document.getElementById("copy-invite").addEventListener("click", (event) => {
  const field = document.getElementById("invite-link");
  const button = event.currentTarget;
  field.select();
  const done = () => { button.textContent = button.dataset.copied; };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(field.value).then(done);
  } else if (document.execCommand("copy")) {
    done();
  }
});
// Placed above the controls at the foot of a long hand, a refusal may fall below the window's
// edge while the controls stay pinned there: each new message is brought into sight once.
const messagesShown = new WeakSet();
document.addEventListener("htmx:wsAfterMessage", () => {
  const message = document.getElementById("table-message");
  if (!message || messagesShown.has(message) || !message.textContent.trim()) { return; }
  messagesShown.add(message);
  const box = message.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) {
    message.scrollIntoView({ block: "center" });
  }
});
