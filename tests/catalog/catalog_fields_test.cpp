// The catalog field table (catalog/catalog_fields.hpp) is the one description
// of a catalog entry's fields: the reader checks each row's bounds with the
// row's message, and the JSON Schema states the same bounds. Before the table
// the schema and the reader disagreed on ten fields; the reader was right in
// each (it is the specification, docs/scenario-format.md), so the schema now
// says what it checks:
//   - drive_afr above 0 (the schema allowed 0), drive_dwpd (0, 100],
//     dbox_events_per_year [0, 10], rebuild_read_fraction (0, 1],
//     downlink_fraction (0, 1), racks_per_eb above 0, raw_per_usable [1, 10],
//     failures_per_1000_node_days (0, 10^6] (the schema gave no bounds);
//   - max_dboxes, max_cnodes and accounts_per_subscription(_raised), held in
//     64 bits and read up to 10^15 (the schema said at most 10^6).
#include "podsizer/catalog/catalog_fields.hpp"
#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/catalog/json_schema.hpp"
#include "podsizer/core/assumptions.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "support/default_catalog.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

using namespace podsizer;
using json = nlohmann::json;

namespace {

/// The first entry of list `key` in the default catalog's data files.
json first_entry(std::string_view key) {
    for (const EmbeddedFile& f : embedded_catalog_files()) {
        const json doc = json::parse(f.text);
        if (doc.contains(key) && !doc.at(std::string(key)).empty()) {
            return doc.at(std::string(key)).at(0);
        }
    }
    return json();
}

/// The reader's message for `entry` as the only entry of list `key`.
std::string error_of(std::string_view key, const json& entry) {
    return test_support::catalog_error_of(json{{std::string(key), json::array({entry})}}.dump(),
                                          "t.json");
}

/// A value just outside one end of a row's range, or NaN when that end is open-ended.
double below(const Bounds& b) {
    return std::isfinite(b.min) ? (b.min_open ? b.min : b.min - 0.5)
                                : std::numeric_limits<double>::quiet_NaN();
}
double above(const Bounds& b) {
    return std::isfinite(b.max) ? (b.max_open ? b.max : b.max + 0.5)
                                : std::numeric_limits<double>::quiet_NaN();
}

const json& schema_of(const json& schema, std::string_view key, std::string_view field) {
    return schema.at("properties")
        .at(std::string(key))
        .at("items")
        .at("properties")
        .at(std::string(field));
}

} // namespace

TEST_CASE("every catalog kind has an entry in the default catalog and a field table") {
    std::set<std::string_view> keys;
    for_each_catalog_kind([&](const auto& kind) {
        INFO(kind.key);
        CHECK(first_entry(kind.key).is_object());
        CHECK(kind.fields.size() >= 4); // id, name, a figure, its source
        CHECK(keys.insert(kind.key).second);
    });
    CHECK(keys.size() == catalog_kind_names().size());
}

TEST_CASE("merging a catalog adds and replaces entries of every kind") {
    // A scenario's own catalog is merged so (merge_catalog). Its hand list of
    // kinds had left out workloads and parts: their entries were dropped.
    const Catalog base = default_catalog();
    Catalog over;
    for_each_catalog_kind([&](const auto& kind) {
        REQUIRE_FALSE((base.*kind.list).empty());
        auto added = (base.*kind.list).front();
        added.id = "merged-" + added.id;
        auto replaced = (base.*kind.list).front();
        replaced.name = "replaced " + replaced.name;
        (over.*kind.list) = {added, replaced};
    });
    Catalog merged = base;
    merge_catalog(merged, over);
    for_each_catalog_kind([&](const auto& kind) {
        INFO(kind.key);
        const auto& list = merged.*kind.list;
        REQUIRE(list.size() == (base.*kind.list).size() + 1);
        CHECK(list.back().id == "merged-" + (base.*kind.list).front().id);
        CHECK(list.front().name == "replaced " + (base.*kind.list).front().name);
    });
}

TEST_CASE("a catalog field is shown in a unit of its own dimension") {
    // Units are typed by dimension, but a row holds any unit (AnyUnit): this
    // is the check the type cannot make.
    for_each_catalog_kind([&](const auto& kind) {
        for (const auto& row : kind.fields) {
            if (row.shown.unit) {
                INFO(std::string(kind.key) + "." + std::string(row.name));
                CHECK(row.shown.unit->dimension == field_info(row).dimension);
            }
        }
    });
}

TEST_CASE("a catalog number outside its row's bounds is refused with the row's message, and the "
          "schema states the same bounds") {
    const json schema = json::parse(catalog_json_schema());
    int checked = 0;
    for_each_catalog_kind([&](const auto& kind) {
        for (const auto& row : kind.fields) {
            const CatalogFieldInfo f = field_info(row);
            if (f.type != CatalogType::number && f.type != CatalogType::fraction) {
                continue;
            }
            INFO(std::string(kind.key) + "." + std::string(f.name));
            const json& s = schema_of(schema, kind.key, f.name);
            for (double v : {below(f.bounds), above(f.bounds)}) {
                if (std::isnan(v)) {
                    continue;
                }
                json entry = first_entry(kind.key);
                entry[std::string(f.name)] = v;
                const std::string msg = error_of(kind.key, entry);
                INFO(msg);
                CHECK(msg.find("." + std::string(f.name)) != std::string::npos);
                // A fraction at 1 or above gets the fraction's own message.
                if (v < 1.0 || f.type == CatalogType::number) {
                    CHECK(msg.find(std::string(row.expected)) != std::string::npos);
                }
                ++checked;
            }
            if (std::isfinite(f.bounds.min)) {
                CHECK(s.at(f.bounds.min_open ? "exclusiveMinimum" : "minimum").get<double>() ==
                      f.bounds.min);
            }
            if (std::isfinite(f.bounds.max)) {
                CHECK(s.at(f.bounds.max_open ? "exclusiveMaximum" : "maximum").get<double>() ==
                      f.bounds.max);
            }
        }
    });
    // drive_afr, drive_dwpd, dbox_events_per_year, rebuild_read_fraction,
    // downlink_fraction, racks_per_eb, raw_per_usable and the failure rate:
    // 15 ends between them (racks_per_eb has no upper one) when this was
    // written; a new bounded row adds its own.
    CHECK(checked >= 15);
}

TEST_CASE("a catalog count is refused below its row's minimum and above its member's range, as "
          "the schema says") {
    const json schema = json::parse(catalog_json_schema());
    for_each_catalog_kind([&](const auto& kind) {
        for (const auto& row : kind.fields) {
            const CatalogFieldInfo f = field_info(row);
            if (f.type != CatalogType::count) {
                continue;
            }
            INFO(std::string(kind.key) + "." + std::string(f.name));
            const double max = f.wide_count ? 1e15 : 1e6;
            const json& s = schema_of(schema, kind.key, f.name);
            CHECK(s.at("minimum").get<double>() == f.bounds.min);
            CHECK(s.at("maximum").get<double>() == max);
            json entry = first_entry(kind.key);
            if (f.name == "ports") {
                // A switch gives either ports or port modes.
                entry.erase("port_modes");
                entry.erase("uplink_speed");
            }
            entry[std::string(f.name)] = f.bounds.min - 1;
            CHECK(error_of(kind.key, entry).find("expected a whole number from") !=
                  std::string::npos);
            entry[std::string(f.name)] = 2 * max;
            CHECK(error_of(kind.key, entry).find("expected a whole number from") !=
                  std::string::npos);
        }
    });
}

TEST_CASE("max_dboxes takes five million: the reader reads it up to 10^15, which the schema now "
          "says (it said 10^6)") {
    json entry = first_entry("erasure_coding");
    entry["max_dboxes"] = 5'000'000;
    CHECK(error_of("erasure_coding", entry) == "(no error)");
}

namespace {

/// `m` with every figure an assumption: the entry's source, no field's own.
template <class M> M all_assumed(M m) {
    m.provenance.source = Source{SourceKind::assumption, "", "test"};
    m.provenance.field_sources.clear();
    return m;
}

/// Every "entry.field" of `figures` names a field of the catalog list `key`.
void names_fields(const std::vector<AssumedFigure>& figures, const std::string& entry,
                  std::string_view key) {
    const std::vector<std::string_view> fields = catalog_field_names(key);
    for (const AssumedFigure& a : figures) {
        if (a.id.rfind(entry + ".", 0) != 0) {
            continue;
        }
        INFO(a.id);
        const std::string field = a.id.substr(entry.size() + 1);
        CHECK(std::find(fields.begin(), fields.end(), field) != fields.end());
    }
}

} // namespace

TEST_CASE("the catalog fields core's assumptions name are fields of the catalog field table") {
    // core/src/assumptions.cpp names catalog fields by string (core holds no
    // table); with every figure assumed, each name it uses shows up here.
    const Catalog c = default_catalog();
    const CNodeModel cnode = all_assumed(c.cnodes.front());
    const DBoxModel dbox = all_assumed(c.dboxes.front());
    const SwitchModel sw = all_assumed(c.switches.front());
    const RackModel rack = all_assumed(c.racks.front());
    ErasureCodingRule ec = all_assumed(*c.ec_rule(dbox.erasure_coding));
    ec.id = "ec"; // every id distinct, so "id.field" says which entry
    const HardwareChoice hw{&cnode, &dbox, dbox.default_drive, &sw, &rack, &ec, nullptr};
    for (PowerBasis basis : {PowerBasis::typical, PowerBasis::max}) {
        const std::vector<AssumedFigure> all = design_assumptions(hw, basis);
        CHECK(all.size() >= 20);
        names_fields(all, cnode.id, "cnodes");
        names_fields(all, dbox.id, "dboxes");
        names_fields(all, sw.id, "switches");
        names_fields(all, rack.id, "racks");
        names_fields(all, ec.id, "erasure_coding");
    }
    const ReferenceSystem ref = all_assumed(c.references.front());
    names_fields(reference_assumptions(ref), ref.id, "references");
    const GpuPlatform platform = all_assumed(c.platforms.front());
    names_fields(platform_assumptions(platform), platform.id, "gpu_platforms");
}

TEST_CASE("a truncated erasure-coding entry is refused at the first field that cannot be read, as "
          "before the table") {
    // Rows are read in order; a rule that joins two fields runs at the later
    // one, so an entry cut short names its first problem, not the missing
    // "reserve" further down (the messages main gave, compared over 7,620
    // mutated entries when the readers were replaced).
    const json cut{{"id", "e"}, {"name", "e"}, {"parity", 4}};
    CHECK_THAT(error_of("erasure_coding", cut),
               Catch::Contains("$.erasure_coding[0]: expected \"max_data_strips\""));
    json narrow = cut;
    narrow["min_data_strips"] = 200;
    narrow["steps"] = json::array({{{"min_dboxes", 1}, {"data_strips", 100}}});
    CHECK_THAT(error_of("erasure_coding", narrow),
               Catch::Contains("min_data_strips: must not exceed max_data_strips (100)"));
    narrow.erase("steps");
    narrow["max_data_strips"] = 146;
    CHECK_THAT(error_of("erasure_coding", narrow),
               Catch::Contains("min_data_strips: must not exceed max_data_strips (146)"));
}
