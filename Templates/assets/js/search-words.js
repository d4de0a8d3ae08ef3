// The words search matches by, as FoodPin indexes them (SearchWords.swift): the search engine
// splits queries so, excerpts mark found words so. Loaded after the scripts that use it, which
// call it only once the page has loaded.
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

  // Where the words of a text are in it, as {start, end} (UTF-16 offsets), split as `words`
  // splits it: a Chinese or Japanese run as its pairs of characters. For marking found words.
  function wordSpans(text) {
    var spans = [], token = /[\p{L}\p{M}\p{N}]+(?:['’‘＇][\p{L}\p{M}\p{N}]+)*/gu, match, piece;
    while ((match = token.exec(text))) {
      for (var parts = new RegExp(pieces.source, "gu"); (piece = parts.exec(match[0]));) {
        var at = match.index + piece.index, characters = Array.from(piece[0]);
        if (!isCJK.test(piece[0]) || characters.length === 1) { spans.push({ start: at, end: at + piece[0].length }); continue; }
        for (var i = 0; i + 1 < characters.length; at += characters[i].length, i++) {
          spans.push({ start: at, end: at + characters[i].length + characters[i + 1].length });
        }
      }
    }
    return spans;
  }

  FoodPin.fold = fold;
  FoodPin.searchWords = words;
  FoodPin.searchWordSpans = wordSpans;
})(window.FoodPin = window.FoodPin || {});
