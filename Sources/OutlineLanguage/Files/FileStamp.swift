/// What a file on disk is at one moment, as `FileSystem.stamp(of:)` tells it: which file
/// (device and inode) and which version of it (size, and the times of its last modification
/// and of its last status change, to the nanosecond).
///
/// Two stamps of one path that are equal, the first settled, mean the file was not written in
/// between, as an editor tells when it asks "the file changed on disk since reading it". Two
/// paths whose stamps share a device and an inode are one file, hard links included.
public struct FileStamp: Hashable, Sendable {
  /// The device that holds the file.
  public var device: UInt64
  /// The file's number on its device.
  public var inode: UInt64
  /// The file's size in bytes.
  public var size: Int64
  /// When the contents were last written: seconds since 1970 and nanoseconds.
  public var modified: Time
  /// When the contents or the file's status (a rename, a new link) last changed.
  public var changed: Time
  /// Whether the file's times were older than the clock's tick when the stamp was taken.
  ///
  /// A file system records times in ticks (a few milliseconds, or whole seconds on some), so
  /// a write in the same tick as the stamp may leave the times as they were: a stamp that is
  /// not settled tells nothing, and the file's bytes must be compared.
  public var isSettled: Bool

  /// A moment: seconds since 1970, and nanoseconds.
  public struct Time: Hashable, Sendable {
    public var seconds: Int64
    public var nanoseconds: Int64

    /// Creates a moment.
    public init(seconds: Int64, nanoseconds: Int64) {
      self.seconds = seconds
      self.nanoseconds = nanoseconds
    }
  }

  /// Creates a stamp.
  public init(
    device: UInt64, inode: UInt64, size: Int64, modified: Time, changed: Time,
    isSettled: Bool = true
  ) {
    self.device = device
    self.inode = inode
    self.size = size
    self.modified = modified
    self.changed = changed
    self.isSettled = isSettled
  }

  /// Whether `other` is a stamp of the same file, whatever its version: the same device and
  /// inode.
  public func isSameFile(as other: FileStamp) -> Bool {
    device == other.device && inode == other.inode
  }
}
