/// The page's scripts: the error trap that runs first and the step viewer.
///
/// The viewer keeps the outline as arrays per section (items, levels, expansion flags) and
/// moves it forward and backward through each step's row changes, drawing only a window of
/// rows around the changes of a large outline, so that a step costs O(*n*) array work and a
/// bounded number of DOM rows.
enum HTMLScript {
  /// Records every uncaught error, rejected promise and `console.error` in the root element's
  /// `data-errors` attribute, where a test (or a person with the inspector) can read it.
  static let errorTrap = #"""
    (function () { var root = document.documentElement, seen = [];
    function note(text) { seen.push(String(text)); root.setAttribute('data-errors', seen.join(' | ')); }
    window.addEventListener('error', function (e) { note(e.message || 'error'); });
    window.addEventListener('unhandledrejection', function (e) { note('unhandled rejection: ' + e.reason); });
    var original = console.error;
    console.error = function () { note(Array.prototype.join.call(arguments, ' ')); return original.apply(console, arguments); };
    })();
    """#

  /// The step viewer (see `HTMLDocument+Steps.swift` for the data it reads).
  static let main = HTMLScript.state + HTMLScript.drawing + HTMLScript.navigation
}
