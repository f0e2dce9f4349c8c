/*
 * The driver PlaygroundBrowserTests has `outline serve` append to the playground's page
 * (OUTLINE_PLAYGROUND_DRIVER): it types commands as a person does (the input, the form's
 * submit, the arrow keys), waits for each answer, and reports what the page showed in
 * `data-t-NAME` attributes of the root element, which the test reads from the dumped DOM.
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
  // Types `line` into the command line and submits it (again, when the page first asks
  // whether to drop the later steps); resolves when the answer is drawn.
  function type(line) {
    var before = answers();
    document.getElementById('command').value = line;
    document.getElementById('command-form').requestSubmit();
    if (root.getAttribute('data-confirm') === 'asked') {
      document.getElementById('command').value = line;
      document.getElementById('command-form').requestSubmit();
    }
    return wait(function () { return answers() > before; });
  }
  function key(name) { document.body.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true })); }
  function rows() {
    return Array.from(document.querySelectorAll('#step .collection li[data-key]')).map(function (li) {
      return li.dataset.key + (li.className ? ':' + li.className : '');
    });
  }
  function position() { return document.getElementById('position').textContent; }
  function output() { return Array.from(document.querySelectorAll('#output div')).map(function (d) { return d.textContent; }); }
  function settle() { document.getAnimations().forEach(function (a) { a.finish(); }); }
  function download(kind) {
    var link = document.getElementById('download-' + kind);
    link.addEventListener('click', function (event) { event.preventDefault(); }, { once: true });
    link.click();
    return fetch(link.href).then(function (response) { return response.text(); });
  }
  report('start', position());
  type('append Food Drinks').then(function () {
    report('animations-1', String(document.getAnimations().length));
    settle();
    report('rows-1', rows());
    report('position-1', position());
    return type('append Apple Pear to Food');
  }).then(function () {
    return type('expand Food');
  }).then(function () {
    settle();
    report('rows-3', rows());
    report('position-3', position());
    key('ArrowLeft');
    key('ArrowLeft');
    settle();
    report('back', position() + ' ' + JSON.stringify(rows()));
    return type('append Milk to Drinks; expand Drinks');
  }).then(function () {
    settle();
    report('continued', position() + ' ' + JSON.stringify(rows()));
    report('list', Array.from(document.querySelectorAll('#all-steps a')).map(function (a) { return a.textContent; }));
    return type('delete Nope');
  }).then(function () {
    settle();
    report('failed', position() + ' ' + (document.querySelector('#step .badge') || {}).textContent);
    return type('load /etc/passwd');
  }).then(function () {
    report('refused', position() + ' ' + output().filter(function (l) { return l.indexOf('--allow-files') >= 0; }).length);
    key('ArrowLeft');
    return download('script');
  }).then(function (text) {
    report('script', text);
    return download('html');
  }).then(function (text) {
    report('html', text.indexOf('<!DOCTYPE html>') === 0 && text.indexOf('command-form') < 0 ? 'static page' : text.slice(0, 80));
    return download('swift');
  }).then(function (text) {
    report('swift', text.indexOf('import XCTest') >= 0 ? 'test' : text.slice(0, 80));
    // Predict, then see: a wrong answer, then a right one, then a line at an earlier step.
    var box = document.getElementById('quiz-switch');
    box.checked = true;
    box.dispatchEvent(new Event('change'));
    key('End');
    return type('append Kiwi Lemon');
  }).then(function () {
    report('asked', (document.getElementById('quiz-prompt') || {}).textContent || 'not asked');
    document.querySelectorAll('form.quiz select').forEach(function (s) { s.value = 'removed'; });
    document.querySelector('form.quiz button[type=submit]').click();
    report('wrong', document.getElementById('score').textContent);
    return type('delete Kiwi');
  }).then(function () {
    var q = steps[current].q;
    document.querySelectorAll('form.quiz select').forEach(function (s, i) { s.value = q.c[i][1]; });
    document.querySelector('form.quiz button[type=submit]').click();
    report('right', document.getElementById('score').textContent);
    key('ArrowLeft');
    return type('delete Lemon');
  }).then(function () {
    report('asked-again', (document.getElementById('quiz-prompt') ? 'asked ' : 'not asked ') + document.getElementById('score').textContent);
    // The output, scrolled to its end, shows its first visible line whole inside its frame.
    var pane = document.getElementById('output');
    var top = pane.getBoundingClientRect().top + pane.clientTop;
    var first = Array.from(pane.children).find(function (line) {
      return line.getBoundingClientRect().bottom > top + 0.5;
    });
    report('output-top', (pane.scrollHeight > pane.clientHeight ? 'scrolled, ' : 'all shown, ') +
      (first && first.getBoundingClientRect().top >= top - 0.5 ? 'first line whole' : 'first line cut'));
    report('errors', root.getAttribute('data-errors') || '');
    report('done', 'yes');
  }).catch(function (error) {
    report('done', 'error: ' + error);
  });
})();
