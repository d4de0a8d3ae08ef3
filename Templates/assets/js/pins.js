// Pins: the visitor's own guide. A pin button on every card and on each restaurant's page; pins are
// kept in localStorage by slug (stable across rebuilds) and every open view follows them, in this
// tab and in others. Without JavaScript no button shows, and nothing pretends to pin.
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
      var list = read(), kept = lookup(list);
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

  // The icon is drawn by the CSS (.pin-toggle::before). The restaurant page has its button in the
  // HTML, so it holds its place before this runs; cards get theirs here, over the picture.
  // `pinned`: the pins by slug (`lookup`), read once for all the buttons made together: a page of
  // 50 cards read and parsed the list 50 times.
  function button(slug, name, withText, pinned) {
    var toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = withText ? "button button-quiet pin-toggle pin-toggle-text" : "pin-toggle";
    toggle.dataset.slug = slug;
    toggle.dataset.name = name;
    if (withText) {
      toggle.innerHTML = '<span class="pin-label"></span>';
      toggle.querySelector(".pin-label").textContent = FoodPin.t("pin_short");
    } else {
      toggle.setAttribute("aria-label", FoodPin.t("pin", { name: name }));
    }
    return wire(toggle, pinned);
  }

  function wire(toggle, pinned) {
    var slug = toggle.dataset.slug, name = toggle.dataset.name;
    toggle.title = FoodPin.t("pin", { name: name });
    show(toggle, pinned);
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
  // No inherited keys: a restaurant whose slug is "constructor" is not pinned for having one.
  function lookup(list) {
    var pinned = Object.create(null);
    list.forEach(function (slug) { pinned[slug] = true; });
    return pinned;
  }

  function decorate(scope) {
    var pinned = lookup(read());
    scope.querySelectorAll(".card[data-slug]").forEach(function (card) {
      if (card.querySelector(".pin-toggle")) return;
      var title = card.querySelector(".card-title");
      card.querySelector("article").appendChild(button(card.dataset.slug, title ? title.textContent : card.dataset.slug, false, pinned));
    });
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
  var pinsNow = read(), pinnedNow = lookup(pinsNow);
  showCount(pinsNow);
  document.querySelectorAll(".restaurant .pin-toggle").forEach(function (toggle) { wire(toggle, pinnedNow); });
  // A guide's own restaurant.mustache from before has no button in its HTML: one is made.
  var restaurant = document.querySelector(".restaurant[data-slug]");
  if (restaurant && !restaurant.querySelector(".pin-toggle") && restaurant.querySelector(".actions")) {
    var actions = restaurant.querySelector(".actions");
    actions.insertBefore(button(restaurant.dataset.slug, restaurant.dataset.name, true, pinnedNow), actions.firstChild);
  }
  FoodPin.onCards(decorate);
})(window.FoodPin = window.FoodPin || {});
