// The search box on the list: filters, sorting and `?q=` links, "near me", results drawn as the
// list's own cards.
(function (FoodPin) {
  "use strict";
  var panel = document.querySelector(".search[data-page-size]");
  if (!panel || FoodPin.leaving) return;

  var form = panel.querySelector("form");
  var input = form.elements.q;
  var sort = form.elements.sort;
  var status = panel.querySelector(".search-status");
  var list = panel.querySelector(".search-results");
  var noResults = panel.querySelector(".no-results");
  var more = panel.querySelector(".more-results");
  var nearMe = panel.querySelector(".near-me");
  var distanceOption = sort.querySelector("option[value=distance]");
  // Absent from a guide's own search.mustache written before opening hours.
  var openNow = form.elements.open;
  var pageSize = Number(panel.dataset.pageSize);
  var firstScreen = 6;
  var engine = null;
  var generation = 0;
  var shown = pageSize;
  // The visitor's position, only once they pressed "Near me" and the browser gave it.
  var origin = null;
  var nearNote = "";

  // The panel is on screen before the index comes: what the visitor typed or chose meanwhile
  // wins over the address. Without the index (offline, a page opened from disk) the panel goes.
  var touched = false;
  // A search in the address needs the term list as soon as the index. The theme's index.mustache
  // asks for both in its head; this is for a guide's own from before, and takes the same response.
  if (document.documentElement.classList.contains("searching")) FoodPin.data.termList();
  // `settled`: the page's first search is shown whole, or failed, or there is none.
  var settle, settled = new Promise(function (resolve) { settle = resolve; });
  var ready = FoodPin.data.index().then(function (index) {
    engine = new FoodPin.SearchEngine(index);
    fill(form.elements.city, index.cities, index.citySlugs);
    fill(form.elements.cuisine, index.cuisines, index.cuisineSlugs);
    // "Open now" is offered when some restaurant has opening hours.
    if (openNow) openNow.parentNode.hidden = !index.hours;
    panel.hidden = false; // a guide's own search.mustache from before hides it in its HTML
    if (!touched) readURL();
    update(touched);
    return engine;
  }, function (error) {
    panel.hidden = true;
    document.documentElement.classList.remove("searching");
    settle();
    throw error;
  });
  // `pause`: how long excerpts and counts wait for the visitor to stop typing.
  FoodPin.search = { ready: ready, settled: settled, pageSize: pageSize, pause: 250 };

  // Options by slug, which the engine's filter terms name.
  function fill(select, names, slugs) {
    names.map(function (name, position) { return { name: name, slug: slugs[position] }; })
      .sort(function (a, b) { return FoodPin.fold(a.name) < FoodPin.fold(b.name) ? -1 : 1; })
      .forEach(function (entry) {
        var option = document.createElement("option");
        option.value = entry.slug;
        option.textContent = entry.name;
        select.appendChild(option);
      });
  }

  // An option's name, without the count showCounts gives it.
  function optionName(option) { return option.dataset.name === undefined ? option.textContent : option.dataset.name; }

  function filters() {
    return {
      city: form.elements.city.value, cuisine: form.elements.cuisine.value,
      price: form.elements.price.value, favorites: form.elements.favorites.checked,
      open: !!openNow && openNow.checked && !openNow.parentNode.hidden
    };
  }

  // index.mustache's head reads the same parameters to hide the list from the first paint.
  function readURL() {
    var params = new URLSearchParams(location.search);
    input.value = params.get("q") || "";
    ["city", "cuisine", "price"].forEach(function (name) {
      var value = params.get(name);
      if (value === null) return;
      var select = form.elements[name];
      // City and cuisine travel by name in the URL, so shared links survive a rebuild.
      var match = Array.prototype.find.call(select.options, function (o) {
        return o.value === value || FoodPin.fold(optionName(o)) === FoodPin.fold(value);
      });
      if (match) select.value = match.value;
    });
    form.elements.favorites.checked = params.get("favorites") === "1";
    if (openNow) openNow.checked = params.get("open") === "1";
    // Distance needs a position asked for by a press of "Near me": never from a link.
    var order = params.get("sort");
    sort.value = order && order !== "distance" && sort.querySelector("option[value='" + order.replace(/\W/g, "") + "']") ? order : "";
  }

  function writeURL() {
    var params = new URLSearchParams();
    if (input.value.trim()) params.set("q", input.value.trim());
    ["city", "cuisine"].forEach(function (name) {
      var select = form.elements[name];
      if (select.value !== "") params.set(name, optionName(select.options[select.selectedIndex]));
    });
    if (form.elements.price.value) params.set("price", form.elements.price.value);
    if (form.elements.favorites.checked) params.set("favorites", "1");
    if (filters().open) params.set("open", "1");
    if (sort.value && sort.value !== "distance") params.set("sort", sort.value);
    var query = params.toString();
    // Safari refuses more than 100 changes of the address in 30 seconds: past them, it stays.
    try { history.replaceState(null, "", location.pathname + (query ? "?" + query : "") + location.hash); } catch (error) { /* kept */ }
  }

  // "1.2 km away" on a result card, when sorted by distance and both ends are known.
  function addDistance(item, position) {
    var record = origin && sort.value === "distance" && engine.record(position);
    if (!record || record.lat === null) return;
    var km = FoodPin.distance(origin, record);
    var text = km < 1 ? FoodPin.t("distance_m", { distance: FoodPin.number(Math.max(10, Math.round(km * 100) * 10)) })
      : FoodPin.t("distance_km", { distance: FoodPin.number(km, km < 10 ? 1 : 0) });
    var line = document.createElement("p");
    line.className = "distance";
    line.textContent = text;
    item.querySelector(".card-body").appendChild(line);
  }

  function update(changeURL, keepShown) {
    if (!engine) return;
    if (changeURL) writeURL();
    if (!keepShown) shown = pageSize;
    var f = filters();
    var active = input.value.trim() !== "" || f.city !== "" || f.cuisine !== "" || f.price !== "" || f.favorites || f.open || sort.value !== "";
    // The class the page's head sets for a search in the address; from here on the script keeps it.
    document.documentElement.classList.toggle("searching", active);
    if (!active) {
      generation++; // a search still loading is not shown
      showCounts(null);
      list.setAttribute("aria-busy", "false");
      more.hidden = true;
      list.hidden = true;
      noResults.hidden = true;
      status.textContent = nearNote;
      settle();
      return;
    }
    var mine = ++generation, query = input.value, first = Math.min(shown, firstScreen);
    var fail = function () { failed(mine); }, current = function () { return mine === generation; };
    // A later keystroke's search wins. A new search in best-match order shows its first screen
    // once it is sure of it, then the rest (search-lead.js).
    engine.search({ query: query, filters: f, sort: sort.value, origin: origin, first: keepShown ? undefined : first, current: current })
      .then(function (answer) {
        if (!answer) return;
        if (answer.whole) return show(answer.results, mine, keepShown, query);
        var lead = answer.results;
        // The rest is read once the first screen is drawn and still wanted.
        return showLead(lead, mine, query).then(function (drawn) {
          if (!drawn || !current()) return;
          return answer.rest().then(function (results) {
            // The first screen is sure to lead, unless a shard kept from before a deploy misled it.
            if (results) show(results, mine, keepShown, query, lead.every(function (p, i) { return results[i] === p; }) ? lead.length : 0);
          });
        });
      }).then(null, fail);
  }

  // The first results of a search whose others are still being read; false if a later search came first.
  function showLead(lead, mine, query) {
    noResults.hidden = true;
    more.hidden = true;
    list.hidden = false;
    status.textContent = FoodPin.t("searching");
    list.setAttribute("aria-busy", "true");
    return draw(lead, mine, query);
  }

  // The search's data could not be had (offline): said, and no counts of another search left.
  function failed(mine) {
    if (mine !== generation) return;
    settle();
    status.textContent = FoodPin.t("load_failed");
    list.setAttribute("aria-busy", "false");
    showCounts(null);
  }

  // `drawn`: how many of the results' cards are drawn already (`showLead`).
  function show(results, mine, growing, query, drawn) {
    noResults.hidden = results.length !== 0;
    list.hidden = results.length === 0;
    status.textContent = (results.length === 0 ? FoodPin.t("no_results") : FoodPin.t("found", { count: results.length }))
      + (nearNote && sort.value === "distance" ? " " + nearNote : "");
    // A new search draws a phone's first screen of cards first, then the rest of the page: each
    // card can be in a shard of its own, and the first ones need not wait for the last. "Show
    // more" draws the whole list at once, which stays where it is.
    var first = growing ? shown : Math.min(shown, firstScreen);
    list.setAttribute("aria-busy", "true"); // until the whole page of cards is there
    draw(results.slice(0, first), mine, query, drawn).then(function (current) {
      if (current && shown > first && results.length > first) return draw(results.slice(0, shown), mine, query, first);
    }).then(function () {
      if (mine !== generation) return;
      // Shown with the cards, under them: shown before, it would be pushed down when they come.
      more.hidden = results.length <= shown;
      list.setAttribute("aria-busy", "false");
      settle();
      countFilters(mine, query);
    }, function () { failed(mine); });
  }

  // The filters' counts, a moment after the results, if they are still the ones shown: counting
  // reads every option's restaurants, not to be done again on each keystroke of a word being typed.
  // `counted`: the search the counts shown are for ("Show more" keeps them).
  var counted = null;
  function countFilters(mine, query) {
    var search = JSON.stringify([query, filters(), sort.value]);
    if (search === counted) return;
    setTimeout(function () {
      if (mine !== generation) return;
      var current = function () { return mine === generation; };
      var chosen = filters(), readsHours = chosen.open || (sort.value !== "" && sort.value !== "name");
      FoodPin.filterCounts(engine, query, chosen, !!openNow && readsHours && !openNow.parentNode.hidden, current).then(function (counts) {
        if (counts && current()) { showCounts(counts); counted = search; }
      }, function () {
        if (current()) showCounts(null); // offline: the options without counts, not old ones
      });
    }, FoodPin.search.pause);
  }

  // Each filter option with how many results choosing it gives (search-filter-counts.js), or,
  // with no `counts` (no search), bare.
  function showCounts(counts) {
    if (!counts) counted = null;
    function countSuffix(count) { return count === undefined ? "" : FoodPin.t("count_after", { count: count }); }
    ["city", "cuisine", "price"].forEach(function (name) {
      var found = counts && counts[name];
      Array.prototype.forEach.call(form.elements[name].options, function (option) {
        option.dataset.name = optionName(option);
        option.textContent = option.dataset.name + countSuffix(!found ? undefined : option.value === "" ? found.all : found.options[option.value] || 0);
      });
    });
    [form.elements.favorites, openNow].forEach(function (box) {
      var label = box && box.labels[0], found = box && counts && counts[box.name];
      if (!label) return;
      var count = label.querySelector(".filter-count") || label.appendChild(document.createElement("span"));
      count.className = "filter-count";
      count.textContent = countSuffix(found ? found.on : undefined);
    });
  }

  // Draws the cards of these results, after the first `kept` already drawn (a card in use keeps
  // its focus); false if a later search came first. Their excerpts come after them, unwaited.
  function draw(visible, mine, query, kept) {
    var positions = visible.slice(kept || 0);
    return FoodPin.data.cards(positions).then(function (items) {
      if (mine !== generation) return false;
      items.forEach(function (item, i) { addDistance(item, positions[i]); });
      if (kept) list.append.apply(list, items); else list.replaceChildren.apply(list, items);
      FoodPin.prepareCards(list);
      FoodPin.addExcerpts(engine, query, items, positions, function () { return mine === generation; });
      return true;
    });
  }

  function near() {
    if (!navigator.geolocation) {
      status.textContent = FoodPin.t("near_unsupported");
      return;
    }
    if (nearMe.getAttribute("aria-disabled") === "true") return;
    status.textContent = FoodPin.t("near_asking");
    // Not `disabled`: that would take the keyboard focus away from the button.
    nearMe.setAttribute("aria-disabled", "true");
    navigator.geolocation.getCurrentPosition(function (position) {
      nearMe.removeAttribute("aria-disabled");
      origin = { lat: position.coords.latitude, lon: position.coords.longitude };
      nearNote = FoodPin.t("near_sorted");
      distanceOption.disabled = false;
      sort.value = "distance";
      update(true);
    }, function (error) {
      // A refusal or a failure is explained; the list and its order stay as they were.
      nearMe.removeAttribute("aria-disabled");
      status.textContent = FoodPin.t(error.code === 1 ? "near_denied" : "near_failed");
    }, { timeout: 15000, maximumAge: 300000 });
  }

  // Each keystroke searches at once, with no pause for the typing to stop: a later keystroke's
  // search wins, and what a word being typed read is kept for the next. A word an input method is
  // still composing is searched too: Android's keyboard composes every word typed.
  input.addEventListener("input", function () {
    touched = true;
    update(true);
  });
  form.addEventListener("change", function (event) {
    touched = true;
    if (event.target === input) return;
    if (event.target === sort && sort.value !== "distance") nearNote = "";
    update(true);
  });
  form.addEventListener("submit", function (event) { event.preventDefault(); update(true); });
  input.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && input.value) { input.value = ""; update(true); }
  });
  more.addEventListener("click", function () {
    shown += pageSize;
    update(false, true);
  });
  nearMe.addEventListener("click", near);
  panel.querySelector(".clear-search").addEventListener("click", function () {
    form.reset();
    nearNote = "";
    update(true);
    input.focus();
  });
})(window.FoodPin = window.FoodPin || {});
