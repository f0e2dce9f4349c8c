/*
 * The step viewer, part 3 of 4: "Predict, then see" (SPEC §4). In quiz mode a step that has a
 * question (`q`, HTMLPage.Quiz: its kind and each choice with its right answer, computed by
 * outline and written compactly, expanded here as the steps arrive) shows the collection view before the step and asks; the reader's answer is checked
 * against `q`, the step is then drawn as usual with what was right and wrong above it, and the
 * score counts the answers. A question may have several parts (`q.more`: a gesture asks which
 * handlers UIKit calls, whether it runs, and sometimes what visibleItems holds), asked in one
 * form and right when every part is. While a step is asked, nothing on the page tells its
 * result: its heading, the announcer and the list of steps say nothing of a failure. Printed
 * in quiz mode, each step's question comes first with its right answers (an answer key).
 *
 * Which rows "stay" and which "move" has more than one minimal answer when rows trade places:
 * the rows that stay are any longest common subsequence of the rows before and after, and
 * `CollectionDifference` reports one of them. When every row in both is a choice, any answer
 * whose staying rows are such a subsequence, of that length, is right, and the verdict says
 * which one the transaction reports.
 *
 * HTMLScript.main: after drawing.js, before navigation.js, without this comment.
 */
// The answers given, by step: { parts: [{ given: [answer per choice], other }…], right }, a
// part for each part of the question (`q`, then each of `q.more`); right when every part is.
var answers = new Map();
var quizSwitch = document.getElementById('quiz-switch');
var WORDS = {
  rows: { stays: 'stays', inserted: 'inserted', removed: 'removed', moved: 'moved' },
  calls: { yes: 'called', no: 'not called' },
  visible: { yes: 'visible', no: 'hidden' },
  fails: {
    runs: 'runs', notVisible: 'fails: notVisible (on no visible row)',
    refused: 'fails: refused (a handler or rule says no)', invalidMove: 'fails: invalidMove (an impossible move)'
  }
};
var PROMPTS = {
  rows: ['Which rows does the collection view insert, remove or move?', 'Choose for each item what happens to its row; a step may change no row, every row staying.'],
  calls: ['Which handlers does UIKit call?', 'Tick every handler of the data source that this step calls.'],
  visible: ['What does visibleItems hold after the step?', 'Tick every item that is visible after the step (they start as they are before it).'],
  fails: ['Does the gesture run?', 'Choose whether UIKit lets it run or, if it fails, why.']
};
// The handlers a `calls` part lists, in order (HTMLPage.handlerNames): outline writes the part's
// choices as a number whose bit i says whether UIKit calls the ith.
var HANDLERS = ['shouldExpandItem', 'willExpandItem', 'snapshotForExpandingParent', 'shouldCollapseItem',
  'willCollapseItem', 'canReorderItem', 'willReorder', 'didReorder'];
// The answers a `visible` part writes as one letter each, in `a` (HTMLDocument+Steps.swift).
var LETTERS = { y: 'yes', n: 'no' };
// A question as outline writes it, each part's choices made into [choice, answer] pairs, the
// form the rest of the page reads; a question already in that form comes back as it is. A rows
// part (`r`, `i`, `n`: the flat difference) gets its choices when the step is asked or printed,
// from the rows before and after it (`rowsChoices`).
function expandQuestion(q) {
  if (!q) return q;
  function part(p) {
    if (p.r) return { k: p.k, r: p.r, i: p.i, n: p.n };
    var c = p.c;
    if (typeof c === 'number') {
      c = HANDLERS.map(function (name, i) { return [name, c & (1 << i) ? 'yes' : 'no']; });
    } else if (typeof p.a === 'string') {
      c = c.map(function (choice, i) { return [choice, LETTERS[p.a.charAt(i)]]; });
    }
    return { k: p.k, c: c };
  }
  var expanded = part(q);
  if (q.more) expanded.more = q.more.map(part);
  return expanded;
}
steps.forEach(function (step) { if (step.q) step.q = expandQuestion(step.q); });
var MAX_CHOICES = 12, MAX_CHANGED = 8;
// The choices of a rows question, as HTMLPage.rowsQuiz picks them (a browser test checks the
// two agree): the changed rows and the unchanged ones nearest the first change (when none
// changed, nearest the row `n`, else the first), each at its place before the step, an
// inserted item just after the row it follows. `part.r` and `part.i` are the flat difference's
// removals and insertions, ascending, each an offset and the offset a move pairs it with (-1
// for none); `before` and `after` the visible items before and after the step.
function rowsChoices(part, before, after) {
  var r = part.r, ins = part.i, changed = [], removed = new Set(), centre = Infinity, k;
  for (k = 0; k < r.length; k += 2) {
    changed.push({ p: 2 * r[k], q: 0, old: true, at: r[k], a: r[k + 1] < 0 ? 'removed' : 'moved' });
    removed.add(r[k]);
    centre = Math.min(centre, r[k]);
  }
  // The offset before the step of the item at `offset` after it that no insertion without a
  // move put there: a moved item's source, or an unchanged item's place.
  function offsetBefore(offset) {
    var inserted = 0, j;
    for (j = 0; j < ins.length; j += 2) {
      if (ins[j] > offset) break;
      if (ins[j] === offset) return ins[j + 1];
      inserted++;
    }
    var was = offset - inserted;
    for (j = 0; j < r.length; j += 2) { if (r[j] > was) break; was++; }
    return was;
  }
  // A run of inserted items follows the row before the run.
  var run = null, inserted = 0;
  for (k = 0; k < ins.length; k += 2) {
    if (ins[k + 1] >= 0) continue;
    var offset = ins[k], follows;
    inserted++;
    if (run && run.offset === offset - 1) follows = run.follows;
    else follows = offset === 0 ? -1 : offsetBefore(offset - 1);
    run = { offset: offset, follows: follows };
    changed.push({ p: 2 * follows + 1, q: offset, old: false, at: offset, a: 'inserted' });
    centre = Math.min(centre, Math.max(0, follows));
  }
  function byPlace(x, y) { return x.p - y.p || x.q - y.q; }
  changed.sort(byPlace);
  var count = before.length, fits = count + inserted <= MAX_CHOICES;
  var chosen = changed.slice(0, fits ? changed.length : MAX_CHANGED);
  var room = fits ? count : MAX_CHOICES - chosen.length;
  if (centre === Infinity) centre = typeof part.n === 'number' ? part.n : 0;
  var start = fits ? 0 : Math.min(centre, Math.max(0, count - 1));
  // Each row when every row fits, else `start`, then the rows on either side, nearest first.
  for (var added = 0, distance = 0; added < room && distance < count; distance++) {
    for (var side = 0; side < (fits || distance === 0 ? 1 : 2); side++) {
      var at = fits ? distance : distance === 0 ? start : side === 0 ? start - distance : start + distance;
      if (added >= room || at < 0 || at >= count || removed.has(at)) continue;
      chosen.push({ p: 2 * at, q: 0, old: true, at: at, a: 'stays' });
      added++;
    }
  }
  chosen.sort(byPlace);
  return chosen.map(function (c) { return [c.old ? before[c.at] : after[c.at], c.a]; });
}
// Gives step `k`'s rows question its choices, once, from the rows before and after it: `rows`
// holds them when the caller has them at hand, else the outline is moved there and back.
function settleRows(k, rows) {
  var pending = parts(steps[k]).filter(function (part) { return part.k === 'rows' && !part.c; });
  if (!pending.length) return;
  if (!rows) {
    var keep = applied;
    goTo(k);
    var before = Array.from(visibleItems());
    goTo(k + 1);
    rows = [before, Array.from(visibleItems())];
    goTo(keep);
  }
  pending.forEach(function (part) { part.c = rowsChoices(part, rows[0], rows[1]); });
}
// The parts of step `k`'s question, in the order the form asks them.
function parts(step) { return [step.q].concat(step.q.more || []); }
// The word for `answer` to a choice of a part of kind `kind`: an error code no word names is
// itself, as a failure.
function word(kind, answer) { return WORDS[kind][answer] || 'fails: ' + answer; }
// Whether step `k` is to be asked rather than shown.
function asking(k) { return quizSwitch.checked && !!steps[k].q && !answers.has(k); }
function score() {
  var right = 0;
  answers.forEach(function (answer) { if (answer.right) right++; });
  document.getElementById('score').textContent = 'Score: ' + right + ' of ' + answers.size + ' right';
  if (typeof markFailures === 'function') markFailures();
  return right;
}
// The question of step `k`: the outline and the collection view before it, then the form,
// a fieldset of choices for each part.
function question(main, k, step) {
  var panes = add(main, el('div', 'panes'));
  var cv = add(panes, el('section', 'pane'));
  add(cv, el('h3', null, 'Collection view'));
  add(cv, el('p', null, 'The visible rows before the step. What will it do?'));
  collection(cv, new Map());
  var outline = add(panes, el('section', 'pane'));
  add(outline, el('h3', null, 'Before'));
  add(outline, el('p', null, 'The section snapshot: every item, hidden ones too.'));
  tree(outline, 'Before', new Map());
  var shown = visibleItems();
  forward(step); applied = k + 1;
  var rowsBefore = Array.from(shown), rowsAfter = Array.from(visibleItems());
  settleRows(k, [rowsBefore, rowsAfter]);
  var form = add(main, el('form', 'quiz'));
  form.setAttribute('aria-labelledby', 'quiz-prompt');
  form.setAttribute('aria-keyshortcuts', 'A');
  parts(step).forEach(function (part, p) {
    var prompt = PROMPTS[part.k];
    var heading = add(form, el('h3', null, prompt[0]));
    if (p === 0) heading.id = 'quiz-prompt';
    add(form, el('p', 'hint', prompt[1] + (p === 0 ? ' (A: to the first choice; Tab: the next; then Check.)' : '')));
    var list = add(form, el('ul', 'choices'));
    part.c.forEach(function (choice, i) {
      var li = add(list, el('li')), label = add(li, el('label'));
      var id = 'choice-' + p + '-' + i;
      if (part.k === 'rows' || part.k === 'fails') {
        add(label, el('code', null, choice[0]));
        var select = add(li, el('select'));
        select.id = id; select.dataset.part = p; select.dataset.choice = i;
        label.htmlFor = id;
        var values = Object.keys(WORDS[part.k]);
        if (values.indexOf(choice[1]) < 0) values.push(choice[1]);
        values.forEach(function (value) {
          var option = add(select, el('option', null, word(part.k, value)));
          option.value = value;
        });
      } else {
        var box = el('input');
        box.type = 'checkbox'; box.id = id; box.dataset.part = p; box.dataset.choice = i;
        if (part.k === 'visible') box.checked = shown.has(choice[0]);
        label.prepend(box);
        add(label, el('code', null, choice[0]));
      }
    });
  });
  var check = add(form, el('button', null, 'Check my answer'));
  check.type = 'submit';
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var given = parts(step).map(function (part, p) {
      var said = part.c.map(function (choice, i) {
        var control = form.querySelector('[data-part="' + p + '"][data-choice="' + i + '"]');
        return control.type === 'checkbox' ? (control.checked ? 'yes' : 'no') : control.value;
      });
      var exact = said.every(function (answer, i) { return answer === part.c[i][1]; });
      var other = !exact && part.k === 'rows' && otherMinimalAnswer(part.c, said, rowsBefore, rowsAfter);
      return { given: said, right: exact || other, other: other };
    });
    var right = given.every(function (part) { return part.right; });
    answers.set(k, { parts: given, right: right });
    score();
    show(k, true);
    announcer.textContent = (right ? 'Right. ' : 'Not quite. ') + document.getElementById('score').textContent;
    document.getElementById('step').focus();
  });
}
// The length of a longest common subsequence of two orders of the same distinct items: the
// longest increasing run of `before`'s positions read in `after`'s order (patience sorting).
function longestCommon(before, after) {
  var at = new Map(), tails = [];
  before.forEach(function (item, i) { at.set(item, i); });
  after.forEach(function (item) {
    var p = at.get(item), lo = 0, hi = tails.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (tails[mid] < p) lo = mid + 1; else hi = mid; }
    tails[lo] = p;
  });
  return tails.length;
}
// Whether `given` differs from the expected answer only in which rows stay and which move,
// its staying rows being another longest common subsequence of the rows before and after.
// Asked only when every row in both is a choice; inserted and removed rows must match.
function otherMinimalAnswer(choices, given, before, after) {
  var afterSet = new Set(after), beforeSet = new Set(before);
  var common = before.filter(function (item) { return afterSet.has(item); });
  var commonAfter = after.filter(function (item) { return beforeSet.has(item); });
  var listed = new Map();
  for (var i = 0; i < choices.length; i++) {
    var expected = choices[i][1], said = given[i], both = expected === 'moved' || expected === 'stays';
    if (!both) { if (said !== expected) return false; continue; }
    if (said !== 'moved' && said !== 'stays') return false;
    listed.set(choices[i][0], said);
  }
  if (common.some(function (item) { return !listed.has(item); })) return false;
  var stay = common.filter(function (item) { return listed.get(item) === 'stays'; });
  var stays = new Set(stay);
  var inAfter = commonAfter.filter(function (item) { return stays.has(item); });
  if (inAfter.join('\u0000') !== stay.join('\u0000')) return false;
  return stay.length === longestCommon(common, commonAfter);
}
// Above a step answered: whether the answer was right, and each choice of each part with
// what it is.
function explanation(main, k, step) {
  var answer = answers.get(k);
  var box = add(main, el('section', 'verdict ' + (answer.right ? 'right' : 'wrong')));
  add(box, el('h3', null, answer.right ? '✓ Right' : '✗ Not quite: the marked choices differ'));
  parts(step).forEach(function (part, p) {
    var given = answer.parts[p];
    if (p > 0) add(box, el('h4', null, PROMPTS[part.k][0]));
    var list = add(box, el('ul', 'choices'));
    part.c.forEach(function (choice, i) {
      var ok = given.given[i] === choice[1];
      var li = add(list, el('li', ok ? 'right' : given.other ? 'other' : 'wrong'));
      add(li, el('span', 'mark', ok || given.other ? '✓ ' : '✗ '));
      add(li, el('code', null, choice[0]));
      if (given.other && !ok) {
        add(li, document.createTextNode(': ' + word(part.k, given.given[i]) + ' (the transaction says ' + word(part.k, choice[1]) + ')'));
      } else {
        add(li, document.createTextNode(': ' + word(part.k, choice[1]) + (ok ? '' : ' (you said ' + word(part.k, given.given[i]) + ')')));
      }
    });
    if (part.k !== 'rows') return;
    if (given.other) {
      add(box, el('p', 'hint', 'Several answers are right here: the rows that stay can be any longest ' +
        'run of rows that keep their order, and the rows you chose are one. The transaction ' +
        'reports the one CollectionDifference chose, the moves marked below.'));
    } else if (!given.right && part.c.some(function (choice) { return choice[1] === 'moved'; })) {
      add(box, el('p', 'hint', 'Where rows trade places, any longest run of rows that keep their ' +
        'order may stay, and the rest move; the transaction reports the one CollectionDifference chose.'));
    } else if (part.c.every(function (choice) { return choice[1] === 'stays'; })) {
      add(box, el('p', 'hint', 'No row changes: the step changed only items that no row shows ' +
        '(under a collapsed parent), or a row\'s content, not its place.'));
    }
  });
  var calls = parts(step).map(function (part, p) { return [part, answer.parts[p]]; })
    .filter(function (pair) { return pair[0].k === 'calls'; })[0];
  var collapsing = calls && calls[0].c.some(function (choice, i) {
    return (choice[0] === 'shouldCollapseItem' || choice[0] === 'willCollapseItem') && calls[1].given[i] === 'yes';
  });
  if (step.lf && collapsing) {
    add(box, el('p', 'hint', 'The drag collapses ' + step.lf + ' as it lifts it, but asks neither ' +
      'shouldCollapseItem nor willCollapseItem: they answer a tap on the disclosure, and a drag is ' +
      'no tap. UIKit applies the collapse as a change of its own, after canReorderItem; willReorder ' +
      'and didReorder then get the drop\'s transaction, which starts from ' + step.lf + ' collapsed.'));
  }
  var fails = parts(step).filter(function (part) { return part.k === 'fails'; })[0];
  if (fails && fails.c[0][1] === 'notVisible') {
    add(box, el('p', 'hint', 'The item is on no visible row, so the user cannot touch it: UIKit ' +
      'calls no handler and nothing changes (the error below names the collapsed ancestor).'));
  } else if (step.q.k === 'calls') add(box, el('p', 'hint', 'The calls, in order, are under Handler calls below.'));
}
// The answer key of step `k`'s question, for printing: each part's prompt and each choice
// with its right answer.
function answerKey(main, step) {
  var key = add(main, el('section', 'print-key'));
  parts(step).forEach(function (part) {
    add(key, el('h4', null, 'Question: ' + PROMPTS[part.k][0]));
    add(key, el('p', null, 'Answer: ' + part.c.map(function (choice) {
      return choice[0] + ' ' + word(part.k, choice[1]);
    }).join('; ')));
  });
}
