#ifndef TICK_CLIBXML2_SHIM_H
#define TICK_CLIBXML2_SHIM_H

// libxml2 (Debian libxml2-dev) reads WebDAV multistatus answers. Its headers live under
// /usr/include/libxml2, which the target's pkgConfig ("libxml-2.0") adds to the search path.
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

// libxml2 prints its errors (with the bytes of the document around them) to standard error unless
// an error handler is installed, and its handlers are per thread. The generic handler is variadic,
// which Swift cannot write: these do nothing, and clibxml2_silence installs them on the calling thread.
static inline void clibxml2_ignore_generic(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}
static inline void clibxml2_ignore_structured(void *context, xmlErrorPtr error) {
    (void)context;
    (void)error;
}
static inline void clibxml2_silence(void) {
    xmlSetGenericErrorFunc(NULL, clibxml2_ignore_generic);
    xmlSetStructuredErrorFunc(NULL, clibxml2_ignore_structured);
}

// The SAX2 magic number that makes libxml2 use the namespace-aware callbacks (a macro Swift cannot import as unsigned).
static inline unsigned int clibxml2_sax2_magic(void) { return XML_SAX2_MAGIC; }

#endif
