/*
 * The page's first script: records every uncaught error, rejected promise and `console.error`
 * in the root element's `data-errors` attribute, where a test (or a person with the inspector)
 * can read it.
 *
 * HTMLScript.errorTrap: the page's first <script> holds the text after this comment.
 */
(function () { var root = document.documentElement, seen = [];
function note(text) { seen.push(String(text)); root.setAttribute('data-errors', seen.join(' | ')); }
window.addEventListener('error', function (e) { note(e.message || 'error'); });
window.addEventListener('unhandledrejection', function (e) { note('unhandled rejection: ' + e.reason); });
var original = console.error;
console.error = function () { note(Array.prototype.join.call(arguments, ' ')); return original.apply(console, arguments); };
})();
