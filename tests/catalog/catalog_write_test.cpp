// Catalog documents written back as text (catalog_write.hpp): the order a
// person reads, and text the catalog reader takes back unchanged.
#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/catalog/catalog_write.hpp"
#include "podsizer/core/errors.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace podsizer;

TEST_CASE("a catalog entry is written with id and name first and its sources last") {
    const std::string text = catalog_entry_text(
        R"({"source": {"note": "n", "kind": "spec", "ref": ""}, "racks_per_eb": 220.0,
            "name": "Tape", "id": "tape", "field_sources": {}, "raw_per_usable": 1.33,
            "drive_sizes": [], "ncp": true})",
        "entry");
    CHECK(text == R"({
  "id": "tape",
  "name": "Tape",
  "drive_sizes": [],
  "ncp": true,
  "racks_per_eb": 220,
  "raw_per_usable": 1.33,
  "source": {
    "kind": "spec",
    "note": "n",
    "ref": ""
  },
  "field_sources": {}
})");
}

TEST_CASE("a catalog document lists its kinds in catalog order after the schema") {
    const std::string text = catalog_document_text(
        R"({"defaults": {"rack": "r"}, "zz": 1, "racks": [], "cnodes": [{"name": "C", "id": "c"}]})",
        "doc");
    CHECK(text == R"({
  "schema": "podsizer-catalog/1",
  "cnodes": [
    {
      "id": "c",
      "name": "C"
    }
  ],
  "racks": [],
  "defaults": {
    "rack": "r"
  },
  "zz": 1
}
)");
    CHECK_THROWS_AS(catalog_document_text("{", "doc"), InputError);
}

TEST_CASE("every default catalog file, rewritten, reads back to the same entries") {
    for (const EmbeddedFile& file : embedded_catalog_files()) {
        INFO(file.name);
        const std::string once = catalog_document_text(file.text, "shipped");
        CHECK(catalog_document_text(once, "once") == once); // already in reading order
        Catalog shipped;
        merge_catalog_text(shipped, file.text, "shipped");
        Catalog rewritten;
        merge_catalog_text(rewritten, once, "rewritten");
        CHECK(rewritten.cnodes.size() == shipped.cnodes.size());
        CHECK(rewritten.dboxes.size() == shipped.dboxes.size());
        CHECK(rewritten.references.size() == shipped.references.size());
        CHECK(rewritten.failure_rates.size() == shipped.failure_rates.size());
        for (std::size_t i = 0; i < shipped.dboxes.size(); ++i) {
            CHECK(rewritten.dboxes[i].id == shipped.dboxes[i].id);
            CHECK(rewritten.dboxes[i].drive_sizes == shipped.dboxes[i].drive_sizes);
            CHECK(rewritten.dboxes[i].backend_read == shipped.dboxes[i].backend_read);
        }
    }
}
