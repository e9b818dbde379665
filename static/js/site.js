/* Every page: the language switch keeps what the page holds. The switch posts to Django's set_language,
   which goes back to "next"; the address the page was loaded with is not enough where the page has
   changed since (the calculator pushes an address per change and may hold typed text not sent yet; the
   fan search pushes its query), so "next" is set when a language is chosen: the page's own idea of its
   state (window.mahjongStateUrl, from calculator.js) or else the address shown, with its fragment.
   Nothing here knows which languages there are. Loaded with defer; no inline script (the CSP). */
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches(".lang-switch")) { return; }
    var next = form.querySelector('input[name="next"]');
    if (!next) { return; }
    var here = typeof window.mahjongStateUrl === "function" ? window.mahjongStateUrl() : location.pathname + location.search;
    next.value = here + location.hash;
  });
}());
