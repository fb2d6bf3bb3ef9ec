// DeckLab, every page: what htmx requests show when they fail, the goal forms' required fields,
// the reader's time zone in a cookie (decklab/timezones.py shows times in it), and "/" into the
// page's search box (the one input marked aria-keyshortcuts="/": card lists, the deck editor).
//
// A refusal meant for the player (400, 409, 422, 429: a fragment with the server's own message) is
// swapped where the answer would go, as a success is: base.html's htmx-config says so
// (responseHandling). Anything else that fails (a 5xx, a 403 or 404, no connection, a timeout)
// would leave the page silent; it shows a short note, in the page's language, just before the
// element that was to be updated, until a later request for that element answers.
(function () {
  "use strict";

  var NOTE_CLASS = "request-failed";

  function failedText() {
    return (document.body && document.body.dataset.requestFailed) || "Something went wrong. Try again.";
  }

  function noteFor(target) {
    var before = target.previousElementSibling;
    return before && before.classList.contains(NOTE_CLASS) ? before : null;
  }

  function showFailure(event) {
    var detail = event.detail || {};
    var target = detail.target || detail.elt;
    if (!target || !target.isConnected || target === document.body) {
      target = document.getElementById("main");
    }
    if (!target) {
      return;
    }
    // A form's earlier refusal in its answer's place is no longer the news: the note is.
    var elt = detail.elt;
    if (elt && elt.tagName === "FORM" && target !== elt && !target.contains(elt)) {
      target.querySelectorAll(".notice.error").forEach(function (old) {
        old.remove();
      });
    }
    if (noteFor(target)) {
      return; // one note per element, however often a poll fails
    }
    // A list item or a table row keeps its parent's markup valid.
    var tag = { LI: "li", TR: "tr" }[target.tagName] || "p";
    var note = document.createElement(tag);
    note.className = "notice error " + NOTE_CLASS;
    note.setAttribute("role", "alert");
    if (tag === "tr") {
      var cell = document.createElement("td");
      cell.colSpan = 99;
      cell.textContent = failedText();
      note.appendChild(cell);
    } else {
      note.textContent = failedText();
    }
    target.insertAdjacentElement("beforebegin", note);
  }

  document.addEventListener("htmx:responseError", showFailure);
  document.addEventListener("htmx:sendError", showFailure);
  document.addEventListener("htmx:timeout", showFailure);

  // An answer that came (a success, or a refusal swapped in) takes its element's note away; so do
  // the notes of elements an answer replaced.
  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail || {};
    if (detail.failed || !detail.xhr || !detail.xhr.status) {
      return;
    }
    document.querySelectorAll("." + NOTE_CLASS).forEach(function (note) {
      var next = note.nextElementSibling;
      if (!next || next === detail.target || next === detail.elt || !next.isConnected) {
        note.remove();
      }
    });
  });

  // -- the goal forms: a ticked goal's required fields are required ---------------------------------
  // The fields carry data-required; `required` is set only while their goal is ticked (an unticked
  // goal's empty fields must not stop the form), and not while goals are typed as JSON.
  function syncRequired(form) {
    var typed = form.querySelector("textarea[name=goals_json]");
    var json = typed && typed.value.trim() !== "";
    form.querySelectorAll("fieldset.goal").forEach(function (fieldset) {
      var tick = fieldset.querySelector("input[name=goal]");
      var wanted = !json && !!tick && tick.checked;
      fieldset.querySelectorAll("[data-required]").forEach(function (field) {
        field.required = wanted;
      });
    });
  }

  function syncAll(root) {
    (root || document).querySelectorAll("form").forEach(function (form) {
      if (form.querySelector("fieldset.goal [data-required]")) {
        syncRequired(form);
      }
    });
  }

  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (form && (event.target.name === "goal" || event.target.name === "goals_json")) {
      syncRequired(form);
    }
  });
  document.addEventListener("input", function (event) {
    if (event.target.name === "goals_json" && event.target.form) {
      syncRequired(event.target.form);
    }
  });
  document.addEventListener("htmx:load", function (event) {
    syncAll(event.target);
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () {
      syncAll();
    });
  } else {
    syncAll();
  }
})();

(function () {
  "use strict";
  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (error) {
    return;
  }
  // IANA names (Asia/Tokyo, America/Argentina/Buenos_Aires, Etc/GMT+9) need no escaping in a cookie.
  if (!zone || !/^[A-Za-z0-9_+\-\/]+$/.test(zone)) return;
  var entry = "decklab_tz=" + zone;
  if (document.cookie.split("; ").indexOf(entry) !== -1) return;
  document.cookie = entry + "; path=/; max-age=31536000; SameSite=Lax";
})();


(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.matches && event.target.matches("input, textarea, select, [contenteditable]")) return;
    var search = document.querySelector('input[aria-keyshortcuts="/"]');
    if (!search) return;
    event.preventDefault();
    search.focus();
    search.select();
  });
})();
