// The search engine: matching over the full-text shards (search/terms.json lists them), filters by
// their terms there too, sorts and the other filters over the attribute parts, all fetched as a
// query needs them (FoodPin.data). A search is one call, `search`, which the search box
// (search-ui.js), the filter counts and the tests make; `record`, `isOpen`, `finds` and `offCard`
// then read what it fetched.

/**
 * @typedef {Object} SearchFilters  each unset when empty, false or missing
 * @property {string} [city]  a city's slug (search.json's `citySlugs`)
 * @property {string} [cuisine]  a cuisine's slug (`cuisineSlugs`)
 * @property {string|number} [price]  1 to 4
 * @property {boolean} [favorites]  the editor's favourites only
 * @property {boolean} [open]  open now, in the guide's time zone
 */
/**
 * @typedef {Object} SearchRequest
 * @property {string} query  the words as typed: the last one is being typed, so it matches the words it begins
 * @property {SearchFilters} [filters]
 * @property {""|"name"|"rating"|"reviews"|"price"|"distance"} [sort]  "": best match first
 * @property {{lat: number, lon: number}} [origin]  where "distance" is measured from
 * @property {number} [first]  how many results the first screen shows: in best-match order the
 *   search then reads only what makes them sure, and `rest` reads the others
 * @property {function(): boolean} [current]  false once a newer search makes this one useless
 */
/**
 * @typedef {Object} SearchAnswer  results as positions in the guide's list (by name, from 0)
 * @property {number[]} results  every result when `whole`, else the first screen, sure to lead
 * @property {boolean} whole
 * @property {function(): Promise<number[]|null>} rest  every result (null if no longer current)
 */
(function (FoodPin) {
  "use strict";

  function SearchEngine(index) {
    this.index = index;
    // By term, its hits (search-hits.js), or null (not known); the latest terms kept.
    this.hits = new Map();
    this.parts = Object.create(null);
    // By term looked up as a typo already (found or not, not again), the words it was taken for.
    this.forgivenAs = new Map();
    this.stemmer = null; // the guide's stemmer (english-stemmer.js), once search/terms.json is read
    this.lead = new FoodPin.SearchLead(this); // a first screen's reads (search-lead.js)
  }

  /**
   * Searches: what the words, filters and sort need is fetched, then ranked.
   * @param {SearchRequest} request
   * @returns {Promise<SearchAnswer|null>} null once `current()` is false; rejected when the data
   *   cannot be had (offline)
   */
  SearchEngine.prototype.search = function (request) {
    var self = this, query = request.query, filters = request.filters || {}, sort = request.sort || "";
    var current = request.current || function () { return true; };
    var answer = function () { return current() ? self.run(query, filters, sort, request.origin) : null; };
    return this.prepare(query, filters, sort, request.first, current).then(function (ran) {
      if (!current()) return null;
      if (self.lead.whole(query, filters)) {
        var results = answer();
        return { results: results, whole: true, rest: function () { return Promise.resolve(current() ? results : null); } };
      }
      // The rest is read only when asked: a word being typed would otherwise read every part
      // of each of its beginnings.
      return { results: (ran || answer()).slice(0, request.first), whole: false, rest: function () {
        return self.prepare(query, filters, sort, undefined, current).then(answer);
      } };
    });
  };

  // The query's words, each as the terms it is indexed by ("crème-brûlée": creme, brulee). The
  // last word is being typed: its terms are prefixes; the others are whole, marked by a space
  // after them (no term ends with one). A word of one letter has none: it rules nothing out (the "e"
  // of "cacio e pepe").
  function queryWords(query) {
    var all = FoodPin.fold(query || "").split(" ").filter(Boolean);
    return all.map(function (word, i) {
      return FoodPin.searchWords(word).map(function (term) { return i < all.length - 1 ? term + " " : term; });
    }).filter(function (terms) { return terms.length; });
  }

  // What `term` reads from the shards ({from, exact} each) and which terms it takes: a whole word
  // itself, a word being typed every word it begins; with the guide's stemmer (`stemmer`,
  // english-stemmer.js), either also the words of its stem.
  function lookup(term, stemmer) {
    var whole = term.slice(-1) === " ", word = term.trim(), root = stemmer ? stemmer.stem(word) : null;
    var reads = [{ from: word, exact: whole }].concat((root ? stemmer.forms(root) : []).filter(function (form) {
      return form !== word;
    }).map(function (form) { return { from: form, exact: true }; }));
    return {
      reads: reads,
      takes: function (found) {
        return (whole ? found === word : found.indexOf(word) === 0) || (root !== null && stemmer.stem(found) === root);
      }
    };
  }

  // Adds to `hits` those of the terms `read` finds in these shards.
  function addHits(hits, read, shards) {
    shards.forEach(function (shard) {
      for (var at = FoodPin.data.termAt(shard.terms, read.from); at < shard.terms.length &&
           (read.exact ? shard.terms[at] === read.from : shard.terms[at].indexOf(read.from) === 0); at++) {
        hits.addEntry(shard.postings[at]);
      }
    });
  }

  // The hits of `term`; null (not known, rules nothing out) when a word being typed begins terms
  // of more shards than are fetched.
  function termHits(term, stemmer) {
    var reads = lookup(term, stemmer).reads;
    return Promise.all(reads.map(function (read) { return FoodPin.data.termShards(read.from, read.exact); })).then(function (found) {
      if (found.some(function (each) { return !each.shards; })) return null;
      var hits = new FoodPin.SearchHits();
      found.forEach(function (each, i) { addHits(hits, reads[i], each.shards); });
      return hits;
    });
  }

  // The filters that read terms (SearchWords.filterTerm), each with the beginning of its options'
  // terms: an option's term is it and the option's value ("#city boston"; "#favorite" has none).
  var filterPrefixes = { city: "#city ", cuisine: "#cuisine ", price: "#price ", favorites: "#favorite" };

  // The terms the city and cuisine (by slug), price and favourites filters find restaurants by, whole.
  SearchEngine.prototype.filterTerms = function (filters) {
    filters = filters || {};
    return Object.keys(filterPrefixes).filter(function (name) { return isOn(filters[name]); }).map(function (name) {
      var prefix = filterPrefixes[name]; // one without a space after it takes no value
      return prefix + (prefix.slice(-1) === " " ? filters[name] : "") + " ";
    });
  };

  // The query's words and the filters' terms, each a list of terms every match has.
  SearchEngine.prototype.needed = function (query, filters) {
    return queryWords(query).concat(this.filterTerms(filters).map(function (term) { return [term]; }));
  };

  // Internal (`search` calls it): fetches what the query needs: the shards of its terms and its filters' with their parts, and
  // for a sort or another filter the attribute parts its matches are in. With `first`, for the
  // best match order, only the parts its first `first` results need (`run` then gives those).
  // Parts and attribute parts are asked for only while `current()` holds: a later keystroke's
  // search stops them, and what was read is then not the whole. Resolves to `run`'s results when
  // it ran them to know it had its first `first` (not the whole: the lead's `whole` tells); rejects when
  // they cannot be had (offline).
  SearchEngine.prototype.prepare = function (query, filters, sort, first, current) {
    var self = this, needed = this.needed(query, filters), wanted = [].concat.apply([], needed), lead;
    current = current || function () { return true; };
    // Earlier keystrokes' terms are kept while few: a search still loading may need them.
    for (var oldest = this.hits.keys(); this.hits.size > 32;) {
      var dropped = oldest.next().value;
      this.hits.delete(dropped);
      this.forgivenAs.delete(dropped); // looked up again, it may be forgiven again
    }
    return FoodPin.data.termList().then(function (list) {
      var stemmer = self.stemmer = FoodPin.stemmers[list.stemmer] || null;
      return Promise.all(wanted.filter(function (term) { return !self.hits.has(term); }).map(function (term) {
        return termHits(term, stemmer).then(function (hits) { self.hits.set(term, hits); });
      }));
    }).then(function () {
      // A word that finds nothing may be a typo; a filter that finds nothing finds nothing.
      return Promise.all(wanted.filter(function (term) {
        var hits = self.hits.get(term);
        return hits && hits.isEmpty() && !self.forgivenAs.has(term) && term[0] !== "#";
      }).map(function (term) {
        return FoodPin.forgivenTypo(term, termHits).then(function (found) { self.hits.set(term, found.hits); self.forgivenAs.set(term, found.words); });
      }));
    }).then(function () {
      if (!current()) return;
      if (first && !sort && !needsAttributes(filters, sort)) {
        return self.lead.read(query, filters, first, current).then(function (results) { lead = results; });
      }
      return Promise.all(wanted.map(function (term) { return self.hits.get(term) && self.hits.get(term).read(); }));
    }).then(function () {
      if (!current() || !needsAttributes(filters, sort)) return;
      var size = self.index.attributeSize, parts = {};
      self.candidates(needed, function (position) { parts[Math.floor(position / size)] = true; });
      return Promise.all(Object.keys(parts).map(function (number) {
        if (self.parts[number]) return;
        return FoodPin.data.file("search/attributes/" + number + ".json").then(function (part) {
          self.parts[number] = part;
        });
      }));
    }).then(function () { return lead; });
  };

  // Which word of the query a word of a text is, after a search of it (-1: none): one its
  // terms take, with their stems, or a word a typo was taken for. For results' excerpts.
  SearchEngine.prototype.finds = function (query) {
    var self = this, looks = queryWords(query).map(function (terms) {
      return [].concat.apply([], terms.map(function (term) {
        return [lookup(term, self.stemmer)].concat((self.forgivenAs.get(term) || []).map(function (word) { return lookup(word + " ", null); }));
      }));
    });
    return function (word) {
      var terms = FoodPin.searchWords(word);
      for (var i = 0; i < looks.length; i++) {
        if (terms.some(function (term) { return looks[i].some(function (look) { return look.takes(term); }); })) return i;
      }
      return -1;
    };
  };

  // The query's words (their places in it) found at `position` only where its card does not
  // show them: in the description or a review (fields 5 to 7, below; card.mustache shows the
  // name, cuisines, area and city).
  SearchEngine.prototype.offCard = function (position, query) {
    var self = this, found = [];
    queryWords(query).forEach(function (terms, i) { if (fieldOf(position, self.hitsOf(terms)) >= 5) found.push(i); });
    return found;
  };

  // Whether a filter is set: a city or cuisine slug, a price, or a ticked box.
  function isOn(value) { return value !== undefined && value !== null && value !== "" && value !== false; }

  // Sorts but by name and "open now" read the attribute parts.
  function needsAttributes(filters, sort) {
    return (!!sort && sort !== "name") || isOn((filters || {}).open);
  }

  // Calls `body` with every restaurant that has the rarest known term read so far, in list order;
  // with every one when no term is known. `query`: lists of terms (`needed`).
  SearchEngine.prototype.candidates = function (query, body) {
    var self = this, rarest = null;
    query.forEach(function (terms) {
      terms.forEach(function (term) {
        var hits = self.hits.get(term);
        if (hits && (!rarest || hits.map.size < rarest.size)) rarest = hits.map;
      });
    });
    if (!rarest) { for (var position = 0; position < this.index.count; position++) body(position); return; }
    var sorted = new Int32Array(rarest.size), at = 0;
    rarest.forEach(function (field, position) { sorted[at++] = position; });
    sorted.sort();
    for (var i = 0; i < sorted.length; i++) body(sorted[i]);
  };

  // The hits of these terms: a term's Hits, null past the shards looked in, undefined if not
  // looked up (or dropped since).
  SearchEngine.prototype.hitsOf = function (terms) {
    var hits = this.hits;
    return terms.map(function (term) { return hits.get(term); });
  };

  // Where a query word is: its best field where each of its terms is there (the worst of them),
  // -1 if one is not, null if none is known. `termHits`: its terms' hits (`hitsOf`).
  function fieldOf(position, termHits) {
    var worst = null;
    for (var i = 0; i < termHits.length; i++) {
      if (termHits[i] === null) continue; // past the shards looked in
      var field = termHits[i] ? termHits[i].map.get(position) : undefined;
      if (field === undefined) return -1;
      worst = Math.max(worst === null ? 0 : worst, field);
    }
    return worst;
  }

  // Fields, as the build numbers them (TermIndex): 0 the name's first word, 1 another name word,
  // 2 cuisine, 3 city, 4 area, 5 description and other searchable fields, 6 a review's title, 7 its text.
  // Rank: 0 the name starts with the query, 1 every word is in the name, else by its best word:
  // 3 in a cuisine (or the name), 4 the city, 5 the area, 6 the description, 7 and 8 reviews. -1: no
  // match. `wordHits`: each query word's terms' hits (`hitsOf`); `firstTermHits`: the first
  // word's first term's, as a list of one. Called for every candidate: it makes nothing.
  function rankOf(position, wordHits, firstTermHits) {
    var best = Infinity, inName = true, any = false;
    for (var i = 0; i < wordHits.length; i++) {
      var field = fieldOf(position, wordHits[i]);
      if (field === -1) return -1;
      if (field === null) continue;
      any = true;
      inName = inName && field <= 1;
      best = Math.min(best, Math.max(field + 1, 3));
    }
    if (!any) return 0;
    if (inName) return fieldOf(position, firstTermHits) === 0 ? 0 : 1;
    return best;
  }

  // What sorts and filters read of the restaurant at `position`: {price, rating, reviews, lat,
  // lon, hours}, or null when its part was not fetched.
  SearchEngine.prototype.record = function (position) {
    var part = this.parts[Math.floor(position / this.index.attributeSize)];
    if (!part) return null;
    var at = position - part.first, record = { position: position };
    ["price", "rating", "reviews", "lat", "lon", "hours"].forEach(function (key) { record[key] = part[key][at]; });
    return record;
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

  // Internal, as `prepare`: the positions of the matching restaurants, after `prepare` with the
  // same arguments (a sort reads every part, so only best-match order can be a first screen): by
  // `sort` (rating, reviews, price, distance from `origin`) when given, else best rank first, in
  // list (name) order within a rank.
  SearchEngine.prototype.run = function (query, filters, sort, origin) {
    var self = this, words = queryWords(query), attributes = needsAttributes(filters, sort), key = sortKeys[sort];
    var filterHits = this.hitsOf(this.filterTerms(filters)), wordHits = words.map(this.hitsOf, this);
    var firstTermHits = wordHits.length ? wordHits[0].slice(0, 1) : [];
    var byRank = [], keyed = [], needed = this.needed(query, filters);
    filters = filters || {};
    this.candidates(needed, function (position) {
      var rank = rankOf(position, wordHits, firstTermHits), record = null;
      if (rank < 0) return;
      for (var i = 0; i < filterHits.length; i++) if (!filterHits[i] || !filterHits[i].map.has(position)) return;
      if (attributes) {
        record = self.record(position);
        if (!record || (isOn(filters.open) && !self.isOpen(record))) return;
      }
      if (key) keyed.push({ key: key(record || { position: position }, origin), position: position });
      else (byRank[rank] = byRank[rank] || []).push(position);
    });
    // Candidates come in list order, so each rank's are in it already: no sort of every match.
    // A rank's results are sure below `sureBelow`'s, and the next rank's only if all of its are.
    if (!key) {
      var sureBelow = this.lead.sureBelow(needed, words.length), results = [];
      for (var rank = 0; rank < byRank.length; rank++) {
        var ranked = byRank[rank] || [], below = sureBelow(rank);
        for (var i = 0; i < ranked.length && ranked[i] < below; i++) results.push(ranked[i]);
        if (below < Infinity) break;
      }
      return results;
    }
    keyed.sort(function (a, b) { return (a.key === b.key ? 0 : a.key < b.key ? -1 : 1) || a.position - b.position; });
    return keyed.map(function (result) { return result.position; });
  };

  SearchEngine.filterPrefixes = filterPrefixes;
  SearchEngine.queryWords = queryWords;
  SearchEngine.isOn = isOn;
  FoodPin.distance = distance;
  FoodPin.SearchEngine = SearchEngine;
})(window.FoodPin = window.FoodPin || {});
