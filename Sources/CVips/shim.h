// libvips calls take NULL-terminated option lists, which Swift cannot call; these fixed-argument
// wrappers are what FoodPin uses of it.
#include <vips/vips.h>
#include <dlfcn.h>
#include <stdio.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#ifdef RTLD_DEFAULT
#define FOODPIN_ANY_LIBRARY RTLD_DEFAULT
#else
#define FOODPIN_ANY_LIBRARY ((void *) 0) // glibc's RTLD_DEFAULT, named only under _GNU_SOURCE
#endif

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
    const char *(*version)(void) = (const char *(*)(void)) dlsym(FOODPIN_ANY_LIBRARY, "orc_version_string");
    if (version) return foodpin_orc_version_is_thread_safe(version());
    return dlsym(FOODPIN_ANY_LIBRARY, "orc_init") == NULL;
}

static inline void foodpin_quiet(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {}

/// Starts libvips once: no operation cache (every picture is seen once), one thread per picture
/// (pictures are processed side by side instead), and no loaders outside the safe, common ones.
/// It also caps glibc's heaps at one per core, for the whole process (see below).
static inline int foodpin_vips_start(int cores) {
#ifdef __GLIBC__
    // glibc gives each thread that allocates its own heap; decoders allocate large buffers on every
    // core, and kept per thread those heaps made half the peak memory of processing photos.
    mallopt(M_ARENA_MAX, cores < 2 ? 2 : cores);
#endif
    if (VIPS_INIT("foodpin")) return -1;
    // Warnings (an odd profile, a bad EXIF field) would go to the terminal mid-build; errors are reported.
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO, foodpin_quiet, NULL);
    vips_cache_set_max(0);
    vips_concurrency_set(1);
    vips_block_untrusted_set(TRUE);
    // libvips's C paths instead of Orc's SIMD where Orc is not thread-safe: a third slower per photo.
    if (!foodpin_orc_is_thread_safe()) vips_vector_set_enabled(FALSE);
    return 0;
}

/// A picture's header is read from its bytes already in memory (mapped for its digest).

/// The loader libvips would pick by sniffing the first bytes, or NULL.
static inline const char *foodpin_loader(const void *bytes, size_t count) { return vips_foreign_find_load_buffer(bytes, count); }

/// Opens a picture for its header only: no pixel is decoded.
static inline VipsImage *foodpin_open_header(const void *bytes, size_t count) {
    return vips_image_new_from_buffer(bytes, count, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// Opens a picture to read it whole (tests read back what was published).
static inline VipsImage *foodpin_open(const char *path) { return vips_image_new_from_file(path, NULL); }

/// Decodes and shrinks in one pass (shrink-on-load), upright by its EXIF orientation, in sRGB;
/// a truncated file is an error rather than grey rows. By name: libvips 8.14 ignores `fail_on`
/// when loading from memory. (A name is split into file and options only when it ends in `]`,
/// which a picture's name, ending in its extension, never does.)
static inline int foodpin_thumbnail(const char *path, VipsImage **out, int width) {
    return vips_thumbnail(path, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
                          "export_profile", "srgb", "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
}

static inline int foodpin_shrink(VipsImage *in, VipsImage **out, int width) {
    return vips_thumbnail_image(in, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN, NULL);
}

static inline int foodpin_resize_exact(VipsImage *in, VipsImage **out, int width, int height) {
    return vips_thumbnail_image(in, out, width, "height", height, "size", VIPS_SIZE_FORCE, NULL);
}

/// Fills `width` × `height` (enlarging if need be), cropping to the most interesting part.
static inline int foodpin_cover(VipsImage *in, VipsImage **out, int width, int height) {
    return vips_thumbnail_image(in, out, width, "height", height, "size", VIPS_SIZE_BOTH,
                                "crop", VIPS_INTERESTING_ATTENTION, NULL);
}

static inline int foodpin_flatten(VipsImage *in, VipsImage **out, double red, double green, double blue) {
    VipsArrayDouble *background = vips_array_double_newv(3, red, green, blue);
    int result = vips_flatten(in, out, "background", background, NULL);
    vips_area_unref(VIPS_AREA(background));
    return result;
}

static inline int foodpin_cast_uchar(VipsImage *in, VipsImage **out) {
    return vips_cast_uchar(in, out, NULL);
}

static inline int foodpin_colourspace_srgb(VipsImage *in, VipsImage **out) {
    return vips_colourspace(in, out, VIPS_INTERPRETATION_sRGB, NULL);
}

static inline int foodpin_colourspace_grey(VipsImage *in, VipsImage **out) {
    return vips_colourspace(in, out, VIPS_INTERPRETATION_B_W, NULL);
}

static inline int foodpin_save_webp(VipsImage *in, const char *path, int quality, int strip) {
    return vips_webpsave(in, path, "Q", quality, "strip", strip, "effort", 4, NULL);
}

static inline int foodpin_save_jpeg(VipsImage *in, const char *path, int quality, int strip) {
    return vips_jpegsave(in, path, "Q", quality, "strip", strip, "optimize_coding", TRUE, "interlace", TRUE, NULL);
}

static inline int foodpin_save_avif(VipsImage *in, const char *path, int quality, int strip) {
    return vips_heifsave(in, path, "Q", quality, "strip", strip, "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1,
                         "effort", 2, NULL);
}

/// A copy without metadata (EXIF with GPS positions, XMP, IPTC, the ICC profile once in sRGB):
/// webpsave in libvips 8.14 writes EXIF and ICC even when told to strip.
static inline int foodpin_without_metadata(VipsImage *in, VipsImage **out) {
    if (vips_copy(in, out, NULL)) return -1;
    gchar **fields = vips_image_get_fields(*out);
    for (int i = 0; fields[i]; i++) {
        const char *name = fields[i];
        if (vips_isprefix("exif-", name) || vips_isprefix("xmp-", name) || vips_isprefix("iptc-", name) ||
            vips_isprefix("icc-", name) || vips_isprefix("png-comment", name) || vips_isprefix("gif-comment", name) ||
            vips_isprefix("heif-", name) || !strcmp(name, VIPS_META_ORIENTATION))
            vips_image_remove(*out, name);
    }
    g_strfreev(fields);
    return 0;
}

static inline int foodpin_can_save(const char *suffix) { return vips_foreign_find_save(suffix) != NULL; }

static inline int foodpin_getpoint(VipsImage *in, double **vector, int *count, int x, int y) {
    return vips_getpoint(in, vector, count, x, y, NULL);
}

static inline void foodpin_unref(void *object) { if (object) g_object_unref(object); }
static inline void foodpin_free(void *memory) { g_free(memory); }
