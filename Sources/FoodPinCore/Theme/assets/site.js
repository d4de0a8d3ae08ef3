// FoodPin default theme script. Everything here is an enhancement: pages work without it,
// except search, which is only offered when this script runs.
(function () {
  "use strict";

  var WALKTHROUGH_FLAG = "hasViewedWalkthrough";

  function storageGet(storage, key) {
    try { return window[storage].getItem(key); } catch (error) { return null; }
  }
  function storageSet(storage, key, value) {
    try { window[storage].setItem(key, value); } catch (error) { /* private mode: nothing to remember */ }
  }

  // Opened straight from disk, folder links would show a listing: point them at index.html.
  function fixFileLinks(scope) {
    if (location.protocol !== "file:") return;
    scope.querySelectorAll("a[href]").forEach(function (link) {
      var href = link.getAttribute("href");
      if (/^[a-z]+:|^#|^\/\//i.test(href)) return;
      var path = href.split(/[?#]/)[0], rest = href.slice(path.length);
      if (path === "" || path === "." || path === "..") path += "/";
      if (path.endsWith("/")) link.setAttribute("href", path + "index.html" + rest);
    });
  }
  fixFileLinks(document);

  // A picture that fails to load leaves the placeholder art behind it visible.
  function watchPictures(scope) {
    scope.querySelectorAll(".card-picture img, .hero img").forEach(function (image) {
      if (image.complete && image.naturalWidth === 0) image.style.visibility = "hidden";
      else image.addEventListener("error", function () { image.style.visibility = "hidden"; });
    });
  }
  watchPictures(document);

  // Share: the Web Share API where there is one, else copy the link.
  var share = document.querySelector("button.share");
  if (share) {
    var shareStatus = document.querySelector(".share-status");
    share.hidden = false;
    share.addEventListener("click", function () {
      var data = { title: share.dataset.shareTitle, text: share.dataset.shareText, url: location.href };
      function say(text) { if (shareStatus) shareStatus.textContent = text; }
      if (navigator.share) {
        navigator.share(data).catch(function () {});
      } else if (navigator.clipboard) {
        navigator.clipboard.writeText(data.text + " " + data.url).then(function () { say("Link copied"); },
          function () { say("Copy this link: " + data.url); });
      } else {
        say("Copy this link: " + data.url);
      }
    });
  }

  // ---- Walkthrough -------------------------------------------------------------------------
  var walkthrough = document.querySelector(".walkthrough");
  if (walkthrough) setUpWalkthrough(walkthrough);

  function setUpWalkthrough(root) {
    var steps = Array.prototype.slice.call(root.querySelectorAll(".step"));
    if (steps.length === 0) return;
    var controls = root.querySelector(".walkthrough-controls");
    var next = root.querySelector(".next");
    var skip = root.querySelector(".skip");
    var dots = Array.prototype.slice.call(root.querySelectorAll(".dot"));
    var announcer = root.querySelector(".walkthrough-announcer");
    var listURL = storageGet("sessionStorage", "walkthroughReturn") || root.dataset.listUrl;
    var current = 0;
    root.classList.add("is-carousel");
    controls.hidden = false;
    root.querySelector(".walkthrough-end").hidden = true;

    function show(index, moveFocus) {
      current = Math.max(0, Math.min(steps.length - 1, index));
      steps.forEach(function (step, position) {
        step.hidden = position !== current;
        step.setAttribute("aria-hidden", position !== current ? "true" : "false");
      });
      dots.forEach(function (dot, position) {
        if (position === current) dot.setAttribute("aria-current", "step"); else dot.removeAttribute("aria-current");
      });
      var last = current === steps.length - 1;
      next.textContent = last ? "GET STARTED" : "NEXT";
      skip.hidden = last;
      var heading = steps[current].querySelector("h2");
      announcer.textContent = "Step " + (current + 1) + " of " + steps.length + ": " + heading.textContent;
      if (moveFocus) heading.focus();
    }

    function finish() {
      storageSet("localStorage", WALKTHROUGH_FLAG, "true");
      try { sessionStorage.removeItem("walkthroughReturn"); } catch (error) {}
      var target = listURL;
      if (location.protocol === "file:" && /\/$/.test(target)) target += "index.html";
      location.href = target;
    }

    next.addEventListener("click", function () {
      if (current === steps.length - 1) finish(); else show(current + 1, true);
    });
    skip.addEventListener("click", finish);
    dots.forEach(function (dot, position) { dot.addEventListener("click", function () { show(position, true); }); });
    document.addEventListener("keydown", function (event) {
      if (event.target.closest && event.target.closest("input, select, textarea")) return;
      if (event.key === "ArrowRight") { show(current + 1, true); event.preventDefault(); }
      if (event.key === "ArrowLeft") { show(current - 1, true); event.preventDefault(); }
    });
    var touchStart = null;
    root.addEventListener("touchstart", function (event) {
      touchStart = event.changedTouches[0].clientX;
    }, { passive: true });
    root.addEventListener("touchend", function (event) {
      if (touchStart === null) return;
      var distance = event.changedTouches[0].clientX - touchStart;
      touchStart = null;
      if (Math.abs(distance) < 40) return;
      show(current + (distance < 0 ? 1 : -1), false);
    }, { passive: true });
    show(0, false);
  }

  // ---- Search and the first visit -----------------------------------------------------------
  var search = document.querySelector(".search[data-index]");
  if (search) {
    if (firstVisitRedirect(search)) return;
    setUpSearch(search);
  }

  // A first-time visitor of the list sees the walkthrough once (and is brought back after it).
  function firstVisitRedirect(panel) {
    if (panel.dataset.hasSteps !== "true") return false;
    if (storageGet("localStorage", WALKTHROUGH_FLAG) === "true") return false;
    if (storageGet("sessionStorage", "walkthroughShown") === "true") return false;
    storageSet("sessionStorage", "walkthroughShown", "true");
    storageSet("sessionStorage", "walkthroughReturn", location.href);
    var target = panel.dataset.welcome;
    if (location.protocol === "file:") target += "index.html";
    location.replace(target);
    return true;
  }

  function fold(text) {
    return String(text).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/ø/g, "o").replace(/æ/g, "ae").replace(/œ/g, "oe").replace(/ß/g, "ss").replace(/ł/g, "l")
      .replace(/[’‘]/g, "'").replace(/\s+/g, " ").trim();
  }

  function wordStarts(text, part) {
    if (text.indexOf(part) === 0) return true;
    var at = text.indexOf(" " + part);
    if (at >= 0) return true;
    return text.indexOf("-" + part) >= 0;
  }

  function SearchEngine(index) {
    this.index = index;
    var favorites = {};
    index.favorites.forEach(function (position) { favorites[position] = true; });
    this.records = index.name.map(function (name, position) {
      return {
        position: position, name: name, folded: fold(name), cuisines: index.cuisine[position],
        city: index.city[position], area: index.area[position], price: index.price[position],
        favorite: favorites[position] === true
      };
    });
    this.cuisineNames = index.cuisines.map(fold);
    this.cityNames = index.cities.map(fold);
    this.areaNames = index.areas.map(fold);
  }

  // Rank: 0 name starts with the query, 1 a name word does, 2 the name contains it (any script),
  // then every word found: 3 in a cuisine, 4 in the city, 5 in the area. -1: no match.
  SearchEngine.prototype.rank = function (record, query, words) {
    if (query === "") return 0;
    if (record.folded.indexOf(query) === 0) return 0;
    if (wordStarts(record.folded, query)) return 1;
    if (record.folded.indexOf(query) >= 0) return 2;
    var self = this, best = 6;
    for (var i = 0; i < words.length; i++) {
      var word = words[i], found = 9;
      if (record.folded.indexOf(word) >= 0) found = 2;
      else if (record.cuisines.some(function (c) { return wordStarts(self.cuisineNames[c], word); })) found = 3;
      else if (record.city >= 0 && wordStarts(self.cityNames[record.city], word)) found = 4;
      else if (record.area >= 0 && wordStarts(self.areaNames[record.area], word)) found = 5;
      if (found === 9) return -1;
      best = Math.min(best, Math.max(found, 3));
    }
    return best;
  };

  SearchEngine.prototype.run = function (query, filters) {
    var folded = fold(query || ""), words = folded.split(" ").filter(Boolean), results = [];
    filters = filters || {};
    for (var i = 0; i < this.records.length; i++) {
      var record = this.records[i];
      if (filters.city !== undefined && filters.city !== "" && record.city !== Number(filters.city)) continue;
      if (filters.cuisine !== undefined && filters.cuisine !== "" && record.cuisines.indexOf(Number(filters.cuisine)) < 0) continue;
      if (filters.price && record.price !== Number(filters.price)) continue;
      if (filters.favorites && !record.favorite) continue;
      var rank = this.rank(record, folded, words);
      if (rank >= 0) results.push({ rank: rank, record: record });
    }
    // The index is already in name order, so a stable sort by rank keeps names sorted within a rank.
    results.sort(function (a, b) { return a.rank - b.rank || a.record.position - b.record.position; });
    return results.map(function (result) { return result.record; });
  };

  function setUpSearch(panel) {
    var form = panel.querySelector("form");
    var input = form.elements.q;
    var status = panel.querySelector(".search-status");
    var list = panel.querySelector(".search-results");
    var noResults = panel.querySelector(".no-results");
    var everything = document.querySelector(".all-restaurants");
    var root = panel.dataset.root === "./" ? "" : panel.dataset.root;
    var shardCache = {};
    var engine = null;
    var generation = 0;
    var pageSize = 24;
    var shown = pageSize;
    var more = panel.querySelector(".more-results");

    var ready = fetch(panel.dataset.index).then(function (response) {
      if (!response.ok) throw new Error("search index: HTTP " + response.status);
      return response.json();
    }).then(function (index) {
      engine = new SearchEngine(index);
      fill(form.elements.city, index.cities);
      fill(form.elements.cuisine, index.cuisines);
      panel.hidden = false;
      readURL();
      update(false);
      return engine;
    });
    window.FoodPinSearch = {
      ready: ready,
      run: function (query, filters) { return engine.run(query, filters).map(function (r) { return r.name; }); },
      positions: function (query, filters) { return engine.run(query, filters).map(function (r) { return r.position; }); },
      pageSize: pageSize
    };

    function fill(select, names) {
      var sorted = names.map(function (name, position) { return { name: name, position: position }; })
        .sort(function (a, b) { return fold(a.name) < fold(b.name) ? -1 : 1; });
      sorted.forEach(function (entry) {
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
          return o.value === value || fold(o.textContent) === fold(value);
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
        shardCache[number] = fetch(url).then(function (response) { return response.json(); });
      }
      return shardCache[number];
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
          var extra = shards[Math.floor(record.position / size)][record.position % size];
          return card(record, extra[0], extra[1], extra[2] / 10, extra[3]);
        }));
        fixFileLinks(list);
        watchPictures(list);
      });
    }

    function card(record, path, image, rating, reviews) {
      var item = document.createElement("li");
      item.className = "card";
      var article = document.createElement("article");
      var picture = document.createElement("div");
      picture.className = "card-picture";
      picture.style.backgroundImage = "url('" + panel.dataset.placeholder + "')";
      var img = document.createElement("img");
      img.alt = image ? "Photo of " + record.name : "";
      img.loading = "lazy";
      img.width = 480; img.height = 320;
      if (image) img.src = /^https?:/.test(image) ? image : root + image;
      else img.style.visibility = "hidden";
      picture.appendChild(img);
      if (record.favorite) {
        var pin = document.createElement("span");
        pin.className = "pin"; pin.title = "Favourite";
        pin.innerHTML = '<span class="visually-hidden">Favourite</span>';
        picture.appendChild(pin);
      }
      var body = document.createElement("div");
      body.className = "card-body";
      var title = document.createElement("h2");
      title.className = "card-title";
      var link = document.createElement("a");
      link.href = root + path;
      link.textContent = record.name;
      title.appendChild(link);
      body.appendChild(title);
      var self = engine.index;
      var cuisines = record.cuisines.map(function (c) { return self.cuisines[c]; }).join(" · ");
      if (cuisines) body.appendChild(text("p", "cuisines", cuisines));
      var meta = [];
      if (record.city >= 0) meta.push(self.cities[record.city]);
      if (record.price) meta.push("$$$$".slice(0, record.price));
      if (meta.length) body.appendChild(text("p", "meta", meta.join("  ·  ")));
      body.appendChild(text("p", "rating review-count", reviews
        ? rating.toFixed(1) + " ★ (" + reviews + (reviews === 1 ? " review)" : " reviews)")
        : "No reviews yet"));
      article.appendChild(picture);
      article.appendChild(body);
      item.appendChild(article);
      return item;
    }

    function text(tag, className, content) {
      var element = document.createElement(tag);
      element.className = className;
      element.textContent = content;
      return element;
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
      shown += pageSize * 2;
      update(false, true);
    });
    panel.querySelector(".clear-search").addEventListener("click", function () {
      form.reset();
      update(true);
      input.focus();
    });
  }
})();
