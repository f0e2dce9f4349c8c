/*
 * The driver of PlaygroundBrowserTests' quiz test, after playground-common.js (`T`), to play the
 * quiz as a learner does: with the quiz on, the log under the command line holds back each asked
 * step's output until it is answered or stepped past; a line typed while a line's later steps are
 * still to be asked runs after them and drops none; a gesture asks its handlers and whether it
 * runs, plain or under `expect error`, and nothing on the page says a plain one failed before it is
 * answered; a failure names the commands its line did not run; a line typed with the quiz off
 * brings no questions, which the page asks the server for when the quiz is turned on again. It
 * reports in `data-t-NAME` attributes.
 */
(function () {
  function prompts() { return Array.from(document.querySelectorAll('form.quiz h3')).map(function (h) { return h.textContent; }); }
  function failedInList() { return Array.from(document.querySelectorAll('#all-steps li.failed a')).map(function (a) { return a.textContent; }); }
  // Answers the question shown with its right answers, or with `wrong` for every select.
  function answer(wrong) {
    var q = steps[current].q;
    [q].concat(q.more || []).forEach(function (part, p) {
      part.c.forEach(function (choice, i) {
        var control = document.querySelector('form.quiz [data-part="' + p + '"][data-choice="' + i + '"]');
        if (control.type === 'checkbox') control.checked = choice[1] === 'yes';
        else control.value = wrong || choice[1];
      });
    });
    document.querySelector('form.quiz button[type=submit]').click();
  }
  var box = document.getElementById('quiz-switch');
  box.checked = true;
  box.dispatchEvent(new Event('change'));
  T.finish(T.type('append Food Drinks; append Apple Pear to Food').then(function () {
    // Step 1 is asked; step 2 (an append under collapsed Food) is still to come.
    T.report('first', T.position() + ' | ' + prompts().join(' | '));
    T.report('held', T.log());
    T.report('note', document.getElementById('drop-note').textContent);
    // A line typed now runs after step 2, dropping nothing.
    return T.type('expand Food');
  }).then(function () {
    T.report('continued', T.position() + ' ' + (document.documentElement.getAttribute('data-confirm') || 'not asked to drop') +
      ' ' + steps.map(function (s) { return s.c; }).join(', '));
    T.report('none-asked', prompts().join(' | ') + ' | ' + steps[current].q.c.map(function (c) { return c.join('='); }).join(' '));
    T.report('skipped', T.log());
    answer();
    T.report('answered', document.getElementById('score').textContent + ' | ' + T.log().join(' / '));
    T.key('ArrowRight');
    T.report('gesture', T.position() + ' | ' + prompts().join(' | '));
    answer();
    T.report('gesture-answered', document.getElementById('score').textContent + ' | ' + T.log().join(' / '));
    return T.type('append Pip to Apple; expand Pip');
  }).then(function () {
    // The append asks first ("none" right); then → to the plain failing tap.
    answer();
    T.key('ArrowRight');
    T.report('failing', T.position() + ' | ' + prompts().join(' | ') + ' | ' +
      document.getElementById('announcer').textContent + ' | listed failed: ' + failedInList().join(','));
    T.report('failing-held', T.log());
    answer();
    T.report('failing-answered', document.getElementById('score').textContent + ' | listed failed: ' + failedInList().join(','));
    return T.type('expect error expand Pip');
  }).then(function () {
    T.report('expected', prompts().join(' | ') + ' | ' + JSON.stringify(steps[current].q.more));
    answer('runs');
    T.report('expected-wrong', Array.from(document.querySelectorAll('.verdict li.wrong')).map(function (li) { return li.textContent; }));
    return T.type('append X; delete Nope; append Y; count');
  }).then(function () {
    T.report('not-run', T.log().slice(-1)[0]);
    // The playground prints as the static page does: its print style hides the command line.
    var hidden = false;
    Array.from(document.styleSheets).forEach(function (sheet) {
      Array.from(sheet.cssRules).forEach(function (rule) {
        if (rule.media && rule.media.mediaText === 'print' && /#playground\s*\{\s*display: none !important/.test(rule.cssText)) hidden = true;
      });
    });
    T.report('print-hides-playground', hidden ? 'yes' : 'no');
    // With the quiz off a line's steps come without their questions; turned on again, the
    // page asks the server for them and asks the step shown.
    box.checked = false;
    box.dispatchEvent(new Event('change'));
    return T.type('append Z');
  }).then(function () {
    T.report('quiz-off', T.position() + ' | ' + (steps[current].nq ? 'nq' : 'no nq') + ' ' +
      (steps[current].q ? 'q' : 'no q') + ' | asked: ' + prompts().length);
    var before = Number(document.documentElement.getAttribute('data-questions') || 0);
    box.checked = true;
    box.dispatchEvent(new Event('change'));
    return T.wait(function () { return Number(document.documentElement.getAttribute('data-questions') || 0) > before; });
  }).then(function () {
    T.report('quiz-on-again', T.position() + ' | ' + prompts().join(' | ') + ' | ' +
      steps.filter(function (step) { return step.nq; }).length + ' without questions | ' +
      steps[current].q.c.map(function (c) { return c.join('='); }).join(' '));
    var score = document.getElementById('score').textContent;
    answer();
    T.report('quiz-on-answered', score + ' -> ' + document.getElementById('score').textContent);
  }));
})();
