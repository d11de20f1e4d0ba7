// Sightline dashboard: small progressive enhancements. Every page works
// without this file; it adds a copy button and confirmation dialogs.
// Loaded from /static (the Content-Security-Policy allows no inline script).
"use strict";

document.addEventListener("DOMContentLoaded", function () {
  // Copy buttons: <button data-copy="ID"> copies the text of element ID.
  document.querySelectorAll("button[data-copy]").forEach(function (btn) {
    var target = document.getElementById(btn.getAttribute("data-copy"));
    if (!target || !navigator.clipboard) {
      return;
    }
    btn.hidden = false;
    btn.addEventListener("click", function () {
      navigator.clipboard.writeText(target.textContent.trim()).then(function () {
        btn.textContent = "Copied";
        setTimeout(function () { btn.textContent = "Copy"; }, 2000);
      }, function () {
        btn.textContent = "Select and copy it";
      });
    });
  });

  // Confirmations: <form data-confirm="question"> asks before posting.
  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (ev) {
      if (!window.confirm(form.getAttribute("data-confirm"))) {
        ev.preventDefault();
      }
    });
  });

  // The secret of a new key: selecting it is one click.
  document.querySelectorAll(".secret-value").forEach(function (el) {
    el.addEventListener("click", function () {
      var range = document.createRange();
      range.selectNodeContents(el);
      var sel = window.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
    });
  });
});
