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

// The page's words for what this script writes: a page in another language than English carries
// them (#site-words: the English text -> its translation); {name} in a text is filled in from `values`.
var WORDS = null;
function pageWords(text, values) {
  if (WORDS === null) { var src = document.getElementById("site-words"); WORDS = src ? JSON.parse(src.textContent) : {}; }
  var out = WORDS[text] || text;
  Object.keys(values || {}).forEach(function (k) { out = out.split("{" + k + "}").join(values[k]); });
  return out;
}

function showTimes() {
  document.querySelectorAll("time[data-deadline]").forEach(function (el) {
    var at = new Date(el.getAttribute("datetime"));
    if (isNaN(at)) return;
    var local = document.createElement("span");
    local.className = "local";
    local.textContent = " " + pageWords("({time} in your zone)", {time: at.getFullYear() + "-" + pad(at.getMonth() + 1) + "-" +
      pad(at.getDate()) + " " + pad(at.getHours()) + ":" + pad(at.getMinutes())});
    el.after(local);
    var left = document.querySelector(".countdown");
    if (!left) return;
    function tick() {
      var s = Math.floor((at - Date.now()) / 1000);
      if (s <= 0) { left.textContent = pageWords("the deadline has passed"); return; }
      var d = Math.floor(s / 86400), h = Math.floor(s % 86400 / 3600), m = Math.floor(s % 3600 / 60);
      left.textContent = d ? pageWords("{d} d {h} h {m} min left", {d: d, h: h, m: pad(m)}) : pageWords("{h} h {m} min left", {h: h, m: pad(m)});
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
  if (d.kind === "links") { linkComposer(box, d, svg); return; }
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
      if (stopped) { step.problem = pageWords("not read: the umpire stops this chain at its first refusal"); continue; }
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
  // A target per hex of the map (about 1,500 on a large map), made when the reader first points
  // at the map or moves the focus into it: the map is left as drawn while the page loads.
  function targets() {
    if (layer.firstChild) return;
    svg.setAttribute("role", "group");
    svg.appendChild(path);
    svg.appendChild(layer);
    var first = null;
    for (var i = 0; i < d.cols * d.rows; i++) {
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
    show();
  }
  var mapbox = svg.closest(".mapbox");
  ["pointerdown", "pointerover", "focusin"].forEach(function (kind) { mapbox.addEventListener(kind, targets); });
  function show() {
    var res = count(), text = chain.length ? pageWords("BUILD") + " " + chain.map(shown).join("-") : "";
    el("order-text").textContent = text;
    el("order-cost").textContent = String(res.start ? 0 : res.total);
    var list = el("order-steps");
    list.textContent = "";
    if (res.start) { var li = document.createElement("li"); li.textContent = res.start + " " + pageWords("Nothing of it is counted."); list.appendChild(li); }
    res.steps.forEach(function (s) {
      var item = document.createElement("li");
      item.textContent = shown(s.a) + "-" + shown(s.b) + ": " + (s.problem ? pageWords("cannot be built: {problem}", {problem: s.problem}) : pageWords("{n} pt", {n: s.cost}));
      if (s.problem && s.cost === null && !s.owned) item.className = "refused";
      list.appendChild(item);
    });
    var co = company(), form = d.form.map(function (line) { return line.replace("{company}", co ? co.id : pageWords("<your id>")); });
    var lines = form.concat(text ? [text] : []).join("\n");
    el("order-lines").textContent = lines;
    var mail = el("order-mail");
    if (mail) mail.href = "mailto:" + d.to + "?subject=" + encodeURIComponent(pageWords("Orders for {game}", {game: d.game})) + "&body=" + encodeURIComponent(lines + "\n");
    path.setAttribute("points", chain.map(function (n) { return centre(n).map(function (v) { return v.toFixed(1); }).join(","); }).join(" "));
    Object.keys(cells).forEach(function (n) { cells[n].classList.toggle("picked", chain.indexOf(Number(n)) >= 0); });
  }
  function pick(n) {
    var last = chain[chain.length - 1];
    el("order-note").textContent = "";
    if (n === last) return;
    if (chain.length && side(last, n) === null) {
      el("order-note").textContent = pageWords("{a} is not next to {b}: the chain goes from hex to neighbouring hex; tap a neighbour of {b}.", {a: shown(n), b: shown(last)});
      return;
    }
    chain.push(n);
    show();
  }
  svg.addEventListener("click", function (e) {   // a tap that made the targets began on the map beneath them
    var t = e.target.getAttribute("data-hex") ? e.target : document.elementFromPoint(e.clientX, e.clientY);
    var h = t && t.getAttribute("data-hex");
    if (h) pick(index[h]);
  });
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
    var done = function () { el("order-note").textContent = pageWords("The lines are copied: add your CODE line."); };
    if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, function () {});
    else { var r = document.createRange(); r.selectNodeContents(el("order-lines")); getSelection().removeAllRanges(); getSelection().addRange(r); }
  });
  svg.closest("figure").after(box);
  box.hidden = false;
  show();
}

// The composer of a board of links (Volldampf): tapped track spaces make BUILD lines, a cube's
// location and the places it goes make MOVE lines; costs, owners and cubes are the umpire's, the
// script follows each line through the turn as the umpire would (cards used, marks paid, cubes gone).
function linkComposer(box, d, svg) {
  var NS = "http://www.w3.org/2000/svg", el = function (id) { return document.getElementById(id); };
  var L = {}, P = {}, lines = [], targets = [];
  d.links.forEach(function (x) { L[x.id] = x; });
  d.locations.forEach(function (x) { P[x.id] = x; });
  function say(key, a, b, n) { return d.reasons[key].split("{a}").join(a).split("{b}").join(b).split("{n}").join(n); }
  function kind() { var k = el("order-kind"); return k ? k.value : d.kinds[0]; }
  function company() {
    var id = el("order-company").value;
    for (var k = 0; k < d.companies.length; k++) if (d.companies[k].id === id) return d.companies[k];
    return null;
  }
  function who(id) { for (var k = 0; k < d.companies.length; k++) if (d.companies[k].id === id) return d.companies[k].name; return id; }
  function between(a, b) { return d.links.filter(function (x) { return (x.a === a && x.b === b) || (x.a === b && x.b === a); }); }
  function other(x, at) { return x.a === at ? x.b : x.a; }
  function open() { var l = lines[lines.length - 1]; return l && l.kind === "MOVE" && l.open ? l : null; }
  function text(l) {
    if (l.kind === "BUILD") return pageWords("BUILD") + " " + L[l.link].text;
    var at = l.start, out = P[at].name;
    l.hops.forEach(function (h) { out += (L[h].twin ? "-" + h : "") + "-" + P[other(L[h], at)].name; at = other(L[h], at); });
    return pageWords("MOVE") + " " + pageWords(l.colour) + " " + out + (l.hops.length > d.max_links ? " " + pageWords("FAST") : "");
  }
  function take(cards, region) { var i = cards.indexOf(region); cards.splice(i < 0 ? 0 : i, 1); }
  // BUILD lines in turn order: engine.py's build_line for this player alone.
  function build(l, n, s) {
    var x = L[l.link], co = s.co;
    if (n > d.build_turns) return {problem: say("turns", d.build_turns)};
    if (co && !s.cards.length) return {problem: say("cards")};
    if (s.owner[x.id]) { if (co) take(s.cards, x.region); return {problem: say("taken", who(s.owner[x.id]))}; }
    if (s.mine[x.id]) return {problem: say("again")};
    if (co && s.left <= 0) { take(s.cards, x.region); return {problem: say("sections")}; }
    if (co && s.cards.indexOf(x.region) < 0) { var held = s.cards.map(function (c) { return pageWords(c); }).join(", "); take(s.cards, x.region); return {problem: say("card", pageWords(x.region), held)}; }
    if (co && s.cash !== null && x.cost > s.cash) { take(s.cards, x.region); return {problem: say("cash", x.cost, s.cash)}; }
    if (co) { take(s.cards, x.region); s.left -= 1; if (s.cash !== null) s.cash -= x.cost; s.owner[x.id] = co.id; }
    s.marks += x.cost;
    s.mine[x.id] = true;
    return {cost: x.cost};
  }
  // MOVE lines in turn order: transport.py's check, then the cube goes back into the bag.
  function move(l, n, s) {
    var here = s.cubes[l.start], at = l.start, locs = [l.start], used = {}, gains = {};
    if (n > d.moves) return {problem: say("moves", d.moves)};
    if (here.indexOf(l.colour) < 0) return {problem: say("cube", l.colour, P[l.start].name, here.join(", ") || pageWords("none"))};
    for (var k = 0; k < l.hops.length; k++) {
      var x = L[l.hops[k]], to = other(x, at);
      if (!s.owner[x.id]) return {problem: say("unbuilt", P[at].name, P[to].name)};
      used[x.id] = true; locs.push(to); at = to;
      gains[s.owner[x.id]] = (gains[s.owner[x.id]] || 0) + 1;
    }
    var seen = {};
    for (k = 0; k < locs.length; k++) seen[locs[k]] = true;
    if (Object.keys(seen).length !== locs.length || Object.keys(used).length !== l.hops.length) return {problem: say("twice")};
    var limit = l.hops.length > d.max_links ? d.fast_links : d.max_links;
    if (l.hops.length < 1 || l.hops.length > limit) return {problem: say("length", l.hops.length, limit)};
    var end = P[locs[locs.length - 1]];
    if (end.colour !== l.colour) return {problem: say("colour", end.name, end.colour, l.colour)};
    for (k = 1; k < locs.length - 1; k++) {
      var c = P[locs[k]].colour;
      if (d.red_only && l.colour === "red" && c !== "red") return {problem: say("red", P[locs[k]].name)};
      if (!(d.red_only && l.colour === "red") && c === l.colour) return {problem: say("stop", l.colour, P[locs[k]].name)};
    }
    here.splice(here.indexOf(l.colour), 1);
    if (s.co) s.gain += gains[s.co.id] || 0;
    return {gains: gains};
  }
  function count() {
    var co = company(), s = {co: co, owner: {}, mine: {}, cubes: {}, marks: 0, gain: 0, cards: co ? co.cards.slice() : [],
      cash: co ? co.cash : null, left: co ? co.sections : 0};
    d.links.forEach(function (x) { if (x.owner) s.owner[x.id] = x.owner; });
    d.locations.forEach(function (x) { s.cubes[x.id] = x.cubes.slice(); });
    var out = [], b = 0, m = 0;
    lines.forEach(function (l) { if (l.kind === "BUILD") out[lines.indexOf(l)] = build(l, ++b, s); });
    lines.forEach(function (l) { if (l.kind === "MOVE") out[lines.indexOf(l)] = move(l, ++m, s); });
    return {steps: out, marks: s.marks, gain: s.gain};
  }
  var layer = document.createElementNS(NS, "g"), path = document.createElementNS(NS, "path");
  layer.setAttribute("class", "composer-hexes");
  path.setAttribute("class", "composer-chain");
  svg.setAttribute("role", "group");
  svg.appendChild(path);
  svg.appendChild(layer);
  function spot(at, r, key, label) {
    var c = document.createElementNS(NS, "circle");
    c.setAttribute("cx", at[0]); c.setAttribute("cy", at[1]); c.setAttribute("r", r);
    c.setAttribute(key[0], key[1]);
    c.setAttribute("tabindex", targets.length ? "-1" : "0");
    c.setAttribute("role", "button");
    c.setAttribute("aria-label", label);
    layer.appendChild(c);
    targets.push({el: c, at: at});
  }
  d.locations.forEach(function (x) {
    spot(x.at, d.radius[1], ["data-location", x.id], x.name + ", " + x.colour + (x.cubes.length ? ", " + pageWords("cubes: {cubes}", {cubes: x.cubes.join(", ")}) : ""));
  });
  d.links.forEach(function (x) {
    spot(x.at, d.radius[0], ["data-link", x.id], x.id + " " + P[x.a].name + "-" + P[x.b].name + ", " + x.region + ", " + x.cost +
      (x.owner ? ", " + pageWords("section of {player}", {player: who(x.owner)}) : ""));
  });
  function show() {
    var res = count(), mode = kind(), texts = lines.map(text);
    el("order-text").textContent = texts.join("\n");
    el("order-cost").textContent = String(mode === "BUILD" ? res.marks : res.gain);
    el("order-unit").textContent = mode === "BUILD" ? pageWords("marks") : pageWords("income for you");
    var list = el("order-steps");
    list.textContent = "";
    lines.forEach(function (l, k) {
      var r = res.steps[k], item = document.createElement("li");
      var gains = r.gains ? Object.keys(r.gains).map(function (p) { return who(p) + " +" + r.gains[p]; }).join(", ") : "";
      item.textContent = texts[k] + ": " + (r.problem ? pageWords(l.kind === "BUILD" ? "not built: {problem}" : "not legal: {problem}", {problem: r.problem})
        : l.kind === "BUILD" ? pageWords("{n} marks", {n: r.cost}) : pageWords("income {gains}", {gains: gains})) + (!r.problem && l.hops && l.hops.length > d.max_links ?
        " " + pageWords("(FAST: a Schnelle Lok in your hand, not checked here)") : "");
      if (r.problem) item.className = "refused";
      list.appendChild(item);
    });
    var co = company(), form = d.form.map(function (line) { return line.replace("{company}", co ? co.id : pageWords("<your id>")); });
    var all = form.concat(texts).join("\n");
    el("order-lines").textContent = all;
    var mail = el("order-mail");
    if (mail) mail.href = "mailto:" + d.to + "?subject=" + encodeURIComponent(pageWords("Orders for {game}", {game: d.game})) + "&body=" + encodeURIComponent(all + "\n");
    var draw = "", picked = {};
    lines.forEach(function (l) {
      if (l.kind === "BUILD") { picked["link " + l.link] = true; return; }
      var at = l.start;
      draw += "M" + P[at].at.join(" ");
      picked["location " + at] = true;
      l.hops.forEach(function (h) { at = other(L[h], at); draw += "L" + P[at].at.join(" "); picked["link " + h] = picked["location " + at] = true; });
    });
    path.setAttribute("d", draw);
    targets.forEach(function (t) {
      var id = t.el.getAttribute("data-link");
      t.el.classList.toggle("picked", !!picked[id ? "link " + id : "location " + t.el.getAttribute("data-location")]);
    });
  }
  function note(words) { el("order-note").textContent = words; }
  function countOf(k) { return lines.filter(function (l) { return l.kind === k; }).length; }
  function pick(t) {
    var link = t.getAttribute("data-link"), loc = t.getAttribute("data-location"), line = open();
    note("");
    if (kind() === "BUILD") {
      if (!link) return note(pageWords("Tap a link's track space (its symbol with the cost) to build on it."));
      if (countOf("BUILD") >= d.build_turns) return note(pageWords("The round has {n} build turns: one BUILD line each.", {n: d.build_turns}));
      lines.push({kind: "BUILD", link: link});
    } else if (!line) {
      if (!loc) return note(pageWords("Tap first the location where the cube stands."));
      if (countOf("MOVE") >= d.moves) return note(pageWords("The round has {n} move turns: one MOVE line each.", {n: d.moves}));
      var cubes = P[loc].cubes;
      if (cubes.length) el("order-colour").value = cubes[0];
      lines.push({kind: "MOVE", colour: el("order-colour").value, start: loc, hops: [], open: true});
    } else {
      var at = line.start;
      line.hops.forEach(function (h) { at = other(L[h], at); });
      var hop;
      if (link) {
        if (L[link].a !== at && L[link].b !== at) return note(pageWords("Link {link} does not touch {place}: tap a link at {place}.", {link: link, place: P[at].name}));
        hop = link;
      } else {
        if (loc === at) return;
        var ways = between(at, loc);
        if (!ways.length) return note(pageWords("No link joins {a} and {b}: tap a location one link away.", {a: P[at].name, b: P[loc].name}));
        var built = ways.filter(function (x) { return x.owner; }), co = company();
        var own = built.filter(function (x) { return co && x.owner === co.id; });
        hop = (own[0] || built[0] || ways[0]).id;
      }
      if (line.hops.length >= d.fast_links) return note(pageWords("A move has at most {n} links.", {n: d.fast_links}));
      line.hops.push(hop);
    }
    show();
  }
  layer.addEventListener("click", function (e) { if (e.target.getAttribute("role") === "button") pick(e.target); });
  var KEYS = {ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowLeft: [-1, 0], ArrowDown: [0, 1]};
  layer.addEventListener("keydown", function (e) {
    if (e.target.getAttribute("role") !== "button") return;
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(e.target); return; }
    var dir = KEYS[e.key];
    if (!dir) return;
    e.preventDefault();
    var from = targets.filter(function (t) { return t.el === e.target; })[0].at, best = null, score = Infinity;
    targets.forEach(function (t) {
      var dx = t.at[0] - from[0], dy = t.at[1] - from[1], ahead = dx * dir[0] + dy * dir[1];
      var aside = Math.abs(dx * dir[1] - dy * dir[0]);     // nearest within 55 degrees of the key's way, else beyond
      var s = ahead <= 0.5 ? Infinity : ahead + 2 * aside + (ahead < aside * 0.7 ? 10000 : 0);
      if (s < score) { score = s; best = t; }
    });
    if (best) { e.target.setAttribute("tabindex", "-1"); best.el.setAttribute("tabindex", "0"); best.el.focus(); }
  });
  el("order-undo").addEventListener("click", function () {
    var l = lines[lines.length - 1];
    if (l && l.kind === "MOVE" && l.hops.length) { l.hops.pop(); l.open = true; } else lines.pop();
    note(""); show();
  });
  if (el("order-next")) el("order-next").addEventListener("click", function () {
    var l = open();
    if (l) l.open = false;
    note(countOf("MOVE") < d.moves ? pageWords("Tap the location of the next cube.") : pageWords("The round has {n} move turns: one MOVE line each.", {n: d.moves}));
  });
  if (el("order-colour")) el("order-colour").addEventListener("change", function () { var l = open(); if (l) l.colour = this.value; show(); });
  el("order-clear").addEventListener("click", function () { lines = []; note(""); show(); });
  el("order-company").addEventListener("change", show);
  if (el("order-kind")) el("order-kind").addEventListener("change", function () { var l = open(); if (l) l.open = false; show(); });
  el("order-copy").addEventListener("click", function () {
    var all = el("order-lines").textContent;
    var done = function () { note(pageWords("The lines are copied: add your CODE line.")); };
    if (navigator.clipboard) navigator.clipboard.writeText(all).then(done, function () {});
    else { var r = document.createRange(); r.selectNodeContents(el("order-lines")); getSelection().removeAllRanges(); getSelection().addRange(r); }
  });
  svg.closest("figure").after(box);
  box.hidden = false;
  show();
}

document.addEventListener("DOMContentLoaded", composer);
