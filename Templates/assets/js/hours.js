// "Open now · closes 22:00" in the guide's zone (body data-timezone).
(function (FoodPin) {
  "use strict";
  // Days from Monday, `start-end` minutes (`=`: as the day before), then ` date=spans`.
  function spans(text) {
    return text ? text.split(",").map(function (span) { return span.split("-").map(Number); }) : [];
  }
  FoodPin.parseHours = function (text) {
    var parts = text.split(" "), exceptions = Object.create(null), week = [];
    parts[0].split("|").forEach(function (day) { week.push(day === "=" ? week[week.length - 1] : spans(day)); });
    parts.slice(1).forEach(function (part) { var pair = part.split("="); exceptions[pair[0]] = spans(pair[1]); });
    return { week: week, exceptions: exceptions };
  };

  // The wall clock in `zone`: date, minute, weekday (0 Monday).
  FoodPin.wallClock = function (now, zone) {
    var parts = {};
    new Intl.DateTimeFormat("en-US", { timeZone: zone || undefined, year: "numeric", month: "2-digit", day: "2-digit",
      hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(now)
      .forEach(function (part) { parts[part.type] = part.value; });
    return { date: parts.year + "-" + parts.month + "-" + parts.day, minute: Number(parts.hour) % 24 * 60 + Number(parts.minute),
             weekday: (new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay() + 6) % 7 };
  };

  function dayAfter(clock, offset) {
    var day = new Date(Date.UTC(+clock.date.slice(0, 4), +clock.date.slice(5, 7) - 1, +clock.date.slice(8, 10) + offset));
    return { date: day.toISOString().slice(0, 10), weekday: ((clock.weekday + offset) % 7 + 7) % 7 };
  }

  // `at`: minutes from today's midnight to the change (null: none in a week).
  FoodPin.openingStatus = function (hours, now, zone) {
    var clock = FoodPin.wallClock(now, zone), timeline = [], merged = [];
    for (var offset = -1; offset <= 7; offset++) {
      var day = dayAfter(clock, offset);
      (day.date in hours.exceptions ? hours.exceptions[day.date] : hours.week[day.weekday]).forEach(function (span) {
        timeline.push([span[0] + offset * 1440, span[1] + offset * 1440]);
      });
    }
    timeline.sort(function (a, b) { return a[0] - b[0]; }).forEach(function (span) {
      var last = merged[merged.length - 1];
      if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]); else merged.push(span.slice());
    });
    for (var index = 0; index < merged.length; index++) {
      var span = merged[index];
      if (span[0] <= clock.minute && clock.minute < span[1]) return { open: true, at: span[1], always: span[1] >= 8 * 1440, clock: clock };
      if (span[0] > clock.minute) return { open: false, at: span[0], clock: clock };
    }
    return { open: false, at: null, clock: clock };
  };

  function time(minute) {
    minute = (minute % 1440 + 1440) % 1440;
    return (minute < 600 ? "0" : "") + Math.floor(minute / 60) + ":" + (minute % 60 < 10 ? "0" : "") + minute % 60;
  }
  function weekdayName(weekday) { // 2024-01-01 was a Monday
    return new Intl.DateTimeFormat(FoodPin.language || "en", { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, 1 + weekday)));
  }
  FoodPin.openingText = function (status) {
    if (status.open && status.always) return FoodPin.t("hours_open_always");
    if (status.open) {
      // A close over a day away names its day.
      var close = status.at % 1440 ? time(status.at) : "24:00";
      if (status.at - status.clock.minute < 1440) return FoodPin.t("hours_open", { time: close });
      return FoodPin.t("hours_open_day", { time: close, day: weekdayName((status.clock.weekday + Math.floor((status.at - 1) / 1440)) % 7) });
    }
    if (status.at === null) return FoodPin.t("hours_closed");
    var days = Math.floor(status.at / 1440), values = { time: time(status.at) };
    if (days === 0) return FoodPin.t("hours_opens", values);
    if (days === 1) return FoodPin.t("hours_opens_tomorrow", values);
    values.day = weekdayName((status.clock.weekday + days) % 7);
    return FoodPin.t("hours_opens_day", values);
  };

  function show(element, text, now, zone) {
    var status = FoodPin.openingStatus(FoodPin.parseHours(text), now, zone);
    element.textContent = FoodPin.openingText(status);
    element.classList.toggle("is-open", status.open);
    return status.clock;
  }

  function update(scope) {
    var zone = document.body.getAttribute("data-timezone"), now = new Date();
    scope.querySelectorAll(".open-status[data-hours]").forEach(function (element) { show(element, element.dataset.hours, now, zone); });
    var section = scope.querySelector && scope.querySelector("section.hours[data-hours]");
    if (!section) return;
    var clock = show(section.querySelector(".open-status"), section.dataset.hours, now, zone);
    // Today: its dated line, else its weekday's row (days alike share one).
    var week = section.dataset.hours.split(" ")[0].split("|"), todays = 0, marks = [];
    for (var day = 1; day <= clock.weekday; day++) if (week[day] !== "=" && week[day] !== week[day - 1]) todays++;
    section.querySelectorAll("li time").forEach(function (time) {
      time.parentNode.hidden = time.dateTime < clock.date;
      if (time.dateTime === clock.date) marks.push(time.parentNode);
    });
    section.querySelectorAll("tr, li").forEach(function (line) {
      var today = marks.length ? line === marks[0] : line.rowIndex === todays;
      line.classList.toggle("today", today);
      if (today) line.setAttribute("aria-current", "date"); else line.removeAttribute("aria-current");
    });
  }

  // Without Intl time zones: no status, and later scripts still run.
  function safely(scope) { try { update(scope); } catch (error) { /* no status */ } }
  FoodPin.onCards(safely);
  setInterval(function () { safely(document); }, 60000);
})(window.FoodPin = window.FoodPin || {});
