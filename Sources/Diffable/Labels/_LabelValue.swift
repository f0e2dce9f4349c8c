/// What a `_LabelMap` stores for each item: a value with a reserved "absent" form, which the
/// log's records use for a removed item.
@usableFromInline internal protocol _LabelValue: Sendable {
  /// The value a record holds for a removed item; never stored for a present one.
  static var absent: Self { get }
  /// Whether this is `absent`.
  var isAbsent: Bool { get }
}

/// The index of a log's record, as a log's index of each item's newest record holds it.
extension Int32: _LabelValue {
  /// Never stored: records are numbered from 0.
  @inlinable internal static var absent: Int32 { -1 }
  @inlinable internal var isAbsent: Bool { self < 0 }
}

extension UInt64: _LabelValue {
  /// Labels start at 1: 0 is absent.
  @inlinable internal static var absent: UInt64 { 0 }
  @inlinable internal var isAbsent: Bool { self == 0 }
}
