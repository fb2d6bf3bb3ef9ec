// DeckLab deck editor: keeps every htmx request on the newest deck state, and the keyboard.
//
// The deck panel carries #deck-state (the version a saved deck's next change is based on, or the
// stateless builder's deck code). Each request from the editor sends those values, so buttons
// rendered earlier (search results) never post an old version; a stale tab is still refused by
// the server with 409 and the current deck.
(function () {
  "use strict";

  // A form with data-confirm asks first (an inline onsubmit would break the Content-Security-Policy).
  document.addEventListener("submit", function (event) {
    var message = event.target.dataset && event.target.dataset.confirm;
    if (message && !window.confirm(message)) {
      event.preventDefault();
    }
  });

  function editor() {
    return document.getElementById("editor");
  }

  function state() {
    return document.getElementById("deck-state");
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    var current = state();
    if (!current || !elt.closest || !elt.closest("#editor")) {
      return;
    }
    var params = event.detail.parameters;
    if (current.dataset.version) {
      params.set ? params.set("version", current.dataset.version) : (params.version = current.dataset.version);
    }
    if (current.dataset.code) {
      var key = event.detail.verb === "get" ? "c" : "code";
      params.set ? params.set(key, current.dataset.code) : (params[key] = current.dataset.code);
    }
  });

  // Keep the focused card focused across re-renders of the deck panel.
  var focusedKey = null;
  document.addEventListener("focusin", function (event) {
    var entry = event.target.closest && event.target.closest(".entry");
    if (entry) {
      focusedKey = entry.dataset.zone + ":" + entry.dataset.number;
    }
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target.id !== "deck-panel" && event.detail.elt.id !== "deck-panel") {
      return;
    }
    // Plain (non-htmx) forms of the page, such as import and save, carry the state too.
    var current = state();
    if (current) {
      document.querySelectorAll("#editor input[name=version]").forEach(function (input) {
        input.value = current.dataset.version;
      });
      if (current.dataset.code) {
        document.querySelectorAll("#editor input[name=code], #editor input[name=c]").forEach(function (input) {
          input.value = current.dataset.code;
        });
      }
    }
    if (!focusedKey) {
      return;
    }
    var parts = focusedKey.split(":");
    var selector = '.entry[data-zone="' + CSS.escape(parts[0]) + '"][data-number="' + CSS.escape(parts.slice(1).join(":")) + '"]';
    var entry = document.querySelector(selector);
    if (entry && document.activeElement === document.body) {
      entry.focus();
    }
  });

  function typing(target) {
    return target.matches && target.matches("input, textarea, select, [contenteditable]");
  }

  document.addEventListener("keydown", function (event) {
    if (!editor() || event.ctrlKey || event.metaKey || event.altKey) {
      return;
    }
    var search = document.getElementById("search-q");
    if (event.key === "/" && !typing(event.target) && search) {
      event.preventDefault();
      search.focus();
      search.select();
      return;
    }
    if (event.key === "Enter" && event.target === search) {
      var first = document.querySelector("#search-results .result button.add");
      if (first) {
        event.preventDefault();
        first.click();
      }
      return;
    }
    var entry = event.target.classList && event.target.classList.contains("entry") ? event.target : null;
    if (entry && /^[0-9]$/.test(event.key)) {
      event.preventDefault();
      var form = entry.querySelector("form.row-form");
      form.querySelector("input[name=count]").value = event.key;
      // A click, not requestSubmit: htmx sends the clicked button's name and value (op=set).
      form.querySelector("button.set-button").click();
    }
  });
})();
