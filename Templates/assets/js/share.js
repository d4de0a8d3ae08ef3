// Share a restaurant: the Web Share API where there is one, else copy the link.
(function () {
  "use strict";
  var share = document.querySelector("button.share");
  if (!share) return;
  var status = document.querySelector(".share-status");
  function say(text) { if (status) status.textContent = text; }
  share.hidden = false;
  share.addEventListener("click", function () {
    var data = { title: share.dataset.shareTitle, text: share.dataset.shareText, url: location.href };
    if (navigator.share) {
      navigator.share(data).catch(function () {});
    } else if (navigator.clipboard) {
      navigator.clipboard.writeText(data.text + " " + data.url).then(function () { say("Link copied"); },
        function () { say("Copy this link: " + data.url); });
    } else {
      say("Copy this link: " + data.url);
    }
  });
})();
