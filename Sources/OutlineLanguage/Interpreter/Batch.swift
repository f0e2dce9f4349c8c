import Diffable

/// A batch opened by `begin`: edits go to a working copy of one section's snapshot and make no
/// transaction until `apply` applies them as one; or, once a flat snapshot command ran in it, to
/// a working copy of the data source's flat snapshot (`flat`).
public struct Batch: Sendable {
  /// The section the batch edits.
  public let section: String
  /// The working copy.
  public var working: SectionSnapshot<String>
  /// The item contents when the batch began: a content edit in the batch (`retitle`) goes to
  /// the session at once, and `discard` puts these back.
  public let contents: Contents
  /// Whether `begin --empty` started it.
  public var startedEmpty = false
  /// Whether a section snapshot edit changed the working copy: a flat snapshot command can then
  /// no longer join the batch.
  public var sectionEdited = false
  /// The flat snapshot that the batch's flat snapshot commands edit.
  ///
  /// It is `dataSource.snapshot()` as it was when the first of them ran (the batch's section
  /// emptied after `begin --empty`), nil until one runs; `working` is then its section's items. A section snapshot edit can no longer
  /// join the batch, and `apply` applies it whole.
  public var flat: Snapshot<String, String>?
}
