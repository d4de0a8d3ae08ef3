// Excerpts under search results. When a word of the query is found where a result's card does not
// show it (the description, a review), the card gets a short passage of the restaurant's page
// around it, with the query's words marked. The page is fetched after the cards are drawn, and
// only for those near the screen. It is the file the visitor opens next, so the text is not stored twice.
(function (FoodPin) {
  "use strict";
  // Characters of context on each side of the word: three or four lines of a phone's card.
  var before = 30, after = 80;
  var pages = new Map();
  // By query and page, the excerpt made: a redraw of the same results ("Show more", a sort) shows
  // it at once, not a moment later.
  var made = new Map();

  // The texts of a restaurant page that search reads, in order: its description, then each
  // review's title and text. A theme without these classes gets no excerpts.
  function texts(url) {
    if (!pages.has(url)) {
      if (pages.size > 200) pages.clear(); // a long session's results: start again
      pages.set(url, fetch(url).then(function (response) {
        if (!response.ok) throw new Error(url + ": HTTP " + response.status);
        return response.text();
      }).then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        return Array.prototype.map.call(page.querySelectorAll(".restaurant .description, .restaurant .review h3, .restaurant .review-text"),
          function (element) { return element.textContent.replace(/\s+/g, " ").trim(); });
      }));
      pages.get(url).catch(function () { pages.delete(url); }); // offline now, maybe not later
    }
    return pages.get(url);
  }

  // The words of `text` that `finds` places in the query, {start, end, word}; overlapping ones
  // (a Chinese or Japanese run's pairs) joined.
  function found(text, finds) {
    var spans = [];
    FoodPin.searchWordSpans(text).forEach(function (span) {
      var word = finds(text.slice(span.start, span.end)), last = spans[spans.length - 1];
      if (word < 0) return;
      if (last && span.start < last.end) last.end = span.end;
      else spans.push({ start: span.start, end: span.end, word: word });
    });
    return spans;
  }

  // The passage of `text` around `center` (a span), cut at spaces where there are some near, as
  // a paragraph; the found words in it are marked.
  function passage(text, spans, center) {
    var start = Math.max(0, center.start - before), end = Math.min(text.length, center.end + after);
    var space = text.indexOf(" ", start), lastSpace = text.lastIndexOf(" ", end);
    if (start > 0 && space >= 0 && space < center.start) start = space + 1;
    if (end < text.length && lastSpace >= center.end) end = lastSpace;
    var paragraph = document.createElement("p"), at = start;
    paragraph.className = "card-excerpt";
    if (start > 0) paragraph.append("…");
    spans.filter(function (span) { return span.start >= start && span.end <= end; }).forEach(function (span) {
      var mark = document.createElement("mark");
      mark.textContent = text.slice(span.start, span.end);
      paragraph.append(text.slice(at, span.start), mark);
      at = span.end;
    });
    paragraph.append(text.slice(at, end) + (end < text.length ? "…" : ""));
    return paragraph;
  }

  // The excerpt from the text with the most of `wanted` (the query's words off the card), the
  // first of those if several tie, around its first word of them; null if no text has one.
  function excerpt(all, finds, wanted) {
    var best = null, most = 0;
    all.forEach(function (text) {
      var spans = found(text, finds), mine = spans.filter(function (span) { return wanted.indexOf(span.word) >= 0; });
      var count = new Set(mine.map(function (span) { return span.word; })).size;
      if (count > most) { best = passage(text, spans, mine[0]); most = count; }
    });
    return best;
  }

  // A card's page is fetched when the card comes near the screen: a page of results fetches the
  // pages of the cards the visitor scrolls to, not all of them. Without the observer, at once.
  var near = new Map(); // card → what fetches its excerpt
  var observer = "IntersectionObserver" in window ? new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      if (!entry.isIntersecting || !near.has(entry.target)) return;
      var load = near.get(entry.target);
      near.delete(entry.target);
      observer.unobserve(entry.target);
      load();
    });
  }, { rootMargin: "300px 0px" }) : null;

  function whenNear(item, load) {
    if (!observer) return load();
    near.set(item, load);
    observer.observe(item);
  }

  // Cards a newer search replaced are watched no more.
  function forgetGone() {
    near.forEach(function (_, card) { if (!card.isConnected) { near.delete(card); observer.unobserve(card); } });
  }

  // Adds excerpts to the drawn cards `items` of the results at `positions`, once typing paused,
  // each card is near the screen and its page has come, while `current()` says the search is the
  // one shown.
  FoodPin.addExcerpts = function (engine, query, items, positions, current) {
    var finds = engine.finds(query), waiting = [];
    function add(item, paragraph) {
      var body = item.querySelector(".card-body");
      if (paragraph && body && !item.querySelector(".card-excerpt")) body.appendChild(paragraph.cloneNode(true));
    }
    items.forEach(function (item, i) {
      var link = item.querySelector(".card-title a"), wanted = engine.offCard(positions[i], query);
      if (!link || !wanted.length) return;
      var key = query + "\n" + link.href;
      if (made.has(key)) add(item, made.get(key));
      else waiting.push({ item: item, url: link.href, key: key, wanted: wanted });
    });
    if (!waiting.length) return;
    // Pages are fetched a moment after the cards are drawn, and only if they are still the results
    // shown: a visitor still typing fetches no page for results they will not see.
    setTimeout(function () {
      if (!current()) return;
      if (observer) forgetGone();
      waiting.forEach(function (card) {
        whenNear(card.item, function () {
          if (!current()) return;
          texts(card.url).then(function (all) {
            if (made.size > 200) made.clear(); // a long session's searches: start again
            made.set(card.key, excerpt(all, finds, card.wanted));
            if (current()) add(card.item, made.get(card.key));
          }, function () { /* offline: the card alone */ });
        });
      });
    }, FoodPin.search.pause);
  };
})(window.FoodPin = window.FoodPin || {});
