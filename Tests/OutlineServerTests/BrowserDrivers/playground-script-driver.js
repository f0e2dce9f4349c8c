/*
 * The driver of PlaygroundBrowserTests' `outline serve SCRIPT` test, after
 * playground-common.js (`T`): the page opens at the script's last step; a line typed there
 * continues from it; a line typed at an earlier step is first refused with a note naming the
 * steps it would drop, and runs when typed again; in quiz mode, every step of a line of several
 * commands is asked; a reload-data apply and `last` ask nothing and mark no row. It reports
 * in `data-t-NAME` attributes.
 */
(function () {
  function asked() { return document.getElementById('quiz-prompt') ? 'asked' : 'not asked'; }
  function badges() { return JSON.stringify(Array.from(document.querySelectorAll('.panes li .badge')).map(function (b) { return b.textContent; })); }
  function note() { var n = document.getElementById('drop-note'); return n.hidden ? '(hidden)' : n.textContent; }
  function lastOutput() { var lines = document.querySelectorAll('#output div'); return lines.length ? lines[lines.length - 1].textContent : ''; }
  T.report('start', T.position() + ' ' + note());
  T.finish(T.type('count').then(function () {
    T.report('continued', T.position());
    T.key('ArrowLeft');
    T.key('ArrowLeft');
    T.key('ArrowLeft');
    T.report('note', note());
    var before = T.answers();
    T.submit('count');
    T.report('asked', T.position() + ' ' + (T.answers() === before ? 'nothing sent' : 'sent') + ' | ' + lastOutput());
    T.key('ArrowRight');
    T.key('ArrowLeft');
    var again = T.answers();
    T.submit('count');
    T.report('moved-then-asked', T.answers() === again && T.confirming() ? 'asked again' : 'ran');
    return T.type('count');
  }).then(function () {
    T.report('dropped', T.position() + ' ' + note());
    // Quiz mode: each step of a line of several commands is asked, the first one first.
    var box = document.getElementById('quiz-switch');
    box.checked = true;
    box.dispatchEvent(new Event('change'));
    return T.type('append Kiwi; append Lime');
  }).then(function () {
    T.report('quiz-first', T.position() + ' ' + asked());
    var q = steps[current].q;
    document.querySelectorAll('form.quiz select').forEach(function (s, i) { s.value = q.c[i][1]; });
    document.querySelector('form.quiz button[type=submit]').click();
    T.key('ArrowRight');
    T.report('quiz-second', T.position() + ' ' + asked() + ' ' + document.getElementById('score').textContent);
    // A reload-data apply, then `last`: neither asks; the apply's rows are replaced at once.
    return T.type('begin; delete-items Kiwi; append-items Mango; apply --reload-data');
  }).then(function () {
    T.report('reload', T.position() + ' ' + asked() + ' ' + document.getAnimations().length + ' ' + badges() + ' ' + document.querySelector('.pane p').textContent);
    return T.type('last');
  }).then(function () {
    T.report('reload-last', T.position() + ' ' + asked() + ' ' + document.getAnimations().length + ' ' + badges() + ' ' + document.querySelectorAll('.transaction li').length);
  }));
})();
