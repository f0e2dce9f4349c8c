/// What a simulated drag came to: the collapse that lifting an expanded parent made, then the
/// drop.
///
/// UIKit collapses an expanded parent as the user lifts it, without asking the disclosure
/// handlers (a drag is no tap on the disclosure: neither `shouldCollapseItem` nor
/// `willCollapseItem` is called). That collapse is applied as a change of its own, after
/// `canReorderItem` said yes, and the drop's transaction starts from it: for one dragged item
/// its `difference` is one removal and one insertion of that item (SEMANTICS.md).
///
/// ```swift
/// // A (expanded) > A1, A2; B; C
/// let result = try dataSource.drag(in: "main", fromRow: 0, toRow: 1)
/// result.lift?.difference         // A1 and A2 removed: A collapsed
/// result.transaction?.difference  // A removed at 0 and inserted at 1, associated
/// ```
public struct DragResult<Section: Hashable & Sendable, Item: Hashable & Sendable>: Sendable {
  /// The collapse of the lifted item, applied before the drop with no handler called; nil when
  /// the item was not expanded, when it has no children (an expanded leaf has nothing to
  /// collapse: it keeps its flag, and the drop is the drag's only change), or when
  /// `canReorderItem` refused the drag (nothing is lifted then).
  public var lift: Transaction<Section, Item>?
  /// The drop: `.applied` with the reorder's transaction, made between `willReorder` and
  /// `didReorder`; `.refused` when `canReorderItem` is missing or answers no; `.unchanged` when
  /// the item lands where it was (the lift may still have collapsed it).
  public var drop: InteractionResult<Section, Item>

  /// Creates a drag's result.
  @inlinable public init(lift: Transaction<Section, Item>?, drop: InteractionResult<Section, Item>)
  {
    self.lift = lift
    self.drop = drop
  }

  /// The drop's transaction, when the drop moved the item.
  ///
  /// - Complexity: O(1).
  @inlinable public var transaction: Transaction<Section, Item>? { drop.transaction }
}
