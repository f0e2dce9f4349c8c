/// What the copies of a `_LabelMap` version share beside its table, so that a write can tell
/// whether another version sees the table (`isKnownUniquelyReferenced`): written in place when
/// none does, through a log otherwise.
///
/// The table's own storage cannot tell: a log that started on a copy may hold it too, and writing
/// then copies it (O(*n*), once), which is right, while the token says whether a *version* that
/// reads the table as its labels would see the write.
@usableFromInline
internal final class _LabelTableToken: Sendable {
  @inlinable internal init() {}
}
