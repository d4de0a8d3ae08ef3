// My guide: the visitor's pinned restaurants as the list's own cards, from the search data. A
// shared link (`my-guide/?pins=a,b`) shows the sender's pins on any device, ready to be kept.
(function (FoodPin) {
  "use strict";
  var panel = document.querySelector(".mine");
  if (!panel) return;
  var status = panel.querySelector(".mine-status");
  var cards = panel.querySelector(".mine-cards");
  var empty = panel.querySelector(".mine-empty");
  var sharedBox = panel.querySelector(".mine-shared");
  var actions = panel.querySelector(".mine-actions");
  var param = new URLSearchParams(location.search).get("pins");
  var shared = null;
  if (param !== null) {
    var seen = Object.create(null);
    shared = param.split(",").map(function (slug) { return slug.trim(); }).filter(function (slug) {
      if (!slug || seen[slug]) return false;
      return (seen[slug] = true);
    });
  }
  var afterDraw = null;
  var drawing = 0;
  panel.hidden = false; // a guide's own mine.mustache from before hides it in its HTML

  function draw() {
    var slugs = shared || FoodPin.pins.list();
    var mine = ++drawing;
    if (!slugs.length) {
      show([], 0, null);
      return;
    }
    FoodPin.data.places(slugs).then(function (found) {
      var kept = slugs.filter(function (slug) { return slug in found.position; })
        .sort(function (a, b) { return found.position[a] - found.position[b]; });
      return FoodPin.data.cards(kept.map(function (slug) { return found.position[slug]; })).then(function (items) {
        if (mine === drawing) show(items, slugs.length - kept.length, kept);
      });
    }).catch(function () {
      if (mine === drawing) status.textContent = FoodPin.t("load_failed");
    });
  }

  function show(items, missing, slugs) {
    var hadFocus = cards.contains(document.activeElement);
    cards.replaceChildren.apply(cards, items);
    FoodPin.prepareCards(cards);
    empty.hidden = items.length > 0 || shared !== null;
    actions.hidden = items.length === 0 || shared !== null;
    sharedBox.hidden = shared === null || items.length === 0;
    var words = [];
    if (shared !== null) words.push(FoodPin.t("shared_count", { count: items.length }));
    else if (items.length) words.push(FoodPin.t("mine_count", { count: items.length }));
    if (missing) words.push(FoodPin.t("shared_missing", { count: missing }));
    if (afterDraw) words.unshift(afterDraw);
    afterDraw = null;
    status.textContent = words.join(" ");
    panel.dataset.slugs = (slugs || []).join(",");
    // An unpinned card leaves: focus goes to the next pin, or the page, never to nowhere.
    if (hadFocus && !cards.contains(document.activeElement)) {
      var next = cards.querySelector(".pin-toggle");
      (next || document.getElementById("main")).focus();
    }
  }

  sharedBox.querySelector(".keep-shared").addEventListener("click", function () {
    var slugs = panel.dataset.slugs ? panel.dataset.slugs.split(",") : [];
    shared = null;
    history.replaceState(null, "", location.pathname + location.hash);
    afterDraw = FoodPin.t("shared_kept");
    // The button goes with the shared view: focus waits on the page, and the status says what happened.
    document.getElementById("main").focus();
    FoodPin.pins.addAll(slugs); // redraws My guide through onChange
  });

  actions.querySelector(".share-mine").addEventListener("click", function () {
    var url = location.href.split(/[?#]/)[0] + "?pins=" + FoodPin.pins.list().map(encodeURIComponent).join(",");
    FoodPin.share({ title: document.title, url: url }, actions.querySelector(".share-status"));
  });

  // After every theme script has run (pins.js comes later in Templates/scripts.txt).
  document.addEventListener("DOMContentLoaded", function () {
    // A pin changed here or in another tab: My guide follows (a shared list stays as it was sent).
    FoodPin.pins.onChange(function () { if (shared === null) draw(); });
    draw();
  });
})(window.FoodPin = window.FoodPin || {});
