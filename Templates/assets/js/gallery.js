// A restaurant's photos, full size: without JavaScript each photo is a plain link to its largest
// JPEG; with it, a dialog that moves by arrow keys, buttons and swipes, and closes with Escape,
// giving focus back to the photo it ended on.
(function (FoodPin) {
  "use strict";
  var links = Array.prototype.slice.call(document.querySelectorAll(".gallery-link"));
  if (!links.length || typeof HTMLDialogElement !== "function") return;

  var dialog = document.createElement("dialog");
  dialog.className = "lightbox";
  dialog.setAttribute("aria-label", FoodPin.t("photos"));
  dialog.innerHTML =
    '<figure class="lightbox-figure"><div class="lightbox-frame"></div><figcaption class="lightbox-caption"></figcaption></figure>' +
    '<p class="lightbox-count" aria-live="polite"></p>' +
    '<button type="button" class="lightbox-button lightbox-previous">&#8249;</button>' +
    '<button type="button" class="lightbox-button lightbox-next">&#8250;</button>' +
    '<button type="button" class="lightbox-button lightbox-close">&#215;</button>';
  dialog.querySelector(".lightbox-previous").setAttribute("aria-label", FoodPin.t("photo_previous"));
  dialog.querySelector(".lightbox-next").setAttribute("aria-label", FoodPin.t("photo_next"));
  dialog.querySelector(".lightbox-close").setAttribute("aria-label", FoodPin.t("close"));
  document.body.appendChild(dialog);
  var frame = dialog.querySelector(".lightbox-frame");
  var caption = dialog.querySelector(".lightbox-caption");
  var count = dialog.querySelector(".lightbox-count");
  var current = 0;

  function show(index) {
    current = (index + links.length) % links.length;
    var link = links[current];
    // The thumbnail's own <picture> (or lone <img>, for an SVG or JPEG-only guide), offered at the
    // screen's width: the browser picks the size.
    var picture = (link.querySelector("picture") || link.querySelector("img")).cloneNode(true);
    Array.prototype.forEach.call(picture.querySelectorAll("source, img"), function (element) {
      if (element.hasAttribute("sizes")) element.setAttribute("sizes", "100vw");
    });
    var image = picture.tagName === "IMG" ? picture : picture.querySelector("img");
    image.loading = "eager";
    image.removeAttribute("style");
    frame.replaceChildren(picture);
    var figcaption = link.parentNode.querySelector("figcaption");
    caption.textContent = figcaption ? figcaption.textContent : "";
    caption.hidden = !figcaption;
    count.textContent = FoodPin.t("photo_count", { number: FoodPin.number(current + 1), total: FoodPin.number(links.length) });
  }

  links.forEach(function (link, index) {
    link.addEventListener("click", function (event) {
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      show(index);
      dialog.showModal();
      dialog.querySelector(".lightbox-close").focus();
    });
  });
  dialog.querySelector(".lightbox-previous").addEventListener("click", function () { show(current - 1); });
  dialog.querySelector(".lightbox-next").addEventListener("click", function () { show(current + 1); });
  dialog.querySelector(".lightbox-close").addEventListener("click", function () { dialog.close(); });
  dialog.addEventListener("keydown", function (event) {
    if (event.key === "ArrowRight") { show(current + 1); event.preventDefault(); }
    if (event.key === "ArrowLeft") { show(current - 1); event.preventDefault(); }
  });
  // A click on the backdrop (the dialog itself, outside the figure and buttons) closes it.
  dialog.addEventListener("click", function (event) { if (event.target === dialog) dialog.close(); });
  dialog.addEventListener("close", function () { links[current].focus(); });

  var startX = null;
  dialog.addEventListener("pointerdown", function (event) { startX = event.clientX; });
  dialog.addEventListener("pointerup", function (event) {
    if (startX === null) return;
    var moved = event.clientX - startX;
    startX = null;
    if (Math.abs(moved) > 50) show(current + (moved < 0 ? 1 : -1));
  });
})(window.FoodPin = window.FoodPin || {});
