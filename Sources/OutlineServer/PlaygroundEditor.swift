import OutlineLanguage

/// The playground's stand-in for a person's editor: a server has no terminal to open one in,
/// so every `edit` is refused with the way round it.
///
/// A line typed into the page that holds `edit` is refused before it runs
/// (`Playground.refusal(of:)`); this editor answers an `edit` that a sourced script reaches,
/// with the same reason.
///
/// ```swift
/// session.editor = PlaygroundEditor()
/// // edit → error: cannot edit: edit opens a text editor in the terminal, …
/// ```
final class PlaygroundEditor: TextEditor {
  /// Why `edit` is refused, and what to do instead.
  static let refusal =
    "edit opens a text editor in the terminal, and the playground has no terminal: type the "
    + "changes as commands, or (with 'outline serve --allow-files DIR') edit a file in DIR in "
    + "your own editor, see its transaction with 'diff FILE' and apply it with 'load FILE'"

  /// Refuses: no editor can start.
  ///
  /// - Throws: `FileError` with `refusal`, always.
  /// - Complexity: O(1).
  func edit(_ text: [UInt8], suffix: String) throws(FileError) -> EditedText {
    throw FileError(Self.refusal)
  }

  /// Does nothing: no edit is ever made.
  ///
  /// - Complexity: O(1).
  func discard(_ edited: EditedText) {}
}
