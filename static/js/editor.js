// DeckLab deck editor: a queue for deck changes, the newest deck state on every request, the keyboard.
//
// Deck changes (forms marked data-deck-op: a row's +, −, set, remove, move; a search result's add;
// deal) go through one queue: the form's values are read at the click, the requests are sent one at
// a time in click order, and each answer (the deck panel) replaces the panel. Card operations apply
// to the newest version on the server, so no click is lost or refused however fast they come. Why
// our own ~60 lines and not hx-sync: htmx drops a queued request whose element was swapped out,
// which is exactly what happens to the "+" of a row that the previous answer re-rendered.
//
// The deck panel carries #deck-state (the version and revision of a saved deck, or the stateless builder's deck
// code). Each request sends those values as they are when it is sent, so a builder's queued change
// applies to the code the previous change produced.
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

  function withState(params, verb) {
    var current = state();
    if (!current) {
      return;
    }
    ["version", "revision"].forEach(function (key) {
      if (current.dataset[key]) {
        params.set ? params.set(key, current.dataset[key]) : (params[key] = current.dataset[key]);
      }
    });
    if (current.dataset.code) {
      var key = verb === "get" ? "c" : "code";
      params.set ? params.set(key, current.dataset.code) : (params[key] = current.dataset.code);
    }
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    if (!elt.closest || !elt.closest("#editor")) {
      return;
    }
    withState(event.detail.parameters, event.detail.verb);
  });

  // -- the queue of deck changes ------------------------------------------------------------------
  var queue = [];
  var sending = false;

  function showStatus(kind) {
    var status = document.getElementById("deck-status");
    var root = editor();
    if (root) {
      root.setAttribute("aria-busy", kind === "busy" ? "true" : "false");
      root.classList.toggle("busy", kind === "busy");
    }
    if (!status) {
      return;
    }
    status.dataset.kind = kind;
    if (kind === "busy") {
      status.textContent = status.dataset.busy + " (" + (queue.length + 1) + ")";
    } else {
      status.textContent = (kind === "saved" && lastChange) || status.dataset[kind];
    }
    status.hidden = false;
    window.clearTimeout(showStatus.timer);
    if (kind === "saved") {
      showStatus.timer = window.setTimeout(function () {
        status.hidden = true;
      }, 2500);
    }
  }

  // What the last answered change did to its card, for the status ("TS1-002: 5 in Main"): on a
  // phone the deck is out of view, so this is the feedback that an add landed.
  var lastChange = "";

  function describe(card) {
    var status = document.getElementById("deck-status");
    if (!card || !status || !status.dataset.changed) {
      return "";
    }
    var zone = document.querySelector('#deck-panel .zone[data-zone="' + CSS.escape(card.zone) + '"]');
    var entry = zone && zone.querySelector('.entry[data-number="' + CSS.escape(card.number) + '"]');
    return status.dataset.changed
      .replace("{number}", card.number)
      .replace("{count}", entry ? entry.dataset.count : "0")
      .replace("{zone}", zone ? zone.dataset.label : card.zone);
  }

  function cardOf(data) {
    // A search result's button posts target=zone:number; a row posts zone and number.
    var target = data.get("target");
    if (target) {
      var cut = target.indexOf(":");
      return { zone: target.slice(0, cut), number: target.slice(cut + 1) };
    }
    if (!data.get("zone") || !data.get("number")) {
      return null;
    }
    // "+ Hand" and "→ Side" change the card in the zone they name, and that is the news: the toast
    // named the zone the card came from ("TS1-002: 2 in Dealt" after + Hand).
    var moved = /^(?:copy|move):(.+)$/.exec(data.get("op") || "");
    return { zone: moved ? moved[1] : data.get("zone"), number: data.get("number") };
  }

  function swapPanel(html) {
    var panel = document.getElementById("deck-panel");
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector("#deck-panel");
    if (!panel || !fresh) {
      return false;
    }
    panel.replaceWith(fresh);
    if (window.htmx) {
      window.htmx.process(fresh);
    }
    afterPanelSwap();
    return true;
  }

  function sendNext() {
    if (sending) {
      return;
    }
    var next = queue.shift();
    if (!next) {
      showStatus("saved");
      // One refresh of legality, statistics and export after a burst, not one per click.
      document.body.dispatchEvent(new CustomEvent("deckChanged", { bubbles: true }));
      afterDrain.splice(0).forEach(function (submit) {
        submit();
      });
      return;
    }
    sending = true;
    showStatus("busy");
    withState(next.data, "post");
    fetch(next.url, {
      method: "POST",
      body: next.data,
      credentials: "same-origin",
      headers: { "HX-Request": "true", "HX-Current-URL": window.location.href },
    })
      .then(function (response) {
        var replaced = response.headers.get("HX-Replace-Url");
        return response.text().then(function (html) {
          if (!swapPanel(html)) {
            throw new Error("no deck panel in the answer");
          }
          lastChange = response.ok ? describe(next.card) : "";
          if (replaced) {
            window.history.replaceState(null, "", replaced);
          }
        });
      })
      .then(function () {
        sending = false;
        sendNext();
      })
      .catch(function () {
        sending = false;
        queue = [];
        showStatus("failed");
      });
  }

  // Other forms of the editor (save version, import, settings) leave the page: they wait for the
  // queue to drain, so no queued change is dropped by the navigation and they carry the newest state.
  var afterDrain = [];

  function submitLater(form, submitter) {
    // The values now; the form itself may be re-rendered (it may sit in the deck panel) meanwhile.
    var data = new FormData(form);
    if (submitter && submitter.name) {
      data.append(submitter.name, submitter.value);
    }
    var action = form.action;
    afterDrain.push(function () {
      withState(data, "post");
      var copy = document.createElement("form");
      copy.method = "post";
      copy.action = action;
      copy.hidden = true;
      data.forEach(function (value, key) {
        var input = document.createElement("input");
        input.type = "hidden";
        input.name = key;
        input.value = value;
        copy.appendChild(input);
      });
      document.body.appendChild(copy);
      copy.submit();
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.closest("#editor") || !window.fetch) {
      return;
    }
    if (!form.matches("form[data-deck-op]")) {
      // htmx-driven forms (search, simulation) prevented the default already and stay on the page.
      if ((sending || queue.length) && !event.defaultPrevented && form.method === "post") {
        event.preventDefault();
        submitLater(form, event.submitter);
      }
      return;
    }
    event.preventDefault();
    // The values at the click (and the clicked button's name=value), not at sending time.
    var data = new FormData(form);
    var submitter = event.submitter;
    if (submitter && submitter.name) {
      data.append(submitter.name, submitter.value);
    }
    queue.push({ url: form.getAttribute("action"), data: data, card: cardOf(data) });
    showStatus("busy");
    sendNext();
  });

  // Keep the focused card focused across re-renders of the deck panel.
  var focusedKey = null;
  document.addEventListener("focusin", function (event) {
    var entry = event.target.closest && event.target.closest(".entry");
    if (entry) {
      focusedKey = entry.dataset.zone + ":" + entry.dataset.number;
    }
  });
  function afterPanelSwap() {
    document.dispatchEvent(new CustomEvent("deckPanelSwapped"));
    // Plain (non-htmx) forms of the page, such as import and save, carry the state too.
    var current = state();
    if (current) {
      ["version", "revision"].forEach(function (key) {
        document.querySelectorAll("#editor input[name=" + key + "]").forEach(function (input) {
          input.value = current.dataset[key];
        });
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
    if (entry && (document.activeElement === document.body || !document.activeElement)) {
      entry.focus();
    }
  }

  document.addEventListener("keydown", function (event) {
    if (!editor() || event.ctrlKey || event.metaKey || event.altKey) {
      return;
    }
    var search = document.getElementById("search-q");
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
      // A click, not requestSubmit: the queue sends the clicked button's name and value (op=set).
      form.querySelector("button.set-button").click();
    }
  });
})();

// Phones: the secondary panels (statistics, my cards, import and export, the goldfish) start
// folded to their heading, so the deck is not followed by several screens of panels; a tap on the
// heading unfolds one. A link to a panel (Simulate, Import / export) unfolds it, and a panel that
// holds a notice (an import's problems, a comparison set up from the history) is not folded.
(function () {
  "use strict";

  var phone = window.matchMedia("(max-width: 720px)");

  function heading(panel) {
    return panel.querySelector(":scope > h2");
  }

  function show(panel, open) {
    panel.classList.toggle("folded", !open);
    var toggle = panel.querySelector(":scope > h2 .fold-toggle");
    if (toggle) {
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
    }
  }

  // A real button in the heading, for keyboards and screen readers; added again after htmx
  // replaces a panel's body (statistics, my cards).
  function addToggle(panel) {
    var title = heading(panel);
    if (!title || title.querySelector(".fold-toggle")) {
      return;
    }
    var toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "fold-toggle";
    toggle.setAttribute("aria-label", title.textContent.trim());
    toggle.setAttribute("aria-expanded", panel.classList.contains("folded") ? "false" : "true");
    title.appendChild(toggle);
  }

  function unfoldTarget() {
    var target = location.hash && document.getElementById(location.hash.slice(1));
    var panel = target && target.closest("[data-fold]");
    if (panel) {
      show(panel, true);
    }
  }

  function start() {
    if (!phone.matches) {
      return;
    }
    document.querySelectorAll("[data-fold]").forEach(function (panel) {
      show(panel, Boolean(panel.querySelector(".notice")));
      addToggle(panel);
    });
    unfoldTarget();
  }

  document.addEventListener("click", function (event) {
    var title = event.target.closest && event.target.closest("[data-fold] > h2");
    if (title && phone.matches) {
      var panel = title.parentElement;
      show(panel, panel.classList.contains("folded"));
    }
  });
  window.addEventListener("hashchange", unfoldTarget);
  document.addEventListener("htmx:afterSwap", function (event) {
    var panel = event.detail.target && event.detail.target.closest && event.detail.target.closest("[data-fold]");
    if (panel && phone.matches) {
      addToggle(panel);
    }
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
