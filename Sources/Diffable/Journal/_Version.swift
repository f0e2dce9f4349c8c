import OrderedCollections
import Synchronization

/// Hands out the version numbers that tell snapshot contents apart.
///
/// Every mutation of a section snapshot gives it a new version, so a data source can tell in O(1)
/// whether a snapshot it is given is the one it holds, or that one with a single recorded edit.
@usableFromInline internal enum _Version {
  @usableFromInline internal static let counter = Atomic<UInt64>(0)

  /// A version number never handed out before in this process.
  @usableFromInline internal static func next() -> UInt64 {
    counter.wrappingAdd(1, ordering: .relaxed).newValue
  }
}
