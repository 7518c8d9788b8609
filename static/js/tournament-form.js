// The create-a-tournament form shows only the chosen game's options, the chips and ante levels
// only for a game whose tournaments climb antes, and the start time only for a set start.
(() => {
  const form = document.querySelector("#create-tournament-form");
  const game = form.querySelector("[name=game]");
  const antes = form.querySelector(".tournament-antes");
  const startsAt = form.querySelector("[name=starts_at]").closest(".field");
  const show = () => {
    form.querySelectorAll(".game-options").forEach((group) => {
      group.hidden = group.dataset.game !== game.value;
    });
    antes.hidden = !antes.dataset.games.split(" ").includes(game.value);
    const start = form.querySelector("[name=start]:checked");
    startsAt.hidden = !start || start.value !== "time";
  };
  form.addEventListener("change", show);
  show();
})();
