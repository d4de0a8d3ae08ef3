// FoodPin theme scripts: plain files, published as one (the strings, then these in name order),
// loaded with `defer`; no modules, so pages work opened from disk too. Everything is an enhancement: pages read fine without JavaScript (search,
// pins and the review form are only offered when it runs). This file holds what the others share.
(function (FoodPin) {
  "use strict";

  // Every key this theme keeps in the browser, named once.
  FoodPin.storageKeys = {
    walkthroughDone: "hasViewedWalkthrough", // localStorage: the visitor finished or skipped the walkthrough
    walkthroughShown: "walkthroughShown",    // sessionStorage: sent to the walkthrough once this session
    walkthroughReturn: "walkthroughReturn",  // sessionStorage: the list URL to come back to
    pins: "pinnedRestaurants",               // localStorage: the visitor's pins, a JSON list of slugs
    offlineCities: "offlineCities"           // localStorage: cities saved for offline, name → their pages
  };

  FoodPin.storageGet = function (storage, key) {
    try { return window[storage].getItem(key); } catch (error) { return null; }
  };
  FoodPin.storageSet = function (storage, key, value) {
    try { window[storage].setItem(key, value); } catch (error) { /* private mode: nothing to remember */ }
  };
  FoodPin.storageRemove = function (storage, key) {
    try { window[storage].removeItem(key); } catch (error) { /* nothing to forget */ }
  };

  // The theme's words (strings.js, made from Templates/strings/ in the guide's language), with
  // `{name}` filled in; a `count` picks the plural form the language uses.
  var plurals = null;
  try { plurals = new Intl.PluralRules(FoodPin.language || "en"); } catch (error) { /* a tag Intl does not know: "other" */ }
  FoodPin.number = function (value, digits) {
    try {
      return Number(value).toLocaleString(FoodPin.language || "en",
        digits === undefined ? undefined : { minimumFractionDigits: digits, maximumFractionDigits: digits });
    } catch (error) { return String(value); }
  };
  FoodPin.t = function (key, values) {
    var entry = (FoodPin.strings || {})[key];
    values = values || {};
    if (entry && typeof entry === "object") {
      var form = plurals && values.count !== undefined ? plurals.select(values.count) : "other";
      entry = entry[form] || entry.other;
    }
    if (typeof entry !== "string") return key;
    return entry.replace(/\{(\w+)\}/g, function (whole, name) {
      if (!(name in values)) return whole;
      return name === "count" ? FoodPin.number(values.count) : String(values[name]);
    });
  };

  // A folder link opened straight from disk would show a listing: point it at index.html.
  FoodPin.diskURL = function (href) {
    if (location.protocol !== "file:" || /^[a-z]+:|^#|^\/\//i.test(href)) return href;
    var path = href.split(/[?#]/)[0], rest = href.slice(path.length);
    if (path === "" || path === "." || path === "..") path += "/";
    return path.endsWith("/") ? path + "index.html" + rest : href;
  };

  FoodPin.fixFileLinks = function (scope) {
    if (location.protocol !== "file:") return;
    scope.querySelectorAll("a[href]").forEach(function (link) {
      link.setAttribute("href", FoodPin.diskURL(link.getAttribute("href")));
    });
  };

  // A picture that fails to load leaves the placeholder art behind it visible.
  FoodPin.watchPictures = function (scope) {
    scope.querySelectorAll(".card-picture img, .hero img").forEach(function (image) {
      if (image.complete && image.naturalWidth === 0) image.style.visibility = "hidden";
      else image.addEventListener("error", function () { image.style.visibility = "hidden"; });
    });
  };

  // Cards drawn by a script (search results, My guide) get what the list's own cards get:
  // file links, picture fallbacks and whatever later scripts add (pins).
  var cardHooks = [];
  FoodPin.onCards = function (hook) { cardHooks.push(hook); hook(document); };
  FoodPin.prepareCards = function (scope) {
    FoodPin.fixFileLinks(scope);
    FoodPin.watchPictures(scope);
    cardHooks.forEach(function (hook) { hook(scope); });
  };

  // The search index, its card shards and the full-text shards, each fetched once per page and
  // shared by every script.
  var root = document.body.dataset.root === "./" ? "" : (document.body.dataset.root || "");
  var indexURL = document.body.dataset.index;
  var indexPromise = null, files = {};
  FoodPin.data = {
    index: function () {
      if (!indexPromise) {
        indexPromise = fetch(indexURL).then(function (response) {
          if (!response.ok) throw new Error("search index: HTTP " + response.status);
          return response.json();
        });
        indexPromise.catch(function () { indexPromise = null; }); // the next call asks again
      }
      return indexPromise;
    },
    // A JSON file beside search.json (`search/3.json`); a failed fetch is asked for again next time.
    file: function (path) {
      if (!files[path]) {
        files[path] = fetch(indexURL.replace(/search\.json$/, path)).then(function (response) {
          if (!response.ok) throw new Error(path + ": HTTP " + response.status);
          return response.json();
        });
        files[path].catch(function () { delete files[path]; });
      }
      return files[path];
    },
    shard: function (number) { return FoodPin.data.file("search/" + number + ".json"); },
    // The list cards of restaurants at these positions, in that order, linked from this page.
    cards: function (positions, shardSize) {
      var seen = {}, needed = [];
      positions.forEach(function (p) {
        var n = Math.floor(p / shardSize);
        if (!seen[n]) { seen[n] = true; needed.push(n); }
      });
      return Promise.all(needed.map(FoodPin.data.shard)).then(function (loaded) {
        var byNumber = {};
        needed.forEach(function (n, i) { byNumber[n] = loaded[i]; });
        return positions.map(function (p) { return card(byNumber[Math.floor(p / shardSize)][p % shardSize]); });
      });
    }
  };

  // A card from a shard, its site-root links made relative to this page.
  function card(html) {
    var template = document.createElement("template");
    template.innerHTML = html.trim();
    var item = template.content.firstElementChild;
    item.querySelectorAll("[href], [src], [srcset]").forEach(function (element) {
      ["href", "src"].forEach(function (name) {
        var value = element.getAttribute(name);
        if (value !== null && !/^[a-z]+:|^\/|^#/i.test(value)) element.setAttribute(name, root + value);
      });
      var srcset = element.getAttribute("srcset");
      if (srcset !== null) {
        element.setAttribute("srcset", srcset.split(",").map(function (part) {
          part = part.trim();
          return /^[a-z]+:|^\//i.test(part) ? part : root + part;
        }).join(", "));
      }
    });
    return item;
  }

  // The layout marks <html> with .js before the first paint; a guide's own layout.mustache from
  // before does not, nor does it leave the scripted parts unhidden: both are done here for it.
  document.documentElement.classList.add("js");
  document.querySelectorAll(".needs-script").forEach(function (element) { element.hidden = false; });
  document.querySelectorAll(".no-script").forEach(function (element) { element.hidden = true; });
  FoodPin.fixFileLinks(document);
  FoodPin.watchPictures(document);
})(window.FoodPin = window.FoodPin || {});
