// libvips calls take NULL-terminated option lists, which Swift cannot call; these fixed-argument
// wrappers are what FoodPin uses of it.
//
// libvips is opened when a build first meets a picture, not linked: loading its hundred libraries
// made a start from a cold page cache three times as long (0.27 s, not 0.09 s), pictures or not. Its headers give the types,
// and each call goes through `FOODPIN_VIPS(name)`, the function of that name in the opened library.
#include <vips/vips.h>
#include <vips/vector.h>
#include <dlfcn.h>
#include <stdio.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <string.h>

#ifdef __APPLE__
#define FOODPIN_VIPS_NAMES {"libvips.42.dylib", "/opt/homebrew/lib/libvips.42.dylib", "/usr/local/lib/libvips.42.dylib"}
#else
#define FOODPIN_VIPS_NAMES {"libvips.so.42"}
#endif

/// The opened libvips, or NULL when it cannot be (`foodpin_vips_start` says why).
static inline void *foodpin_vips_library(void) {
    static void *library;
    void *opened = __atomic_load_n(&library, __ATOMIC_ACQUIRE);
    if (opened) return opened;
    const char *names[] = FOODPIN_VIPS_NAMES;
    for (size_t i = 0; i < sizeof names / sizeof *names && !opened; i++) opened = dlopen(names[i], RTLD_NOW | RTLD_GLOBAL);
    if (opened) __atomic_store_n(&library, opened, __ATOMIC_RELEASE);
    return opened;
}

/// A function of libvips or of the libraries it loaded (GLib's), looked up in them only.
static inline void *foodpin_vips_symbol(const char *name) {
    void *library = foodpin_vips_library();
    return library ? dlsym(library, name) : NULL;
}

/// The libvips function `name`, typed by its declaration in the headers.
#define FOODPIN_VIPS(name) ((__typeof__(&name)) foodpin_vips_symbol(#name))

/// Whether an Orc of this version compiles programs safely from several threads: 0.4.34 and later
/// (0.4.33, Debian 12's, crashed now and then with pictures processed side by side).
static inline int foodpin_orc_version_is_thread_safe(const char *version) {
    int major = 0, minor = 0, micro = 0;
    if (!version || sscanf(version, "%d.%d.%d", &major, &minor, &micro) < 3) return 0;
    return major > 0 || minor > 4 || (minor == 4 && micro >= 34);
}

/// Whether the Orc that libvips loaded, if any, is thread-safe. Orcs older than 0.4.25 have no
/// version function: unsafe too.
static inline int foodpin_orc_is_thread_safe(void) {
    const char *(*version)(void) = (const char *(*)(void)) foodpin_vips_symbol("orc_version_string");
    if (version) return foodpin_orc_version_is_thread_safe(version());
    return foodpin_vips_symbol("orc_init") == NULL;
}

static inline void foodpin_quiet(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {}

/// Every libvips and GLib function the wrappers below call: all are looked up before libvips
/// starts, so a library without one is refused by name instead of crashing at the first picture.
static const char *const foodpin_vips_functions[] = {
    "vips_version", "vips_init", "vips_error", "vips_error_buffer", "vips_error_buffer_copy", "g_log_set_handler",
    "vips_cache_set_max", "vips_concurrency_set", "vips_block_untrusted_set", "vips_vector_set_enabled",
    "vips_foreign_find_load_buffer", "vips_image_new_from_buffer", "vips_image_new_from_file", "vips_thumbnail",
    "vips_thumbnail_image", "vips_array_double_newv", "vips_flatten", "vips_area_unref", "vips_cast_uchar",
    "vips_colourspace", "vips_webpsave", "vips_jpegsave", "vips_heifsave", "vips_copy", "vips_image_get_fields",
    "vips_image_remove", "g_strfreev", "vips_foreign_find_save", "vips_getpoint", "g_object_unref", "g_object_ref",
    "g_free", "vips_image_get_width", "vips_image_get_height", "vips_image_get_orientation_swap",
    "vips_image_get_interpretation", "vips_image_get_format", "vips_image_hasalpha", "vips_image_copy_memory",
    "vips_image_get_bands", "vips_extract_band", "vips_bandjoin2", "vips_image_new_matrix_from_array", "vips_recomb",
    "vips_linear",
};

/// Opens and starts libvips, once: no operation cache (every picture is seen once), one thread per
/// picture (pictures are processed side by side instead), and no loaders outside the safe, common
/// ones. It also caps glibc's heaps at one per core, for the whole process (see below). Returns
/// NULL, or why libvips cannot be used, in words for the user.
static inline const char *foodpin_vips_start(int cores) {
    static char problem[600];
    if (!foodpin_vips_library()) {
        const char *reason = dlerror();
        snprintf(problem, sizeof problem, "libvips could not be opened (%s); install it: apt-get install "
                 "--no-install-recommends libvips42 (Debian), brew install vips (macOS)", reason ? reason : "not found");
        return problem;
    }
    for (size_t i = 0; i < sizeof foodpin_vips_functions / sizeof *foodpin_vips_functions; i++) {
        if (!foodpin_vips_symbol(foodpin_vips_functions[i])) {
            snprintf(problem, sizeof problem, "this libvips has no %s (FoodPin needs libvips 8.13 or later)", foodpin_vips_functions[i]);
            return problem;
        }
    }
    // VIPS_INIT, through the opened library: its ABI must be the headers'.
    int (*version)(int) = FOODPIN_VIPS(vips_version);
    if (version(3) - version(5) != VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE) {
        snprintf(problem, sizeof problem, "this libvips (%d.%d.%d) is not the one FoodPin was built with (%s); build FoodPin again",
                 version(0), version(1), version(2), VIPS_VERSION);
        return problem;
    }
#ifdef __GLIBC__
    // glibc gives each thread that allocates its own heap; decoders allocate large buffers on every
    // core, and kept per thread those heaps made half the peak memory of processing photos.
    mallopt(M_ARENA_MAX, cores < 2 ? 2 : cores);
#endif
    if (FOODPIN_VIPS(vips_init)("foodpin")) {
        snprintf(problem, sizeof problem, "libvips could not start: %s", FOODPIN_VIPS(vips_error_buffer)());
        return problem;
    }
    // Warnings (an odd profile, a bad EXIF field) would go to the terminal mid-build; errors are reported.
    FOODPIN_VIPS(g_log_set_handler)("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO, foodpin_quiet, NULL);
    FOODPIN_VIPS(vips_cache_set_max)(0);
    FOODPIN_VIPS(vips_concurrency_set)(1);
    FOODPIN_VIPS(vips_block_untrusted_set)(TRUE);
    // libvips's C paths instead of Orc's SIMD where Orc is not thread-safe: a third slower per photo.
    if (!foodpin_orc_is_thread_safe()) FOODPIN_VIPS(vips_vector_set_enabled)(FALSE);
    return NULL;
}

/// A picture's header is read from its bytes already in memory (mapped for its digest).

/// The loader libvips would pick by sniffing the first bytes, or NULL.
static inline const char *foodpin_loader(const void *bytes, size_t count) { return FOODPIN_VIPS(vips_foreign_find_load_buffer)(bytes, count); }

/// Opens a picture for its header only: no pixel is decoded.
static inline VipsImage *foodpin_open_header(const void *bytes, size_t count) {
    return FOODPIN_VIPS(vips_image_new_from_buffer)(bytes, count, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// Opens a picture to read it whole (tests read back what was published).
static inline VipsImage *foodpin_open(const char *path) { return FOODPIN_VIPS(vips_image_new_from_file)(path, NULL); }

/// Decodes and shrinks in one pass (shrink-on-load), upright by its EXIF orientation, in sRGB;
/// a truncated file (or, with VIPS_FAIL_ON_WARNING, a damaged one) is an error rather than grey rows. By name: libvips 8.14 ignores `fail_on`
/// when loading from memory. (A name is split into file and options only when it ends in `]`,
/// which a picture's name, ending in its extension, never does.)
static inline int foodpin_thumbnail(const char *path, VipsImage **out, int width, VipsFailOn fail_on) {
    return FOODPIN_VIPS(vips_thumbnail)(path, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
                          "export_profile", "srgb", "fail_on", fail_on, NULL);
}

static inline int foodpin_shrink(VipsImage *in, VipsImage **out, int width) {
    return FOODPIN_VIPS(vips_thumbnail_image)(in, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN, NULL);
}

static inline int foodpin_resize_exact(VipsImage *in, VipsImage **out, int width, int height) {
    return FOODPIN_VIPS(vips_thumbnail_image)(in, out, width, "height", height, "size", VIPS_SIZE_FORCE, NULL);
}

/// Fills `width` × `height` (enlarging if need be), cropping to the most interesting part.
static inline int foodpin_cover(VipsImage *in, VipsImage **out, int width, int height) {
    return FOODPIN_VIPS(vips_thumbnail_image)(in, out, width, "height", height, "size", VIPS_SIZE_BOTH,
                                "crop", VIPS_INTERESTING_ATTENTION, NULL);
}

static inline int foodpin_flatten(VipsImage *in, VipsImage **out, double red, double green, double blue) {
    VipsArrayDouble *background = FOODPIN_VIPS(vips_array_double_newv)(3, red, green, blue);
    int result = FOODPIN_VIPS(vips_flatten)(in, out, "background", background, NULL);
    FOODPIN_VIPS(vips_area_unref)(VIPS_AREA(background));
    return result;
}

static inline int foodpin_cast_uchar(VipsImage *in, VipsImage **out) {
    return FOODPIN_VIPS(vips_cast_uchar)(in, out, NULL);
}

static inline int foodpin_colourspace_srgb(VipsImage *in, VipsImage **out) {
    return FOODPIN_VIPS(vips_colourspace)(in, out, VIPS_INTERPRETATION_sRGB, NULL);
}

static inline int foodpin_colourspace_grey(VipsImage *in, VipsImage **out) {
    return FOODPIN_VIPS(vips_colourspace)(in, out, VIPS_INTERPRETATION_B_W, NULL);
}

/// A photo filter's colour change on an 8-bit sRGB or grey picture: each pixel's red, green and
/// blue mixed by the 3 × 3 `mix`, then `* scale + offset`, clipped to 0–255; transparency untouched.
static inline int foodpin_colour_filter(VipsImage *in, VipsImage **out, const double *mix, const double *scale, const double *offset) {
    VipsImage *colour = NULL, *rgb = NULL, *alpha = NULL, *matrix = NULL, *mixed = NULL, *lined = NULL, *cast = NULL;
    int result = -1, hasAlpha;
    if (FOODPIN_VIPS(vips_image_get_bands)(in) < 3) {
        if (FOODPIN_VIPS(vips_colourspace)(in, &colour, VIPS_INTERPRETATION_sRGB, NULL)) goto done;
    } else {
        colour = in;
        FOODPIN_VIPS(g_object_ref)(in);
    }
    hasAlpha = FOODPIN_VIPS(vips_image_hasalpha)(colour);
    if (FOODPIN_VIPS(vips_extract_band)(colour, &rgb, 0, "n", 3, NULL)) goto done;
    if (hasAlpha && FOODPIN_VIPS(vips_extract_band)(colour, &alpha, 3, "n", 1, NULL)) goto done;
    if (!(matrix = FOODPIN_VIPS(vips_image_new_matrix_from_array)(3, 3, mix, 9))) goto done;
    if (FOODPIN_VIPS(vips_recomb)(rgb, &mixed, matrix, NULL)) goto done;
    if (FOODPIN_VIPS(vips_linear)(mixed, &lined, (double *) scale, (double *) offset, 3, NULL)) goto done;
    if (FOODPIN_VIPS(vips_cast_uchar)(lined, &cast, NULL)) goto done;
    if (alpha) {
        result = FOODPIN_VIPS(vips_bandjoin2)(cast, alpha, out, NULL);
    } else {
        *out = cast;
        cast = NULL;
        result = 0;
    }
done:
    if (colour) FOODPIN_VIPS(g_object_unref)(colour);
    if (rgb) FOODPIN_VIPS(g_object_unref)(rgb);
    if (alpha) FOODPIN_VIPS(g_object_unref)(alpha);
    if (matrix) FOODPIN_VIPS(g_object_unref)(matrix);
    if (mixed) FOODPIN_VIPS(g_object_unref)(mixed);
    if (lined) FOODPIN_VIPS(g_object_unref)(lined);
    if (cast) FOODPIN_VIPS(g_object_unref)(cast);
    return result;
}

static inline int foodpin_save_webp(VipsImage *in, const char *path, int quality, int strip) {
    return FOODPIN_VIPS(vips_webpsave)(in, path, "Q", quality, "strip", strip, "effort", 4, NULL);
}

static inline int foodpin_save_jpeg(VipsImage *in, const char *path, int quality, int strip) {
    return FOODPIN_VIPS(vips_jpegsave)(in, path, "Q", quality, "strip", strip, "optimize_coding", TRUE, "interlace", TRUE, NULL);
}

static inline int foodpin_save_avif(VipsImage *in, const char *path, int quality, int strip) {
    return FOODPIN_VIPS(vips_heifsave)(in, path, "Q", quality, "strip", strip, "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1,
                         "effort", 2, NULL);
}

/// A copy without metadata (EXIF with GPS positions, XMP, IPTC, the ICC profile once in sRGB):
/// webpsave in libvips 8.14 writes EXIF and ICC even when told to strip.
static inline int foodpin_without_metadata(VipsImage *in, VipsImage **out) {
    if (FOODPIN_VIPS(vips_copy)(in, out, NULL)) return -1;
    gchar **fields = FOODPIN_VIPS(vips_image_get_fields)(*out);
    const char *dropped[] = {"exif-", "xmp-", "iptc-", "icc-", "png-comment", "gif-comment", "heif-"};
    for (int i = 0; fields[i]; i++) {
        int drop = !strcmp(fields[i], VIPS_META_ORIENTATION);
        for (size_t j = 0; !drop && j < sizeof dropped / sizeof *dropped; j++)
            drop = !strncmp(fields[i], dropped[j], strlen(dropped[j]));
        if (drop) FOODPIN_VIPS(vips_image_remove)(*out, fields[i]);
    }
    FOODPIN_VIPS(g_strfreev)(fields);
    return 0;
}

static inline int foodpin_can_save(const char *suffix) { return FOODPIN_VIPS(vips_foreign_find_save)(suffix) != NULL; }

static inline int foodpin_getpoint(VipsImage *in, double **vector, int *count, int x, int y) {
    return FOODPIN_VIPS(vips_getpoint)(in, vector, count, x, y, NULL);
}

static inline void foodpin_unref(void *object) { if (object) FOODPIN_VIPS(g_object_unref)(object); }
static inline void foodpin_free(void *memory) { FOODPIN_VIPS(g_free)(memory); }

// What the Swift code reads of an image, and libvips's error text.
static inline int foodpin_width(VipsImage *image) { return FOODPIN_VIPS(vips_image_get_width)(image); }
static inline int foodpin_height(VipsImage *image) { return FOODPIN_VIPS(vips_image_get_height)(image); }
static inline int foodpin_orientation_swap(VipsImage *image) { return FOODPIN_VIPS(vips_image_get_orientation_swap)(image); }
static inline VipsInterpretation foodpin_interpretation(VipsImage *image) { return FOODPIN_VIPS(vips_image_get_interpretation)(image); }
static inline VipsBandFormat foodpin_format(VipsImage *image) { return FOODPIN_VIPS(vips_image_get_format)(image); }
static inline int foodpin_has_alpha(VipsImage *image) { return FOODPIN_VIPS(vips_image_hasalpha)(image); }
static inline VipsImage *foodpin_copy_memory(VipsImage *image) { return FOODPIN_VIPS(vips_image_copy_memory)(image); }
static inline void foodpin_ref(void *object) { FOODPIN_VIPS(g_object_ref)(object); }
/// libvips's error text, to be given to `foodpin_free` (only once libvips has started).
static inline char *foodpin_error_copy(void) { return FOODPIN_VIPS(vips_error_buffer_copy)(); }
