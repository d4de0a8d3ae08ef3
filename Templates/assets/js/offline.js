// Offline: the service worker (sw.js) keeps the site's shell; this tells it what else to keep,
// whenever pins or saved cities change: each pinned restaurant's page and pictures, each saved
// city's pages, and the search data My guide draws them from. Nothing without http(s).
(function (FoodPin) {
  "use strict";
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol) || FoodPin.leaving) return;
  var root = document.body.dataset.root || "./", key = FoodPin.storageKeys.offlineCities;

  // By city name, with no inherited keys: a city called "constructor" is saved only once saved.
  function savedCities() {
    var cities = Object.create(null);
    try { return Object.assign(cities, JSON.parse(FoodPin.storageGet("localStorage", key) || "{}")); } catch (error) { return cities; }
  }

  // Pages are named from the site's root, as the worker's scope is.
  var base = new URL(root, location.href).href;
  function fromRoot(url) { return url.indexOf(base) === 0 ? url.slice(base.length) : null; }

  // The restaurants a city's page lists, read from the page itself. A page that cannot be had
  // fails the whole keep: the worker is told nothing rather than to drop what it keeps.
  function restaurantsOn(url) {
    return fetch(base + url).then(function (response) {
      if (!response.ok) throw new Error(url + ": HTTP " + response.status);
      return response.text();
    }).then(function (html) {
      var page = new DOMParser().parseFromString(html, "text/html");
      return Array.prototype.map.call(page.querySelectorAll(".card a[href]"), function (link) {
        return fromRoot(new URL(link.getAttribute("href"), base + url).href);
      }).filter(function (path) { return path && /^restaurants\/[^/]+\/$/.test(path); });
    });
  }

  function keep() {
    var pinned = FoodPin.pins ? FoodPin.pins.list() : [], cities = savedCities(), urls = [];
    return FoodPin.data.index().then(function (index) {
      // A city no longer in the guide is not kept.
      Object.keys(cities).forEach(function (name) { if (index.cities.indexOf(name) >= 0) urls = urls.concat(cities[name]); });
      return Promise.all([index, FoodPin.data.places(pinned), Promise.all(urls.map(restaurantsOn))]);
    }).then(function (found) {
      var index = found[0], places = found[1], pages = [], files = Object.create(null);
      // Pinned restaurants at the width a phone's detail page uses, with what My guide draws them from.
      pinned.filter(function (slug) { return slug in places.position; }).forEach(function (slug) {
        pages.push({ url: "restaurants/" + slug + "/", width: 640 });
        files["search/" + Math.floor(places.position[slug] / index.shardSize) + ".json"] = true;
      });
      if (pages.length) places.files.forEach(function (path) { files[path] = true; });
      // A saved city's pages and restaurants, pictures at a card's width.
      urls.forEach(function (url) { pages.push({ url: url, width: 320 }); });
      found[2].forEach(function (listed) { listed.forEach(function (url) { pages.push({ url: url, width: 320 }); }); });
      return navigator.serviceWorker.ready.then(function (registration) {
        return new Promise(function (done) {
          var channel = new MessageChannel();
          channel.port1.onmessage = done;
          registration.active.postMessage({ keep: { pages: pages, files: Object.keys(files) } }, [channel.port2]);
        });
      });
    }).catch(function () { /* no search data: nothing to keep */ });
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
    // Installing, the worker fetches the shell and then handles the page's fetches: registered at
    // once, it made a first visit's first result 75–153 ms later (100,000 restaurants,
    // bench/README.md), so it waits for the page's first search to be shown.
    Promise.resolve(FoodPin.search && FoodPin.search.settled).then(function () {
      return navigator.serviceWorker.register(root + "sw.js", { scope: root });
    }).then(keep, function () { /* not offered here */ });
    if (FoodPin.pins) FoodPin.pins.onChange(keep);
    // A new build's worker took over: what it keeps is told again.
    navigator.serviceWorker.addEventListener("controllerchange", keep);
    window.addEventListener("storage", function (event) { if (event.key === key) keep(); });
    document.querySelectorAll(".offline-save[data-city]").forEach(offerCity);
  });
})(window.FoodPin = window.FoodPin || {});
