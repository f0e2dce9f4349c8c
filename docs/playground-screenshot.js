/*
 * The driver scripts/screenshot-playground has `outline serve` append to the playground's page
 * (OUTLINE_PLAYGROUND_DRIVER) for docs/playground.png: it types four lines as a person does,
 * finishes the last step's animation, and leaves a fifth line typed but not run.
 */
'use strict';
(function () {
  function answers() { return Number(document.documentElement.getAttribute('data-answers') || 0); }
  function type(line) {
    var before = answers();
    document.getElementById('command').value = line;
    document.getElementById('command-form').requestSubmit();
    return new Promise(function (resolve) {
      (function poll() { if (answers() > before) resolve(); else setTimeout(poll, 5); })();
    });
  }
  type('append Food Drinks')
    .then(function () { return type('append Apple Pear to Food'); })
    .then(function () { return type('rule lazy Drinks Tea Coffee'); })
    .then(function () { return type('expand Drinks'); })
    .then(function () {
      document.getAnimations().forEach(function (animation) { animation.finish(); });
      var input = document.getElementById('command');
      input.value = 'move Coffee before Tea';
      input.focus();
    });
})();
