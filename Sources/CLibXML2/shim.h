// libxml2 for Swift: the push parser and its SAX2 callbacks (OPMLReader).
//
// Debian's libxml2 is built with ICU, and <libxml/encoding.h> then includes the system's
// <unicode/ucnv.h>, whose enums clash with the ICU that Foundation bundles (a module that
// imports both fails to build). Nothing here uses ICU: undefining the switch drops only the
// include and two pointer fields at the end of xmlCharEncodingHandler, a struct Swift never
// allocates or reads (libxml2 hands out pointers to it).
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/SAX2.h>
