// How many results each filter option would give: the query and the other filters kept, that
// filter set to the option. Counted from the filter terms' postings (SearchWords.filterTerm), which
// hold every restaurant's city, cuisines, price and favourite: 34 kB gzipped at 10,000 restaurants,
// 3 MB at a million, so the search box asks a moment after its results are drawn, never before.
(function (FoodPin) {
  "use strict";

  var prefixes = FoodPin.SearchEngine.filterPrefixes, isOn = FoodPin.SearchEngine.isOn;
  // By filter, a promise of its options' restaurants: {value: Int32Array of positions}.
  var options = {};

  function optionsOf(filter) {
    var prefix = prefixes[filter];
    if (!options[filter]) {
      options[filter] = FoodPin.data.termShards(prefix, false, true).then(function (found) {
        var byValue = Object.create(null);
        found.shards.forEach(function (shard) {
          for (var at = FoodPin.data.termAt(shard.terms, prefix); at < shard.terms.length &&
               shard.terms[at].indexOf(prefix) === 0; at++) {
            var postings = shard.postings[at], positions = new Int32Array(postings.length);
            for (var i = 0, value = 0; i < postings.length; i++) { value += postings[i]; positions[i] = value >> 3; }
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
  // restaurant has (another counts 0); {filter: {all, on}} for favourites and, with `hours`,
  // "open now". `all`: how many results with the filter unset.
  FoodPin.filterCounts = function (engine, query, chosen, hours) {
    var marks = new Uint8Array(engine.index.count), marked = { key: null }, counts = {};
    // The filters not chosen share their results (the search's own): they come first.
    var names = Object.keys(prefixes).concat(hours ? ["open"] : []).sort(function (a, b) {
      return isOn(chosen[a]) - isOn(chosen[b]);
    });
    // The results with `filter` unset, marked in `marks` (by position); how many they are.
    function mark(filter) {
      var others = Object.assign({}, chosen);
      others[filter] = false;
      // "Open now" is counted from the attribute parts of these results: fetched as the filter would.
      return engine.prepare(query, filter === "open" ? Object.assign({}, others, { open: true }) : others, "").then(function () {
        var key = JSON.stringify([engine.filterTerms(others), isOn(others.open)]), count = engine.index.count;
        if (key === marked.key) return marked.count;
        if (!engine.needed(query, others).length && !isOn(others.open)) marks.fill(1); // every restaurant
        else {
          var results = engine.run(query, others, "");
          marks.fill(0);
          results.forEach(function (position) { marks[position] = 1; });
          count = results.length;
        }
        marked = { key: key, count: count };
        return count;
      });
    }
    return names.reduce(function (done, filter) {
      return done.then(function () {
        return Promise.all([mark(filter), filter === "open" ? null : optionsOf(filter)]);
      }).then(function (found) {
        var all = found[0], byValue = found[1], tally = {}, on = 0;
        if (filter === "open") {
          marks.forEach(function (marked, position) { if (marked && engine.isOpen(engine.record(position))) on++; });
          counts.open = { all: all, on: on };
          return;
        }
        Object.keys(byValue).forEach(function (value) {
          for (var i = 0, n = 0, positions = byValue[value]; i < positions.length; i++) n += marks[positions[i]];
          tally[value] = n;
        });
        counts[filter] = filter === "favorites" ? { all: all, on: tally[""] || 0 } : { all: all, options: tally };
      });
    }, Promise.resolve()).then(function () { return counts; });
  };
})(window.FoodPin = window.FoodPin || {});
