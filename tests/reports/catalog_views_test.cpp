#include "podsizer/catalog/catalog_fields.hpp"
#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/reports/catalog_report.hpp"

#include <catch2/catch.hpp>

using namespace podsizer;

TEST_CASE("catalog entry views list every model in the order of catalog list") {
    const Catalog cat = default_catalog();
    const Grid list = catalog_list_grid(cat);
    const auto views = catalog_entry_views(cat);
    // Every kind the field table declares (a kind added later is counted too).
    std::size_t models = 0;
    for_each_catalog_kind([&](const auto& kind) { models += (cat.*kind.list).size(); });
    REQUIRE(views.size() == models);
    REQUIRE(list.rows.size() == models);
    for (std::size_t i = 0; i < views.size(); ++i) {
        INFO(views[i].id);
        CHECK(list.rows[i][0] == views[i].id);
        CHECK(list.rows[i][1] == views[i].kind);
        CHECK(!views[i].figures.rows.empty());
        CHECK_THAT(views[i].source, Catch::StartsWith("["));
    }
}

TEST_CASE("an entry view shows each figure with the source that applies to it") {
    const Catalog cat = default_catalog();
    for (const CatalogEntryView& v : catalog_entry_views(cat)) {
        if (v.kind != "cnode" || v.id != cat.cnodes.front().id) {
            continue;
        }
        const CNodeModel& c = cat.cnodes.front();
        bool saw_power = false;
        for (const auto& row : v.figures.rows) {
            if (row[0] == "power") {
                saw_power = true;
                CHECK(row[1] == format_in(c.power, units::W, 0));
                CHECK_THAT(
                    row[2],
                    Catch::StartsWith("[" + std::string(to_string(c.provenance.of("power").kind))));
            }
        }
        CHECK(saw_power);
        // The table the CLI prints for this entry carries the same rows.
        const std::string shown = render_catalog_entry(cat, v.id, Format::csv);
        CHECK(shown == render_csv(v.figures));
    }
}
