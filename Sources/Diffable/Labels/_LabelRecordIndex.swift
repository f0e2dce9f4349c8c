/// The index of a log's record, as a log's index of each item's newest record holds it.
@usableFromInline internal struct _LabelRecordIndex: _LabelValue {
  @usableFromInline internal var index: Int32

  @inlinable internal init(_ index: Int32) { self.index = index }

  /// Never stored: records are numbered from 0.
  @inlinable internal static var absent: _LabelRecordIndex { _LabelRecordIndex(-1) }
  @inlinable internal var isAbsent: Bool { index < 0 }
}
