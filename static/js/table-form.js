// The create-a-table form shows only the chosen game's options, and offers only the seat counts
// that game is played at (its fieldset's data-seats); a game played at one count takes it.
(() => {
  const game = document.querySelector("#create-table-form [name=game]");
  const seats = document.querySelector("#create-table-form [name=seats]");
  const show = () => {
    let counts = [];
    document.querySelectorAll("#create-table-form .game-options").forEach((group) => {
      group.hidden = group.dataset.game !== game.value;
      if (!group.hidden) { counts = group.dataset.seats.split(" "); }
    });
    if (counts.length === 1) { seats.value = counts[0]; }
    Array.from(seats.options).forEach((option) => { option.disabled = !counts.includes(option.value); });
  };
  game.addEventListener("change", show);
  show();
})();
