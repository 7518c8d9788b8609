// Rummy 70 table screen: the little the browser does by itself. Sorting and selecting cards,
// staging melds before committing them, and filling the move forms the server rendered. Every
// move still goes to the server, which decides.
(function () {
  "use strict";

  var SORT_KEY = "cardroom.rummy70.sort";
  var SUITS = ["O", "C", "E", "B"];
  var selected = new Set();
  var staged = [];
  var pendingQuestion = null;

  function $(selector, root) { return (root || document).querySelector(selector); }
  function $all(selector, root) { return Array.from((root || document).querySelectorAll(selector)); }

  // --- cards and melds, as the rules read them --------------------------------------------------

  function rankOf(face) {
    var text = face.slice(0, -1);
    return { A: 1, J: 11, Q: 12, K: 13 }[text] || Number(text);
  }

  function faceOf(rank, suit) {
    var text = { 1: "A", 11: "J", 12: "Q", 13: "K", 14: "A" }[rank] || String(rank);
    return text + suit;
  }

  function setPoints(rank) {
    return rank === 1 ? 11 : Math.min(rank, 10);
  }

  function runPoints(ranks) {
    return ranks.reduce(function (sum, rank, i) {
      if (rank === 1) { return sum + (i === 0 ? 1 : 11); }
      return sum + (rank === 14 ? 11 : Math.min(rank, 10));
    }, 0);
  }

  // Readings of a meld: [{kind, jokerAs, points}], one per place its joker may take (one when
  // there is no joker or its place is fixed); empty when the cards make no meld.
  function readings(faces) {
    var jokers = faces.filter(function (f) { return f === "*"; }).length;
    var real = faces.filter(function (f) { return f !== "*"; });
    if (jokers > 1 || faces.length < 3 || real.length === 0) { return []; }
    var ranks = real.map(rankOf);
    var suits = real.map(function (f) { return f.slice(-1); });
    var found = [];
    if (ranks.every(function (r) { return r === ranks[0]; })) {
      if (faces.length > 4 || new Set(suits).size !== suits.length) { return []; }
      var points = setPoints(ranks[0]) * faces.length;
      if (!jokers) { return [{ kind: "set", jokerAs: "", points: points }]; }
      SUITS.forEach(function (suit) {
        if (suits.indexOf(suit) < 0) {
          found.push({ kind: "set", jokerAs: faceOf(ranks[0], suit), points: points });
        }
      });
      return found;
    }
    if (new Set(suits).size !== 1 || faces.length > 13) { return []; }
    var suit = suits[0];
    var variants = ranks.indexOf(1) >= 0 ? [ranks, ranks.map(function (r) { return r === 1 ? 14 : r; })] : [ranks];
    variants.forEach(function (variant) {
      var sorted = variant.slice().sort(function (a, b) { return a - b; });
      if (new Set(sorted).size !== sorted.length) { return; }
      var low = sorted[0];
      var high = sorted[sorted.length - 1];
      var gaps = high - low + 1 - sorted.length;
      if (gaps > jokers) { return; }
      var places = [];
      if (jokers && gaps === 1) {
        for (var r = low; r <= high; r++) { if (sorted.indexOf(r) < 0) { places.push(r); } }
      } else if (jokers) {
        if (low > 1) { places.push(low - 1); }
        if (high < 14) { places.push(high + 1); }
      }
      if (!jokers) { found.push({ kind: "run", jokerAs: "", points: runPoints(sorted) }); }
      places.forEach(function (place) {
        var all = sorted.concat([place]).sort(function (a, b) { return a - b; });
        found.push({ kind: "run", jokerAs: faceOf(place, suit), points: runPoints(all) });
      });
    });
    var seen = new Set();
    return found.filter(function (reading) {
      var key = reading.jokerAs;
      if (seen.has(key)) { return false; }
      seen.add(key);
      return true;
    });
  }

  // --- the hand ----------------------------------------------------------------------------------

  function handCards() { return $all("#rummy-hand .hand-cards .card[data-card]"); }

  function cardByCode(code) {
    return handCards().find(function (card) { return card.dataset.card === code; }) || null;
  }

  function stagedCodes() {
    var codes = new Set();
    staged.forEach(function (meld) { meld.codes.forEach(function (c) { codes.add(c); }); });
    return codes;
  }

  function sortHand() {
    var box = $("#rummy-hand .hand-cards");
    if (!box) { return; }
    var mode = localStorage.getItem(SORT_KEY) || "suit";
    var cards = handCards();
    cards.sort(function (a, b) {
      var bySuit = Number(a.dataset.suitOrder) - Number(b.dataset.suitOrder);
      var byRank = Number(a.dataset.rankOrder) - Number(b.dataset.rankOrder);
      return mode === "suit" ? bySuit || byRank : byRank || bySuit;
    });
    cards.forEach(function (card) { box.appendChild(card); });
    $all("#rummy-hand [data-sort]").forEach(function (button) {
      button.setAttribute("aria-pressed", String(button.dataset.sort === mode));
    });
  }

  // --- staging -------------------------------------------------------------------------------

  function stagingBox() { return $("#rummy-hand .staging"); }

  function miniCard(code) {
    var source = cardByCode(code);
    var card = document.createElement("span");
    card.className = source ? source.className + " mini" : "card mini";
    card.setAttribute("role", "img");
    card.setAttribute("aria-label", source ? source.getAttribute("aria-label") : code);
    card.innerHTML = source ? source.innerHTML : "";
    return card;
  }

  function faceLabels() {
    var data = $("#rummy-face-labels");
    return data ? JSON.parse(data.textContent) : {};
  }

  function stagedFaces(meld) {
    return meld.codes.map(function (code) { return code.split("#")[0]; });
  }

  function meldPoints(meld) {
    var reading = readings(stagedFaces(meld)).find(function (r) { return r.jokerAs === meld.jokerAs; });
    return reading ? reading.points : null;
  }

  function drawStaging() {
    var box = stagingBox();
    if (!box) { return; }
    var list = $(".staged-melds", box);
    var labels = box.dataset;
    list.textContent = "";
    var total = 0;
    staged.forEach(function (meld, index) {
      var row = document.createElement("div");
      row.className = "staged-meld";
      var cards = document.createElement("span");
      cards.className = "meld-cards";
      meld.codes.forEach(function (code) { cards.appendChild(miniCard(code)); });
      var points = meldPoints(meld);
      var note = document.createElement("span");
      note.className = points === null ? "staged-points bad" : "staged-points";
      note.textContent = points === null ? labels.tNotMeld : points + " " + labels.tPoints;
      total += points || 0;
      var back = document.createElement("button");
      back.type = "button";
      back.className = "button-quiet take-back";
      back.dataset.unstage = String(index);
      back.textContent = labels.tTakeBack;
      row.append(cards, note, back);
      list.appendChild(row);
    });
    if (staged.length) {
      var sum = document.createElement("p");
      var needed = Number(box.dataset.openingPoints);
      sum.className = total >= needed ? "staged-total enough" : "staged-total";
      sum.textContent = labels.tTotal + ": " + total + " / " + needed;
      list.appendChild(sum);
    }
  }

  function askJoker(choices, done) {
    var box = stagingBox();
    if (!box) { return; }
    var question = $(".joker-question", box);
    var labels = faceLabels();
    pendingQuestion = done;
    question.textContent = "";
    var title = document.createElement("p");
    title.textContent = box.dataset.tJokerQuestion;
    question.appendChild(title);
    choices.forEach(function (face) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "button";
      button.dataset.jokerAs = face;
      button.textContent = labels[face] || face;
      question.appendChild(button);
    });
    var cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "button-quiet";
    cancel.dataset.jokerAs = "";
    cancel.textContent = box.dataset.tCancel;
    question.appendChild(cancel);
    question.hidden = false;
    question.querySelector("button").focus();
  }

  function answerJoker(face) {
    var question = $("#rummy-hand .joker-question");
    var done = pendingQuestion;
    pendingQuestion = null;
    if (question) { question.hidden = true; question.textContent = ""; }
    if (done && face) { done(face); }
  }

  function stageSelection() {
    var codes = handCards().map(function (c) { return c.dataset.card; }).filter(function (code) {
      return selected.has(code);
    });
    if (codes.length < 3) { return; }
    var choices = readings(codes.map(function (code) { return code.split("#")[0]; }));
    var finish = function (jokerAs) {
      staged.push({ codes: codes, jokerAs: jokerAs });
      codes.forEach(function (code) { selected.delete(code); });
      refresh();
    };
    if (choices.length > 1) {
      askJoker(choices.map(function (r) { return r.jokerAs; }), finish);
    } else {
      finish(choices.length ? choices[0].jokerAs : "");
    }
  }

  function meldText(meld) {
    return meld.codes.map(function (code) {
      return code.charAt(0) === "*" && meld.jokerAs ? code + "=" + meld.jokerAs : code;
    }).join(" ");
  }

  // --- the forms -----------------------------------------------------------------------------

  function setField(form, name, value) {
    var field = form && form.querySelector('input[name="' + name + '"]');
    if (field) { field.value = value; }
  }

  // While the table's socket is down its move buttons stay disabled (static/js/connection.js).
  function socketDown() { return Boolean($('[ws-connect][data-connection="down"]')); }

  function syncForms() {
    var down = socketDown();
    var open = $("#rummy-open-form");
    if (open) {
      setField(open, "melds", staged.map(meldText).join("|"));
      $("button", open).disabled = down || staged.length === 0;
    }
    var layMeld = $("#rummy-lay-meld-form");
    if (layMeld) {
      setField(layMeld, "cards", staged.length ? meldText(staged[0]) : "");
      $("button", layMeld).disabled = down || staged.length === 0;
    }
    var discard = $("#rummy-discard-form");
    if (discard) {
      setField(discard, "card", selected.size === 1 ? Array.from(selected)[0] : "");
      $("button", discard).disabled = down || selected.size !== 1;
    }
    var stage = $("#rummy-hand .stage-button");
    if (stage) { stage.disabled = selected.size < 3; }
    var targetable = selected.size === 1 && ($("#rummy-lay-off-form") || $("#rummy-swap-form"));
    $all("#rummy-melds .meld[data-meld]").forEach(function (meld) {
      meld.classList.toggle("targetable", Boolean(targetable));
    });
  }

  function send(form, fields) {
    Object.keys(fields).forEach(function (name) { setField(form, name, fields[name]); });
    form.requestSubmit();
  }

  function playOnMeld(meld) {
    if (selected.size !== 1) { return; }
    var code = Array.from(selected)[0];
    var face = code.split("#")[0];
    var swap = $("#rummy-swap-form");
    var layOff = $("#rummy-lay-off-form");
    if (swap && face !== "*" && face === meld.dataset.jokerAs) {
      send(swap, { meld: meld.dataset.meld, card: code });
      return;
    }
    if (!layOff) { return; }
    var layIt = function (jokerAs) {
      send(layOff, { meld: meld.dataset.meld, card: code, joker_as: jokerAs });
    };
    if (face !== "*") { layIt(""); return; }
    var faces = meld.dataset.faces.split(" ").concat(["*"]);
    var choices = readings(faces).map(function (r) { return r.jokerAs; });
    if (choices.length > 1) { askJoker(choices, layIt); } else { layIt(""); }
  }

  // --- keeping client state across swaps ------------------------------------------------------

  function refresh() {
    var present = new Set(handCards().map(function (card) { return card.dataset.card; }));
    staged = staged.filter(function (meld) {
      return meld.codes.every(function (code) { return present.has(code); });
    });
    var inStaging = stagedCodes();
    Array.from(selected).forEach(function (code) {
      if (!present.has(code) || inStaging.has(code)) { selected.delete(code); }
    });
    handCards().forEach(function (card) {
      var code = card.dataset.card;
      card.setAttribute("aria-pressed", String(selected.has(code)));
      card.hidden = inStaging.has(code);
    });
    sortHand();
    drawStaging();
    syncForms();
  }

  // --- events --------------------------------------------------------------------------------

  document.addEventListener("click", function (event) {
    var target = event.target.closest("button");
    if (!target) { return; }
    if (target.closest("#rummy-hand .hand-cards") && target.dataset.card) {
      var code = target.dataset.card;
      if (selected.has(code)) { selected.delete(code); } else { selected.add(code); }
      refresh();
    } else if (target.dataset.sort) {
      localStorage.setItem(SORT_KEY, target.dataset.sort);
      sortHand();
    } else if (target.classList.contains("stage-button")) {
      stageSelection();
    } else if (target.dataset.unstage !== undefined) {
      staged.splice(Number(target.dataset.unstage), 1);
      refresh();
    } else if (target.dataset.jokerAs !== undefined && target.closest(".joker-question")) {
      answerJoker(target.dataset.jokerAs);
    } else if (target.closest("#rummy-melds") && target.dataset.meld !== undefined) {
      playOnMeld(target);
    }
  });

  document.addEventListener("htmx:oobAfterSwap", refresh);
  document.addEventListener("htmx:wsAfterMessage", refresh);
  document.addEventListener("DOMContentLoaded", refresh);
})();
