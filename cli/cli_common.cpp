#include "cli_common.hpp"

#include "output_paths.hpp"
#include "podsizer/catalog/safe_text.hpp"
#include "podsizer/catalog/scenario_catalog.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/catalog/suggest.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/sizing_report.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <iostream>
#include <thread>
#include <utility>

namespace podsizer::cli {

void print_warnings(const Diagnostics& diag) {
    for (const std::string& w : diag.warnings) {
        std::cerr << "podsizer: warning: " << printable(w, kMaxMessageChars) << "\n";
    }
}

Format parse_format(const std::string& s) {
    if (auto f = format_from_string(s)) {
        return *f;
    }
    throw InputError("--format", fmt::format("\"{}\" is not a format; expected {}", s,
                                             choices_text(kFormatNames)));
}

BatchFormat parse_batch_format(const std::string& s) {
    if (auto f = batch_format_from_string(s)) {
        return *f;
    }
    throw InputError("--format", fmt::format("\"{}\" is not a format; expected {}", s,
                                             choices_text(kBatchFormatNames)));
}

Catalog load_catalog(const GlobalOptions& g, Diagnostics& diag) {
    Catalog catalog = default_catalog();
    for (const std::string& path : g.catalogs) {
        merge_catalog_file(catalog, path, &diag);
        validate_catalog(catalog, path);
    }
    return catalog;
}

std::vector<std::string> split_commas(const std::string& text) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : text) {
        if (c == ',') {
            out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    out.push_back(cur);
    return out;
}

std::string require_known(const std::string& id, const std::vector<std::string>& ids,
                          const std::string& flag, const char* what) {
    for (const std::string& known : ids) {
        if (known == id) {
            return id;
        }
    }
    throw InputError(flag,
                     fmt::format("unknown {} \"{}\" ({})", what, id, suggestion_phrase(id, ids)));
}

Scenario read_scenario(const std::string& path, Catalog& catalog, Diagnostics& diag) {
    try {
        ScenarioWithCatalog read = load_scenario_with_catalog(path, catalog, &diag);
        note_scenario_catalog_files(read.catalog_files);
        for (const std::string& f : read.price_files) {
            note_price_book_file(f);
        }
        print_warnings(diag);
        diag.warnings.clear();
        catalog = std::move(read.catalog);
        return std::move(read.scenario);
    } catch (const InputError&) {
        print_warnings(diag);
        throw;
    }
}

int emit_sizing(const SizingResult& result, Format format, const GrowthView& growth) {
    std::cout << render_sizing(result, growth, format);
    return result.all_feasible() && growth.ok() ? kExitOk : kExitNotMet;
}

} // namespace podsizer::cli
