// FoodPin theme scripts: plain files loaded in name order with `defer`, no modules, so pages work
// opened from disk too. Everything is an enhancement: pages read fine without JavaScript (search
// is only offered when it runs). This file holds what the others share.
(function (FoodPin) {
  "use strict";

  // Every key this theme keeps in the browser, named once.
  FoodPin.storageKeys = {
    walkthroughDone: "hasViewedWalkthrough", // localStorage: the visitor finished or skipped the walkthrough
    walkthroughShown: "walkthroughShown",    // sessionStorage: sent to the walkthrough once this session
    walkthroughReturn: "walkthroughReturn"   // sessionStorage: the list URL to come back to
  };

  FoodPin.storageGet = function (storage, key) {
    try { return window[storage].getItem(key); } catch (error) { return null; }
  };
  FoodPin.storageSet = function (storage, key, value) {
    try { window[storage].setItem(key, value); } catch (error) { /* private mode: nothing to remember */ }
  };
  FoodPin.storageRemove = function (storage, key) {
    try { window[storage].removeItem(key); } catch (error) { /* nothing to forget */ }
  };

  // A folder link opened straight from disk would show a listing: point it at index.html.
  FoodPin.diskURL = function (href) {
    if (location.protocol !== "file:" || /^[a-z]+:|^#|^\/\//i.test(href)) return href;
    var path = href.split(/[?#]/)[0], rest = href.slice(path.length);
    if (path === "" || path === "." || path === "..") path += "/";
    return path.endsWith("/") ? path + "index.html" + rest : href;
  };

  FoodPin.fixFileLinks = function (scope) {
    if (location.protocol !== "file:") return;
    scope.querySelectorAll("a[href]").forEach(function (link) {
      link.setAttribute("href", FoodPin.diskURL(link.getAttribute("href")));
    });
  };

  // A picture that fails to load leaves the placeholder art behind it visible.
  FoodPin.watchPictures = function (scope) {
    scope.querySelectorAll(".card-picture img, .hero img").forEach(function (image) {
      if (image.complete && image.naturalWidth === 0) image.style.visibility = "hidden";
      else image.addEventListener("error", function () { image.style.visibility = "hidden"; });
    });
  };

  FoodPin.fixFileLinks(document);
  FoodPin.watchPictures(document);
})(window.FoodPin = window.FoodPin || {});
