/// Where in the history each part of the outline was last saved or loaded, so that a session
/// can tell which parts changed since (`Session.unsavedSections`).
///
/// A place is a count of changes from the session's start (`historyDropped` plus the changes
/// kept then). The native file holds every section and their order, so its `save` or `load`
/// moves every part's place; an OPML, Markdown or text file holds one section, so its `save` or
/// `load` moves that section's place alone.
///
/// ```swift
/// var points = SavePoints()
/// points.saveAll(at: 3)
/// points.save(section: "S", at: 5)
/// points.place(of: .section("S"))     // 5
/// points.place(of: .section("main"))  // 3
/// ```
struct SavePoints: Sendable {
  /// A part of the outline a file holds: a section (its items, their contents, its head), or
  /// the order of the sections, which only the native file holds.
  enum Part: Hashable, Sendable {
    case section(String)
    case sectionOrder
  }

  /// The place of the last native `save` or `load` (0: the session's start).
  private(set) var all = 0
  /// The place of each section saved or loaded in a one-section file since then.
  private(set) var own: [String: Int] = [:]
  /// The parts a change no undo or redo can reach any more changed after their place: changed
  /// for good, until they are saved again.
  private(set) var lost: Set<Part> = []
  /// A part of `lost`, the last one a dropped change touched: the next change dropped from a
  /// full history most often touched it too, and needs no look-up then.
  private var lastLost: Part?

  /// The place of `part`'s last save or load.
  ///
  /// - Complexity: O(1) on average.
  func place(of part: Part) -> Int {
    if case .section(let name) = part, let place = own[name] { return place }
    return all
  }

  /// Whether `part`'s last save or load was into a file of its own (OPML, Markdown, text)
  /// rather than the native file.
  ///
  /// - Complexity: O(1) on average.
  func hasOwnFile(_ part: Part) -> Bool {
    if case .section(let name) = part { return own[name] != nil }
    return false
  }

  /// Every part saved or loaded at `place`: a native `save` or `load`.
  ///
  /// - Complexity: O(1), plus freeing the *s* sections' places.
  mutating func saveAll(at place: Int) {
    all = place
    own = [:]
    lost = []
    lastLost = nil
  }

  /// Section `name` saved or loaded at `place`: a one-section `save` or `load`.
  ///
  /// - Complexity: O(1) on average.
  mutating func save(section name: String, at place: Int) {
    own[name] = place
    lost.remove(.section(name))
    if lastLost == .section(name) { lastLost = nil }
  }

  /// The change at `index` (from place `index` to `index + 1`), which touched `part`, is
  /// dropped from the history while it stays in the outline: if the part was saved before
  /// it, it changed for good.
  ///
  /// - Complexity: O(1) on average; no hashing when `part` is the one the last dropped change
  ///   lost.
  mutating func drop(_ part: Part, changedAt index: Int) {
    guard part != lastLost, place(of: part) <= index else { return }
    lost.insert(part)
    lastLost = part
  }

  /// The undone changes, at places `current` on, are cleared by a new change: a part saved
  /// after one of them that touched it cannot come back, and every place past `current` comes
  /// back to it (the new changes take those places).
  ///
  /// - Parameter undone: The parts each undone change touched, the next to redo first.
  /// - Complexity: O(*u* · *p* + *s*), where *u* is the number of undone changes, *p* the
  ///   parts each touched and *s* the sections saved in a file of their own.
  mutating func clearRedo(at current: Int, undone: [Set<Part>]) {
    for (offset, parts) in undone.enumerated() {
      for part in parts where place(of: part) > current + offset { lost.insert(part) }
    }
    all = min(all, current)
    for (name, place) in own where place > current { own[name] = current }
  }
}
