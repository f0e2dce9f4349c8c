/// The outline command language: lexer, parser, command catalog and (later) the interpreter.
///
/// This module does no terminal I/O; it reaches files only through a protocol. The `outline`
/// executable is a thin shell over it.
public enum OutlineLanguage {
  /// The language's version, shown by `outline --version`.
  public static let version = "0.1.0"
}
