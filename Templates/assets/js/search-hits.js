// A term's restaurants as far as they are read, for the search engine: most terms' postings are in
// their shard, a common term's in parts by position (TermParts.swift) read as a query needs them.
(function (FoodPin) {
  "use strict";

  // `map`: position → best field, whole below `upTo()` (and where a part was read past it); the
  // parts not read yet wait in `unread`, first positions first, each {start, best, path}
  // (FoodPin.data.parts).
  function Hits() {
    this.map = new Map();
    this.unread = [];
  }

  Hits.prototype.add = function (position, field) {
    var best = this.map.get(position);
    if (best === undefined || field < best) this.map.set(position, field);
  };

  // A shard's entry for a term: its postings (delta-coded), or its parts.
  Hits.prototype.addEntry = function (entry) {
    if (Array.isArray(entry)) addPostings(this, entry);
    else this.unread = this.unread.concat(FoodPin.data.parts(entry)).sort(byStart);
  };

  // Those of `other` too (a word's stem forms, the words a typo was taken for).
  Hits.prototype.addAll = function (other) {
    other.map.forEach(function (field, position) { this.add(position, field); }, this);
    this.unread = this.unread.concat(other.unread).sort(byStart);
  };

  Hits.prototype.isEmpty = function () { return !this.map.size && !this.unread.length; };

  // Below which position every restaurant with the term is known.
  Hits.prototype.upTo = function () { return this.unread.length ? this.unread[0].start : Infinity; };

  // The best field a restaurant at `from` or after can have the term in; Infinity if none has it.
  Hits.prototype.bestFrom = function (from) {
    var best = Infinity;
    this.unread.forEach(function (part) { best = Math.min(best, part.best); });
    this.map.forEach(function (field, position) { if (position >= from && field < best) best = field; });
    return best;
  };

  // Reads these of its parts (every one not read yet without them). A part read meanwhile by
  // another search is not added twice.
  Hits.prototype.read = function (parts) {
    var self = this, wanted = parts || this.unread.slice();
    return Promise.all(wanted.map(function (part) { return FoodPin.data.file(part.path); })).then(function (lists) {
      wanted.forEach(function (part, i) {
        var at = self.unread.indexOf(part);
        if (at < 0) return;
        self.unread.splice(at, 1);
        addPostings(self, lists[i]);
      });
    });
  };

  function addPostings(hits, postings) { FoodPin.postings(postings, hits); }

  function byStart(a, b) { return a.start - b.start; }

  FoodPin.SearchHits = Hits;
})(window.FoodPin = window.FoodPin || {});
