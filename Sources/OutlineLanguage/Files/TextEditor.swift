/// Where `edit` hands a text to a person: the user's editor, behind a protocol so that the
/// interpreter does no I/O of its own and tests can stand in for the person.
///
/// The `outline` executable's runs `$VISUAL`, else `$EDITOR`, else `vi` on a temporary file
/// (`OutlineShell.ProcessEditor`); a test's returns the text it was told to.
public protocol TextEditor: AnyObject {
  /// Writes `text` to a new file whose name ends in `suffix` (`.md`), opens the editor on it
  /// and waits for the editor to exit.
  ///
  /// - Returns: The file's path, the editor's exit status and the file's bytes then.
  /// - Throws: `FileError` when the file cannot be written or the editor cannot be started;
  ///   no file is left behind then.
  func edit(_ text: [UInt8], suffix: String) throws(FileError) -> EditedText

  /// Removes the file of an edit whose text was applied. A file that cannot be removed stays.
  func discard(_ edited: EditedText)
}

/// What a person left in the file `TextEditor.edit(_:suffix:)` opened.
public struct EditedText: Equatable, Sendable {
  /// The file the editor edited: where the text stays when it cannot be applied.
  public var path: String
  /// The editor's exit status: 0 when it exited normally and succeeded.
  public var status: Int32
  /// The file's bytes after the editor exited; nil when it could not be read.
  public var bytes: [UInt8]?

  /// Creates an edited text.
  public init(path: String, status: Int32, bytes: [UInt8]?) {
    self.path = path
    self.status = status
    self.bytes = bytes
  }
}
