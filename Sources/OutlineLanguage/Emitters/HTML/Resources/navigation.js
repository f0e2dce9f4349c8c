/*
 * The step viewer, part 4 of 4: buttons, keys, the quiz switch, the list of all steps, the live
 * region, `#step=N` links, printing every step (in quiz mode with an answer key), and the
 * `#walk` self-check a test runs.
 *
 * HTMLScript.main: after state.js, drawing.js and quiz.js, without this comment.
 */
var current = -1, currentLink = null, links = [];
var announcer = document.getElementById('announcer'), position = document.getElementById('position');
function show(k, animated, replay) {
  if (!steps.length) return;
  k = Math.max(0, Math.min(steps.length - 1, k));
  draw(k, animated, replay);
  current = k;
  var step = steps[k], what = step.c === null ? 'narration' : step.c + (step.ok || asking(k) ? '' : ', failed');
  position.textContent = 'Step ' + (k + 1) + ' of ' + steps.length;
  announcer.textContent = 'Step ' + (k + 1) + ' of ' + steps.length + ': ' + what;
  document.getElementById('first').disabled = document.getElementById('previous').disabled = k === 0;
  document.getElementById('next').disabled = document.getElementById('last').disabled = k === steps.length - 1;
  if (currentLink) currentLink.removeAttribute('aria-current');
  currentLink = links[k];
  if (currentLink) currentLink.setAttribute('aria-current', 'step');
  try { history.replaceState(null, '', '#step=' + (k + 1)); } catch (e) { /* a file URL may refuse */ }
}
// Whether the list marks step `k` failed: not while the quiz asks it (nor a step just
// dropped, whose link goes as the list is built again).
function listsFailed(k) { var step = steps[k]; return !!step && step.c !== null && !step.ok && !step.xe && !asking(k); }
// Marks each step of the list failed or not, as answers come and the quiz switch turns.
function markFailures() {
  links.forEach(function (a, k) { a.parentNode.className = listsFailed(k) ? 'failed' : ''; });
}
function buildList() {
  var list = document.getElementById('all-steps'), fragment = document.createDocumentFragment();
  steps.forEach(function (step, k) {
    var li = el('li', listsFailed(k) ? 'failed' : '');
    step.say.forEach(function (text) { add(li, el('span', 'list-narration', text)); });
    var a = add(li, el('a', null, step.c === null ? '(narration)' : step.c));
    a.href = '#step=' + (k + 1);
    a.addEventListener('click', function (event) { event.preventDefault(); show(k, false); document.getElementById('step').focus(); });
    links.push(a);
    fragment.appendChild(li);
  });
  list.appendChild(fragment);
}
function fromHash() {
  var match = /^#step=(\d+)$/.exec(location.hash);
  return match ? parseInt(match[1], 10) - 1 : 0;
}
// Steps through the whole run forward, then back, checking that every state going back is
// the state going forward, and that the end matches the session's numbers.
function walk() {
  var started = performance.now(), forwardSignatures = [], problems = [];
  function press(key) { document.body.dispatchEvent(new KeyboardEvent('keydown', { key: key, bubbles: true })); }
  goTo(0);
  forwardSignatures.push(signature());
  show(0, false);
  forwardSignatures.push(signature());
  for (var k = 1; k < steps.length; k++) {
    press('ArrowRight');
    if (current !== k) problems.push('→ went to step ' + (current + 1) + ', not ' + (k + 1));
    forwardSignatures.push(signature());
  }
  data.final.forEach(function (entry) {
    var s = section(entry[0]), visible = visibility(s).filter(Boolean).length;
    if (order.indexOf(entry[0]) < 0) problems.push('section ' + entry[0] + ' missing at the end');
    if (s.it.length !== entry[1] || visible !== entry[2]) problems.push('section ' + entry[0] + ': ' + s.it.length + '/' + visible + ' rows at the end, expected ' + entry[1] + '/' + entry[2]);
  });
  if (order.length !== data.final.length) problems.push('sections at the end: ' + order.join(','));
  if (signature() !== data.sig) problems.push('the outline at the end is not the session\'s');
  for (k = steps.length - 1; k >= 0; k--) {
    if (k < steps.length - 1) press('ArrowLeft');
    if (current !== k) problems.push('← went to step ' + (current + 1) + ', not ' + (k + 1));
    if (signature() !== forwardSignatures[k + 1]) problems.push('step ' + (k + 1) + ' differs going back');
    goTo(k);
    if (signature() !== forwardSignatures[k]) problems.push('before step ' + (k + 1) + ' differs going back');
  }
  press('End');
  if (current !== steps.length - 1) problems.push('End went to step ' + (current + 1));
  press('Home');
  if (current !== 0) problems.push('Home went to step ' + (current + 1));
  root.setAttribute('data-walk', problems.length ? problems.slice(0, 5).join('; ') : 'ok');
  root.setAttribute('data-walk-ms', String(Math.round(performance.now() - started)));
  root.setAttribute('data-walk-steps', String(steps.length));
}
document.getElementById('first').addEventListener('click', function () { show(0, false); });
document.getElementById('previous').addEventListener('click', function () { show(current - 1, true); });
document.getElementById('next').addEventListener('click', function () { show(current + 1, true); });
document.getElementById('last').addEventListener('click', function () { show(steps.length - 1, false); });
document.getElementById('replay').addEventListener('click', function () { show(current, true, true); });
document.addEventListener('keydown', function (event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  var target = event.target && event.target.tagName;
  if (target === 'INPUT' || target === 'TEXTAREA' || target === 'SELECT') return;
  // A: to the question's first choice, from anywhere but a form control.
  var choice = event.key === 'a' && document.querySelector('form.quiz [data-choice]');
  if (choice) { event.preventDefault(); choice.focus(); return; }
  var to = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: steps.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  if (to !== current) show(to, Math.abs(to - current) === 1);
});
quizSwitch.addEventListener('change', function () { markFailures(); if (current >= 0) show(current, false); });
// Printing: every step in order, each with its result (the print style sheet shows only this);
// in quiz mode, each question first with its right answers, an answer key.
function printAll() {
  var box = document.getElementById('print'), fragment = document.createDocumentFragment();
  settle();
  box.textContent = '';
  steps.forEach(function (step, k) {
    var article = add(fragment, el('article', 'print-step'));
    if (quizSwitch.checked && step.q) settleRows(k);
    draw(k, false, false, article);
    if (quizSwitch.checked && step.q) {
      var key = el('div');
      answerKey(key, step);
      article.insertBefore(key.firstChild, article.querySelector('.location').nextSibling);
    }
  });
  box.appendChild(fragment);
}
window.addEventListener('beforeprint', printAll);
window.addEventListener('afterprint', function () { document.getElementById('print').textContent = ''; });
window.addEventListener('hashchange', function () { var k = fromHash(); if (k !== current) show(k, false); });
buildList();
quizSwitch.checked = !!data.quiz;
score();
if (location.hash === '#walk' && steps.length) walk();
else show(fromHash(), false);
if (!steps.length) { position.textContent = 'No steps'; document.getElementById('step').textContent = 'The run had no commands.'; }
root.setAttribute('data-ready', 'true');
