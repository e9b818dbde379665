// Copy buttons (share page): <button class="copy-button" data-copy="FIELD-ID" data-copied="Copied">
// copies the value of the field FIELD-ID. Without JavaScript the buttons stay hidden and the read-only
// fields can be selected and copied by hand. Loaded with src+defer: the CSP allows no inline script.
(function () {
  "use strict";
  document.documentElement.classList.add("js-copy");

  function copyField(field) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(field.value);
    }
    field.select();
    return document.execCommand("copy") ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (!button) return;
    var field = document.getElementById(button.getAttribute("data-copy"));
    if (!field) return;
    var label = button.textContent;
    copyField(field).then(function () {
      button.textContent = button.getAttribute("data-copied") || label;
      button.setAttribute("aria-live", "polite");
      window.setTimeout(function () { button.textContent = label; }, 2000);
    }, function () {
      field.focus();
      field.select();
    });
  });
})();
