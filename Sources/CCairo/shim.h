#ifndef SPRINGKIT_CCAIRO_SHIM_H
#define SPRINGKIT_CCAIRO_SHIM_H
#include <cairo/cairo.h>
#include <cairo/cairo-svg.h>
#include <cairo/cairo-pdf.h>
// zlib compresses SpringCharts' own PNG encoder's output (Cairo's PNG writer is slow: adaptive
// filtering at libpng's default level). libcairo2-dev depends on libpng-dev, which brings zlib1g-dev.
#include <zlib.h>
#endif
