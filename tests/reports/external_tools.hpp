// The external programs the export tests check files with (xmllint,
// rsvg-convert, LibreOffice, pdftoppm). CMake finds them at configure time;
// a missing one makes the test fail with the package to install — never a
// silent pass (scripts/install-deps.sh installs them all).
#pragma once

#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <string>
#include <string_view>
#include <sys/stat.h>

namespace test_tools {

/// The path of a tool CMake found, or a failed REQUIRE naming its package.
inline std::string require_tool(std::string_view path, std::string_view name,
                                std::string_view package) {
    struct stat st {};
    const bool found = !path.empty() && path.find("NOTFOUND") == std::string_view::npos &&
                       ::stat(std::string(path).c_str(), &st) == 0;
    INFO(std::string(name) + " was not found; install the Debian package " + std::string(package) +
         " (scripts/install-deps.sh) and re-run cmake");
    REQUIRE(found);
    return std::string(path);
}

/// A directory under the build tree where tests leave files for people to look at.
/// A run under another locale (tests/CMakeLists.txt) gets its own directory,
/// so it never writes the same file as the default run beside it.
inline std::string output_dir(const std::string& sub) {
    const char* tag = std::getenv("PODSIZER_TEST_OUTPUT_TAG");
    const std::string dir = std::string(PODSIZER_TEST_OUTPUT_DIR) + "/" + sub +
                            (tag != nullptr && *tag != '\0' ? "-" + std::string(tag) : "");
    ::mkdir(PODSIZER_TEST_OUTPUT_DIR, 0755);
    ::mkdir(dir.c_str(), 0755);
    return dir;
}

} // namespace test_tools
