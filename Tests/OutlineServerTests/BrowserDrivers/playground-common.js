/*
 * What every playground driver of PlaygroundBrowserTests shares, as `T`: ServedPlayground
 * writes this file and then the test's own driver into the one file that `outline serve`
 * appends to its page (OUTLINE_PLAYGROUND_DRIVER). A driver acts as a learner does (the
 * command line's input and submit, the arrow keys) and reports what the page showed in
 * `data-t-NAME` attributes of the root element, which the test reads from the dumped DOM.
 */
'use strict';
var T = {
  // Reports `value` (text, or anything as JSON) as data-t-NAME.
  report: function (name, value) {
    document.documentElement.setAttribute('data-t-' + name, typeof value === 'string' ? value : JSON.stringify(value));
  },
  // How many answers the page has drawn.
  answers: function () { return Number(document.documentElement.getAttribute('data-answers') || 0); },
  // Resolves once `done()` holds, asked every 5 ms.
  wait: function (done) {
    return new Promise(function (resolve) {
      (function poll() { if (done()) resolve(); else setTimeout(poll, 5); })();
    });
  },
  // Puts `line` in the command line and submits it, as Return does.
  submit: function (line) {
    document.getElementById('command').value = line;
    document.getElementById('command-form').requestSubmit();
  },
  // Whether the page, rather than sending the last line, asked whether to drop later steps.
  confirming: function () { return document.documentElement.getAttribute('data-confirm') === 'asked'; },
  // Types `line` once, as a learner presses Return once; resolves when its answer is drawn,
  // or at once when the page only asked whether to drop later steps.
  type: function (line) {
    var before = T.answers();
    T.submit(line);
    if (T.confirming()) return Promise.resolve();
    return T.wait(function () { return T.answers() > before; });
  },
  // Types `line`, and again when the page asks whether to drop later steps; resolves when
  // its answer is drawn.
  run: function (line) {
    var before = T.answers();
    T.submit(line);
    if (T.confirming()) T.submit(line);
    return T.wait(function () { return T.answers() > before; });
  },
  key: function (name) { document.body.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true })); },
  // Ends every running animation.
  settle: function () { document.getAnimations().forEach(function (a) { a.finish(); }); },
  position: function () { return document.getElementById('position').textContent; },
  // The lines of the command line's output.
  log: function () { return Array.from(document.querySelectorAll('#output div')).map(function (d) { return d.textContent; }); },
  // The collection view's rows as keys, each with its marks: "Food:inserted".
  rows: function () {
    return Array.from(document.querySelectorAll('#step .collection li[data-key]')).map(function (li) {
      return li.dataset.key + (li.className ? ':' + li.className : '');
    });
  },
  // Reports the page's script errors and `done` once `driven` (a promise) settles: "yes",
  // or the error that stopped the driver.
  finish: function (driven) {
    driven.then(function () {
      T.report('errors', document.documentElement.getAttribute('data-errors') || '');
      T.report('done', 'yes');
    }).catch(function (error) {
      T.report('done', 'error: ' + error + ' ' + (error.stack || ''));
    });
  }
};
