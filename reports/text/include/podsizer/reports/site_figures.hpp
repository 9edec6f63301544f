// The figures a site's row adds when a site is sized as its own system or
// states its whole IT power (docs/sites-and-phases.md, "A site's own needs"):
// one row each, read by the text and Markdown tables, the JSON, the workbook
// and the PDF, so a figure is added here once and reaches every output.
#pragma once

#include "podsizer/core/sites.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace podsizer {

struct SiteFigure {
    std::string_view header; ///< the tables' and the sheet's column
    std::string_view key;    ///< the JSON key (base units: bytes, bytes/s, W)
    /// A number in base units, nullopt when the site has none (JSON null,
    /// "-" in tables); or, with `text`, a word.
    std::optional<double> (*number)(const SiteStorage&) = nullptr;
    std::string (*text)(const SiteStorage&) = nullptr;
    double unit = 1.0; ///< base units per shown unit (1e15 for PB)
    int decimals = 1;
};

/// The figures a plan's rows carry: the need figures when some site is its
/// own system, the power figures when some site states its whole IT power.
std::vector<const SiteFigure*> site_figures(const SitePlan& plan);

/// The figure as a table cell ("300.0", "-", "meets").
std::string site_figure_cell(const SiteFigure& f, const SiteStorage& s);

} // namespace podsizer
