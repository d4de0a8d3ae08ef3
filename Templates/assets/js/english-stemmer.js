// The stemmers search-engine.js matches a guide's words with, by the name search/terms.json gives
// (TermIndex.stemmer): `stem(word)`, a stem's key or null, and `forms(root)`, every word whose
// stem is `root`, which the engine reads from the index.
(function (FoodPin) {
  "use strict";

  // A light English stemmer (docs/site.md): it only cuts endings, so a word's stem begins it and
  // the words of a stem sit together in the index ("tacos" → "taco"). A stem that lost a y, ie
  // or i is marked "~", so that "cookies" finds "cookie" (cook~) but not "cook". Null for a word
  // it does not stem: under 3 letters, or not all a-z.
  function stem(word) {
    if (!/^[a-z]{3,}$/.test(word)) return null;
    // What is left keeps three letters and a vowel.
    function cut(stem, ending) {
      var rest = stem.slice(0, stem.length - ending.length);
      return stem.slice(-ending.length) === ending && rest.length >= 3 && /[aeiouy]/.test(rest) ? rest : null;
    }
    // "shopping" → "shop"; but "herring" stays "herr", not "her".
    function single(stem) { return /(bb|dd|ff|gg|mm|nn|pp|rr|tt)$/.test(stem) && stem.length > 4 ? stem.slice(0, -1) : stem; }
    // "seed" and "bread" do not end in -ed.
    var found = cut(word, "ings") || cut(word, "ing") || (/e[ae]d$/.test(word) ? null : cut(word, "ed")) ||
      (word.slice(-2) === "ss" ? null : cut(word, "s")) || word;
    var bare = cut(found, "ie") || cut(found, "i") || cut(found, "y");
    return bare ? single(bare) + "~" : single(cut(found, "e") || found);
  }

  // The words whose stem is `root`: its beginning, its last letter doubled or not, then "", e, i,
  // y or ie, then "", s, ed, ing or ings; every word `stem` cuts to `root` is one of them. The
  // engine reads each whole, from the shard it would be in: the terms a stem begins can span many
  // more shards ("bak": bakery, baklava …). Worked out once per stem.
  var known = new Map();
  function forms(root) {
    if (known.has(root)) return known.get(root);
    var prefix = root.replace("~", ""), found = [];
    [prefix, prefix + prefix.slice(-1)].forEach(function (start) {
      ["", "e", "i", "y", "ie"].forEach(function (middle) {
        ["", "s", "ed", "ing", "ings"].forEach(function (end) {
          var form = start + middle + end;
          if (found.indexOf(form) < 0 && stem(form) === root) found.push(form);
        });
      });
    });
    if (known.size > 200) known.clear(); // a long session's words: start again
    known.set(root, found);
    return found;
  }

  FoodPin.stemmers = Object.assign(FoodPin.stemmers || {}, { english: { stem: stem, forms: forms } });
})(window.FoodPin = window.FoodPin || {});
