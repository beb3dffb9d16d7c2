// Optional helps; every page reads without them. The left and right arrow keys go to the previous
// and next newsletter (not while a form field or a scrolling box has the focus); the map opens
// on what changed this round; times are shown in the reader's own zone, with a countdown.
document.addEventListener("keydown", function (e) {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.defaultPrevented) return;
  var t = e.target;
  if (t && t.closest && t.closest("input, textarea, select, button, [contenteditable], [role=region]")) return;
  var rel = e.key === "ArrowLeft" ? "prev" : e.key === "ArrowRight" ? "next" : null;
  var link = rel && document.querySelector('link[rel="' + rel + '"]');
  if (link) window.location.href = link.href;
});

function focusMaps() {
  document.querySelectorAll(".mapbox[data-focus]").forEach(function (box) {
    var at = box.getAttribute("data-focus").split(" ").map(Number);
    var svg = box.querySelector("svg");
    box.scrollLeft = at[0] * svg.clientWidth - box.clientWidth / 2;
    box.scrollTop = at[1] * svg.clientHeight - box.clientHeight / 2;
  });
}

function pad(n) { return (n < 10 ? "0" : "") + n; }

function showTimes() {
  document.querySelectorAll("time[data-deadline]").forEach(function (el) {
    var at = new Date(el.getAttribute("datetime"));
    if (isNaN(at)) return;
    var local = document.createElement("span");
    local.className = "local";
    local.textContent = " (" + at.getFullYear() + "-" + pad(at.getMonth() + 1) + "-" + pad(at.getDate()) + " " +
      pad(at.getHours()) + ":" + pad(at.getMinutes()) + " in your zone)";
    el.after(local);
    var left = document.querySelector(".countdown");
    if (!left) return;
    function tick() {
      var s = Math.floor((at - Date.now()) / 1000);
      if (s <= 0) { left.textContent = "the deadline has passed"; return; }
      var d = Math.floor(s / 86400), h = Math.floor(s % 86400 / 3600), m = Math.floor(s % 3600 / 60);
      left.textContent = (d ? d + " d " : "") + h + " h " + pad(m) + " min left";
    }
    tick();
    setInterval(tick, 30000);
  });
}

document.addEventListener("DOMContentLoaded", function () {
  showTimes();
  focusMaps();
  document.querySelectorAll(".whole").forEach(function (box) { box.addEventListener("change", focusMaps); });
});
