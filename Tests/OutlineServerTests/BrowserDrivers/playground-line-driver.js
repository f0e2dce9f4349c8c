/*
 * The driver of PlaygroundBrowserTests' lines of several steps, after playground-common.js (`T`):
 * each line below makes more than one step, and the page shows the last; the driver reports, in
 * `data-t-NAME` attributes, the step shown, its rows with their marks, the removed rows put back
 * (ghosts) and what the collection view's pane says, after Return and after stepping back and
 * forth.
 */
(function () {
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
    T.settle();
    var ghosts = Array.from(document.querySelectorAll('#step .collection li.ghost')).map(function (li) {
      return li.querySelector('.item').textContent;
    });
    var caption = document.querySelector('#step .pane p');
    return T.position() + ' ' + JSON.stringify(T.rows()) +
      ' ghosts ' + JSON.stringify(ghosts) + ' | ' + (caption ? caption.textContent : '(no collection view)') +
      ' | moving ' + JSON.stringify(moved);
  }
  // Reports the step shown as NAME, then after ← as NAME-back and after → as NAME-forth.
  function backAndForth(name) {
    T.report(name, view());
    T.key('ArrowLeft');
    T.report(name + '-back', view());
    T.key('ArrowRight');
    T.report(name + '-forth', view());
  }
  T.finish(T.type('append A B C').then(function () {
    return T.type('delete B; count');
  }).then(function () {
    backAndForth('query');
    return T.type('append D; delete A');
  }).then(function () {
    backAndForth('two-edits');
    return T.type('delete C; delete Nope');
  }).then(function () {
    T.report('failed', view());
    return T.type('append E; delete D; append F; say hello');
  }).then(function () {
    T.report('say', view());
    return T.type('append-items W; append-items W');
  }).then(function () {
    // A warning, as the REPL prints it on standard error: a warning in the log, and on the
    // step that made it.
    T.report('warned', Array.from(document.querySelectorAll('#output .out-warning')).map(function (d) { return d.textContent; }).concat(
      Array.from(document.querySelectorAll('#step .status.warning')).map(function (p) { return p.textContent; })));
    T.report('warning-style', getComputedStyle(document.querySelector('#output .out-warning')).color + ' ' +
      getComputedStyle(document.querySelector('#step .status.warning')).color);
    T.key('ArrowLeft');
    T.report('no-warning-before', String(document.querySelectorAll('#step .status.warning').length));
  }));
})();
