/*
 * The driver PlaygroundBrowserTests has `outline serve` append to the playground's page
 * (OUTLINE_PLAYGROUND_DRIVER) to play the quiz as a learner does: with the quiz on, the log
 * under the command line holds back each asked step's output until it is answered or stepped
 * past; a line typed while a line's later steps are still to be asked runs after them and
 * drops none; a gesture asks its handlers and whether it runs, plain or under `expect error`,
 * and nothing on the page says a plain one failed before it is answered; a failure names the
 * commands its line did not run. It reports in `data-t-NAME` attributes.
 */
'use strict';
(function () {
  var root = document.documentElement;
  function report(name, value) {
    root.setAttribute('data-t-' + name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  function answers() { return Number(root.getAttribute('data-answers') || 0); }
  function wait(done) {
    return new Promise(function (resolve) {
      (function poll() { if (done()) resolve(); else setTimeout(poll, 5); })();
    });
  }
  // Types `line` once, as a learner presses Return once; resolves when the answer is drawn,
  // or at once when the page only asked whether to drop steps.
  function type(line) {
    var before = answers();
    document.getElementById('command').value = line;
    document.getElementById('command-form').requestSubmit();
    if (root.getAttribute('data-confirm') === 'asked') return Promise.resolve();
    return wait(function () { return answers() > before; });
  }
  function key(name) { document.body.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true })); }
  function position() { return document.getElementById('position').textContent; }
  function log() { return Array.from(document.querySelectorAll('#output div')).map(function (d) { return d.textContent; }); }
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
  type('append Food Drinks; append Apple Pear to Food').then(function () {
    // Step 1 is asked; step 2 (an append under collapsed Food) is still to come.
    report('first', position() + ' | ' + prompts().join(' | '));
    report('held', log());
    report('note', document.getElementById('drop-note').textContent);
    // A line typed now runs after step 2, dropping nothing.
    return type('expand Food');
  }).then(function () {
    report('continued', position() + ' ' + (root.getAttribute('data-confirm') || 'not asked to drop') +
      ' ' + steps.map(function (s) { return s.c; }).join(', '));
    report('none-asked', prompts().join(' | ') + ' | ' + steps[current].q.c.map(function (c) { return c.join('='); }).join(' '));
    report('skipped', log());
    answer();
    report('answered', document.getElementById('score').textContent + ' | ' + log().join(' / '));
    key('ArrowRight');
    report('gesture', position() + ' | ' + prompts().join(' | '));
    answer();
    report('gesture-answered', document.getElementById('score').textContent + ' | ' + log().join(' / '));
    return type('append Pip to Apple; expand Pip');
  }).then(function () {
    // The append asks first ("none" right); then → to the plain failing tap.
    answer();
    key('ArrowRight');
    report('failing', position() + ' | ' + prompts().join(' | ') + ' | ' +
      document.getElementById('announcer').textContent + ' | listed failed: ' + failedInList().join(','));
    report('failing-held', log());
    answer();
    report('failing-answered', document.getElementById('score').textContent + ' | listed failed: ' + failedInList().join(','));
    return type('expect error expand Pip');
  }).then(function () {
    report('expected', prompts().join(' | ') + ' | ' + JSON.stringify(steps[current].q.more));
    answer('runs');
    report('expected-wrong', Array.from(document.querySelectorAll('.verdict li.wrong')).map(function (li) { return li.textContent; }));
    return type('append X; delete Nope; append Y; count');
  }).then(function () {
    report('not-run', log().slice(-1)[0]);
    // The playground prints as the static page does: its print style hides the command line.
    var hidden = false;
    Array.from(document.styleSheets).forEach(function (sheet) {
      Array.from(sheet.cssRules).forEach(function (rule) {
        if (rule.media && rule.media.mediaText === 'print' && /#playground\s*\{\s*display: none !important/.test(rule.cssText)) hidden = true;
      });
    });
    report('print-hides-playground', hidden ? 'yes' : 'no');
    report('errors', root.getAttribute('data-errors') || '');
    report('done', 'yes');
  }).catch(function (error) {
    report('done', 'error: ' + error + ' ' + (error.stack || ''));
  });
})();
