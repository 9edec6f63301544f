#pragma once

#include <string_view>

namespace podsizer {
/// The project version, from CMake's project(VERSION).
std::string_view version();
} // namespace podsizer
