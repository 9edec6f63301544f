// File and text helpers shared by the tests that run the real binary or write
// files: one scratch directory per test program, reading a file whole, and
// counting lines of what a user would see.
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>

namespace test_support {

/// A directory made once per test program under /tmp (mkdtemp), so parallel
/// ctest runs never share files. Removed when the program ends: a full ctest
/// run makes about a thousand (each test case is its own process), and a
/// day's runs had left 11,000 of them, 19 GB, in /tmp, slowing every file
/// created there. PODSIZER_KEEP_TEST_FILES=1 keeps it for a look after a
/// failure.
struct ScratchDir {
    std::string path;
    ScratchDir() {
        char tmpl[] = "/tmp/podsizer-test-XXXXXX";
        const char* d = mkdtemp(tmpl);
        path = d != nullptr ? d : "";
    }
    ~ScratchDir() {
        const char* keep = std::getenv("PODSIZER_KEEP_TEST_FILES");
        if (!path.empty() && (keep == nullptr || *keep == '\0')) {
            std::error_code ignored; // a file still open elsewhere stays; nothing to report
            std::filesystem::remove_all(path, ignored);
        }
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
};

inline const std::string& temp_dir() {
    static const ScratchDir dir;
    static const std::string path = dir.path.empty() ? std::string("/tmp") : dir.path;
    return path;
}

/// Writes `text` to `name` (which may hold sub-directories) in temp_dir().
inline std::string write_temp(const std::string& name, const std::string& text) {
    const std::filesystem::path path = std::filesystem::path(temp_dir()) / name;
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
}

/// The whole file, byte for byte; empty when it cannot be read.
inline std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The number at the front of `s` ("2.5", "217.9 PB"), read as '.'-decimal
/// text whatever the process locale: std::stod would read "2.5" as 2 when the
/// tests run under LC_ALL=de_DE.UTF-8. Throws when `s` does not start with one.
inline double leading_double(std::string_view s) {
    while (!s.empty() && s.front() == ' ') {
        s.remove_prefix(1);
    }
    double v = 0.0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc()) {
        throw std::invalid_argument("not a number: \"" + std::string(s.substr(0, 40)) + "\"");
    }
    return v;
}

/// Lines in `s`, counted by their '\n'.
inline std::size_t line_count(const std::string& s) {
    std::size_t n = 0;
    for (char c : s) {
        n += c == '\n' ? 1 : 0;
    }
    return n;
}

} // namespace test_support
