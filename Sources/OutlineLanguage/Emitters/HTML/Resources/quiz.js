/*
 * The step viewer, part 3 of 4: "Predict, then see" (SPEC §4). In quiz mode a step that has a
 * question (`q`, HTMLPage.Quiz: its kind and each choice with its right answer, computed by
 * outline) shows the collection view before the step and asks; the reader's answer is checked
 * against `q`, the step is then drawn as usual with what was right and wrong above it, and the
 * score counts the answers.
 *
 * HTMLScript.main: after drawing.js, before navigation.js, without this comment.
 */
// The answers given, by step: { given: [answer per choice], right: whether all were right }.
var answers = new Map();
var quizSwitch = document.getElementById('quiz-switch');
var WORDS = {
  rows: { stays: 'stays', inserted: 'inserted', removed: 'removed', moved: 'moved' },
  calls: { yes: 'called', no: 'not called' },
  visible: { yes: 'visible', no: 'hidden' }
};
var PROMPTS = {
  rows: ['Which rows does the collection view insert, remove or move?', 'Choose for each item what happens to its row.'],
  calls: ['Which handlers does UIKit call?', 'Tick every handler of the data source that this step calls.'],
  visible: ['What does visibleItems hold after the step?', 'Tick every item that is visible after the step (they start as they are before it).']
};
// Whether step `k` is to be asked rather than shown.
function asking(k) { return quizSwitch.checked && !!steps[k].q && !answers.has(k); }
function score() {
  var right = 0;
  answers.forEach(function (answer) { if (answer.right) right++; });
  document.getElementById('score').textContent = 'Score: ' + right + ' of ' + answers.size + ' right';
  return right;
}
// The question of step `k`: the outline and the collection view before it, then the form.
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
  var form = add(main, el('form', 'quiz'));
  form.setAttribute('aria-labelledby', 'quiz-prompt');
  var prompt = PROMPTS[step.q.k];
  add(form, el('h3', null, prompt[0])).id = 'quiz-prompt';
  add(form, el('p', 'hint', prompt[1] + ' (A: to the first choice; Tab: the next; then Check.)'));
  form.setAttribute('aria-keyshortcuts', 'A');
  var list = add(form, el('ul', 'choices'));
  step.q.c.forEach(function (choice, i) {
    var li = add(list, el('li')), label = add(li, el('label'));
    var id = 'choice-' + i;
    if (step.q.k === 'rows') {
      add(label, el('code', null, choice[0]));
      var select = add(li, el('select'));
      select.id = id; select.dataset.choice = i;
      label.htmlFor = id;
      Object.keys(WORDS.rows).forEach(function (value) {
        var option = add(select, el('option', null, WORDS.rows[value]));
        option.value = value;
      });
    } else {
      var box = el('input');
      box.type = 'checkbox'; box.id = id; box.dataset.choice = i;
      if (step.q.k === 'visible') box.checked = shown.has(choice[0]);
      label.prepend(box);
      add(label, el('code', null, choice[0]));
    }
  });
  var check = add(form, el('button', null, 'Check my answer'));
  check.type = 'submit';
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var given = step.q.c.map(function (choice, i) {
      var control = form.querySelector('[data-choice="' + i + '"]');
      return control.type === 'checkbox' ? (control.checked ? 'yes' : 'no') : control.value;
    });
    var right = given.every(function (answer, i) { return answer === step.q.c[i][1]; });
    answers.set(k, { given: given, right: right });
    score();
    show(k, true);
    announcer.textContent = (right ? 'Right. ' : 'Not quite. ') + document.getElementById('score').textContent;
    document.getElementById('step').focus();
  });
}
// Above a step answered: whether the answer was right, and each choice with what it is.
function explanation(main, k, step) {
  var answer = answers.get(k), words = WORDS[step.q.k];
  var box = add(main, el('section', 'verdict ' + (answer.right ? 'right' : 'wrong')));
  add(box, el('h3', null, answer.right ? '✓ Right' : '✗ Not quite: the marked choices differ'));
  var list = add(box, el('ul', 'choices'));
  step.q.c.forEach(function (choice, i) {
    var ok = answer.given[i] === choice[1];
    var li = add(list, el('li', ok ? 'right' : 'wrong'));
    add(li, el('span', 'mark', ok ? '✓ ' : '✗ '));
    add(li, el('code', null, choice[0]));
    add(li, document.createTextNode(': ' + words[choice[1]] + (ok ? '' : ' (you said ' + words[answer.given[i]] + ')')));
  });
  if (step.q.k === 'calls') add(box, el('p', 'hint', 'The calls, in order, are under Handler calls below.'));
}
