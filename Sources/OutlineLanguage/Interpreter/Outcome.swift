import Diffable

/// What running one command did: the values every front end (text, `--json`) renders.
///
/// A command that changed the outline has a `transaction`; the handler calls it caused are in
/// `handlers`, in the order the data source made them. A query has a `result`. A command that
/// did nothing on purpose (expanding an expanded item) has a `note`. A failed command has an
/// `error` and changed nothing; its `handlers` still list the calls made before it failed (a
/// refusing `shouldCollapseItem`, say).
///
/// Not `Equatable`, since `Transaction` is not; compare the fields.
public struct Outcome: Sendable {
  /// The command's source text, as `--json` prints it in `command`.
  public var command: String
  /// The handler calls, in order.
  public var handlers: [HandlerCall] = []
  /// The change, nil when nothing changed; the last one when the command made several.
  public var transaction: Transaction<String, String>?
  /// Each change, in order, when the command made two or more; empty otherwise.
  ///
  /// `expand A B` is two taps, and UIKit applies each tap. The last step's transaction is
  /// `transaction`.
  public var steps: [Step] = []
  /// The items whose content changed without a change of identity (`retitle`): the data
  /// source's `reconfigureItems(_:)`, which removes, inserts and moves no row.
  public var reconfigured: [String] = []
  /// A query's answer.
  public var result: QueryResult?
  /// Why nothing happened, for a person: `Food is already expanded`.
  public var note: String?
  /// What a person must not miss although the command succeeded, one a line.
  ///
  /// What a `load` or `import` read in the file and the outline does not keep, so that a save
  /// to it is refused (SPEC §4, "Nothing is dropped in silence"). Text prints each as
  /// `warning: …`; JSON as `warnings`.
  public var warnings: [String] = []
  /// Why the command failed.
  public var error: CommandError?
  /// Whether the outcome is narration (`say`): its text is all it says, so a transcript
  /// (`--echo`) prints the text once, without the `> say TEXT` line before it.
  public var isNarration = false
  /// Whether the transactions print in full (`last --full`): every change in text, however
  /// many, and the whole `initial` and `final` section snapshots in JSON.
  public var inFull = false

  /// Creates an outcome for `command` with nothing in it yet.
  public init(command: String) { self.command = command }

  /// Whether the command succeeded.
  public var ok: Bool { error == nil }
}

extension Outcome {
  /// One change of a command that made several: the handler calls that led to it and its
  /// transaction.
  public struct Step: Sendable {
    /// How many of the outcome's `handlers`, after the previous step's, this step made.
    public var handlerCount: Int
    /// What the step changed.
    public var transaction: Transaction<String, String>

    /// Creates a step.
    public init(handlerCount: Int, transaction: Transaction<String, String>) {
      self.handlerCount = handlerCount
      self.transaction = transaction
    }
  }
}
