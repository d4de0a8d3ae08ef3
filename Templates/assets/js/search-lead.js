// The first screen of a search in best-match order (a search with `first`): which parts of its
// common words to read first, and which results are then sure to lead every restaurant in the
// parts not read (search-hits.js, TermParts.swift). One for each engine, over its hits.
(function (FoodPin) {
  "use strict";

  /** @param {SearchEngine} engine */
  function SearchLead(engine) { this.engine = engine; }

  // Below which position every term of `needed` (`needed`'s lists) is read whole; Infinity: all is.
  SearchLead.prototype.readBelow = function (needed) {
    var hits = this.engine.hits;
    return Math.min.apply(null, [Infinity].concat([].concat.apply([], needed).map(function (term) {
      var found = hits.get(term);
      return found ? found.upTo() : Infinity;
    })));
  };

  // The best field each term of `needed` (`needed`'s lists) can be in at `below` or after, from
  // its hits read and its parts not read yet; null for a term not known.
  SearchLead.prototype.bestsFrom = function (needed, below) {
    var hits = this.engine.hits;
    return needed.map(function (terms) {
      return terms.map(function (term) { return hits.get(term) ? hits.get(term).bestFrom(below) : null; });
    });
  };

  // The best rank (search-engine.js's `rankOf`) a restaurant can have whose terms are at best in
  // `bests` (`bestsFrom`; a list's word is where its worst term is): the first `words` lists are the
  // query's words, the others filters. Infinity when one of them cannot be there.
  function rankBound(bests, words) {
    var fields = [];
    for (var i = 0; i < bests.length; i++) {
      var worst = null;
      for (var j = 0; j < bests[i].length; j++) {
        if (bests[i][j] === Infinity) return Infinity;
        if (bests[i][j] !== null) worst = Math.max(worst === null ? 0 : worst, bests[i][j]);
      }
      if (i < words && worst !== null) fields.push(worst);
    }
    if (!fields.length) return 0;
    // Rank 0 is for a name that begins with the query's first word (its first term, as `rankOf` asks).
    if (fields.every(function (field) { return field <= 1; })) return bests[0][0] === 0 ? 0 : 1;
    return Math.min.apply(null, fields.map(function (field) { return Math.max(field + 1, 3); }));
  }

  // The best rank a restaurant at `below` or after can have; Infinity when none there can match.
  SearchLead.prototype.rankFrom = function (needed, words, below) {
    return below === Infinity ? Infinity : rankBound(this.bestsFrom(needed, below), words);
  };

  // Each part not read yet of the terms of `needed`, with the best rank a restaurant it holds can
  // have: its term in it at the part's best field, the other terms at their best past `below`.
  // {hits, part, rank} each.
  SearchLead.prototype.unreadParts = function (needed, words, below) {
    if (below === Infinity) return []; // all is read
    var self = this, bests = this.bestsFrom(needed, below), found = [];
    needed.forEach(function (terms, i) {
      terms.forEach(function (term, j) {
        var hits = self.engine.hits.get(term);
        (hits ? hits.unread : []).forEach(function (part) {
          var mine = bests.map(function (list) { return list.slice(); });
          mine[i][j] = part.best;
          found.push({ hits: hits, part: part, rank: rankBound(mine, words) });
        });
      });
    });
    return found;
  };

  // Below which position every result of a rank is known, by rank: where the first part not read
  // yet that could hold one begins (Infinity: none can).
  SearchLead.prototype.sureBelow = function (needed, words) {
    var unread = this.unreadParts(needed, words, this.readBelow(needed));
    return function (rank) {
      return unread.reduce(function (first, each) { return each.rank <= rank ? Math.min(first, each.part.start) : first; }, Infinity);
    };
  };

  // Reads parts of the query's common terms, in rounds: those from the first positions on, twice as
  // far each round, and with them those that can hold the best rank not yet known whole, from the
  // first of them to twice as far ("caf" reads where names begin with "Café" at once, not after
  // every part before them: at a million, 3 parts in one round, not 8 in four; 66 -> 54 kB before
  // its first result, bench/README.md "Tenth step"). Again until `run` gives its first `count` results (resolves to them)
  // or every result, or `current()` fails.
  SearchLead.prototype.read = function (query, filters, count, current) {
    var self = this, needed = this.engine.needed(query, filters), below = this.readBelow(needed), results;
    if (!current() || this.whole(query, filters)) return Promise.resolve();
    if ((results = this.engine.run(query, filters, "")).length >= count) return Promise.resolve(results);
    var unread = this.unreadParts(needed, FoodPin.SearchEngine.queryWords(query).length, below);
    var best = Math.min.apply(null, unread.map(function (each) { return each.rank; }));
    var from = Math.min.apply(null, unread.filter(function (each) { return each.rank === best; }).map(function (each) {
      return each.part.start;
    }));
    return Promise.all(unread.filter(function (each) {
      return each.part.start < Math.max(1, 2 * below) || (each.rank === best && each.part.start < Math.max(1, 2 * from));
    }).map(function (each) { return each.hits.read([each.part]); })).then(function () {
      return self.read(query, filters, count, current);
    });
  };

  // Whether the engine's `run` gives every result of the query, not only its first (`prepare`
  // with `first`): all is read, or no restaurant past what is read can match.
  SearchLead.prototype.whole = function (query, filters) {
    var needed = this.engine.needed(query, filters), below = this.readBelow(needed);
    return below === Infinity || this.rankFrom(needed, FoodPin.SearchEngine.queryWords(query).length, below) === Infinity;
  };

  FoodPin.SearchLead = SearchLead;
})(window.FoodPin = window.FoodPin || {});
