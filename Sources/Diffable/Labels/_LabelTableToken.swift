/// What the copies of a `_LabelMap` version share beside its dictionary, so that a write can tell
/// whether another version sees the dictionary (`isKnownUniquelyReferenced`): written in place
/// when none does, through a log otherwise.
///
/// The dictionary's own storage cannot tell: a log that branched off a copy may hold it too, and
/// writing then copies it (O(*n*), once), which is right, while the token says whether a *version*
/// that reads the dictionary as its labels would see the write.
@usableFromInline
internal final class _LabelTableToken: Sendable {
  @inlinable internal init() {}
}
