// The default catalog from its compact form, generated at build time from
// catalog/data/*.json (compact_catalog.hpp): no JSON is parsed at run time.
#include "compact_catalog.hpp"
#include "podsizer/catalog/catalog_io.hpp"

namespace podsizer {

Catalog default_catalog(Diagnostics* /*diag: the build refuses a warning*/) {
    return detail::expand_catalog(detail::default_catalog_numbers(),
                                  detail::default_catalog_texts());
}

} // namespace podsizer
