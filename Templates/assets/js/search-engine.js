// The search engine: matching and ranking over search.json and the full-text shards
// (search/terms.json lists them), which `load` fetches. The search box (search-ui.js) and the
// tests drive it: `prepare(query)` fetches what the query's words need, then `run` ranks.
(function (FoodPin) {
  "use strict";

  // Case, accents and spacing never matter: "Café" and "cafe" are the same. Letters that are not a
  // base letter plus an accent (ø, ß, đ …) fold by the table the strings script carries, made by
  // FoodPin from the one it folds names with.
  var letters = FoodPin.foldLetters || {};
  var special = new RegExp("[" + Object.keys(letters).join("").replace(/[\\\]^-]/g, "\\$&") + "]", "gu");
  function fold(text) {
    return String(text).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(special, function (letter) { return letters[letter]; }).replace(/\s+/g, " ").trim();
  }

  // The words FoodPin indexes a text by (SearchWords.swift): folded, composed, apostrophes
  // dropped, split at anything not a letter, mark or digit, of 2 to 40 characters; Chinese and
  // Japanese runs as their overlapping pairs of characters (a lone character as itself).
  var cjk = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{2ffff}";
  var pieces = new RegExp("[" + cjk + "]+|[^" + cjk + "]+", "gu"), isCJK = new RegExp("^[" + cjk + "]", "u");
  function words(text) {
    var found = [];
    fold(text).normalize("NFC").replace(/'/g, "").split(/[^\p{L}\p{M}\p{N}]+/u).forEach(function (part) {
      (part.match(pieces) || []).forEach(function (piece) {
        var characters = Array.from(piece);
        if (!isCJK.test(piece)) { if (characters.length > 1 && characters.length <= 40) found.push(piece); return; }
        if (characters.length === 1) found.push(piece);
        for (var i = 0; i + 1 < characters.length; i++) found.push(characters[i] + characters[i + 1]);
      });
    });
    return found;
  }

  function wordStarts(text, part) {
    return text.indexOf(part) === 0 || text.indexOf(" " + part) >= 0 || text.indexOf("-" + part) >= 0;
  }

  function SearchEngine(index, load) {
    this.index = index;
    this.load = load;
    this.shards = {};
    this.hits = {};
    var favorites = {};
    index.favorites.forEach(function (position) { favorites[position] = true; });
    function column(name, fallback) { return index[name] || index.name.map(function () { return fallback; }); }
    var slugs = column("slug", ""), ratings = column("rating", 0), reviews = column("reviews", 0);
    var lats = column("lat", null), lons = column("lon", null), hours = column("hours", null);
    this.records = index.name.map(function (name, position) {
      return {
        position: position, name: name, folded: fold(name), cuisines: index.cuisine[position],
        city: index.city[position], area: index.area[position], price: index.price[position],
        favorite: favorites[position] === true,
        slug: slugs[position], rating: ratings[position], reviews: reviews[position],
        lat: lats[position], lon: lons[position], hours: hours[position]
      };
    });
    this.cuisineNames = index.cuisines.map(fold);
    this.cityNames = index.cities.map(fold);
    this.areaNames = index.areas.map(fold);
  }

  // The shards that can hold terms beginning with `term`: the one it would be in (the manifest
  // lists each shard's first term), and the next ones while they begin with it; null past eight
  // (a prefix of a million restaurants' words, not worth its download).
  function shardsFor(term, manifest) {
    var first = manifest.first, low = 0, high = first.length - 1;
    if (!first.length) return [];
    while (low < high) {
      var middle = (low + high + 1) >> 1;
      if (first[middle] <= term) low = middle; else high = middle - 1;
    }
    var found = [manifest.files[low]];
    for (var next = low + 1; next < first.length && first[next].indexOf(term) === 0; next++) {
      if (found.length === 8) return null;
      found.push(manifest.files[next]);
    }
    return found;
  }

  // By restaurant position, the best field of any term beginning with `term` in these shards.
  function hitsOf(term, shards) {
    var hits = new Map();
    shards.forEach(function (shard) {
      var terms = shard.terms, at = 0, high = terms.length;
      while (at < high) { var middle = (at + high) >> 1; if (terms[middle] < term) at = middle + 1; else high = middle; }
      for (; at < terms.length && terms[at].indexOf(term) === 0; at++) {
        for (var i = 0, value = 0, postings = shard.postings[at]; i < postings.length; i++) {
          value += postings[i];
          var position = value >> 3, field = value & 7, best = hits.get(position);
          if (best === undefined || field < best) hits.set(position, field);
        }
      }
    });
    return hits;
  }

  // Fetches the shards the query's words fall in and notes where each restaurant has each word.
  // Never fails: without them (offline) names, cuisines and places still match.
  SearchEngine.prototype.prepare = function (query) {
    var self = this, wanted = words(query);
    var kept = {};
    wanted.forEach(function (term) { if (term in self.hits) kept[term] = self.hits[term]; });
    this.hits = kept;
    wanted = wanted.filter(function (term) { return !(term in kept); });
    if (!this.load || !wanted.length) return Promise.resolve();
    if (!this.manifest) {
      this.manifest = this.load("search/terms.json");
      this.manifest.catch(function () { self.manifest = null; });
    }
    return this.manifest.then(function (manifest) {
      return Promise.all(wanted.map(function (term) {
        var names = shardsFor(term, manifest);
        if (!names) { self.hits[term] = null; return; } // not known: it rules nothing out
        return Promise.all(names.map(function (name) {
          if (!self.shards[name]) {
            self.shards[name] = self.load("search/terms/" + name + ".json");
            self.shards[name].catch(function () { delete self.shards[name]; });
          }
          return self.shards[name];
        })).then(function (shards) { self.hits[term] = hitsOf(term, shards); });
      }));
    }).catch(function () { /* offline: the other fields still match */ });
  };

  // Where a query word is in a restaurant's text, as a rank: 2 + the field of the worst of its
  // terms (each must be there), -1 if one is not there, null if none is known (a word of one
  // letter is not a term).
  SearchEngine.prototype.textRank = function (position, terms) {
    var worst = null;
    for (var i = 0; i < terms.length; i++) {
      if (this.hits[terms[i]] === null) continue; // past the shards looked in: not known
      var field = this.hits[terms[i]] ? this.hits[terms[i]].get(position) : undefined;
      if (field === undefined) return -1;
      worst = Math.max(worst, field + 2);
    }
    return worst;
  };

  // Rank: 0 name starts with the query, 1 a name word does, 2 the name contains it (any script),
  // then every word found: 3 in a cuisine, 4 in the city, 5 in the area, 6 in the description or
  // other searchable fields, 7 in a review's title, 8 in a review's text. -1: no match.
  SearchEngine.prototype.rank = function (record, query, words, terms) {
    if (query === "") return 0;
    if (record.folded.indexOf(query) === 0) return 0;
    if (wordStarts(record.folded, query)) return 1;
    if (record.folded.indexOf(query) >= 0) return 2;
    var self = this, best = null;
    for (var i = 0; i < words.length; i++) {
      var word = words[i], found = -1;
      if (record.folded.indexOf(word) >= 0) found = 2;
      else if (record.cuisines.some(function (c) { return wordStarts(self.cuisineNames[c], word); })) found = 3;
      else if (record.city >= 0 && wordStarts(self.cityNames[record.city], word)) found = 4;
      else if (record.area >= 0 && wordStarts(self.areaNames[record.area], word)) found = 5;
      else found = this.textRank(record.position, terms[i]);
      if (found === null) continue; // "e" of "cacio e pepe": too short to look up, not asked for
      if (found < 0) return -1;
      // A record ranks by its best word: "sushi boston" is a cuisine match.
      best = Math.min(best === null ? 8 : best, Math.max(found, 3));
    }
    return best === null ? -1 : best;
  };

  // Kilometres between two points on the Earth (haversine).
  function distance(a, b) {
    var radians = Math.PI / 180, dLat = (b.lat - a.lat) * radians, dLon = (b.lon - a.lon) * radians;
    var h = Math.sin(dLat / 2) * Math.sin(dLat / 2) +
      Math.cos(a.lat * radians) * Math.cos(b.lat * radians) * Math.sin(dLon / 2) * Math.sin(dLon / 2);
    return 12742 * Math.asin(Math.min(1, Math.sqrt(h)));
  }

  // Sort keys, smallest first; a restaurant without the value (no reviews, no price, no position)
  // comes after every one with it. Ties keep list (name) order.
  var sortKeys = {
    name: function (r) { return r.position; },
    rating: function (r) { return r.rating > 0 ? -r.rating : Infinity; },
    reviews: function (r) { return -r.reviews; },
    price: function (r) { return r.price > 0 ? r.price : Infinity; },
    distance: function (r, origin) { return r.lat === null || !origin ? Infinity : distance(origin, r); }
  };

  // Whether a restaurant is open now in the guide's time zone, worked out once a minute.
  SearchEngine.prototype.isOpen = function (record) {
    var minute = Math.floor(Date.now() / 60000);
    if (this.openMinute !== minute) { this.openMinute = minute; this.openNow = {}; }
    if (!(record.position in this.openNow)) {
      this.openNow[record.position] = record.hours !== null && FoodPin.openingStatus(FoodPin.parseHours(record.hours),
        new Date(), document.body.getAttribute("data-timezone")).open;
    }
    return this.openNow[record.position];
  };
  // Matching restaurants: by `sort` (rating, reviews, price, distance from `origin`) when given, else
  // best rank first, in list (name) order within a rank.
  SearchEngine.prototype.run = function (query, filters, sort, origin) {
    var folded = fold(query || ""), words = folded.split(" ").filter(Boolean), results = [];
    var terms = words.map(function (word) { return FoodPin.searchWords(word); });
    filters = filters || {};
    for (var i = 0; i < this.records.length; i++) {
      var record = this.records[i];
      if (filters.city !== undefined && filters.city !== "" && record.city !== Number(filters.city)) continue;
      if (filters.cuisine !== undefined && filters.cuisine !== "" && record.cuisines.indexOf(Number(filters.cuisine)) < 0) continue;
      if (filters.price && record.price !== Number(filters.price)) continue;
      if (filters.favorites && !record.favorite) continue;
      if (filters.open && !this.isOpen(record)) continue;
      var rank = this.rank(record, folded, words, terms);
      if (rank >= 0) results.push({ rank: sortKeys[sort] ? sortKeys[sort](record, origin) : rank, record: record });
    }
    results.sort(function (a, b) {
      return (a.rank === b.rank ? 0 : a.rank < b.rank ? -1 : 1) || a.record.position - b.record.position;
    });
    return results.map(function (result) { return result.record; });
  };

  FoodPin.distance = distance;
  FoodPin.fold = fold;
  FoodPin.searchWords = words;
  FoodPin.SearchEngine = SearchEngine;
})(window.FoodPin = window.FoodPin || {});
