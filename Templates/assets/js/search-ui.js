// The search box on the list: filters and `?q=` links, results drawn as the list's own cards.
(function (FoodPin) {
  "use strict";
  var panel = document.querySelector(".search[data-index]");
  if (!panel || FoodPin.leaving) return;

  var form = panel.querySelector("form");
  var input = form.elements.q;
  var status = panel.querySelector(".search-status");
  var list = panel.querySelector(".search-results");
  var noResults = panel.querySelector(".no-results");
  var everything = document.querySelector(".all-restaurants");
  var more = panel.querySelector(".more-results");
  // Cards in the shards link from the site root; this page may sit deeper.
  var root = panel.dataset.root === "./" ? "" : panel.dataset.root;
  var pageSize = Number(panel.dataset.pageSize);
  var shardCache = {};
  var engine = null;
  var generation = 0;
  var shown = pageSize;

  var ready = fetch(panel.dataset.index).then(function (response) {
    if (!response.ok) throw new Error("search index: HTTP " + response.status);
    return response.json();
  }).then(function (index) {
    engine = new FoodPin.SearchEngine(index);
    fill(form.elements.city, index.cities);
    fill(form.elements.cuisine, index.cuisines);
    panel.hidden = false;
    readURL();
    update(false);
    return engine;
  });
  FoodPin.search = { ready: ready, pageSize: pageSize };

  function fill(select, names) {
    names.map(function (name, position) { return { name: name, position: position }; })
      .sort(function (a, b) { return FoodPin.fold(a.name) < FoodPin.fold(b.name) ? -1 : 1; })
      .forEach(function (entry) {
        var option = document.createElement("option");
        option.value = String(entry.position);
        option.textContent = entry.name;
        select.appendChild(option);
      });
  }

  function filters() {
    return {
      city: form.elements.city.value, cuisine: form.elements.cuisine.value,
      price: form.elements.price.value, favorites: form.elements.favorites.checked
    };
  }

  function readURL() {
    var params = new URLSearchParams(location.search);
    input.value = params.get("q") || "";
    ["city", "cuisine", "price"].forEach(function (name) {
      var value = params.get(name);
      if (value === null) return;
      var select = form.elements[name];
      // City and cuisine travel by name in the URL, so shared links survive a rebuild.
      var match = Array.prototype.find.call(select.options, function (o) {
        return o.value === value || FoodPin.fold(o.textContent) === FoodPin.fold(value);
      });
      if (match) select.value = match.value;
    });
    form.elements.favorites.checked = params.get("favorites") === "1";
  }

  function writeURL() {
    var params = new URLSearchParams();
    if (input.value.trim()) params.set("q", input.value.trim());
    ["city", "cuisine"].forEach(function (name) {
      var select = form.elements[name];
      if (select.value !== "") params.set(name, select.options[select.selectedIndex].textContent);
    });
    if (form.elements.price.value) params.set("price", form.elements.price.value);
    if (form.elements.favorites.checked) params.set("favorites", "1");
    var query = params.toString();
    history.replaceState(null, "", location.pathname + (query ? "?" + query : "") + location.hash);
  }

  function shard(number) {
    if (!shardCache[number]) {
      var url = panel.dataset.index.replace(/search\.json$/, "search/" + number + ".json");
      shardCache[number] = fetch(url).then(function (response) {
        if (!response.ok) throw new Error("search results: HTTP " + response.status);
        return response.json();
      }).catch(function (error) {
        delete shardCache[number]; // the next search asks again
        throw error;
      });
    }
    return shardCache[number];
  }

  // A card from a shard, its site-root links made relative to this page.
  function card(html) {
    var template = document.createElement("template");
    template.innerHTML = html.trim();
    var item = template.content.firstElementChild;
    item.querySelectorAll("[href], [src]").forEach(function (element) {
      ["href", "src"].forEach(function (name) {
        var value = element.getAttribute(name);
        if (value !== null && !/^[a-z]+:|^\/|^#/i.test(value)) element.setAttribute(name, root + value);
      });
    });
    return item;
  }

  function update(changeURL, keepShown) {
    if (!engine) return;
    if (changeURL) writeURL();
    if (!keepShown) shown = pageSize;
    var f = filters();
    var active = input.value.trim() !== "" || f.city !== "" || f.cuisine !== "" || f.price !== "" || f.favorites;
    everything.hidden = active;
    if (!active) {
      more.hidden = true;
      list.hidden = true;
      noResults.hidden = true;
      status.textContent = "";
      return;
    }
    var results = engine.run(input.value, f);
    var mine = ++generation;
    noResults.hidden = results.length !== 0;
    list.hidden = results.length === 0;
    status.textContent = results.length === 0 ? "No results"
      : results.length + (results.length === 1 ? " restaurant found" : " restaurants found");
    var visible = results.slice(0, shown);
    more.hidden = results.length <= shown;
    var size = engine.index.shardSize;
    var needed = visible.map(function (r) { return Math.floor(r.position / size); })
      .filter(function (n, i, all) { return all.indexOf(n) === i; });
    Promise.all(needed.map(shard)).then(function (loaded) {
      if (mine !== generation) return;
      var shards = {};
      needed.forEach(function (n, i) { shards[n] = loaded[i]; });
      list.replaceChildren.apply(list, visible.map(function (record) {
        return card(shards[Math.floor(record.position / size)][record.position % size]);
      }));
      FoodPin.fixFileLinks(list);
      FoodPin.watchPictures(list);
    }, function () {
      if (mine === generation) status.textContent = "The results could not be loaded; check the connection and search again.";
    });
  }

  var timer = null;
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () { update(true); }, 80);
  });
  form.addEventListener("change", function (event) { if (event.target !== input) update(true); });
  form.addEventListener("submit", function (event) { event.preventDefault(); update(true); });
  input.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && input.value) { input.value = ""; update(true); }
  });
  more.addEventListener("click", function () {
    shown += pageSize;
    update(false, true);
  });
  panel.querySelector(".clear-search").addEventListener("click", function () {
    form.reset();
    update(true);
    input.focus();
  });
})(window.FoodPin = window.FoodPin || {});
