/// A session's undo history: its changes, oldest first, in storage that its copies share.
///
/// A checkpoint (`Session.checkpoint`) keeps a copy of the history after every command in the
/// playground. A `Deque` or an `Array` would copy all of its changes at the next append while
/// such a copy is held: O(`historyLimit`) time a command and as much memory per checkpoint. Here
/// the copies share one append-only buffer, each seeing its own window of it: an append by the
/// copy whose window ends at the buffer's end writes in place (the others never read past their
/// own end), and only a copy that appends elsewhere (after a `popLast`, while the buffer is
/// shared) copies its window.
///
/// ```swift
/// var history = ChangeHistory()
/// history.append(change)
/// let kept = history  // shares the buffer
/// history.append(other)  // in place: `kept` still holds one change
/// ```
public struct ChangeHistory: RandomAccessCollection {
  /// The changes that every copy reads a window of.
  ///
  /// A change that no window can read again is nil: a history that no copy shares releases
  /// what it drops at once (`removeFirst(_:each:)`).
  final class Buffer {
    var changes: [Change?]
    init(_ changes: [Change?]) { self.changes = changes }
  }

  /// The storage, shared by copies.
  private var buffer = Buffer([])
  /// This history's window of `buffer.changes`.
  private var window = 0..<0

  /// An empty history.
  public init() {}

  /// The first position: 0.
  public var startIndex: Int { 0 }
  /// The number of changes.
  public var endIndex: Int { window.count }

  /// The change at `position`, 0 being the oldest kept.
  ///
  /// - Complexity: O(1).
  public subscript(position: Int) -> Change {
    precondition(position >= 0 && position < window.count, "no change at \(position)")
    guard let change = buffer.changes[window.lowerBound + position] else {
      preconditionFailure("the change at \(position) was released")
    }
    return change
  }

  /// Adds `change` as the newest.
  ///
  /// - Complexity: O(1) amortized when this history's window ends at the buffer's end (every
  ///   append but the first after a `popLast` or `removeFirst` of a shared history);
  ///   otherwise O(*c*) in the changes kept, to copy them.
  mutating func append(_ change: consuming Change) {
    if window.upperBound != buffer.changes.count {
      if isKnownUniquelyReferenced(&buffer) {
        buffer.changes.removeSubrange(window.upperBound...)
      } else {
        compact()
      }
    }
    // `consume`: without it the optimizer borrows `change` and copies it into the buffer.
    buffer.changes.append(consume change)
    window = window.lowerBound..<(window.upperBound + 1)
  }

  /// Removes and returns the newest change, nil when there is none.
  ///
  /// - Complexity: O(1).
  mutating func popLast() -> Change? {
    guard let last else { return nil }
    window = window.lowerBound..<(window.upperBound - 1)
    return last
  }

  /// Drops the `count` oldest changes, calling `body` with each, oldest first, and its
  /// position (from 0) before it goes.
  ///
  /// A history that no copy shares releases them now, so that a session at its history's limit
  /// frees one change's storage a command rather than a hundred changes' at once (a burst of
  /// frees that the allocator's per-thread caches cannot keep, which makes the allocations after
  /// it slower); `body` borrows each change as it leaves the buffer, copying none. A shared
  /// buffer keeps them for the copies that read them. Either way, once the dropped places
  /// outnumber the changes kept, the kept ones move to the front (in place when the buffer is
  /// not shared, else to a buffer of their own), so that the memory stays within twice what the
  /// history holds.
  ///
  /// - Complexity: O(*k*) for *k* changes dropped, plus `body`'s; O(1) amortized over the
  ///   appends that made the changes for the move to the front.
  mutating func removeFirst(
    _ count: Int, each body: (_ change: borrowing Change, _ position: Int) -> Void = { _, _ in }
  ) {
    precondition(count >= 0 && count <= window.count)
    let dropped = window.lowerBound..<(window.lowerBound + count)
    window = dropped.upperBound..<window.upperBound
    guard isKnownUniquelyReferenced(&buffer) else {
      for position in dropped {
        if let change = buffer.changes[position] { body(change, position - dropped.lowerBound) }
      }
      if window.lowerBound > Swift.max(window.count, 16) { compact() }
      return
    }
    for position in dropped {
      if let change = buffer.changes[position].take() {
        body(change, position - dropped.lowerBound)
      }
    }
    if window.lowerBound > Swift.max(window.count, 16) {
      buffer.changes.removeSubrange(..<window.lowerBound)
      window = 0..<window.count
    }
  }

  /// Moves this history's window to a buffer of its own.
  ///
  /// - Complexity: O(*c*) in the changes kept.
  private mutating func compact() {
    var changes = Array(buffer.changes[window])
    changes.reserveCapacity(2 * changes.count + 16)
    buffer = Buffer(changes)
    window = 0..<changes.count
  }
}
