import Diffable

/// What running one command did: the values every front end (text, `--json`) renders.
///
/// A command that changed the outline has a `transaction`; the handler calls it caused are in
/// `handlers`, in the order the data source made them. A query has a `result`. A command that
/// did nothing on purpose (expanding an expanded item) has a `note`. A failed command has an
/// `error` and changed nothing; its `handlers` still list the calls made before it failed (a
/// refusing `shouldCollapseItem`, say).
///
/// The interpreter decides once: `effect` records what the command did to the data source,
/// and `before` and `after` the session's state around it, so that `--swift`, `--emit-swift`
/// and `--emit-html` print the outcome without parsing the command again.
///
/// Not `Equatable`, since `Transaction` is not; compare the fields.
public struct Outcome: Sendable {
  /// The command's source text, as `--json` prints it in `command`.
  public var command: String
  /// The command as parsed; nil for a line that did not parse.
  public var parsed: Command?
  /// What the command did to the data source: `.none` after a failure.
  public var effect: Effect = .none
  /// The session's state before the command; nil for a line that did not parse, or when the
  /// session does not record states (`Session.recordsStates`).
  ///
  /// - Complexity: O(1).
  public var before: SessionState? {
    get { boxedBefore?.value }
    set { boxedBefore = newValue.map(Boxed.init) }
  }
  /// The session's state after the command (the state before, after a failure); nil as
  /// `before` is.
  ///
  /// - Complexity: O(1).
  public var after: SessionState? {
    get { boxedAfter?.value }
    set { boxedAfter = newValue.map(Boxed.init) }
  }
  /// The handler calls, in order.
  public var handlers: [HandlerCall] = []
  /// The change, nil when nothing changed; the last one when the command made several.
  public var transaction: Transaction<String, String>?
  /// Each change, in order, when the command made two or more, or a drag lifted its item;
  /// empty otherwise.
  ///
  /// `expand A B` is two taps, and UIKit applies each tap; a drag of an expanded parent is
  /// its lift (the collapse) and its drop, and keeps the lift as a step even when the drop
  /// changes nothing. The last step's transaction is `transaction`.
  public var steps: [Step] = []
  /// The items whose content changed without a change of identity (`retitle`, and the
  /// retitled lines of `edit` or of `load` over an outline): the data source's
  /// `reconfigureItems(_:)`, which removes, inserts and moves no row; read from `effect`.
  public var reconfigured: [String] {
    switch effect {
    case .reconfigure(let items), .rebuildMatching(let items): return items
    default: return marks.reconfiguredItems
    }
  }
  /// How the items that `edit` or a `load` over an outline kept changed (retitled, checked,
  /// unchecked, and how many of each were hidden), for the brief output; nil for any other
  /// command.
  public var reconfiguredCounts: ReconfiguredCounts?
  /// The items whose title a text changed (`edit`, `load` over an outline) while they were
  /// hidden: the app's model changed, and no cell is reconfigured, since a hidden item has none.
  public var hiddenRetitled: [String] = []
  /// What the flat snapshot that the command applied marked for reloading and reconfiguring.
  ///
  /// Its `reloadedItemIdentifiers`, `reconfiguredItemIdentifiers` and
  /// `reloadedSectionIdentifiers`, for a flat snapshot command, or `apply` of a batch that edited
  /// the flat snapshot. Empty otherwise, and in a batch until `apply`.
  public var marks = FlatMarks()
  /// Whether the command applied its state with `applySnapshotUsingReloadData(_:)`.
  ///
  /// No difference is animated and every cell is made anew; the change is in `historyChange`,
  /// not in `transaction`.
  ///
  /// - Complexity: O(1).
  public var reloadsData: Bool { effect == .reloadData }
  /// A query's answer.
  ///
  /// - Complexity: O(1).
  public var result: QueryResult? {
    get { boxedResult?.value }
    set { boxedResult = newValue.map(Boxed.init) }
  }
  /// Why nothing happened, for a person: `Food is already expanded`.
  public var note: String?
  /// The focus the command left, when it changed the focus (`focus`, `unfocus`, or an edit
  /// that removed the focused item); nil when the focus is as it was.
  public var focusChange: FocusChange?
  /// What a person must not miss although the command succeeded, one a line.
  ///
  /// What a `load` or `import` read in the file and the outline does not keep, so that a save
  /// to it is refused (SPEC §4, "Nothing is dropped in silence"). Text prints each as
  /// `warning: …`; JSON as `warnings`.
  public var warnings: [String] = []
  /// Why the command failed.
  public var error: CommandError?
  /// For `expect error COMMAND` that held: how COMMAND failed, and what it attempted.
  ///
  /// - Complexity: O(1).
  public var expectedFailure: ExpectedFailure? {
    get { boxedExpectedFailure?.value }
    set { boxedExpectedFailure = newValue.map(Boxed.init) }
  }
  /// The command's change as one step of the history, when `transaction` is not it: from
  /// before the first to after the last of several transactions (`expand A B`), or a change of
  /// the sections alone, which changes no row and no item and so is no `transaction`.
  var historyChange: Transaction<String, String>? {
    get { boxedHistoryChange?.value }
    set { boxedHistoryChange = newValue.map(Boxed.init) }
  }
  /// Whether the outcome is narration (`say`): its text is all it says, so a transcript
  /// (`--echo`) prints the text once, without the `> say TEXT` line before it.
  public var isNarration = false
  /// Whether the transactions print in full (`last --full`): every change in text, however
  /// many, and the whole `initial` and `final` section snapshots in JSON.
  public var inFull = false

  // The fields that most commands leave empty are kept boxed, a word each, so that an outcome
  // stays small: the interpreter, the script runner and every printer pass it by value.
  private var boxedBefore: Boxed<SessionState>?
  private var boxedAfter: Boxed<SessionState>?
  private var boxedResult: Boxed<QueryResult>?
  private var boxedExpectedFailure: Boxed<ExpectedFailure>?
  private var boxedHistoryChange: Boxed<Transaction<String, String>>?

  /// Creates an outcome for `command` with nothing in it yet.
  public init(command: String) { self.command = command }

  /// Creates an outcome for `parsed`, whose text was `command`, that changed nothing: the
  /// session stays in `state` (`source` and `quit`, which the script runner runs itself).
  public init(command: String, parsed: Command, state: SessionState?) {
    self.command = command
    self.parsed = parsed
    let state = state.map(Boxed.init)
    self.boxedBefore = state
    self.boxedAfter = state
  }

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
    /// The item a drag lifted, when the step is the collapse that lifting it made: UIKit
    /// collapses an expanded item as the user lifts it, with no disclosure handler asked.
    public var lifted: String?

    /// Creates a step; `lifted` names the item when it is a drag's lift.
    public init(
      handlerCount: Int, transaction: Transaction<String, String>, lifted: String? = nil
    ) {
      self.handlerCount = handlerCount
      self.transaction = transaction
      self.lifted = lifted
    }
  }
}

/// How the command of an `expect error` failed, as expected.
///
/// What it attempted (its `effect`, as far as it got) and its error; the session is as it was
/// before it.
public struct ExpectedFailure: Sendable {
  /// What the command attempted.
  public var effect: Effect
  /// Why it failed.
  public var error: CommandError

  /// Creates an expected failure.
  public init(effect: Effect, error: CommandError) {
    self.effect = effect
    self.error = error
  }
}

/// A value kept behind a reference, for the optional fields of `Outcome` that are rarely set.
///
/// Such a field costs a word when it is nil, not the value's whole size. Immutable, so copies
/// share it safely.
final class Boxed<Value: Sendable>: Sendable {
  /// The value.
  let value: Value

  /// Boxes `value`.
  init(_ value: Value) { self.value = value }
}
