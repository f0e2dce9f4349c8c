/*
 * The driver of PlaygroundBrowserTests' lines of several steps: each line below makes more
 * than one step, and the page shows the last; the driver reports, in `data-t-NAME`
 * attributes, the step shown, its rows with their marks, the removed rows put back (ghosts)
 * and what the collection view's pane says, after Return and after stepping back and forth.
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
  function type(line) {
    var before = answers();
    document.getElementById('command').value = line;
    document.getElementById('command-form').requestSubmit();
    return wait(function () { return answers() > before; });
  }
  function key(name) { document.body.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true })); }
  function settle() { document.getAnimations().forEach(function (a) { a.finish(); }); }
  // What moves: each animated row (a ghost by its item) with how
  // (a removed row folds, a new one unfolds, a kept one slides), in the page's order.
  function moving() {
    return document.getAnimations().map(function (a) {
      var target = a.effect.target, ghost = target.classList.contains('ghost');
      var name = ghost ? 'ghost ' + target.querySelector('.item').textContent : target.dataset.key;
      return name + ' ' + (a.effect.getKeyframes()[0].transform ? 'slides' : ghost ? 'folds' : 'unfolds');
    });
  }
  // What moved as the last step was drawn, read as soon as it is drawn: every way of showing
  // a step (the answer to a line, a key) calls the global `show`.
  var moved = [], shown = show;
  show = function () { shown.apply(null, arguments); moved = moving(); };
  // The step shown: its position, its rows (marked), the ghosts of removed rows, and the
  // collection view's caption, read after the animations ran to their end; then what moved.
  function view() {
    settle();
    var rows = Array.from(document.querySelectorAll('#step .collection li[data-key]')).map(function (li) {
      return li.dataset.key + (li.className ? ':' + li.className : '');
    });
    var ghosts = Array.from(document.querySelectorAll('#step .collection li.ghost')).map(function (li) {
      return li.querySelector('.item').textContent;
    });
    var caption = document.querySelector('#step .pane p');
    return document.getElementById('position').textContent + ' ' + JSON.stringify(rows) +
      ' ghosts ' + JSON.stringify(ghosts) + ' | ' + (caption ? caption.textContent : '(no collection view)') +
      ' | moving ' + JSON.stringify(moved);
  }
  type('append A B C').then(function () {
    return type('delete B; count');
  }).then(function () {
    report('query', view());
    key('ArrowLeft');
    report('query-back', view());
    key('ArrowRight');
    report('query-forth', view());
    return type('append D; delete A');
  }).then(function () {
    report('two-edits', view());
    key('ArrowLeft');
    report('two-edits-back', view());
    key('ArrowRight');
    report('two-edits-forth', view());
    return type('delete C; delete Nope');
  }).then(function () {
    report('failed', view());
    return type('append E; delete D; append F; say hello');
  }).then(function () {
    report('say', view());
    report('errors', root.getAttribute('data-errors') || '');
    report('done', 'yes');
  }).catch(function (error) {
    report('done', 'error: ' + error);
  });
})();
