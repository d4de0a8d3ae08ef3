// Offline: the service worker (sw.js) keeps the site's shell; this tells it what else to keep,
// whenever pins or saved cities change: each pinned restaurant's page and pictures, each saved
// city's pages, and the search data My guide draws them from. Nothing without http(s).
(function (FoodPin) {
  "use strict";
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol) || FoodPin.leaving) return;
  var root = document.body.dataset.root || "./", key = FoodPin.storageKeys.offlineCities;

  function savedCities() {
    try { return JSON.parse(FoodPin.storageGet("localStorage", key) || "{}") || {}; } catch (error) { return {}; }
  }

  // Pages are named from the site's root, as the worker's scope is.
  function keep() {
    return FoodPin.data.index().then(function (index) {
      var pinned = FoodPin.pins ? FoodPin.pins.list() : [], cities = savedCities(), pages = [], files = {};
      var position = {};
      index.slug.forEach(function (slug, at) { position[slug] = at; });
      // Pinned restaurants at the width a phone's detail page uses, with what My guide draws them from.
      pinned.filter(function (slug) { return slug in position; }).forEach(function (slug) {
        pages.push({ url: "restaurants/" + slug + "/", width: 640 });
        files["search.json"] = files["search/" + Math.floor(position[slug] / index.shardSize) + ".json"] = true;
      });
      // A saved city's pages and restaurants, pictures at a card's width.
      Object.keys(cities).forEach(function (name) {
        var city = index.cities.indexOf(name);
        if (city < 0) return; // no longer in the guide
        cities[name].forEach(function (url) { pages.push({ url: url, width: 320 }); });
        index.slug.forEach(function (slug, at) { if (index.city[at] === city) pages.push({ url: "restaurants/" + slug + "/", width: 320 }); });
      });
      return navigator.serviceWorker.ready.then(function (registration) {
        return new Promise(function (done) {
          var channel = new MessageChannel();
          channel.port1.onmessage = done;
          registration.active.postMessage({ keep: { pages: pages, files: Object.keys(files) } }, [channel.port2]);
        });
      });
    }).catch(function () { /* no index: nothing to keep */ });
  }

  // "Save Boston for offline" on a city's page, with the size it takes.
  function offerCity(box) {
    var name = box.dataset.city, button = box.querySelector("button"), status = box.querySelector("[role=status]");
    function draw() {
      var saved = name in savedCities();
      button.textContent = FoodPin.t(saved ? "offline_remove" : "offline_save", { city: name, size: box.dataset.size });
      button.setAttribute("aria-pressed", String(saved));
    }
    box.hidden = false;
    button.addEventListener("click", function () {
      var cities = savedCities(), saving = !(name in cities);
      if (saving) cities[name] = box.dataset.pages.split(" "); else delete cities[name];
      FoodPin.storageSet("localStorage", key, JSON.stringify(cities));
      draw();
      status.textContent = FoodPin.t(saving ? "offline_saving" : "offline_removed", { city: name });
      keep().then(function () { if (saving) status.textContent = FoodPin.t("offline_saved", { city: name }); });
    });
    draw();
  }

  document.addEventListener("DOMContentLoaded", function () {
    navigator.serviceWorker.register(root + "sw.js", { scope: root }).then(keep, function () { /* not offered here */ });
    if (FoodPin.pins) FoodPin.pins.onChange(keep);
    // A new build's worker took over: what it keeps is told again.
    navigator.serviceWorker.addEventListener("controllerchange", keep);
    window.addEventListener("storage", function (event) { if (event.key === key) keep(); });
    document.querySelectorAll(".offline-save[data-city]").forEach(offerCity);
  });
})(window.FoodPin = window.FoodPin || {});
