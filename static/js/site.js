// Small behaviours the pages ask for with data- attributes, so that no template needs
// an inline handler (the Content-Security-Policy allows scripts from this site only).
//   <select data-auto-submit>   submits its form when the choice changes
//   <button data-print>         prints the page
(function () {
  "use strict";

  document.addEventListener("change", function (event) {
    const field = event.target.closest("[data-auto-submit]");
    if (field && field.form) {
      field.form.requestSubmit();
    }
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) {
      event.preventDefault();
      window.print();
    }
  });
})();
