// The walkthrough: one step at a time, with dots, NEXT / GET STARTED, Skip, arrow keys and swipes.
(function (FoodPin) {
  "use strict";
  var root = document.querySelector(".walkthrough");
  if (!root) return;
  var steps = Array.prototype.slice.call(root.querySelectorAll(".step"));
  if (steps.length === 0) return;
  var keys = FoodPin.storageKeys;
  var next = root.querySelector(".next");
  var skip = root.querySelector(".skip");
  var dots = Array.prototype.slice.call(root.querySelectorAll(".dot"));
  var announcer = root.querySelector(".walkthrough-announcer");
  var listURL = FoodPin.storageGet("sessionStorage", keys.walkthroughReturn) || root.dataset.listUrl;
  var current = 0;
  root.classList.add("is-carousel");
  // A guide's own welcome.mustache from before hides the controls and shows the end link in its HTML.
  root.querySelector(".walkthrough-controls").hidden = false;
  root.querySelector(".walkthrough-end").hidden = true;

  function show(index, moveFocus) {
    // The first step is on screen from the first paint; only the steps after it slide in.
    if (index !== current) root.classList.add("has-moved");
    current = Math.max(0, Math.min(steps.length - 1, index));
    steps.forEach(function (step, position) {
      step.hidden = position !== current;
      step.setAttribute("aria-hidden", position !== current ? "true" : "false");
    });
    dots.forEach(function (dot, position) {
      if (position === current) dot.setAttribute("aria-current", "step"); else dot.removeAttribute("aria-current");
    });
    var last = current === steps.length - 1;
    next.textContent = last ? next.dataset.start : next.dataset.next;
    skip.hidden = last;
    var heading = steps[current].querySelector("h2");
    announcer.textContent = FoodPin.t("step_announce", {
      number: FoodPin.number(current + 1), total: FoodPin.number(steps.length), heading: heading.textContent
    });
    if (moveFocus) heading.focus();
  }

  function finish() {
    FoodPin.storageSet("localStorage", keys.walkthroughDone, "true");
    FoodPin.storageRemove("sessionStorage", keys.walkthroughReturn);
    location.href = FoodPin.diskURL(listURL);
  }

  next.addEventListener("click", function () {
    if (current === steps.length - 1) finish(); else show(current + 1, true);
  });
  skip.addEventListener("click", finish);
  dots.forEach(function (dot, position) { dot.addEventListener("click", function () { show(position, true); }); });
  document.addEventListener("keydown", function (event) {
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowRight") { show(current + 1, true); event.preventDefault(); }
    if (event.key === "ArrowLeft") { show(current - 1, true); event.preventDefault(); }
  });
  var touchStart = null;
  root.addEventListener("touchstart", function (event) {
    touchStart = event.changedTouches[0].clientX;
  }, { passive: true });
  root.addEventListener("touchend", function (event) {
    if (touchStart === null) return;
    var distance = event.changedTouches[0].clientX - touchStart;
    touchStart = null;
    if (Math.abs(distance) < 40) return;
    show(current + (distance < 0 ? 1 : -1), false);
  }, { passive: true });
  show(0, false);
})(window.FoodPin = window.FoodPin || {});
