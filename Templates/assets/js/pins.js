// Pins: the visitor's own guide. A pin button on every card and on each restaurant's page; pins are
// kept in localStorage by slug (stable across rebuilds) and every open view follows them, in this
// tab and in others. Without JavaScript there is no button, and nothing pretends to pin.
(function (FoodPin) {
  "use strict";
  var key = FoodPin.storageKeys.pins;
  var listeners = [];

  function read() {
    try {
      var list = JSON.parse(FoodPin.storageGet("localStorage", key) || "[]");
      return Array.isArray(list) ? list.filter(function (slug) { return typeof slug === "string" && slug; }) : [];
    } catch (error) { return []; }
  }
  function write(list) {
    FoodPin.storageSet("localStorage", key, JSON.stringify(list));
    changed();
  }
  function changed() {
    var list = read();
    listeners.forEach(function (listener) { listener(list); });
  }

  FoodPin.pins = {
    list: read,
    set: function (slug, pinned) {
      var list = read().filter(function (other) { return other !== slug; });
      if (pinned) list.push(slug);
      write(list);
    },
    addAll: function (slugs) {
      var list = read(), kept = {};
      list.forEach(function (slug) { kept[slug] = true; });
      slugs.forEach(function (slug) { if (!kept[slug]) { kept[slug] = true; list.push(slug); } });
      write(list);
    },
    onChange: function (listener) { listeners.push(listener); }
  };
  // Another tab pinned or unpinned.
  window.addEventListener("storage", function (event) { if (event.key === key || event.key === null) changed(); });

  var announcer = document.createElement("p");
  announcer.className = "visually-hidden pin-announcer";
  announcer.setAttribute("role", "status");
  document.body.appendChild(announcer);

  var icon = '<svg class="pin-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">' +
    '<path d="M9 3h6l-1 6 4 4v2h-5v6l-1 1-1-1v-6H6v-2l4-4z"/></svg>';

  function button(slug, name, withText) {
    var toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = withText ? "button button-quiet pin-toggle pin-toggle-text" : "pin-toggle";
    toggle.dataset.slug = slug;
    toggle.dataset.name = name;
    toggle.innerHTML = icon + (withText ? '<span class="pin-label"></span>' : "");
    if (withText) toggle.querySelector(".pin-label").textContent = FoodPin.t("pin_short");
    else toggle.setAttribute("aria-label", FoodPin.t("pin", { name: name }));
    toggle.title = FoodPin.t("pin", { name: name });
    show(toggle, lookup(read()));
    toggle.addEventListener("click", function () {
      FoodPin.pins.set(slug, toggle.getAttribute("aria-pressed") !== "true");
      // What the browser kept, not what was asked: storage may be blocked.
      announcer.textContent = FoodPin.t(read().indexOf(slug) >= 0 ? "pinned" : "unpinned", { name: name });
    });
    return toggle;
  }

  function show(toggle, pinned) {
    toggle.setAttribute("aria-pressed", pinned[toggle.dataset.slug] ? "true" : "false");
  }
  function lookup(list) {
    var pinned = {};
    list.forEach(function (slug) { pinned[slug] = true; });
    return pinned;
  }

  function decorate(scope) {
    scope.querySelectorAll(".card[data-slug]").forEach(function (card) {
      if (card.querySelector(".pin-toggle")) return;
      var title = card.querySelector(".card-title");
      card.querySelector("article").appendChild(button(card.dataset.slug, title ? title.textContent : card.dataset.slug, false));
    });
    var restaurant = scope.querySelector && scope.querySelector(".restaurant[data-slug]");
    if (restaurant && !restaurant.querySelector(".pin-toggle")) {
      var actions = restaurant.querySelector(".actions");
      actions.insertBefore(button(restaurant.dataset.slug, restaurant.dataset.name, true), actions.firstChild);
    }
  }

  function showCount(list) {
    document.querySelectorAll(".pin-count").forEach(function (count) {
      count.textContent = list.length ? "(" + FoodPin.number(list.length) + ")" : "";
    });
  }

  FoodPin.pins.onChange(function (list) {
    var pinned = lookup(list);
    document.querySelectorAll(".pin-toggle").forEach(function (toggle) { show(toggle, pinned); });
    showCount(list);
  });
  showCount(read());
  FoodPin.onCards(decorate);
})(window.FoodPin = window.FoodPin || {});
