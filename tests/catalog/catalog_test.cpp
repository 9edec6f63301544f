#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/core/errors.hpp"
#include "support/default_catalog.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace podsizer;

namespace {

using test_support::catalog_error_of;
template <class T> void every_entry_has_a_source(const std::vector<T>& items) {
    for (const T& t : items) {
        INFO(t.id);
        const Source& s = t.provenance.source;
        // A figure without a reference must say it is an assumption.
        CHECK((s.kind == SourceKind::assumption || !s.ref.empty()));
        CHECK(!s.note.empty());
        for (const auto& [field, fs] : t.provenance.field_sources) {
            INFO(field);
            CHECK((fs.kind == SourceKind::assumption || !fs.ref.empty()));
        }
    }
}

} // namespace

TEST_CASE("the embedded default catalog loads and validates") {
    const Catalog c = default_catalog();
    CHECK(c.cnode("cnode-1u") != nullptr);
    CHECK(c.dbox("dbox-1u-22") != nullptr);
    CHECK(c.dbox("dbox-2u-44-hd") != nullptr);
    // h100, b200, b300 (MGX busbar RA), b300-xdr (XDR RA), gb200-nvl72,
    // gb300-nvl72: catalog/data/gpu_platforms.json (docs/workloads.md §2).
    CHECK(c.platforms.size() == 6);
    CHECK(c.rule("h100-best") != nullptr);
    CHECK(c.rule("ncp-gb200-customer") != nullptr);
    CHECK(c.reference("cloud-object-store") != nullptr);
}

TEST_CASE("the default catalog data files have no unknown fields") {
    Diagnostics diag; // read from the JSON, as the build reads it (default_catalog is its result)
    (void)default_catalog_from_json(&diag);
    for (const std::string& w : diag.warnings) {
        FAIL_CHECK(w);
    }
}

TEST_CASE("every default catalog entry names its source") {
    const Catalog c = default_catalog();
    every_entry_has_a_source(c.cnodes);
    every_entry_has_a_source(c.dboxes);
    every_entry_has_a_source(c.erasure_coding);
    every_entry_has_a_source(c.switches);
    every_entry_has_a_source(c.racks);
    every_entry_has_a_source(c.platforms);
    every_entry_has_a_source(c.rules);
    every_entry_has_a_source(c.references);
}

TEST_CASE("the 1U D-box drive options give 338, 676 and 1,352 TB raw") {
    // SOURCES.md: 22 x 15.36 = 337.9 TB; 22 x 30.72 = 675.8 TB; 22 x 61.44 = 1,351.7 TB.
    const Catalog c = default_catalog();
    const DBoxModel& d = *c.dbox("dbox-1u-22");
    REQUIRE(d.drive_sizes.size() == 3);
    CHECK(in(d.raw(d.drive_sizes[0]), units::TB) == Approx(337.92));
    CHECK(in(d.raw(d.drive_sizes[1]), units::TB) == Approx(675.84));
    CHECK(in(d.raw(d.drive_sizes[2]), units::TB) == Approx(1351.68));
    // SOURCES.md: 44 x 122.88 TB = 5,407 TB, "5.4 PB per 2U".
    const DBoxModel& hd = *c.dbox("dbox-2u-44-hd");
    CHECK(in(hd.raw(hd.default_drive), units::PB) == Approx(5.40672));
}

TEST_CASE("a catalog file overrides an entry with the same id and adds new ones") {
    Catalog c = default_catalog();
    const std::size_t before = c.cnodes.size();
    merge_catalog_text(c, R"({"cnodes": [
        {"id": "cnode-1u", "name": "faster", "height": "1 U", "power": "900 W",
         "read": "30 GB/s", "write": "12 GB/s", "client_ports": 2, "backend_ports": 2,
         "source": {"kind": "assumption", "note": "what-if"}},
        {"id": "cnode-new", "name": "new", "height": "1 U", "power": "900 W",
         "read": "30 GB/s", "write": "12 GB/s", "client_ports": 2, "backend_ports": 2,
         "source": {"kind": "assumption", "note": "what-if"}}]})",
                       "override.json");
    CHECK(c.cnodes.size() == before + 1);
    CHECK(in(c.cnode("cnode-1u")->read, units::GB_per_s) == Approx(30));
}

TEST_CASE("bad catalog documents name the place and what was expected") {
    struct Row {
        const char* doc;
        const char* says;
    };
    const Row rows[] = {
        {R"({"cnodes": [ {"id": "x",,} ]})", "bad.json:1:"},
        {R"({"cnodes": [ {"id": "x"} ]})", "bad.json: $.cnodes[0].name: missing required field"},
        {R"({"racks": [{"id": "r", "name": "r", "usable": 40, "power_budget": "25 kW",
              "source": {"kind": "assumption", "note": "n"}}]})",
         "$.racks[0].usable: 40 has no unit"},
        {R"({"racks": [{"id": "r", "name": "r", "usable": "40 U", "power_budget": "25 GB",
              "source": {"kind": "assumption", "note": "n"}}]})",
         "$.racks[0].power_budget: \"25 GB\": capacity unit"},
        {R"({"racks": [{"id": "r", "name": "r", "usable": "40 U", "power_budget": "0 kW",
              "source": {"kind": "assumption", "note": "n"}}]})",
         "$.racks[0].power_budget: must be greater than zero"},
        {R"({"racks": [{"id": "r", "name": "r", "usable": "40 U", "power_budget": "25 kW",
              "source": {"kind": "spec", "note": "n"}}]})",
         "$.racks[0].source: a spec source needs a \"ref\""},
        {R"({"racks": [{"id": "r", "name": "r", "usable": "40 U", "power_budget": "25 kW",
              "source": {"kind": "guess", "note": "n"}}]})",
         "$.racks[0].source.kind: unknown source kind \"guess\""},
        {R"({"racks": [{"id": "r", "name": "r", "usable": "40 U", "power_budget": "25 kW"}]})",
         "$.racks[0].source: missing required field"},
        {R"({"gpu_platforms": [{"id": "g", "name": "g", "gpus_per_node": 0, "gpus_per_su": 8,
              "source": {"kind": "assumption", "note": "n"}}]})",
         "$.gpu_platforms[0].gpus_per_node: expected a whole number from 1"},
        {R"({"gpu_platforms": [{"id": "g", "name": "g", "gpus_per_node": 2.5, "gpus_per_su": 8,
              "source": {"kind": "assumption", "note": "n"}}]})",
         "expected a whole number >= 1"},
        {R"({"racks": [], "racks": []})", "duplicate key \"racks\""},
        {R"([1, 2])", "$: expected an object"},
        {R"({"schema": "other/2"})", "unknown schema"},
    };
    for (const Row& r : rows) {
        INFO(r.doc);
        CHECK_THAT(catalog_error_of(r.doc), Catch::Contains(r.says));
    }
}

TEST_CASE("malformed JSON is reported with line and column") {
    const std::string msg = catalog_error_of("{\n  \"cnodes\": [\n    {\"id\": }\n  ]\n}");
    CHECK_THAT(msg, Catch::StartsWith("bad.json:3:"));
    CHECK_THAT(msg, Catch::Contains("malformed JSON"));
}

TEST_CASE("unknown fields are warnings, not silence") {
    Catalog c;
    Diagnostics diag;
    merge_catalog_text(c, R"({"racks": [{"id": "r", "name": "r", "usable": "40 U",
        "power_budget": "25 kW", "colour": "red", "source": {"kind": "assumption", "note": "n"}}]})",
                       "extra.json", &diag);
    REQUIRE(diag.warnings.size() == 1);
    CHECK_THAT(diag.warnings[0], Catch::Contains("extra.json: $.racks[0].colour: unknown field"));
}

TEST_CASE("validation finds references to entries that do not exist") {
    Catalog c = default_catalog();
    c.dboxes[0].erasure_coding = "ec-missing";
    try {
        validate_catalog(c, "mine.json");
        FAIL("expected an error");
    } catch (const InputError& e) {
        CHECK_THAT(e.what(), Catch::Contains("unknown erasure-coding rule \"ec-missing\""));
        CHECK_THAT(e.what(), Catch::Contains("nearest: ec-n4-wide"));
    }
}

TEST_CASE("a deeply nested document is refused without exhausting the stack") {
    std::string deep(100000, '[');
    deep += std::string(100000, ']');
    CHECK_THAT(catalog_error_of(deep), Catch::Contains("nested more than"));
}

TEST_CASE("every default device carries a maximum power flagged as an assumption") {
    // docs/model.md §10: nobody publishes these devices' maxima; the catalog
    // gives typical x 1.3 and says it is an assumption.
    const Catalog c = default_catalog();
    const CNodeModel& cn = *c.cnode("cnode-1u");
    CHECK(cn.max_power.base() == Approx(1040.0)); // 800 W x 1.3
    CHECK(cn.provenance.of("max_power").kind == SourceKind::assumption);
    CHECK(c.dbox("dbox-1u-22")->max_power.base() == Approx(2080.0));    // 1,600 W x 1.3
    CHECK(c.dbox("dbox-2u-44-hd")->max_power.base() == Approx(3120.0)); // 2,400 W x 1.3
    const SwitchModel& sw = *c.network_switch("switch-64x800g-2u");
    CHECK(sw.max_power.base() == Approx(1950.0)); // 1,500 W x 1.3
    CHECK(sw.provenance.of("max_power").kind == SourceKind::assumption);
}

TEST_CASE(
    "a device without max_power gets typical x 1.3, flagged, and one below typical is refused") {
    Catalog c;
    merge_catalog_text(c, R"({"switches": [
        {"id": "sw", "name": "sw", "height": "1 U", "power": "1000 W", "ports": 64,
         "downlink_fraction": 0.5, "source": {"kind": "spec", "ref": "data sheet", "note": "n"}}]})",
                       "sw.json");
    const SwitchModel& sw = *c.network_switch("sw");
    CHECK(sw.max_power.base() == Approx(1300.0));
    CHECK(sw.provenance.of("max_power").kind == SourceKind::assumption);
    CHECK(sw.provenance.of("power").kind == SourceKind::spec);

    const std::string e = catalog_error_of(R"({"cnodes": [
        {"id": "c", "name": "c", "height": "1 U", "power": "800 W", "max_power": "700 W",
         "read": "24 GB/s", "write": "10 GB/s", "client_ports": 2, "backend_ports": 2,
         "source": {"kind": "assumption", "note": "n"}}]})");
    CHECK_THAT(e, Catch::Contains("$.cnodes[0].max_power"));
    CHECK_THAT(e, Catch::Contains("at least the typical"));
}
