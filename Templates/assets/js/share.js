// Sharing: the Web Share API where there is one, else the link copied, else the link shown.
(function (FoodPin) {
  "use strict";
  FoodPin.share = function (data, status) {
    function say(text) { if (status) status.textContent = text; }
    if (navigator.share) {
      navigator.share(data).catch(function () {});
    } else if (navigator.clipboard) {
      navigator.clipboard.writeText((data.text ? data.text + " " : "") + data.url).then(function () { say(FoodPin.t("share_copied")); },
        function () { say(FoodPin.t("share_copy", { url: data.url })); });
    } else {
      say(FoodPin.t("share_copy", { url: data.url }));
    }
  };

  var share = document.querySelector("button.share");
  if (!share) return;
  share.hidden = false; // a guide's own restaurant.mustache from before hides it in its HTML
  share.addEventListener("click", function () {
    FoodPin.share({ title: share.dataset.shareTitle, text: share.dataset.shareText, url: location.href },
      document.querySelector(".share-status"));
  });
})(window.FoodPin = window.FoodPin || {});
