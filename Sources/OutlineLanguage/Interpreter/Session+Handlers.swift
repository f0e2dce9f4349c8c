import Diffable

extension Session {
  /// Installs the five section-snapshot handlers and the three reordering handlers, each
  /// answering from `rules` and appending its call to `calls`.
  ///
  /// The closures hold the session weakly: the session owns the data source that owns them.
  func installHandlers() {
    var sectionHandlers = SectionSnapshotHandlers<String>()
    sectionHandlers.shouldExpandItem = { [weak self] item in
      guard let self else { return true }
      let answer = rules.shouldExpand(item)
      calls.append(.shouldExpandItem(item, result: answer))
      return answer
    }
    sectionHandlers.willExpandItem = { [weak self] item in
      self?.calls.append(.willExpandItem(item))
    }
    sectionHandlers.snapshotForExpandingParent = { [weak self] item, current in
      guard let self else { return current }
      let answer = rules.snapshotForExpanding(item, current: current)
      calls.append(.snapshotForExpandingParent(item, current: current, result: answer))
      return answer
    }
    sectionHandlers.shouldCollapseItem = { [weak self] item in
      guard let self else { return true }
      let answer = rules.shouldCollapse(item)
      calls.append(.shouldCollapseItem(item, result: answer))
      return answer
    }
    sectionHandlers.willCollapseItem = { [weak self] item in
      self?.calls.append(.willCollapseItem(item))
    }
    dataSource.sectionSnapshotHandlers = sectionHandlers

    var reorderingHandlers = ReorderingHandlers<String, String>()
    reorderingHandlers.canReorderItem = { [weak self] item in
      guard let self else { return true }
      let answer = rules.canReorder(item)
      calls.append(.canReorderItem(item, result: answer))
      return answer
    }
    reorderingHandlers.willReorder = { [weak self] _ in self?.calls.append(.willReorder) }
    reorderingHandlers.didReorder = { [weak self] _ in self?.calls.append(.didReorder) }
    dataSource.reorderingHandlers = reorderingHandlers
  }
}
