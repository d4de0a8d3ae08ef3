// How many results each filter option would give: the query and the other filters kept, that
// filter set to the option. Counted from the filter terms' postings (SearchWords.filterTerm), which
// hold every restaurant's city, cuisines, price and favourite (their size: docs/site.md), so the
// search box asks a moment after its results are drawn, never before.
(function (FoodPin) {
  "use strict";

  // By filter, a promise of its options' restaurants: {value: Int32Array of positions}.
  var options = {};
  // What stops a count that a newer search made useless.
  var superseded = {};

  function optionsOf(filter) {
    var prefix = FoodPin.SearchEngine.filterPrefixes[filter];
    if (!options[filter]) {
      options[filter] = FoodPin.data.termShards(prefix, false, true).then(function (found) {
        var byValue = Object.create(null);
        found.shards.forEach(function (shard) {
          for (var at = FoodPin.data.termAt(shard.terms, prefix); at < shard.terms.length &&
               shard.terms[at].indexOf(prefix) === 0; at++) {
            var positions = new Int32Array(shard.postings[at].length), n = 0;
            FoodPin.postings(shard.postings[at], { add: function (position) { positions[n++] = position; } });
            byValue[shard.terms[at].slice(prefix.length)] = positions;
          }
        });
        return byValue;
      });
      options[filter].catch(function () { delete options[filter]; }); // asked again next time
    }
    return options[filter];
  }

  // {filter: {all, options: {value: count}}} for city, cuisine and price, the values some
  // restaurant has (another counts 0); {filter: {all, on}} for favourites and, with `countOpen`,
  // "open now": the caller asks for it when the search reads its results' hours anyway (that
  // filter or a sort but by name), which for a common word are in most attribute parts, a
  // thousand at a million restaurants. `all`: how many results with the filter unset. Null if
  // `current()` turns false before the end: a newer search's counts are wanted.
  FoodPin.filterCounts = function (engine, query, chosen, countOpen, current) {
    var isOn = FoodPin.SearchEngine.isOn, inResults = new Uint8Array(engine.index.count), lastMarked = { key: null }, counts = {};
    var names = Object.keys(FoodPin.SearchEngine.filterPrefixes).concat(countOpen ? ["open"] : []);
    // The filters not chosen share their results (the search's own): they come first.
    names.sort(function (a, b) { return isOn(chosen[a]) - isOn(chosen[b]); });
    // The results with `filter` unset, marked in `inResults` (by position); how many they are.
    function markResults(filter) {
      var others = Object.assign({}, chosen);
      others[filter] = false;
      var key = JSON.stringify(Object.keys(others).sort().filter(function (name) { return isOn(others[name]); }).map(function (name) {
        return [name, others[name]];
      }));
      if (key === lastMarked.key) return Promise.resolve(lastMarked.count);
      if (key === "[]" && !FoodPin.SearchEngine.queryWords(query).length) { // every restaurant, no search needed
        inResults.fill(1);
        lastMarked = { key: key, count: inResults.length };
        return Promise.resolve(inResults.length);
      }
      return engine.search({ query: query, filters: others, current: current }).then(function (answer) {
        if (!answer) throw superseded;
        inResults.fill(0);
        answer.results.forEach(function (position) { inResults[position] = 1; });
        lastMarked = { key: key, count: answer.results.length };
        return answer.results.length;
      });
    }
    // How many of the marked results are open now; none if a part of their hours is not loaded.
    function openOnes(all) {
      var on = 0;
      for (var position = 0; position < inResults.length; position++) {
        if (!inResults[position]) continue;
        var record = engine.record(position);
        if (!record) return;
        if (engine.isOpen(record)) on++;
      }
      counts.open = { all: all, on: on };
    }
    return names.reduce(function (done, filter) {
      return done.then(function () {
        if (!current()) throw superseded;
        return Promise.all([markResults(filter), filter === "open" ? null : optionsOf(filter)]);
      }).then(function (found) {
        var all = found[0], byValue = found[1], tally = Object.create(null);
        if (filter === "open") return openOnes(all);
        Object.keys(byValue).forEach(function (value) {
          for (var i = 0, n = 0, positions = byValue[value]; i < positions.length; i++) n += inResults[positions[i]];
          tally[value] = n;
        });
        counts[filter] = filter === "favorites" ? { all: all, on: tally[""] || 0 } : { all: all, options: tally };
      });
    }, Promise.resolve()).then(function () { return current() ? counts : null; }, function (error) {
      if (error === superseded) return null;
      throw error;
    });
  };
})(window.FoodPin = window.FoodPin || {});
