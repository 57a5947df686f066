#ifndef SPRINGKIT_CCAIRO_SHIM_H
#define SPRINGKIT_CCAIRO_SHIM_H
#include <cairo/cairo.h>
#include <cairo/cairo-svg.h>
#include <cairo/cairo-pdf.h>
// Fonts are loaded straight from their files through FreeType when they can be: initialising
// fontconfig (parsing its XML configuration) costs several milliseconds per process.
#include <cairo/cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
// zlib compresses SpringCharts' own PNG encoder's output (Cairo's PNG writer is slow: adaptive
// filtering at libpng's default level). libcairo2-dev depends on libpng-dev, which brings zlib1g-dev.
#include <zlib.h>
#endif
