/*
 * The driver of PlaygroundBrowserTests' end-to-end test, after playground-common.js (`T`): it
 * types commands as a person does, waits for each answer, steps back, types at the earlier
 * step, downloads, and answers the quiz wrong then right, reporting what the page showed.
 */
(function () {
  function download(kind) {
    var link = document.getElementById('download-' + kind);
    link.addEventListener('click', function (event) { event.preventDefault(); }, { once: true });
    link.click();
    return fetch(link.href).then(function (response) { return response.text(); });
  }
  T.report('start', T.position());
  T.finish(T.run('append Food Drinks').then(function () {
    T.report('animations-1', String(document.getAnimations().length));
    T.settle();
    T.report('rows-1', T.rows());
    T.report('position-1', T.position());
    return T.run('append Apple Pear to Food');
  }).then(function () {
    return T.run('expand Food');
  }).then(function () {
    T.settle();
    T.report('rows-3', T.rows());
    T.report('position-3', T.position());
    T.key('ArrowLeft');
    T.key('ArrowLeft');
    T.settle();
    T.report('back', T.position() + ' ' + JSON.stringify(T.rows()));
    return T.run('append Milk to Drinks; expand Drinks');
  }).then(function () {
    T.settle();
    T.report('continued', T.position() + ' ' + JSON.stringify(T.rows()));
    T.report('list', Array.from(document.querySelectorAll('#all-steps a')).map(function (a) { return a.textContent; }));
    return T.run('delete Nope');
  }).then(function () {
    T.settle();
    T.report('failed', T.position() + ' ' + (document.querySelector('#step .badge') || {}).textContent);
    return T.run('load /etc/passwd');
  }).then(function () {
    T.report('refused', T.position() + ' ' + T.log().filter(function (l) { return l.indexOf('--allow-files') >= 0; }).length);
    T.key('ArrowLeft');
    return download('script');
  }).then(function (text) {
    T.report('script', text);
    return download('html');
  }).then(function (text) {
    T.report('html', text.indexOf('<!DOCTYPE html>') === 0 && text.indexOf('command-form') < 0 ? 'static page' : text.slice(0, 80));
    return download('swift');
  }).then(function (text) {
    T.report('swift', text.indexOf('import XCTest') >= 0 ? 'test' : text.slice(0, 80));
    // Predict, then see: a wrong answer, then a right one, then a line at an earlier step.
    var box = document.getElementById('quiz-switch');
    box.checked = true;
    box.dispatchEvent(new Event('change'));
    T.key('End');
    return T.run('append Kiwi Lemon');
  }).then(function () {
    T.report('asked', (document.getElementById('quiz-prompt') || {}).textContent || 'not asked');
    document.querySelectorAll('form.quiz select').forEach(function (s) { s.value = 'removed'; });
    document.querySelector('form.quiz button[type=submit]').click();
    T.report('wrong', document.getElementById('score').textContent);
    return T.run('delete Kiwi');
  }).then(function () {
    var q = steps[current].q;
    document.querySelectorAll('form.quiz select').forEach(function (s, i) { s.value = q.c[i][1]; });
    document.querySelector('form.quiz button[type=submit]').click();
    T.report('right', document.getElementById('score').textContent);
    T.key('ArrowLeft');
    return T.run('delete Lemon');
  }).then(function () {
    T.report('asked-again', (document.getElementById('quiz-prompt') ? 'asked ' : 'not asked ') + document.getElementById('score').textContent);
    // The output, scrolled to its end, shows its first visible line whole inside its frame.
    var pane = document.getElementById('output');
    var top = pane.getBoundingClientRect().top + pane.clientTop;
    var first = Array.from(pane.children).find(function (line) {
      return line.getBoundingClientRect().bottom > top + 0.5;
    });
    T.report('output-top', (pane.scrollHeight > pane.clientHeight ? 'scrolled, ' : 'all shown, ') +
      (first && first.getBoundingClientRect().top >= top - 0.5 ? 'first line whole' : 'first line cut'));
  }));
})();
