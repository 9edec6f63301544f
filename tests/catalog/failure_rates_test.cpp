// Failure-rate presets in the catalog (catalog/data/failure_rates.json).
#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/core/errors.hpp"
#include "support/default_catalog.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace podsizer;

namespace {

using test_support::catalog_error_of;
} // namespace

TEST_CASE("the default catalog holds the published failure rates with their papers") {
    const Catalog c = default_catalog();
    struct Row {
        const char* id;
        double rate;
        SourceKind kind;
        const char* ref;
    };
    // Kokolis et al., HPCA 2025: 6.50 and 2.34 per
    // 1,000 node-days; Llama 3 §3.3.4: 419 / (2,048 nodes × 54 days) × 1,000 = 3.79.
    const Row rows[] = {
        {"hpca25-a100-high", 6.5, SourceKind::paper, "HPCA 2025"},
        {"hpca25-a100-low", 2.34, SourceKind::paper, "HPCA 2025"},
        {"llama3-h100", 3.79, SourceKind::derived, "Llama 3"},
    };
    for (const Row& r : rows) {
        INFO(r.id);
        const FailureRatePreset* p = c.failure_rate(r.id);
        REQUIRE(p != nullptr);
        CHECK(p->per_1000_node_days == Approx(r.rate));
        // Both papers count 8-GPU nodes (A100 and H100 servers).
        CHECK(p->gpus_per_node == 8);
        CHECK(p->provenance.source.kind == r.kind);
        CHECK_THAT(p->provenance.source.ref, Catch::Contains(r.ref));
        CHECK_FALSE(p->provenance.source.note.empty());
    }
    // docs/checkpoints.md §4: the default is the production rate of Llama 3,
    // not the worse of the two research clusters.
    CHECK(c.defaults.failure_rate == "llama3-h100");
}

TEST_CASE("bad failure-rate entries name the place and what was expected") {
    struct Row {
        const char* doc;
        const char* says;
    };
    const Row rows[] = {
        {R"({"failure_rates": [{"id": "f", "name": "f", "failures_per_1000_node_days": 0,
              "source": {"kind": "assumption", "note": "n"}}]})",
         "$.failure_rates[0].failures_per_1000_node_days: expected failures per 1,000 node-days"},
        {R"({"failure_rates": [{"id": "f", "name": "f", "failures_per_1000_node_days": -1,
              "source": {"kind": "assumption", "note": "n"}}]})",
         "above 0"},
        {R"({"failure_rates": [{"id": "f", "name": "f", "failures_per_1000_node_days": "6.5",
              "source": {"kind": "assumption", "note": "n"}}]})",
         "expected a number"},
        {R"({"failure_rates": [{"id": "f", "name": "f", "failures_per_1000_node_days": 6.5,
              "gpus_per_node": 8}]})",
         "$.failure_rates[0].source: missing required field"},
        {R"({"failure_rates": [{"id": "f", "name": "f", "failures_per_1000_node_days": 6.5,
              "source": {"kind": "assumption", "note": "n"}}]})",
         "$.failure_rates[0].gpus_per_node: missing required field"},
        {R"({"failure_rates": [{"id": "f", "name": "f", "failures_per_1000_node_days": 6.5,
              "gpus_per_node": 8, "source": {"kind": "paper", "note": "n"}}]})",
         "needs a \"ref\""},
    };
    for (const Row& r : rows) {
        INFO(r.doc);
        CHECK_THAT(catalog_error_of(r.doc), Catch::Contains(r.says));
    }
}

TEST_CASE("a catalog file adds failure rates and may change the default") {
    Catalog c = default_catalog();
    merge_catalog_text(c, R"({"failure_rates": [{"id": "site-a", "name": "site A",
        "failures_per_1000_node_days": 4.2, "gpus_per_node": 4,
        "source": {"kind": "customer", "ref": "ops log", "note": "last year"}}],
        "defaults": {"failure_rate": "site-a"}})",
                       "mine.json");
    validate_catalog(c, "mine.json");
    CHECK(c.failure_rate("site-a")->per_1000_node_days == Approx(4.2));
    CHECK(c.defaults.failure_rate == "site-a");

    Catalog d = default_catalog();
    merge_catalog_text(d, R"({"defaults": {"failure_rate": "nope"}})", "bad.json");
    CHECK_THROWS_WITH(validate_catalog(d, "bad.json"),
                      Catch::Contains("defaults.failure_rate") &&
                          Catch::Contains("is not a failure-rate preset"));
}
