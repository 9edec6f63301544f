// The default catalog, loaded once per test program, the error a scenario
// text raises against it and the error a catalog text raises: shared by every
// test that sizes or parses.
#pragma once

#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/errors.hpp"

#include <string>

namespace test_support {

/// The embedded default catalog, parsed and validated once.
inline const podsizer::Catalog& cat() {
    static const podsizer::Catalog catalog = podsizer::default_catalog();
    return catalog;
}

/// The message of the InputError that parsing `text` (as "s.json") against the
/// default catalog raises, or "(no error)".
inline std::string scenario_error_of(const std::string& text) {
    try {
        (void)podsizer::parse_scenario(text, "s.json", cat());
    } catch (const podsizer::InputError& e) {
        return e.what();
    }
    return "(no error)";
}

/// The message of the InputError that merging the catalog `text` (as `file`)
/// into an empty catalog raises, or "(no error)".
inline std::string catalog_error_of(const std::string& text, const std::string& file = "bad.json") {
    podsizer::Catalog c;
    try {
        podsizer::merge_catalog_text(c, text, file);
    } catch (const podsizer::InputError& e) {
        return e.what();
    }
    return "(no error)";
}

} // namespace test_support

/// The name the core tests use.
inline const podsizer::Catalog& default_catalog_for_tests() {
    return test_support::cat();
}
