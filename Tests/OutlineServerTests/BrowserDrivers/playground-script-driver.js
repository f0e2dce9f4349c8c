/*
 * The driver PlaygroundBrowserTests has `outline serve SCRIPT` append to the playground's page
 * (OUTLINE_PLAYGROUND_DRIVER): the page opens at the script's last step; a line typed there
 * continues from it; a line typed at an earlier step is first refused with a note naming the
 * steps it would drop, and runs when typed again; in quiz mode, every step of a line of several
 * commands is asked; a reload-data apply and `last` ask nothing and mark no row. It reports
 * in `data-t-NAME` attributes.
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
  function submit(line) {
    document.getElementById('command').value = line;
    document.getElementById('command-form').requestSubmit();
  }
  function type(line) {
    var before = answers();
    submit(line);
    return wait(function () { return answers() > before; });
  }
  function key(name) { document.body.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true })); }
  function asked() { return document.getElementById('quiz-prompt') ? 'asked' : 'not asked'; }
  function badges() { return JSON.stringify(Array.from(document.querySelectorAll('.panes li .badge')).map(function (b) { return b.textContent; })); }
  function position() { return document.getElementById('position').textContent; }
  function note() { var n = document.getElementById('drop-note'); return n.hidden ? '(hidden)' : n.textContent; }
  function lastOutput() { var lines = document.querySelectorAll('#output div'); return lines.length ? lines[lines.length - 1].textContent : ''; }
  report('start', position() + ' ' + note());
  type('count').then(function () {
    report('continued', position());
    key('ArrowLeft');
    key('ArrowLeft');
    key('ArrowLeft');
    report('note', note());
    var before = answers();
    submit('count');
    report('asked', position() + ' ' + (answers() === before ? 'nothing sent' : 'sent') + ' | ' + lastOutput());
    key('ArrowRight');
    key('ArrowLeft');
    var again = answers();
    submit('count');
    report('moved-then-asked', answers() === again && root.getAttribute('data-confirm') === 'asked' ? 'asked again' : 'ran');
    return type('count');
  }).then(function () {
    report('dropped', position() + ' ' + note());
    // Quiz mode: each step of a line of several commands is asked, the first one first.
    var box = document.getElementById('quiz-switch');
    box.checked = true;
    box.dispatchEvent(new Event('change'));
    return type('append Kiwi; append Lime');
  }).then(function () {
    report('quiz-first', position() + ' ' + asked());
    var q = steps[current].q;
    document.querySelectorAll('form.quiz select').forEach(function (s, i) { s.value = q.c[i][1]; });
    document.querySelector('form.quiz button[type=submit]').click();
    key('ArrowRight');
    report('quiz-second', position() + ' ' + asked() + ' ' + document.getElementById('score').textContent);
    // A reload-data apply, then `last`: neither asks; the apply's rows are replaced at once.
    return type('begin; delete-items Kiwi; append-items Mango; apply --reload-data');
  }).then(function () {
    report('reload', position() + ' ' + asked() + ' ' + document.getAnimations().length + ' ' + badges() + ' ' + document.querySelector('.pane p').textContent);
    return type('last');
  }).then(function () {
    report('reload-last', position() + ' ' + asked() + ' ' + document.getAnimations().length + ' ' + badges() + ' ' + document.querySelectorAll('.transaction li').length);
    report('errors', root.getAttribute('data-errors') || '');
    report('done', 'yes');
  }).catch(function (error) {
    report('done', 'error: ' + error);
  });
})();
