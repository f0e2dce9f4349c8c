/*
 * The step viewer, part 2 of 4: drawing a step (its text, the trees before and after, the rows
 * and the differences). Every identifier goes into the page as a text node.
 *
 * HTMLScript.main: after state.js, before quiz.js, without this comment.
 */
function el(tag, className, text) {
  var node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}
function add(parent, child) { parent.appendChild(child); return child; }
// The ranges of rows to draw: all of a small list, else a window around each interesting row.
function windows(count, interesting) {
  if (count <= FULL) return [[0, count]];
  var sorted = interesting.slice().sort(function (a, b) { return a - b; }), ranges = [], shown = 0;
  sorted.forEach(function (i) {
    var start = Math.max(0, i - CONTEXT), end = Math.min(count, i + CONTEXT + 1), last = ranges[ranges.length - 1];
    if (shown >= MAX_ROWS) return;
    if (last && start <= last[1]) { shown += Math.max(0, end - last[1]); last[1] = Math.max(last[1], end); }
    else { ranges.push([start, end]); shown += end - start; }
  });
  if (!ranges.length) ranges.push([0, Math.min(count, 2 * CONTEXT + 1)]);
  return ranges;
}
function gap(list, count) {
  add(list, el('li', 'gap', '⋯ ' + count.toLocaleString('en') + ' row' + (count === 1 ? '' : 's') + ' not shown'));
}
function disclosure(s, i) {
  var parent = i + 1 < s.it.length && s.lv[i + 1] > s.lv[i];
  if (parent) return s.ex[i] ? ['▾', 'expanded'] : ['▸', 'collapsed'];
  return s.ex[i] ? ['▿', 'expanded, no children'] : ['·', 'no children'];
}
// One row: disclosure, item, then words that say what a colour says.
function row(s, i, visible, mark, number) {
  var li = el('li', mark ? mark.split(':')[0] : '');
  var d = disclosure(s, i);
  li.style.setProperty('--level', s.lv[i]);
  li.dataset.key = s.it[i];
  if (number !== undefined) add(li, el('span', 'row-number', String(number)));
  add(li, el('span', 'disclosure', d[0])).setAttribute('aria-hidden', 'true');
  // The title a person reads; the identifier beside it when they differ, as `show` does.
  var titled = titles.get(s.it[i]);
  add(li, el('span', 'item', titled ? titled[0] : s.it[i]));
  if (titled) add(li, el('span', 'identifier', '  [' + titled[1] + ']'));
  add(li, el('span', 'visually-hidden', ', level ' + s.lv[i] + ', ' + d[1]));
  if (!visible[i]) { li.classList.add('hidden'); add(li, el('span', 'badge', 'hidden')); }
  if (mark) add(li, el('span', 'badge', { inserted: '+ inserted', removed: '− removed', moved: '↕ moved', reloaded: '⟳ reloaded', reconfigured: '✎ reconfigured' }[mark] || (mark.indexOf('moved, ') === 0 ? '↕ ' : '✎ ') + mark));
  return li;
}
// The cells a step reloads or reconfigures, by item: a flat snapshot's reloadItems,
// reloadSections (every row of the section) and reconfigureItems, and retitle's reconfigure.
function cellMarksOf(step) {
  var items = new Map(), sections = new Set(step.rs || []);
  (step.rl || []).forEach(function (item) { items.set(item, 'reloaded'); });
  (step.rc || []).forEach(function (item) { items.set(item, 'reconfigured'); });
  return { items: items, sections: sections, any: items.size > 0 || sections.size > 0 };
}
// What the two cell marks mean, above the rows that carry them.
function cellLegend(pane, cells) {
  if (!cells.any) return;
  var legend = add(pane, el('p', 'legend'));
  add(legend, el('span', 'reloaded', '⟳ reloaded'));
  add(legend, document.createTextNode(': a new cell from the cell provider (reloadItems) · '));
  add(legend, el('span', 'reconfigured', '✎ reconfigured'));
  add(legend, document.createTextNode(': the same cell, configured again (reconfigureItems)'));
}
// A section snapshot as a list: every item, hidden ones marked, changed rows marked.
// `nearby` holds the other side's marks: where a tree that lost or gained nothing should
// still show the rows around the change.
function tree(pane, label, marks, nearby) {
  order.forEach(function (name) {
    var s = section(name), visible = visibility(s), m = marks.get(name) || new Map();
    var interesting = Array.from(m.keys());
    (nearby && nearby.get(name) || new Map()).forEach(function (mark, i) { interesting.push(Math.min(i, Math.max(0, s.it.length - 1))); });
    if (order.length > 1 || name !== 'main') add(pane, el('h4', null, 'Section ' + name));
    if (!s.it.length) { add(pane, el('p', 'empty', '(empty)')); return; }
    var list = add(pane, el('ol', 'tree'));
    list.setAttribute('aria-label', label + ', section ' + name);
    var end = 0;
    windows(s.it.length, interesting).forEach(function (range) {
      if (range[0] > end) gap(list, range[0] - end);
      for (var i = range[0]; i < range[1]; i++) add(list, row(s, i, visible, m.get(i)));
      end = range[1];
    });
    if (end < s.it.length) gap(list, s.it.length - end);
  });
}
// The visible rows, as a collection view shows them, numbered per section as `show` does.
// The items visible now, in every section.
function visibleItems() {
  var set = new Set();
  order.forEach(function (name) {
    var s = section(name), visible = visibility(s);
    for (var i = 0; i < s.it.length; i++) if (visible[i]) set.add(s.it[i]);
  });
  return set;
}
// The visible rows; `shownBefore`, when given, marks the rows that were not visible before
// as inserted (a collection view inserts the rows an expansion reveals).
// `cells`, when given, marks the rows whose cells the step reloads or reconfigures
// (`cellMarksOf`), where no row change is marked.
function collection(pane, marks, shownBefore, cells) {
  var box = add(pane, el('div', 'collection')), base = 0;
  order.forEach(function (name) {
    var s = section(name), visible = visibility(s), m = new Map(marks.get(name) || []), rows = [], interesting = [];
    for (var i = 0; i < s.it.length; i++) {
      if (!visible[i]) continue;
      if (shownBefore && !m.has(i) && !shownBefore.has(s.it[i])) m.set(i, 'inserted');
      if (cells && !m.has(i) && (cells.items.has(s.it[i]) || cells.sections.has(name))) m.set(i, cells.items.get(s.it[i]) || 'reloaded');
      if (m.has(i)) interesting.push(rows.length);
      rows.push(i);
    }
    add(box, el('h4', null, 'Section ' + name)).dataset.section = name;
    if (!rows.length) { add(box, el('p', 'empty', '(no rows)')); base += rows.length; return; }
    var list = add(box, el('ol'));
    list.dataset.section = name;
    list.setAttribute('aria-label', 'Visible rows, section ' + name);
    var end = 0;
    windows(rows.length, interesting).forEach(function (range) {
      if (range[0] > end) gap(list, range[0] - end);
      for (var r = range[0]; r < range[1]; r++) add(list, row(s, rows[r], visible, m.get(rows[r]), r));
      end = range[1];
    });
    if (end < rows.length) gap(list, rows.length - end);
    base += rows.length;
  });
  return box;
}
// Where each keyed row of a collection pane is, relative to the pane, with its section, its
// height and the row before it: layout offsets, which running transforms do not change.
function rowTop(li) { return li.offsetTop + li.parentNode.offsetTop; }
function positions(box) {
  var map = new Map();
  if (!box) return map;
  box.querySelectorAll('li[data-key]').forEach(function (li) {
    map.set(li.dataset.key, { top: rowTop(li), height: li.offsetHeight, node: li, section: li.parentNode.dataset.section });
  });
  return map;
}
// Animates from the old rows to the new ones as a collection view does: a row that left stays
// in the flow where it was, labelled, and folds away as it fades; a new row unfolds as it fades
// in; a row that stayed slides to its new place. Every row keeps its own space while it moves,
// so that nothing passes over a section's heading.
var running = [], ghosts = [];
// Ends the animations of the step drawn before, so that they never pile up.
function settle() {
  running.forEach(function (animation) { animation.finish(); });
  running = [];
  ghosts.forEach(function (ghost) { ghost.remove(); });
  ghosts = [];
}
var FOLDED = { height: '0px', paddingTop: '0px', paddingBottom: '0px', marginTop: '0px', marginBottom: '0px', opacity: 0 };
// A row that left: a copy of it, marked removed, put back after the row it followed.
function ghostOf(was) {
  var ghost = was.node.cloneNode(true);
  ghost.removeAttribute('data-key');
  ghost.setAttribute('aria-hidden', 'true');
  ghost.className = 'removed ghost';
  ghost.querySelectorAll('.badge').forEach(function (badge) { if (badge.textContent !== 'hidden') badge.remove(); });
  add(ghost, el('span', 'badge', '− removed'));
  return ghost;
}
// The list of `section` in `box`, made after its heading when the section now has no rows;
// null when the section is gone.
function listOf(box, section) {
  var lists = box.querySelectorAll('ol[data-section]');
  for (var i = 0; i < lists.length; i++) if (lists[i].dataset.section === section) return lists[i];
  var headings = box.querySelectorAll('h4[data-section]');
  for (i = 0; i < headings.length; i++) {
    if (headings[i].dataset.section !== section) continue;
    var list = el('ol');
    list.dataset.section = section;
    headings[i].after(list);
    ghosts.push(list);
    return list;
  }
  return null;
}
// With `still` (a step shown by a jump, a link or a reload, or with reduced motion), the rows
// that left are put back, labelled, as stepping leaves them, and nothing moves.
function animate(box, old, still) {
  var moving = !still && !reduceMotion && !!box.animate;
  var options = { duration: 350, easing: 'ease-in-out' }, now = new Map(), after = new Map();
  box.querySelectorAll('li[data-key]').forEach(function (li) { now.set(li.dataset.key, li); });
  // The rows that left, in the old order, each after the last row of its section placed so far.
  old.forEach(function (was, key) {
    var li = now.get(key);
    if (li) { if (li.parentNode.dataset.section === was.section) after.set(was.section, li); return; }
    var list = listOf(box, was.section);
    if (!list) return;
    var ghost = ghostOf(was), previous = after.get(was.section);
    if (previous && previous.parentNode === list) previous.after(ghost); else list.prepend(ghost);
    after.set(was.section, ghost);
    ghosts.push(ghost);
    if (!moving) return;
    ghost.style.overflow = 'hidden';
    running.push(ghost.animate([{ height: was.height + 'px', opacity: 1 }, FOLDED], options));
  });
  if (!moving) return;
  // New rows unfold from nothing: their heights first, read in one layout.
  var grown = [];
  now.forEach(function (li, key) { if (!old.has(key)) grown.push([li, li.offsetHeight]); });
  grown.forEach(function (entry) {
    var li = entry[0], unfolding = li.animate([FOLDED, { height: entry[1] + 'px', opacity: 1 }], options);
    li.style.overflow = 'hidden';
    unfolding.onfinish = function () { li.style.overflow = ''; };
    running.push(unfolding);
  });
  // Rows that stayed: where they are as the animation starts, read in one more layout.
  var moves = [];
  now.forEach(function (li, key) {
    var was = old.get(key);
    if (was) moves.push([li, was.top - rowTop(li)]);
  });
  moves.forEach(function (entry) {
    if (Math.abs(entry[1]) > 0.5) running.push(entry[0].animate([{ transform: 'translateY(' + entry[1] + 'px)' }, { transform: 'none' }], options));
  });
}
// One difference as the text output lists it: removals, then insertions, each in ascending
// order, then moves; each change is [mark, row, item, offset beside] (HTMLPage.ChangeLine).
// The step carries the first HTMLPage.listedChanges of them and `more`, the number of the
// others.
function changeList(parent, changes, what, more) {
  if (!changes.length) { add(parent, el('p', 'empty', 'no change to ' + what)); return; }
  var list = add(parent, el('ul', 'changes'));
  changes.forEach(function (c) {
    var li = add(list, el('li', { '-': 'removal', '+': 'insertion', '~': 'move' }[c[0]]));
    add(li, el('span', 'change-row', c[0] + ' ' + c[1]));
    add(li, document.createTextNode(' '));
    add(li, el('code', null, c[2]));
    if (c[3]) add(li, el('span', 'offset', '  (' + c[3] + ')'));
  });
  if (more) add(list, el('li', 'gap', '… and ' + more.toLocaleString('en') + ' more'));
}
function differences(parent, step) {
  var box = add(parent, el('section', 'transaction'));
  add(box, el('h3', null, 'Transaction' + (step.tx.length > 1 ? 's (' + step.tx.length + ')' : '')));
  step.tx.forEach(function (tx, n) {
    // A drag's lift is its first transaction: the collapse, before the drop's.
    var what = step.lf ? [': the lift (' + step.lf + ' collapses)', ': the drop'][n] || '' : '';
    if (step.tx.length > 1 || step.lf) add(box, el('h4', null, 'Transaction ' + (n + 1) + what));
    add(box, el('h4', null, 'rows: the visible rows, numbered per section (flat offset beside)'));
    changeList(box, tx.f, 'the rows', tx.fm);
    tx.s.forEach(function (entry) {
      add(box, el('h4', null, 'section ' + entry[0] + ': items, by visible row (· hidden; index beside)'));
      changeList(box, entry[1], 'items', entry[2]);
    });
  });
}
function lines(parent, heading, texts, className) {
  if (!texts || !texts.length) return;
  var box = add(parent, el('section'));
  add(box, el('h3', null, heading));
  var pre = add(box, el('pre', className));
  add(pre, el('code', null, texts.join('\n')));
}
// How many steps the collection view in the step element shows applied: k + 1 after step k
// was drawn, k while step k asks; -1 when it shows none (a narration, no steps).
var drawnState = -1;
// Draws step `k` into the step element, or into `target` as printed (every result shown, no
// question, no animation); with `animated`, the collection view moves from what it showed
// when that is the outline before step `k`, else from the outline before step `k` drawn
// anew, as a replay does: each step animates its own change only, whichever step was shown.
function draw(k, animated, replay, target) {
  var main = target || document.getElementById('step'), step = steps[k];
  if (!target) settle();
  animated = animated && !reduceMotion && !target;
  var fromShown = animated && !replay && drawnState === k;
  var old = fromShown ? positions(main.querySelector('.collection')) : new Map();
  if (!target) drawnState = -1;
  goTo(k);
  var marks = marksOf(step), cells = cellMarksOf(step);
  main.textContent = '';
  var heading = add(main, el(target ? 'h3' : 'h2'));
  add(heading, document.createTextNode('Step ' + (k + 1) + ' of ' + steps.length + (step.c === null ? ': narration' : ': ')));
  if (step.c !== null) add(heading, el('code', null, step.c));
  if (step.c !== null && !step.ok && (target || !asking(k))) add(heading, el('span', 'badge', '✗ failed'));
  step.say.forEach(function (text) { add(main, el('p', 'narration', text)); });
  if (step.c === null) { applied = k + 1; return; }
  add(main, el('p', 'location', step.at));
  if (!target && asking(k)) { question(main, k, step); drawnState = k; return; }
  if (!target) drawnState = k + 1;
  if (!target && step.q && answers.has(k)) explanation(main, k, step);
  if (step.err) add(main, el('p', 'status failed', '✗ error (' + step.err[0] + '): ' + step.err[1] + (step.ok ? '' : ' — nothing changed')));
  if (step.w) step.w.forEach(function (text) { add(main, el('p', 'status warning', 'warning: ' + text)); });
  if (step.xe && step.ok) add(main, el('p', 'status expected', '✓ ' + step.note));
  else if (step.note) add(main, el('p', 'status note', step.note));
  if (step.lf) add(main, el('p', 'status note', 'lift: ' + step.lf + ' collapses first, a change of its own with no handler asked (a drag is no tap on the disclosure); the drop\'s transaction starts from ' + step.lf + ' collapsed'));
  if (step.rc) add(main, el('p', 'status note', 'reconfigured (content changed, same identity): ' + step.rc.join(', ')));
  if (step.rl || step.rs) add(main, el('p', 'status note', 'reloaded (a new cell for each): ' + (step.rl || []).concat((step.rs || []).map(function (name) { return 'section ' + name; })).join(', ')));
  if (step.h) {
    var calls = add(main, el('section'));
    add(calls, el('h3', null, 'Handler calls'));
    var list = add(calls, el('ol', 'handlers'));
    step.h.forEach(function (call) { add(list, el('li')).appendChild(el('code', null, call)); });
  }
  if (step.o) {
    // applySnapshotUsingReloadData computes no difference: the rows after, with no mark and
    // no animation, replace the rows before at once.
    if (step.rd) marks = { before: new Map(), after: new Map() };
    var panes = add(main, el('div', 'panes'));
    var cv = add(panes, el('section', 'pane'));
    add(cv, el('h3', null, 'Collection view'));
    add(cv, el('p', null, step.rd ? 'The visible rows after, replaced at once: reloadData computes no difference, so no row is inserted, removed or moved, and nothing animates.' : 'The visible rows, as the collection view animates them.'));
    cellLegend(cv, cells);
    var beforePane = add(panes, el('section', 'pane'));
    add(beforePane, el('h3', null, 'Before'));
    add(beforePane, el('p', null, 'The section snapshot: every item, hidden ones too.'));
    // The rows before the step, when what is shown is not them: a replay, a step reached by a
    // jump, by stepping back or as a later step of a typed line; the removed rows are put back
    // as stepping puts them.
    if (!target && !fromShown) { collection(cv, new Map()); old = positions(cv.querySelector('.collection')); cv.querySelector('.collection').remove(); }
    tree(beforePane, 'Before', marks.before, marks.after);
    var shownBefore = visibleItems();
    forward(step); applied = k + 1;
    var afterPane = add(panes, el('section', 'pane'));
    add(afterPane, el('h3', null, 'After'));
    add(afterPane, el('p', null, 'The section snapshot after the step.'));
    tree(afterPane, 'After', marks.after, marks.before);
    var box = collection(cv, marks.after, step.rd ? null : shownBefore, cells);
    if (step.rd) { /* replaced at once: nothing to animate or put back */ }
    else if (animated) animate(box, old); else if (!target) animate(box, old, true);
  } else {
    forward(step); applied = k + 1;
    var still = add(main, el('div', 'panes'));
    var view = add(still, el('section', 'pane'));
    add(view, el('h3', null, 'Collection view'));
    add(view, el('p', null, 'The visible rows: no change.'));
    cellLegend(view, cells);
    var kept = collection(view, new Map(), null, cells);
    if (fromShown) animate(kept, old);
    var outline = add(still, el('section', 'pane'));
    add(outline, el('h3', null, 'Outline'));
    add(outline, el('p', null, 'The section snapshot, unchanged by this step.'));
    tree(outline, 'Outline', new Map());
  }
  if (step.tx && step.tx.length) differences(main, step);
  else if (step.rd) {
    var none = add(main, el('section', 'transaction'));
    add(none, el('h3', null, 'Transaction'));
    add(none, el('p', 'empty', 'none: applySnapshotUsingReloadData makes no transaction (the collection view reloads its data)'));
  }
  lines(main, 'Result', step.res);
  lines(main, 'Swift', step.swift, 'swift');
}
