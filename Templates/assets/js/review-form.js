// "Write a review": the form makes the review file exactly as FoodPin reads it
// (Content/reviews/<restaurant>/<date>-<name>.md), checked here as the build would check it. The
// visitor downloads or copies it; where site.yml names `contribute_url`, the form opens that
// repository's new-file page, filled in. Nothing is sent anywhere otherwise.
(function (FoodPin) {
  "use strict";
  // The form comes in its own script, once for the whole site; the section names the restaurant.
  // A guide's own contribute.mustache from before may still hold the form itself: it is used.
  var form = document.querySelector(".review-form");
  var section = document.querySelector(".contribute[data-restaurant]");
  if (!form && section && FoodPin.reviewForm) {
    var slot = section.querySelector(".review-by-hand");
    if (slot) slot.insertAdjacentHTML("beforebegin", FoodPin.reviewForm); else section.insertAdjacentHTML("beforeend", FoodPin.reviewForm);
    form = section.querySelector(".review-form");
    form.dataset.restaurant = section.dataset.restaurant;
  }
  if (!form || !form.dataset.restaurant) return;
  form.hidden = false;
  var byHand = document.querySelector(".review-by-hand");
  var summary = form.querySelector(".form-errors");
  var result = form.querySelector(".review-result");
  var download = form.querySelector(".review-download");
  var contributeURL = form.dataset.contributeUrl || "";
  var maxURL = 8000;
  if (byHand) byHand.hidden = true;

  function today() {
    var now = new Date();
    return now.getFullYear() + "-" + String(now.getMonth() + 1).padStart(2, "0") + "-" + String(now.getDate()).padStart(2, "0");
  }
  form.elements.date.value = today();
  form.elements.date.max = today();

  // A real day written YYYY-MM-DD (no 2024-02-30), as the build checks it.
  function isRealDate(text) {
    var match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (!match) return false;
    var year = Number(match[1]), month = Number(match[2]), day = Number(match[3]);
    var date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }

  // One line of text, safe inside YAML double quotes (JSON's escapes are YAML's too).
  function quoted(text) {
    // Control characters, C1, byte-order marks and lone surrogates are refused by YAML readers.
    var clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]+/g, " ")
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(^|[^\ud800-\udbff])[\udc00-\udfff]/g, "$1");
    return JSON.stringify(clean.replace(/\s+/g, " ").trim());
  }

  // The reviewer's name as a file name part: letters and digits of any script, dashes between.
  function fileWord(text) {
    var word = text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-+|-+$/g, "").slice(0, 40).replace(/-+$/, "");
    return word || "review";
  }

  function values() {
    var rating = form.querySelector("input[name=rating]:checked");
    return {
      title: form.elements.title.value.trim(), rating: rating ? Number(rating.value) : 0,
      date: form.elements.date.value.trim(), name: form.elements.name.value.trim(),
      text: form.elements.text.value.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufeff]/g, "").trim()
    };
  }

  function problems(review) {
    var found = {};
    if (!review.title) found.title = FoodPin.t("review_need_title");
    if (!(review.rating >= 1 && review.rating <= 5)) found.rating = FoodPin.t("review_need_rating");
    if (!isRealDate(review.date)) found.date = FoodPin.t("review_need_date");
    else if (review.date > today()) found.date = FoodPin.t("review_future_date");
    if (!review.text) found.text = FoodPin.t("review_need_text");
    return found;
  }

  function mark(found) {
    ["title", "rating", "date", "text"].forEach(function (name) {
      var error = document.getElementById("review-" + name + "-error");
      var fields = name === "rating" ? form.querySelectorAll("input[name=rating]") : [form.elements[name]];
      Array.prototype.forEach.call(fields, function (field) {
        if (found[name]) field.setAttribute("aria-invalid", "true"); else field.removeAttribute("aria-invalid");
      });
      error.textContent = found[name] || "";
      error.hidden = !found[name];
    });
  }

  function file(review) {
    var lines = ["---", "restaurant: " + quoted(form.dataset.restaurant)];
    if (review.name) lines.push("name: " + quoted(review.name));
    lines.push("title: " + quoted(review.title), "rating: " + review.rating, "date: " + review.date, "---", review.text, "");
    return {
      path: "Content/reviews/" + form.dataset.restaurant + "/" + review.date + "-" + fileWord(review.name) + ".md",
      text: lines.join("\n")
    };
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var review = values(), found = problems(review), names = Object.keys(found);
    mark(found);
    if (names.length) {
      result.hidden = true;
      summary.textContent = FoodPin.t("review_errors");
      summary.hidden = false;
      var first = names[0] === "rating" ? form.querySelector("input[name=rating]") : form.elements[names[0]];
      first.focus();
      return;
    }
    summary.hidden = true;
    var made = file(review);
    var name = made.path.split("/").pop();
    form.querySelector(".review-file code").textContent = made.text;
    download.href = "data:text/markdown;charset=utf-8," + encodeURIComponent(made.text);
    download.setAttribute("download", name);
    form.querySelector(".review-status").textContent = FoodPin.t("review_file", { path: made.path });
    result.hidden = false;
    if (contributeURL) {
      var link = contributeURL + (contributeURL.indexOf("?") >= 0 ? "&" : "?") + "filename=" + encodeURIComponent(made.path);
      var value = "&value=" + encodeURIComponent(made.text);
      // Hosts refuse very long addresses: past that, the page opens with the name and the text is copied.
      if (link.length + value.length <= maxURL) link += value;
      else if (navigator.clipboard) navigator.clipboard.writeText(made.text).catch(function () {});
      window.open(link, "_blank", "noopener");
    }
  });

  form.querySelector(".review-copy").addEventListener("click", function () {
    var text = form.querySelector(".review-file code").textContent;
    var status = form.querySelector(".review-status");
    if (!navigator.clipboard) return;
    navigator.clipboard.writeText(text).then(function () { status.textContent = FoodPin.t("review_copied"); }, function () {});
  });
})(window.FoodPin = window.FoodPin || {});
