@testable import Diffable

// The label map and its table as dictionaries, for the tests to build and compare them.

/// A bare label, as the label map's tests store (labels start at 1: 0 is absent).
extension UInt64: _LabelValue {
  public static var absent: UInt64 { 0 }
  public var isAbsent: Bool { self == 0 }
}

extension _LabelTable {
  /// Whether the table holds `item`.
  func contains(_ item: Item) -> Bool { read(item) { _ in () } != nil }

  /// The value of `item`, or nil; setting nil removes it.
  subscript(item: Item) -> Value? {
    get { read(item) { copy $0 } }
    set {
      if let newValue { updateValue(newValue, forKey: item) } else { removeValue(forKey: item) }
    }
  }

  /// The items and values as a dictionary.
  var dictionary: [Item: Value] {
    var dictionary: [Item: Value] = Dictionary(minimumCapacity: count)
    forEach { dictionary[$0] = $1 }
    return dictionary
  }
}

extension _LabelMap {
  /// A map holding the labels of `base`.
  init(base: [Item: Value]) {
    var table = _LabelTable<Item, Value>(minimumCapacity: base.count)
    for (item, value) in base { table[item] = value }
    self.init(base: table)
  }

  /// Every label this version sees, as a dictionary.
  var dictionary: [Item: Value] { labels.dictionary }
}
