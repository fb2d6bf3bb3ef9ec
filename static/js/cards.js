// DeckLab card rows: a preview of the card on hover, focus or long press, the deck's rows grouped
// and sorted by the game's row columns (the choice is remembered in this browser), copy buttons.
// Own code, not a library: about 120 lines over the page's own markup (a.card-link[data-face],
// .col[data-col]); a tooltip library would need its own markup and styles under the site's CSP.
(function () {
  "use strict";

  // -- preview -------------------------------------------------------------------------------------
  var preview = null;
  var pressTimer = null;
  var pressed = null;
  var swallowUntil = 0;

  function figure() {
    if (!preview) {
      preview = document.createElement("figure");
      preview.className = "card-preview";
      preview.setAttribute("role", "tooltip");
      preview.id = "card-preview";
      preview.hidden = true;
      var image = document.createElement("img");
      image.alt = "";
      preview.appendChild(image);
      var caption = document.createElement("figcaption");
      preview.appendChild(caption);
      document.body.appendChild(preview);
    }
    return preview;
  }

  function show(link) {
    var box = figure();
    var image = box.querySelector("img");
    if (image.getAttribute("src") !== link.dataset.face) {
      image.src = link.dataset.face;
    }
    box.querySelector("figcaption").textContent = link.textContent;
    link.setAttribute("aria-describedby", "card-preview");
    box.hidden = false;
    var place = link.getBoundingClientRect();
    var wide = window.innerWidth > 720;
    box.classList.toggle("docked", !wide);
    if (wide) {
      // Beside the name, inside the window.
      var left = place.right + 12;
      if (left + box.offsetWidth > window.innerWidth) {
        left = Math.max(8, place.left - box.offsetWidth - 12);
      }
      var top = Math.min(Math.max(8, place.top - 40), window.innerHeight - box.offsetHeight - 8);
      box.style.left = left + "px";
      box.style.top = Math.max(8, top) + "px";
    } else {
      box.style.left = "";
      box.style.top = "";
    }
  }

  function hide() {
    if (preview) {
      preview.hidden = true;
    }
  }

  function cardLink(target) {
    return target && target.closest ? target.closest("a.card-link[data-face]") : null;
  }

  document.addEventListener("mouseover", function (event) {
    var link = cardLink(event.target);
    if (link) {
      show(link);
    }
  });
  document.addEventListener("mouseout", function (event) {
    if (cardLink(event.target)) {
      hide();
    }
  });
  document.addEventListener("focusin", function (event) {
    var link = cardLink(event.target);
    link ? show(link) : hide();
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      hide();
    }
  });
  // Long press on a touch screen: the preview, not the link (a tap still opens the card page).
  document.addEventListener("touchstart", function (event) {
    var link = cardLink(event.target);
    pressed = null;
    window.clearTimeout(pressTimer);
    if (!link) {
      hide();
      return;
    }
    pressTimer = window.setTimeout(function () {
      pressed = link;
      show(link);
    }, 450);
  }, { passive: true });
  ["touchend", "touchmove", "touchcancel"].forEach(function (name) {
    document.addEventListener(name, function () {
      window.clearTimeout(pressTimer);
      if (pressed) {
        // Only the click that ends this long press is not followed.
        swallowUntil = Date.now() + 350;
        pressed = null;
      }
    }, { passive: true });
  });
  document.addEventListener("click", function (event) {
    if (Date.now() < swallowUntil && cardLink(event.target)) {
      event.preventDefault();
    }
    swallowUntil = 0;
  });
  document.addEventListener("contextmenu", function (event) {
    if (pressed) {
      event.preventDefault();
    }
  });

  // -- grouping and sorting of the deck's rows -------------------------------------------------------
  var collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

  function value(entry, column) {
    if (column === "number") {
      return entry.dataset.number || "";
    }
    if (column === "name") {
      var name = entry.querySelector(".name");
      return name ? name.textContent.trim() : "";
    }
    var cell = entry.querySelector('.col[data-col="' + column + '"]');
    return cell ? cell.textContent.trim() : "";
  }

  function compare(a, b) {
    // Empty values ("–") last; numbers in number order (BT2 before BT10, 2 before 10).
    var blankA = a === "" || a === "–";
    var blankB = b === "" || b === "–";
    if (blankA !== blankB) {
      return blankA ? 1 : -1;
    }
    return collator.compare(a, b);
  }

  function apply(root) {
    var group = localStorage.getItem("decklab.deck-group") || "";
    var sort = localStorage.getItem("decklab.deck-sort") || "number";
    root.querySelectorAll(".deck-group").forEach(function (select) {
      select.value = group;
      group = select.value; // a column this game lacks falls back to none
    });
    root.querySelectorAll(".deck-sort").forEach(function (select) {
      select.value = sort;
      sort = select.value || "number";
    });
    root.querySelectorAll(".zone .entries").forEach(function (list) {
      list.querySelectorAll(".group-head").forEach(function (head) {
        head.remove();
      });
      var entries = Array.prototype.slice.call(list.querySelectorAll(":scope > .entry"));
      entries.sort(function (a, b) {
        return (group ? compare(value(a, group), value(b, group)) : 0) ||
          compare(value(a, sort), value(b, sort)) ||
          compare(value(a, "number"), value(b, "number"));
      });
      var last = null;
      entries.forEach(function (entry) {
        var key = group ? value(entry, group) || "–" : null;
        if (group && key !== last) {
          var head = document.createElement("li");
          head.className = "group-head";
          head.setAttribute("role", "presentation");
          head.textContent = key;
          list.appendChild(head);
          last = key;
        }
        list.appendChild(entry);
      });
      if (group) {
        list.querySelectorAll(".group-head").forEach(function (head) {
          var copies = 0;
          for (var next = head.nextElementSibling; next && next.classList.contains("entry"); next = next.nextElementSibling) {
            copies += parseInt(next.querySelector(".count").textContent, 10) || 0;
          }
          head.textContent = head.textContent + " (" + copies + ")";
        });
      }
    });
  }

  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.matches && target.matches(".deck-group, .deck-sort")) {
      localStorage.setItem(target.matches(".deck-group") ? "decklab.deck-group" : "decklab.deck-sort", target.value);
      apply(document);
    }
  });
  // The editor re-renders its deck panel after each change (editor.js): group it again.
  document.addEventListener("deckPanelSwapped", function () {
    hide();
    apply(document);
  });
  document.addEventListener("DOMContentLoaded", function () {
    apply(document);
  });

  // -- copy buttons: the decklist text, the deck code, the share link --------------------------------
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text);
    }
    // Plain http (a LAN server): the older way, through a hidden field.
    var field = document.createElement("textarea");
    field.value = text;
    field.setAttribute("readonly", "");
    field.className = "visually-hidden";
    document.body.appendChild(field);
    field.select();
    document.execCommand("copy");
    field.remove();
    return Promise.resolve();
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.copy-button");
    if (!button) {
      return;
    }
    var text;
    if (button.dataset.copyUrl) {
      text = new URL(button.dataset.copyUrl, window.location.href).href;
    } else {
      var source = document.querySelector(button.dataset.copy);
      text = source ? (source.value !== undefined && source.tagName === "INPUT" ? source.value : source.textContent) : "";
    }
    copyText(text).then(function () {
      button.dataset.label = button.dataset.label || button.textContent;
      button.textContent = button.dataset.copied;
      button.dataset.done = "true";
      window.setTimeout(function () {
        button.textContent = button.dataset.label;
        delete button.dataset.done;
      }, 2000);
    });
  });
})();
