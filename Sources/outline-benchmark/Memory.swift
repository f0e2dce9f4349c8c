#if canImport(Glibc)
  import Glibc
#endif

/// The process's memory, read two ways: heap bytes in use, and resident pages.
///
/// Heap bytes come from glibc's `mallinfo2()`, resident pages from `/proc/self/statm`; both read
/// nil where they are not available.
///
/// Heap bytes are exact and unaffected by pages the allocator keeps after a `free`; resident
/// memory is what the system sees, and is read after `malloc_trim(0)` hands free pages back.
///
/// The Glibc module does not import `<malloc.h>`, so both functions are found with `dlsym`.
/// `mallinfo2` returns a ten-word struct in memory: on x86-64 the caller passes the result's
/// address as a hidden first argument, which is how it is called here (on other architectures
/// that convention differs, and `heapBytes` is nil).
enum Memory {
  /// The bytes in use on the heap: small chunks (`uordblks`) plus mmapped large ones (`hblkhd`).
  static var heapBytes: Int? {
    #if canImport(Glibc) && arch(x86_64)
      typealias MallInfo2 = @convention(c) (UnsafeMutablePointer<Int>) -> UnsafeMutableRawPointer?
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallinfo2") else { return nil }
      // struct mallinfo2: arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks,
      // fordblks, keepcost, each a size_t.
      var info = [Int](repeating: 0, count: 10)
      _ = unsafeBitCast(symbol, to: MallInfo2.self)(&info)
      return info[7] + info[4]
    #else
      return nil
    #endif
  }

  /// The resident set size, after returning free heap pages to the system.
  static var residentBytes: Int? {
    #if canImport(Glibc)
      typealias MallocTrim = @convention(c) (Int) -> Int32
      if let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") {
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
      }
      let descriptor = open("/proc/self/statm", O_RDONLY)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var buffer = [UInt8](repeating: 0, count: 128)
      let length = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard length > 0 else { return nil }
      // "size resident shared text lib data dt", in pages.
      let fields = buffer[..<length].split(separator: UInt8(ascii: " "))
      guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else {
        return nil
      }
      return pages * sysconf(Int32(_SC_PAGESIZE))
    #else
      return nil
    #endif
  }
}
