#ifndef SPRINGKIT_CCAIRO_SHIM_H
#define SPRINGKIT_CCAIRO_SHIM_H
#include <cairo/cairo.h>
#include <cairo/cairo-svg.h>
#include <cairo/cairo-pdf.h>
#endif
