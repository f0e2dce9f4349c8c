import Diffable

/// A batch opened by `begin`: edits go to a working copy of one section's snapshot and make no
/// transaction until `apply` applies them as one.
public struct Batch: Sendable {
  /// The section the batch edits.
  public let section: String
  /// The working copy.
  public var working: SectionSnapshot<String>
  /// The item contents when the batch began: a content edit in the batch (`retitle`) goes to
  /// the session at once, and `discard` puts these back.
  public let contents: Contents
}
