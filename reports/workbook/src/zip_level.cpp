// See zip_level.hpp. libxlsxwriter calls minizip's zipOpenNewFileInZip4_64
// through the dynamic linker, which finds a definition in the executable
// before the one in libminizip: this one forwards every argument unchanged
// but the level, to the next definition (RTLD_NEXT). Where libxlsxwriter
// carries its own minizip (statically), this function is never called and
// the parts keep the default level: slower, never wrong.
#include "zip_level.hpp"

#include <atomic>
#include <dlfcn.h>

namespace {

std::atomic<int> g_level{-1}; // Z_DEFAULT_COMPRESSION until a Book sets one

// minizip's zip.h (not installed with the runtime library): the types
// libxlsxwriter passes, as opaque pointers and the C types they are.
using ZipOpen = int (*)(void* file, const char* filename, const void* zipfi,
                        const void* extrafield_local, unsigned size_extrafield_local,
                        const void* extrafield_global, unsigned size_extrafield_global,
                        const char* comment, int method, int level, int raw, int window_bits,
                        int mem_level, int strategy, const char* password,
                        unsigned long crc_for_crypting, unsigned long version_made_by,
                        unsigned long flag_base, int zip64);

constexpr int kZipInternalError = -104; // ZIP_INTERNALERROR

} // namespace

namespace podsizer::xlsx {

void set_deflate_level(int level) {
    g_level.store(level, std::memory_order_relaxed);
}

} // namespace podsizer::xlsx

extern "C" int zipOpenNewFileInZip4_64(
    void* file, const char* filename, const void* zipfi, const void* extrafield_local,
    unsigned size_extrafield_local, const void* extrafield_global, unsigned size_extrafield_global,
    const char* comment, int method, int level, int raw, int window_bits, int mem_level,
    int strategy, const char* password, unsigned long crc_for_crypting,
    unsigned long version_made_by, unsigned long flag_base, int zip64) {
    static const auto next = reinterpret_cast<ZipOpen>(dlsym(RTLD_NEXT, "zipOpenNewFileInZip4_64"));
    if (next == nullptr) {
        return kZipInternalError; // libxlsxwriter reports the part as not written
    }
    const int chosen = g_level.load(std::memory_order_relaxed);
    return next(file, filename, zipfi, extrafield_local, size_extrafield_local, extrafield_global,
                size_extrafield_global, comment, method, level == 0 ? 0 : chosen, raw, window_bits,
                mem_level, strategy, password, crc_for_crypting, version_made_by, flag_base, zip64);
}
