@testable import Diffable

// The label map and its table as dictionaries, for the tests to build and compare them.

extension _LabelTable {
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
