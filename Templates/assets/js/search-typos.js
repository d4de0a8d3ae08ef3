// Typos forgiven: a query word that finds nothing is taken for the indexed words nearest it
// (search/words/, TypoWords.swift). The engine (search-engine.js) asks, with its own reader of a
// word's hits.
(function (FoodPin) {
  "use strict";

  // Edits from `term` to `word` (optimal string alignment: two letters swapped are one edit); when
  // `typing`, to the word's nearest beginning.
  function edits(term, word, typing) {
    var a = Array.from(term), b = Array.from(word), rows = [];
    for (var i = 0; i <= a.length; i++) {
      rows.push([i]);
      for (var j = 1; j <= b.length; j++) {
        if (i === 0) { rows[0].push(j); continue; }
        var best = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2][j - 2] + 1);
        rows[i].push(best);
      }
    }
    return typing ? Math.min.apply(null, rows[a.length]) : rows[a.length][b.length];
  }

  // The indexed words nearest a term that found nothing, and their hits ({hits, words}, each word's
  // read by `termHits`): within
  // one edit from 4 characters, two from 8, the first ones right (the list's `typoWords` tells how
  // long and how many); at most eight words, nearest first.
  function forgiven(term, termHits) {
    var typing = term.slice(-1) !== " ", word = term.trim(), letters = Array.from(word);
    return FoodPin.data.termList().then(function (list) {
      var rule = list.typoWords;
      if (letters.length < rule.shortest || !/^\p{L}/u.test(word)) return [];
      var key = FoodPin.data.hexName(letters.slice(0, rule.keyLength).join(""));
      return FoodPin.data.file("search/words/" + key + ".json").then(function (dictionary) { return near(word, typing, dictionary, termHits); },
        function (error) {
          if (error.status === 404) return []; // no word begins so
          throw error;
        });
    }).then(function (all) {
      var hits = new FoodPin.SearchHits();
      all.forEach(function (found) { hits.addAll(found.hits); });
      return { hits: hits, words: all.map(function (found) { return found.word; }) };
    });
  }

  // Each word in `dictionary` near enough `word`, with its hits ({word, hits}).
  function near(word, typing, dictionary, termHits) {
    var limit = Array.from(word).length >= 8 ? 2 : 1;
    // Nearest first; among words as near, the nearest whole ("cofe": coffee before comedy).
    var nearest = dictionary.words.map(function (candidate) { return { word: candidate, edits: edits(word, candidate, typing) }; })
      .filter(function (found) { return found.edits <= limit; })
      .map(function (found) { found.whole = edits(word, found.word, false); return found; })
      .sort(function (a, b) { return a.edits - b.edits || a.whole - b.whole; }).slice(0, 8);
    return Promise.all(nearest.map(function (found) {
      return termHits(found.word + " ", null).then(function (hits) { return { word: found.word, hits: hits || new FoodPin.SearchHits() }; });
    }));
  }

  FoodPin.forgivenTypo = forgiven;
})(window.FoodPin = window.FoodPin || {});
