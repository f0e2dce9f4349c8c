/// The page's scripts: the error trap that runs first and the step viewer, from the files in
/// `Resources/` (`error-trap.js`; `state.js`, `drawing.js`, `quiz.js`, `navigation.js`).
///
/// The viewer keeps the outline as arrays per section (items, levels, expansion flags) and
/// moves it forward and backward through each step's row changes, drawing only a window of
/// rows around the changes of a large outline, so that a step costs O(*n*) array work and a
/// bounded number of DOM rows.
enum HTMLScript {
  /// Records every uncaught error, rejected promise and `console.error` in the root element's
  /// `data-errors` attribute, where a test (or a person with the inspector) can read it.
  static let errorTrap = Asset(PackageResources.error_trap_js, name: "error-trap.js")
    .textWithoutFinalLineBreak

  /// The step viewer (see `HTMLDocument+Steps.swift` for the data it reads): the outline's
  /// state and how a step moves it, drawing a step, the quiz, then the buttons, keys, links
  /// and printing.
  static let main =
    Asset(PackageResources.state_js, name: "state.js").text
    + Asset(PackageResources.drawing_js, name: "drawing.js").text
    + Asset(PackageResources.quiz_js, name: "quiz.js").text
    + Asset(PackageResources.navigation_js, name: "navigation.js").textWithoutFinalLineBreak
}
