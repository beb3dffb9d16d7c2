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

// The order composer (the open turn's pages): hexes tapped on the map make a BUILD chain, priced
// by the costs the umpire wrote into the page (#composer-data); this script only adds them up.
function composer() {
  var box = document.getElementById("composer"), src = document.getElementById("composer-data");
  var svg = document.querySelector(".mapbox svg");
  if (!box || !src || !svg) return;
  var d = JSON.parse(src.textContent), g = d.geometry, NS = "http://www.w3.org/2000/svg";
  var AXIAL = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]], DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";
  var qLayout = d.layout.charAt(d.layout.length - 1) === "q", odd = d.layout.indexOf("odd") === 0;
  var chain = [], cells = {}, el = function (id) { return document.getElementById(id); };
  function letters(c) { var s = ""; c += 1; while (c) { var m = (c - 1) % 26; s = String.fromCharCode(65 + m) + s; c = (c - 1 - m) / 26; } return s; }
  function name(i) { return letters(i % d.cols) + (Math.floor(i / d.cols) + 1); }
  function shown(i) { var n = name(i); return (d.labels && d.labels[n]) || n; }
  function axial(c, r) {
    if (qLayout) return [c, r - (odd ? (c - (c & 1)) : (c + (c & 1))) / 2];
    return [c - (odd ? (r - (r & 1)) : (r + (r & 1))) / 2, r];
  }
  function offset(q, r) {
    if (qLayout) return [q, r + (odd ? (q - (q & 1)) : (q + (q & 1))) / 2];
    return [q + (odd ? (r - (r & 1)) : (r + (r & 1))) / 2, r];
  }
  function neighbour(i, k) {
    var a = axial(i % d.cols, Math.floor(i / d.cols)), o = offset(a[0] + AXIAL[k][0], a[1] + AXIAL[k][1]);
    return o[0] < 0 || o[1] < 0 || o[0] >= d.cols || o[1] >= d.rows ? -1 : o[1] * d.cols + o[0];
  }
  function side(a, b) { for (var k = 0; k < 6; k++) if (neighbour(a, k) === b) return d.sides.charAt(a * 6 + k); return null; }
  function centre(i) {
    var c = i % d.cols, r = Math.floor(i / d.cols), s = (qLayout ? c : r) & 1;
    return [g[0] + c * g[2] + r * g[4] + s * g[6], g[1] + c * g[3] + r * g[5] + s * g[7]];
  }
  var index = {};
  for (var i = 0; i < d.cols * d.rows; i++) index[name(i)] = i;
  function edgeKey(a, b) { return Math.min(a, b) + "-" + Math.max(a, b); }
  function say(key, a, b, h) {
    return d.reasons[key].replace("{a}", a === undefined ? "" : shown(a)).replace("{b}", b === undefined ? "" : shown(b))
      .replace("{h}", h === undefined ? "" : shown(h));
  }
  function company() {
    var id = el("order-company").value;
    for (var k = 0; k < d.companies.length; k++) if (d.companies[k].id === id) return d.companies[k];
    return null;
  }
  // The chain as the umpire counts it: [{a, b, cost, problem}], the total, a problem of its start.
  function count() {
    var co = company(), built = {}, steps = [], total = 0, stopped = null, start = null;
    if (co) co.owned.forEach(function (s) { var p = s.split("-"); built[edgeKey(index[p[0]], index[p[1]])] = true; });
    if (co && chain.length && co.starts.indexOf(name(chain[0])) < 0 && (co.home || d.homes.indexOf(name(chain[0])) < 0))
      start = say("network", chain[0]);
    for (var k = 1; k < chain.length; k++) {
      var a = chain[k - 1], b = chain[k], step = {a: a, b: b, cost: null, problem: null};
      steps.push(step);
      if (start) continue;
      if (stopped) { step.problem = "not read: the umpire stops this chain at its first refusal"; continue; }
      if (built[edgeKey(a, b)]) { step.problem = say("owned"); step.owned = true; continue; }
      var code = side(a, b);
      if (code === "W") {
        var h = d.terrain.charAt(a) !== "b" ? a : b;
        step.problem = say(d.terrain.charAt(h) === "w" ? "water" : "off", a, b, h);
      } else if (code === "B") step.problem = say("barrier", a, b);
      else if (code === "F") step.problem = say("border", a, b);
      else { step.cost = DIGITS.indexOf(code); total += step.cost; built[edgeKey(a, b)] = true; continue; }
      stopped = step.problem;
    }
    return {steps: steps, total: total, start: start};
  }
  var layer = document.createElementNS(NS, "g"), path = document.createElementNS(NS, "polyline");
  layer.setAttribute("class", "composer-hexes");
  path.setAttribute("class", "composer-chain");
  svg.setAttribute("role", "group");
  svg.appendChild(path);
  svg.appendChild(layer);
  var first = null;
  for (i = 0; i < d.cols * d.rows; i++) {
    if (d.terrain.charAt(i) === "o") continue;
    var p = centre(i), hex = document.createElementNS(NS, "circle");
    hex.setAttribute("cx", p[0].toFixed(1));
    hex.setAttribute("cy", p[1].toFixed(1));
    hex.setAttribute("r", g[8]);
    hex.setAttribute("data-hex", name(i));
    hex.setAttribute("tabindex", first === null ? "0" : "-1");
    hex.setAttribute("role", "button");
    hex.setAttribute("aria-label", shown(i));
    layer.appendChild(hex);
    cells[i] = hex;
    if (first === null) first = i;
  }
  function show() {
    var res = count(), text = chain.length ? "BUILD " + chain.map(shown).join("-") : "";
    el("order-text").textContent = text;
    el("order-cost").textContent = String(res.start ? 0 : res.total);
    var list = el("order-steps");
    list.textContent = "";
    if (res.start) { var li = document.createElement("li"); li.textContent = res.start + " Nothing of it is counted."; list.appendChild(li); }
    res.steps.forEach(function (s) {
      var item = document.createElement("li");
      item.textContent = shown(s.a) + "-" + shown(s.b) + ": " + (s.problem ? "cannot be built: " + s.problem : s.cost + " pt");
      if (s.problem && s.cost === null && !s.owned) item.className = "refused";
      list.appendChild(item);
    });
    var co = company(), form = d.form.map(function (line) { return line.replace("{company}", co ? co.id : "<your id>"); });
    var lines = form.concat(text ? [text] : []).join("\n");
    el("order-lines").textContent = lines;
    var mail = el("order-mail");
    if (mail) mail.href = "mailto:" + d.to + "?subject=" + encodeURIComponent("Orders for " + d.game) + "&body=" + encodeURIComponent(lines + "\n");
    path.setAttribute("points", chain.map(function (n) { return centre(n).map(function (v) { return v.toFixed(1); }).join(","); }).join(" "));
    Object.keys(cells).forEach(function (n) { cells[n].classList.toggle("picked", chain.indexOf(Number(n)) >= 0); });
  }
  function pick(n) {
    var last = chain[chain.length - 1];
    el("order-note").textContent = "";
    if (n === last) return;
    if (chain.length && side(last, n) === null) {
      el("order-note").textContent = shown(n) + " is not next to " + shown(last) + ": the chain goes from hex to neighbouring hex; tap a neighbour of " + shown(last) + ".";
      return;
    }
    chain.push(n);
    show();
  }
  layer.addEventListener("click", function (e) { var h = e.target.getAttribute("data-hex"); if (h) pick(index[h]); });
  var KEYS = {ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowLeft: [-1, 0], ArrowDown: [0, 1]};
  layer.addEventListener("keydown", function (e) {
    var h = e.target.getAttribute("data-hex");
    if (!h) return;
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(index[h]); return; }
    if (!(e.key in KEYS)) return;
    e.preventDefault();
    var c = index[h] % d.cols + KEYS[e.key][0], r = Math.floor(index[h] / d.cols) + KEYS[e.key][1];
    var n = r * d.cols + c;
    if (c >= 0 && c < d.cols && r >= 0 && r < d.rows && cells[n]) { e.target.setAttribute("tabindex", "-1"); cells[n].setAttribute("tabindex", "0"); cells[n].focus(); }
  });
  el("order-undo").addEventListener("click", function () { chain.pop(); el("order-note").textContent = ""; show(); });
  el("order-clear").addEventListener("click", function () { chain = []; el("order-note").textContent = ""; show(); });
  el("order-company").addEventListener("change", show);
  el("order-copy").addEventListener("click", function () {
    var text = el("order-lines").textContent;
    var done = function () { el("order-note").textContent = "The lines are copied: add your CODE line."; };
    if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, function () {});
    else { var r = document.createRange(); r.selectNodeContents(el("order-lines")); getSelection().removeAllRanges(); getSelection().addRange(r); }
  });
  svg.closest("figure").after(box);
  box.hidden = false;
  show();
}

document.addEventListener("DOMContentLoaded", composer);
