// The default catalog, loaded once per test program.
#pragma once

#include "podsizer/catalog/catalog_io.hpp"

inline const podsizer::Catalog& default_catalog_for_tests() {
    static const podsizer::Catalog catalog = podsizer::default_catalog();
    return catalog;
}
