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
// SpringCharts writes PNG itself (Cairo's writer is slow: adaptive filtering at libpng's default
// level). ISA-L's igzip compresses the image data: about nine times as fast as zlib at level 3 on
// a chart, for a file about 5 % larger. zlib's crc32 checks the chunks (libcairo2-dev depends on
// libpng-dev, which brings zlib1g-dev); libisal-dev is a separate package (scripts/setup.sh).
#include <zlib.h>
#include <isa-l/igzip_lib.h>
/// The size of the level buffer igzip's default uses at `level` (1 to 3): ISAL_DEF_LVLn_DEFAULT,
/// macros Swift cannot import.
static inline unsigned springkit_isal_level_buffer_size(int level) {
    return level == 1 ? ISAL_DEF_LVL1_DEFAULT : level == 2 ? ISAL_DEF_LVL2_DEFAULT : ISAL_DEF_LVL3_DEFAULT;
}
#endif
