// A first-time visitor of the list sees the walkthrough once, and is brought back after it.
(function (FoodPin) {
  "use strict";
  var panel = document.querySelector(".search[data-welcome]");
  if (!panel || panel.dataset.hasSteps !== "true") return;
  var keys = FoodPin.storageKeys;
  if (FoodPin.storageGet("localStorage", keys.walkthroughDone) === "true") return;
  if (FoodPin.storageGet("sessionStorage", keys.walkthroughShown) === "true") return;
  FoodPin.storageSet("sessionStorage", keys.walkthroughShown, "true");
  FoodPin.storageSet("sessionStorage", keys.walkthroughReturn, location.href);
  // The rest of the list page's scripts stand down: this page is being left.
  FoodPin.leaving = true;
  location.replace(FoodPin.diskURL(panel.dataset.welcome));
})(window.FoodPin = window.FoodPin || {});
