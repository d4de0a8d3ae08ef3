// FoodPin theme scripts: plain files, published as one (the strings, then these in the order
// Templates/scripts.txt gives), loaded with `defer`; no modules, so pages work opened from disk
// too. Everything is an enhancement: pages read fine without JavaScript (search, pins and the
// review form are only offered when it runs). This file holds what the others share.
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
  // A number with the guide's own marks (the strings script's), as the build writes them; not
  // toLocaleString, whose first call loads the browser's number data (36.8 ms median on a fresh
  // page, bench/number-data.py).
  FoodPin.number = function (value, digits) {
    var parts = Math.abs(value).toFixed(digits || 0).split(".");
    var whole = parts[0].replace(/\B(?=(\d{3})+$)/g, FoodPin.numberMarks.group);
    return (value < 0 ? "-" : "") + whole + (parts[1] ? FoodPin.numberMarks.decimal + parts[1] : "");
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

  // The search data (docs/site.md): search.json, the full-text shards search/terms.json lists,
  // the attribute parts and the card shards, each fetched once per page and shared by every script.

  /**
   * The search files' shapes; what each field means is in docs/site.md.
   * @typedef {Object} SearchIndex  search.json
   * @property {number} version
   * @property {number} count
   * @property {number} shardSize
   * @property {number} attributeSize
   * @property {boolean} hours
   * @property {string[]} cities
   * @property {string[]} citySlugs
   * @property {string[]} cuisines
   * @property {string[]} cuisineSlugs
   */
  /**
   * @typedef {Object} TermList  search/terms.json
   * @property {number} version
   * @property {string[]} fields
   * @property {{shortest: number, keyLength: number}} typoWords
   * @property {number} prefixShards
   * @property {?string} stemmer
   * @property {string[]} bounds
   */
  /**
   * @typedef {Object} TermShard  search/terms/<hex of a bound>.json
   * @property {string[]} terms
   * @property {Array<number[]|TermParts>} postings  delta-coded, read by FoodPin.postings
   */
  /**
   * @typedef {Object} TermParts  a common term's entry in its shard
   * @property {number} count
   * @property {number} span
   * @property {string} name
   * @property {Array<number[]>} parts
   */
  /**
   * @typedef {Object} AttributePart  search/attributes/K.json
   * @property {number} first
   * @property {number[]} price
   * @property {number[]} rating
   * @property {number[]} reviews
   * @property {Array<?number>} lat
   * @property {Array<?number>} lon
   * @property {Array<?string>} hours
   */
  var root = document.body.dataset.root === "./" ? "" : (document.body.dataset.root || "");
  var indexURL = document.body.dataset.index;
  // The worker leaves search/ to the network where the browser can (sw.mustache): offline, its
  // kept copies are read here.
  var files = Object.create(null);
  function file(path) {
    if (!files[path]) {
      var url = indexURL.replace(/search\.json$/, path);
      files[path] = fetch(url).catch(function (error) {
        return (window.caches ? caches.match(url) : Promise.resolve()).then(function (kept) {
          if (kept) return kept;
          throw error;
        }, function () { throw error; });
      }).then(function (response) {
        if (!response.ok) throw Object.assign(new Error(path + ": HTTP " + response.status), { status: response.status });
        return response.json();
      });
      files[path].catch(function () { delete files[path]; }); // the next call asks again
    }
    return files[path];
  }

  // A file named by a text: its UTF-8 bytes in hex.
  function hexName(text) {
    return Array.from(new TextEncoder().encode(text)).map(function (byte) { return (byte < 16 ? "0" : "") + byte.toString(16); }).join("");
  }

  // The shards that can hold terms beginning with `term`: the one it would be in (the last whose
  // bound it is not before), and, unless `exact`, the next ones while their bounds begin with it;
  // null past the list's `prefixShards` (a prefix too short to be worth its download) unless `every`.
  function termFiles(term, list, exact, every) {
    var bounds = list.bounds, low = 0, high = bounds.length - 1;
    if (!bounds.length) return [];
    while (low < high) {
      var middle = (low + high + 1) >> 1;
      if (bounds[middle] <= term) low = middle; else high = middle - 1;
    }
    var found = [bounds[low]];
    for (var next = low + 1; !exact && next < bounds.length && bounds[next].indexOf(term) === 0; next++) {
      if (!(found.length < list.prefixShards) && !every) return null; // a list without it: none
      found.push(bounds[next]);
    }
    return found.map(function (bound) { return "search/terms/" + hexName(bound) + ".json"; });
  }

  // Where in a shard's sorted terms `term` is, or would be.
  function termAt(terms, term) {
    var at = 0, high = terms.length;
    while (at < high) { var middle = (at + high) >> 1; if (terms[middle] < term) at = middle + 1; else high = middle; }
    return at;
  }

  // A term's postings as shards and parts write them (Posting.swift): delta-coded numbers, each
  // `position << 3 | field`, one a restaurant. The one reader: `target.add(position, field)` for
  // each: a method, not a callback, which at a million postings was 13-58 % slower than the loop
  // written in place, where a method is as fast (2.85 against 2.84 ms; bench/postings-decode.js).
  FoodPin.postings = function (deltas, target) {
    for (var i = 0, value = 0; i < deltas.length; i++) {
      value += deltas[i];
      target.add(value >> 3, value & 7);
    }
  };

  var indexPath = "search.json", termListPath = "search/terms.json";
  FoodPin.data = {
    /** @returns {Promise<SearchIndex>} */
    index: function () { return file(indexPath); },
    /** @returns {Promise<TermList>} */
    termList: function () { return file(termListPath); },
    file: file,
    hexName: hexName,
    // The full-text shards terms beginning with `term` (or `term` alone, if `exact`) are in, as
    // {paths, shards}; shards null when there are too many to fetch, unless `every` is wanted.
    termShards: function (term, exact, every) {
      return file(termListPath).then(function (list) {
        var paths = termFiles(term, list, exact, every);
        if (!paths) return { paths: [], shards: null };
        return Promise.all(paths.map(file)).then(function (shards) { return { paths: paths, shards: shards }; });
      });
    },
    termAt: termAt,
    // A common term's parts, from its shard's entry (TermParts.swift): each {start, best, path},
    // its postings from position `start` on (to the next part's), the best field among them.
    parts: function (entry) {
      return entry.parts.map(function (part) {
        return { start: part[0] * entry.span, best: part[1], path: "search/postings/" + entry.name + "-" + part[0] + ".json" };
      });
    },
    // Where restaurants are in the list, by slug: {position: {slug: n}, files: what was read}. A
    // slug is a term (`/slug`) whose one posting is its place; a slug no longer in the guide is left out.
    places: function (slugs) {
      return Promise.all(slugs.map(function (slug) { return FoodPin.data.termShards("/" + slug, true); })).then(function (found) {
        var position = Object.create(null), read = {};
        read[indexPath] = read[termListPath] = true;
        found.forEach(function (entry, i) {
          entry.paths.forEach(function (path) { read[path] = true; });
          (entry.shards || []).forEach(function (shard) {
            var at = termAt(shard.terms, "/" + slugs[i]);
            if (shard.terms[at] === "/" + slugs[i]) FoodPin.postings(shard.postings[at], { add: function (place) { position[slugs[i]] = place; } });
          });
        });
        return { position: position, files: Object.keys(read) };
      });
    },
    // The list cards of restaurants at these positions, in that order, linked from this page.
    cards: function (positions) {
      return FoodPin.data.index().then(function (index) {
        var seen = {}, needed = [];
        positions.forEach(function (p) {
          var n = Math.floor(p / index.shardSize);
          if (!seen[n]) { seen[n] = true; needed.push(n); }
        });
        return Promise.all(needed.map(function (n) { return file("search/" + n + ".json"); })).then(function (loaded) {
          var byNumber = {};
          needed.forEach(function (n, i) { byNumber[n] = loaded[i]; });
          return positions.map(function (p) { return card(byNumber[Math.floor(p / index.shardSize)][p % index.shardSize]); });
        });
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
