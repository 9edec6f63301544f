// Finding one element of a JSON list in a command's output by a field's
// value (a site by name, a comparison column by name, a metric by key):
// shared by the CLI tests that read `--format json`.
#pragma once

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

namespace test_support {

/// The element of the JSON list `list` whose `field` is `value`; fails the
/// test, naming what was missing, when no element has it.
inline const nlohmann::json& element_where(const nlohmann::json& list, const std::string& field,
                                           const std::string& value) {
    for (const auto& e : list) {
        if (e.at(field) == value) {
            return e;
        }
    }
    FAIL("no element with " << field << " " << value);
    throw std::logic_error("unreachable");
}

} // namespace test_support
