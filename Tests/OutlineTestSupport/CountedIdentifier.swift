/// Counts the `hash(into:)` and `==` calls made on `CountedIdentifier`s: the operation-count
/// fence of STYLE.md practice 10, which proves linearity without timing anything.
public final class OperationCounter {
  /// The `hash(into:)` calls since the last `reset()`.
  public var hashes = 0
  /// The `==` calls since the last `reset()`.
  public var equalities = 0

  /// A counter at zero.
  public init() {}

  /// Sets both counts back to zero.
  public func reset() {
    hashes = 0
    equalities = 0
  }
}

/// An identifier that reports each `hash(into:)` and `==` call to its counter.
public struct CountedIdentifier: Hashable {
  /// What it stands for; equal values are equal identifiers.
  public let value: Int
  /// Where its calls are counted.
  public let counter: OperationCounter

  /// An identifier for `value`, counted by `counter`.
  public init(value: Int, counter: OperationCounter) {
    self.value = value
    self.counter = counter
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.counter.equalities += 1
    return lhs.value == rhs.value
  }

  public func hash(into hasher: inout Hasher) {
    counter.hashes += 1
    hasher.combine(value)
  }
}
