// Small behaviours the pages ask for with data- attributes, so that no template needs
// an inline handler (the Content-Security-Policy allows scripts from this site only).
//   <select data-auto-submit>   submits its form when the choice changes
//   <button data-print>         prints the page
//   <input data-filter-rows="S"> shows only the rows S whose text holds what is typed
//                               (ignoring case and accents), again after each HTMX swap
//   <form data-reset-after-request> empties itself and takes the focus back after its
//                               HTMX request, ready for the next number typed
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

  function folded(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function filterRows(field) {
    const wanted = folded(field.value.trim());
    document.querySelectorAll(field.dataset.filterRows).forEach(function (row) {
      row.hidden = wanted !== "" && !folded(row.textContent).includes(wanted);
    });
  }

  document.addEventListener("input", function (event) {
    const field = event.target.closest("[data-filter-rows]");
    if (field) {
      filterRows(field);
    }
  });

  document.addEventListener("htmx:afterSwap", function () {
    document.querySelectorAll("[data-filter-rows]").forEach(filterRows);
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    const form = event.detail.elt.closest && event.detail.elt.closest("form[data-reset-after-request]");
    if (form) {
      form.reset();
      const first = form.querySelector("input:not([type=hidden])");
      if (first) {
        first.focus();
      }
    }
  });
})();
