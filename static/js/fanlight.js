/* Tap a fan, see its tiles: on a result card (templates/_results.html) each fan row that lights tiles has
   <button class="fans__light" aria-pressed="false" aria-controls="r-<system>-reading" data-tiles="0 1 2">:
   the positions, counted from 0, of the tiles that make the fan in the reading the card draws (its
   .hand's .tile elements in order; rulesets/lights.py). A tap lights them (class tile--lit, the card's
   reading gets is-lit, which dims the rest) and presses the button; a second tap, or a tap on another
   fan of the card, puts them out. One listener on the document: it works on cards htmx swaps in.
   Without JavaScript the buttons do nothing and the "?" link beside each name still opens the fan's
   definition. Loaded with defer; no inline script (the Content-Security-Policy forbids it). */
(function () {
  "use strict";

  document.documentElement.classList.add("fanlight");

  function tilesOf(reading) {
    var hand = reading.querySelector(".hand");
    return hand ? hand.querySelectorAll(".tile") : [];
  }

  function putOut(reading) {
    var card = reading.closest(".card") || reading;
    Array.prototype.forEach.call(card.querySelectorAll('.fans__light[aria-pressed="true"]'), function (b) {
      b.setAttribute("aria-pressed", "false");
    });
    Array.prototype.forEach.call(tilesOf(reading), function (t) { t.classList.remove("tile--lit"); });
    reading.classList.remove("is-lit");
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest(".fans__light");
    if (!button) { return; }
    var reading = document.getElementById(button.getAttribute("aria-controls"));
    if (!reading) { return; }
    var on = button.getAttribute("aria-pressed") !== "true";
    putOut(reading);
    if (!on) { return; }
    var tiles = tilesOf(reading);
    (button.getAttribute("data-tiles") || "").split(" ").forEach(function (text) {
      var tile = text === "" ? null : tiles[+text];
      if (tile) { tile.classList.add("tile--lit"); }
    });
    button.setAttribute("aria-pressed", "true");
    reading.classList.add("is-lit");
  });
})();
