// FoodPin default theme script. Everything here is an enhancement: pages work without it.
(function () {
  "use strict";

  // Opened straight from disk, folder links would show a listing: point them at index.html.
  if (location.protocol === "file:") {
    document.querySelectorAll("a[href]").forEach(function (link) {
      var href = link.getAttribute("href");
      if (!/^[a-z]+:|^#|^\/\//i.test(href) && (href === "" || href.endsWith("/") || href === "." || href === "..")) {
        link.setAttribute("href", (href === "" || href === "." ? "./" : href === ".." ? "../" : href) + "index.html");
      }
    });
  }

  // A picture that fails to load leaves the placeholder art behind it visible.
  function hideBroken(image) { image.style.visibility = "hidden"; }
  document.querySelectorAll(".card-picture img, .hero img").forEach(function (image) {
    if (image.complete && image.naturalWidth === 0) hideBroken(image);
    else image.addEventListener("error", function () { hideBroken(image); });
  });

  // Share: the Web Share API where there is one, else copy the link.
  var share = document.querySelector("button.share");
  if (share) {
    var status = document.querySelector(".share-status");
    share.hidden = false;
    share.addEventListener("click", function () {
      var data = { title: share.dataset.shareTitle, text: share.dataset.shareText, url: location.href };
      if (navigator.share) {
        navigator.share(data).catch(function () {});
      } else if (navigator.clipboard) {
        navigator.clipboard.writeText(data.text + " " + data.url).then(function () {
          if (status) status.textContent = "Link copied";
        }, function () {
          if (status) status.textContent = "Copy this link: " + data.url;
        });
      } else if (status) {
        status.textContent = "Copy this link: " + data.url;
      }
    });
  }
})();
