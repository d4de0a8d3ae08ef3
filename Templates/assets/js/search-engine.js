// The search engine: pure matching and ranking over search.json, no page or network. The search
// box (search-ui.js) and the tests drive it.
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

  function wordStarts(text, part) {
    return text.indexOf(part) === 0 || text.indexOf(" " + part) >= 0 || text.indexOf("-" + part) >= 0;
  }

  function SearchEngine(index) {
    this.index = index;
    var favorites = {};
    index.favorites.forEach(function (position) { favorites[position] = true; });
    var texts = index.text || [];
    function column(name, fallback) { return index[name] || index.name.map(function () { return fallback; }); }
    var slugs = column("slug", ""), ratings = column("rating", 0), reviews = column("reviews", 0);
    var lats = column("lat", null), lons = column("lon", null), hours = column("hours", null);
    this.records = index.name.map(function (name, position) {
      return {
        position: position, name: name, folded: fold(name), cuisines: index.cuisine[position],
        city: index.city[position], area: index.area[position], price: index.price[position],
        favorite: favorites[position] === true, text: fold(texts[position] || ""),
        slug: slugs[position], rating: ratings[position], reviews: reviews[position],
        lat: lats[position], lon: lons[position], hours: hours[position]
      };
    });
    this.cuisineNames = index.cuisines.map(fold);
    this.cityNames = index.cities.map(fold);
    this.areaNames = index.areas.map(fold);
  }

  // Rank: 0 name starts with the query, 1 a name word does, 2 the name contains it (any script),
  // then every word found: 3 in a cuisine, 4 in the city, 5 in the area, 6 in other searchable
  // fields. -1: no match.
  SearchEngine.prototype.rank = function (record, query, words) {
    if (query === "") return 0;
    if (record.folded.indexOf(query) === 0) return 0;
    if (wordStarts(record.folded, query)) return 1;
    if (record.folded.indexOf(query) >= 0) return 2;
    var self = this, best = 6;
    for (var i = 0; i < words.length; i++) {
      var word = words[i], found = -1;
      if (record.folded.indexOf(word) >= 0) found = 2;
      else if (record.cuisines.some(function (c) { return wordStarts(self.cuisineNames[c], word); })) found = 3;
      else if (record.city >= 0 && wordStarts(self.cityNames[record.city], word)) found = 4;
      else if (record.area >= 0 && wordStarts(self.areaNames[record.area], word)) found = 5;
      else if (record.text && wordStarts(record.text, word)) found = 6;
      if (found < 0) return -1;
      // A record ranks by its best word: "sushi boston" is a cuisine match.
      best = Math.min(best, Math.max(found, 3));
    }
    return best;
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
    filters = filters || {};
    for (var i = 0; i < this.records.length; i++) {
      var record = this.records[i];
      if (filters.city !== undefined && filters.city !== "" && record.city !== Number(filters.city)) continue;
      if (filters.cuisine !== undefined && filters.cuisine !== "" && record.cuisines.indexOf(Number(filters.cuisine)) < 0) continue;
      if (filters.price && record.price !== Number(filters.price)) continue;
      if (filters.favorites && !record.favorite) continue;
      if (filters.open && !this.isOpen(record)) continue;
      var rank = this.rank(record, folded, words);
      if (rank >= 0) results.push({ rank: sortKeys[sort] ? sortKeys[sort](record, origin) : rank, record: record });
    }
    results.sort(function (a, b) {
      return (a.rank === b.rank ? 0 : a.rank < b.rank ? -1 : 1) || a.record.position - b.record.position;
    });
    return results.map(function (result) { return result.record; });
  };

  FoodPin.distance = distance;
  FoodPin.fold = fold;
  FoodPin.SearchEngine = SearchEngine;
})(window.FoodPin = window.FoodPin || {});
