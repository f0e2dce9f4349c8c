/*
 * The test driver that EmitHTMLTests appends to a page emitted by `outline --emit-html`, after
 * the page's own script: it drives the page as a reader does (keys, clicks, form controls) and
 * reports what it saw in `data-t-NAME` attributes of the root element, which the test reads
 * from the DOM that chromium-headless-shell dumps. A test's own lines follow this file.
 */
'use strict';
var T = {
  // Reports `value` (text, or anything as JSON) as data-t-NAME.
  report: function (name, value) {
    document.documentElement.setAttribute('data-t-' + name, typeof value === 'string' ? value : JSON.stringify(value));
  },
  key: function (key) { document.body.dispatchEvent(new KeyboardEvent('keydown', { key: key, bubbles: true })); },
  // Goes to step `n` (from 1) by keys: Home, then → until there.
  go: function (n) { T.key('Home'); for (var k = 1; k < n; k++) T.key('ArrowRight'); },
  click: function (selector) { document.querySelector(selector).click(); },
  // Stops every running animation `ms` milliseconds in.
  pauseAt: function (ms) { document.getAnimations().forEach(function (a) { a.pause(); a.currentTime = ms; }); },
  text: function (selector) { var node = document.querySelector(selector); return node ? node.textContent : null; },
  texts: function (selector) { return Array.from(document.querySelectorAll(selector)).map(function (n) { return n.textContent; }); },
  // The pairs of elements of `a` and `b` (selectors) whose boxes overlap vertically by more
  // than half a pixel, as "A text | B text".
  overlaps: function (a, b) {
    var found = [];
    document.querySelectorAll(a).forEach(function (x) {
      var r = x.getBoundingClientRect();
      if (r.height < 0.5) return;
      document.querySelectorAll(b).forEach(function (y) {
        var s = y.getBoundingClientRect();
        if (Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top) > 0.5) found.push(x.textContent + ' | ' + y.textContent);
      });
    });
    return found;
  },
  // Answers the question on screen: `choices` maps a choice's text to a select's value or to
  // true/false for a checkbox; then presses the form's button.
  answer: function (choices) {
    document.querySelectorAll('form.quiz li').forEach(function (li) {
      var name = li.querySelector('code').textContent, control = li.querySelector('select, input');
      if (!(name in choices)) return;
      if (control.type === 'checkbox') control.checked = !!choices[name]; else control.value = choices[name];
    });
    document.querySelector('form.quiz button[type=submit]').click();
  }
};
