#ifndef TICK_CLIBXML2_SHIM_H
#define TICK_CLIBXML2_SHIM_H

// libxml2 (Debian libxml2-dev) reads WebDAV multistatus answers. Its headers live under
// /usr/include/libxml2, which the target's pkgConfig ("libxml-2.0") adds to the search path.
#include <libxml/parser.h>
#include <libxml/tree.h>

#endif
