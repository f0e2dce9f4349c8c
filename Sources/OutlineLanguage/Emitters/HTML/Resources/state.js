/*
 * The step viewer, part 1 of 4: the outline's state and how a step moves it forward and back.
 *
 * The viewer keeps the outline as arrays per section (items, levels, expansion flags) and moves
 * it forward and backward through each step's row changes, drawing only a window of rows around
 * the changes of a large outline, so that a step costs O(n) array work and a bounded number of
 * DOM rows. It reads the run's JSON (HTMLDocument+Steps.swift) from the #run-data element.
 *
 * HTMLScript.main: the page's last <script> holds state.js, drawing.js, quiz.js and
 * navigation.js, in that order, each without this comment.
 */
'use strict';
var root = document.documentElement;
var data = JSON.parse(document.getElementById('run-data').textContent);
var steps = data.steps;
var reduceMotion = !!(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
var FULL = 60, CONTEXT = 3, MAX_ROWS = 120;

// The outline after `applied` steps: the section order and each section's rows.
var order = [], sections = new Map(), applied = 0;
function section(name) {
  var s = sections.get(name);
  if (!s) { s = { it: [], lv: [], ex: [] }; sections.set(name, s); }
  return s;
}
data.initial.forEach(function (entry) {
  var s = section(entry[0]);
  order.push(entry[0]);
  entry[1].forEach(function (row) { s.it.push(row[0]); s.lv.push(row[1]); s.ex.push(row[2]); });
});

// The titles that differ from the identifiers: item → [title, the identifier as a command
// writes it].
var titles = new Map();
data.titles.forEach(function (entry) { titles.set(entry[0], [entry[1], entry[2]]); });
function retitle(changes, which) {
  (changes || []).forEach(function (c) {
    if (c[which] === null) titles.delete(c[0]); else titles.set(c[0], [c[which], c[3]]);
  });
}

// Removes the rows at `out`'s offsets (ascending, in the current rows), then inserts `into`'s
// rows at their offsets (ascending, in the result). Entries are [offset, item, level, expanded].
function patch(s, out, into) {
  var i, r;
  if (out.length + into.length <= 16) {
    for (i = out.length - 1; i >= 0; i--) { r = out[i][0]; s.it.splice(r, 1); s.lv.splice(r, 1); s.ex.splice(r, 1); }
    for (i = 0; i < into.length; i++) { r = into[i]; s.it.splice(r[0], 0, r[1]); s.lv.splice(r[0], 0, r[2]); s.ex.splice(r[0], 0, r[3]); }
    return;
  }
  var it = [], lv = [], ex = [], k = 0;
  for (i = 0; i < s.it.length; i++) {
    if (k < out.length && out[k][0] === i) { k++; continue; }
    it.push(s.it[i]); lv.push(s.lv[i]); ex.push(s.ex[i]);
  }
  var total = it.length + into.length, nit = new Array(total), nlv = new Array(total), nex = new Array(total), m = 0;
  k = 0;
  for (i = 0; i < total; i++) {
    if (k < into.length && into[k][0] === i) { r = into[k++]; nit[i] = r[1]; nlv[i] = r[2]; nex[i] = r[3]; }
    else { nit[i] = it[m]; nlv[i] = lv[m]; nex[i] = ex[m]; m++; }
  }
  s.it = nit; s.lv = nlv; s.ex = nex;
}
function forward(step) {
  var o = step.o;
  retitle(step.t, 2);
  if (!o) return;
  o.s.forEach(function (c) {
    var s = section(c[0]);
    patch(s, c[1], c[2]);
    c[3].forEach(function (u) { s.lv[u[0]] = u[2]; s.ex[u[0]] = u[4]; });
  });
  if (o.oa) order = o.oa.slice();
}
function backward(step) {
  var o = step.o;
  retitle(step.t, 1);
  if (!o) return;
  if (o.ob) order = o.ob.slice();
  for (var i = o.s.length - 1; i >= 0; i--) {
    var c = o.s[i], s = section(c[0]);
    c[3].forEach(function (u) { s.lv[u[0]] = u[1]; s.ex[u[0]] = u[3]; });
    patch(s, c[2], c[1]);
  }
}
function goTo(count) {
  while (applied < count) forward(steps[applied++]);
  while (applied > count) backward(steps[--applied]);
}
// Whether each row is visible: every ancestor expanded.
function visibility(s) {
  var visible = new Array(s.it.length), cut = Infinity;
  for (var i = 0; i < s.it.length; i++) {
    if (s.lv[i] > cut) { visible[i] = false; continue; }
    visible[i] = true;
    cut = s.ex[i] ? Infinity : s.lv[i];
  }
  return visible;
}
// The marks of one step: for each section, the offsets before and after that changed.
function marksOf(step) {
  var before = new Map(), after = new Map(), removed = new Set(), inserted = new Set();
  var o = step && step.o;
  if (!o) return { before: before, after: after };
  o.s.forEach(function (c) {
    c[1].forEach(function (r) { removed.add(r[1]); });
    c[2].forEach(function (r) { inserted.add(r[1]); });
  });
  o.s.forEach(function (c) {
    var moved = new Set(c[4]), b = new Map(), a = new Map(), expanded = new Map();
    c[1].forEach(function (r) { b.set(r[0], moved.has(r[1]) || inserted.has(r[1]) ? 'moved' : 'removed'); expanded.set(r[1], r[3]); });
    // A moved row whose expansion changed says so (a drag collapses what it lifts).
    c[2].forEach(function (r) {
      var was = expanded.get(r[1]), mark = moved.has(r[1]) || removed.has(r[1]) ? 'moved' : 'inserted';
      if (mark === 'moved' && was !== undefined && was !== r[3]) mark += r[3] ? ', expanded' : ', collapsed';
      a.set(r[0], mark);
    });
    c[3].forEach(function (u) {
      var what = [];
      if (u[1] !== u[2]) what.push('level ' + u[1] + ' → ' + u[2]);
      if (u[3] !== u[4]) what.push(u[4] ? 'expanded' : 'collapsed');
      if (!a.has(u[0])) a.set(u[0], 'changed: ' + what.join(', '));
    });
    before.set(c[0], b); after.set(c[0], a);
  });
  return { before: before, after: after };
}
// A hash of the whole state, for the self-check that stepping back retraces stepping forward.
function signature() {
  var h = 2166136261;
  function mix(text) { for (var i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 16777619); } h ^= 31; h = Math.imul(h, 16777619); }
  order.forEach(function (name) {
    var s = section(name);
    mix(name);
    for (var i = 0; i < s.it.length; i++) { mix(s.it[i]); mix(s.lv[i] + ':' + s.ex[i]); }
  });
  // The titles, in any order: a sum of one hash per title.
  var sum = 0;
  titles.forEach(function (t, item) {
    var g = 2166136261;
    var text = item + '\u0000' + t[0];
    for (var i = 0; i < text.length; i++) { g ^= text.charCodeAt(i); g = Math.imul(g, 16777619); }
    sum = (sum + (g >>> 0)) >>> 0;
  });
  return (h >>> 0) + '/' + order.length + '/' + sum;
}
