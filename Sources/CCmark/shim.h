// libcmark for Swift: CommonMark's reference parser, for the block structure of a Markdown file
// and each block's source lines (MarkdownReader). Bytes in memory; no I/O.
#include <cmark.h>
