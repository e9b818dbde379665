// /t/new (templates/ledger/new.html): choosing the game, the system or its rule set draws the page again
// for that choice at once, carrying the table's name and the players typed so far. Without JavaScript the
// choosing form's own button does the same. Loaded with src+defer: the CSP allows no inline script.
(function () {
  "use strict";
  var choose = document.getElementById("choose");
  var create = document.getElementById("create");
  if (!choose || !create) return;
  document.documentElement.classList.add("js-new");

  function send() {
    var typed = create.querySelectorAll("input[type=text]");
    for (var i = 0; i < typed.length; i++) {
      if (!typed[i].value) continue;
      var carried = document.createElement("input");
      carried.type = "hidden";
      carried.name = typed[i].name;
      carried.value = typed[i].value;
      choose.appendChild(carried);
    }
    choose.submit();
  }

  choose.addEventListener("change", function (event) {
    if (event.target.name === "kind" || event.target.name === "table") send();
  });
})();
