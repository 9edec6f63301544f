// Build step: reads the default catalog from catalog/data/*.json (embedded)
// with the JSON reader and its checks, and writes the C++ file holding its
// compact form (catalog/src/compact_catalog.hpp) to the path given. Fails the
// build on a message, a warning, or a compact form that does not read back
// as the catalog it came from.
#include "compact_catalog.hpp"
#include "podsizer/catalog/catalog_fields.hpp"
#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/core/errors.hpp"

#include <cstdio>
#include <exception>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

using podsizer::Catalog;

bool same(const Catalog& a, const Catalog& b) {
    bool equal = a.defaults == b.defaults;
    podsizer::for_each_catalog_kind(
        [&](const auto& kind) { equal = equal && a.*kind.list == b.*kind.list; });
    return equal;
}

int generate(const std::string& path) {
    podsizer::Diagnostics diag;
    const Catalog catalog = podsizer::default_catalog_from_json(&diag);
    for (const std::string& w : diag.warnings) {
        std::fprintf(stderr, "podsizer_compact_catalog: %s\n", w.c_str());
    }
    if (!diag.warnings.empty()) {
        return 1;
    }
    const podsizer::detail::CompactCatalog compact = podsizer::detail::compact_catalog(catalog);
    const std::vector<std::string_view> texts(compact.texts.begin(), compact.texts.end());
    if (!same(podsizer::detail::expand_catalog(compact.numbers, texts), catalog)) {
        std::fprintf(stderr, "podsizer_compact_catalog: the compact form does not read back as "
                             "the catalog (a member without a row in catalog_fields.cpp?)\n");
        return 1;
    }
    const std::string source = podsizer::detail::compact_catalog_source(compact);
    std::ifstream before(path, std::ios::binary);
    const std::string old((std::istreambuf_iterator<char>(before)),
                          std::istreambuf_iterator<char>());
    if (old == source) {
        return 0; // unchanged: nothing that includes it is rebuilt
    }
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << source;
    out.close();
    if (!out) {
        std::fprintf(stderr, "podsizer_compact_catalog: cannot write %s\n", path.c_str());
        return 1;
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: podsizer_compact_catalog OUTPUT.cpp\n");
        return 2;
    }
    try {
        return generate(argv[1]);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "podsizer_compact_catalog: %s\n", e.what());
        return 1;
    }
}
