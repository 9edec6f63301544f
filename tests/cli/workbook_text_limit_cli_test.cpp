// Excel's limit of 32,767 characters a cell, on the real binary (third
// red-team round, ../shared/reference/REDTEAM-3.md, defect 1): a catalog
// source note, ref or field_sources note one character over the limit made
// every --xlsx export exit 3 ("internal error") and lost the report on stdout.
// Now every text that reaches a cell is cut with a visible mark, whatever
// field it came from; the report and the workbook are both written.
#include "../reports/xlsx_package.hpp"
#include "run_process.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace {

using test_support::temp_dir;
using test_support::write_temp;

const std::string kPod = "examples/ncp-pod-41k.json";

/// A C-node entry whose source text (`where`: "note", "ref" or a
/// field_sources note) is `chars` characters long.
nlohmann::json long_text_cnode(const std::string& where, std::size_t chars) {
    nlohmann::json c = {{"id", "cnode-1u"},
                        {"name", "C-node 1U"},
                        {"height", "1 U"},
                        {"power", "900 W"},
                        {"read", "30 GB/s"},
                        {"write", "12.5 GB/s"},
                        {"client_ports", 2},
                        {"backend_ports", 2},
                        {"client_port_speed", "200 Gbps"},
                        {"backend_port_speed", "200 Gbps"},
                        {"source", {{"kind", "assumption"}, {"note", "short"}}}};
    const std::string text(chars, 'N');
    if (where == "field_sources") {
        c["field_sources"] = {{"read", {{"kind", "assumption"}, {"note", text}}}};
    } else {
        c["source"][where] = text;
    }
    return c;
}

/// The longest text element (<t>…</t>) of the workbook's shared strings and
/// comments, in characters (the test's texts are ASCII but for the mark).
std::size_t longest_text(const std::string& xlsx) {
    std::size_t longest = 0;
    for (const auto& [name, part] : read_xlsx_parts(xlsx)) {
        if (name.find("sharedStrings") == std::string::npos &&
            name.find("comments") == std::string::npos) {
            continue;
        }
        // Scanned by hand: std::regex recurses per character and overflows
        // the stack on a 32,767-character text.
        for (std::size_t at = part.find("<t"); at != std::string::npos;
             at = part.find("<t", at + 1)) {
            const std::size_t open_end = part.find('>', at);
            const std::size_t close = part.find("</t>", open_end);
            if (open_end == std::string::npos || close == std::string::npos ||
                (part[at + 2] != '>' && part[at + 2] != ' ')) {
                continue;
            }
            longest = std::max(longest, close - open_end - 1);
        }
    }
    return longest;
}

bool has_cut_mark(const std::string& xlsx) {
    const auto parts = read_xlsx_parts(xlsx);
    return parts.at("xl/sharedStrings.xml").find("\xe2\x80\xa6 [cut: ") != std::string::npos;
}

} // namespace

TEST_CASE("a catalog text over Excel's cell limit is cut with a mark, never exit 3 (defect 1)") {
    // 32,768 characters: one over the limit, as in the report; and 1 MB.
    for (const std::string where : {"note", "ref", "field_sources"}) {
        for (std::size_t chars : {std::size_t{32'768}, std::size_t{1'000'000}}) {
            INFO(where << " of " << chars << " characters");
            const nlohmann::json cat = {{"cnodes", {long_text_cnode(where, chars)}}};
            const std::string file = write_temp("cell-limit/" + where + ".json", cat.dump());
            const std::string xlsx = temp_dir() + "/cell-limit/" + where + ".xlsx";
            const ProcessResult plain = podsizer({"--catalog", file, "size", kPod});
            const ProcessResult r = podsizer({"--catalog", file, "size", kPod, "--xlsx", xlsx});
            REQUIRE(r.exit_code == 0);
            CHECK(r.out == plain.out); // the report is not lost
            CHECK(r.err == "podsizer: wrote " + xlsx + "\n");
            CHECK(has_cut_mark(xlsx));
            CHECK(longest_text(xlsx) <= 32'767);
        }
    }
}

TEST_CASE("32,767 characters fit a cell whole, with no mark (defect 1)") {
    const nlohmann::json cat = {{"cnodes", {long_text_cnode("note", 32'767)}}};
    const std::string file = write_temp("cell-limit/exact.json", cat.dump());
    const std::string xlsx = temp_dir() + "/cell-limit/exact.xlsx";
    REQUIRE(podsizer({"--catalog", file, "size", kPod, "--xlsx", xlsx}).exit_code == 0);
    CHECK_FALSE(has_cut_mark(xlsx));
    CHECK(longest_text(xlsx) == 32'767);
}

TEST_CASE("a scenario's own catalog with a long note exports from every workbook command "
          "(defect 1)") {
    nlohmann::json s = nlohmann::json::parse(test_support::read_file(
        std::string(PODSIZER_SOURCE_DIR) + "/tests/cli/data/own-catalog.json"));
    s["catalog"]["cnodes"][0]["source"]["note"] = std::string(40'000, 'N');
    const std::string scenario = write_temp("cell-limit/own.json", s.dump());
    const std::string dir = temp_dir() + "/cell-limit/";
    const std::vector<std::vector<std::string>> runs = {
        {"size", scenario, "--xlsx", dir + "own-size.xlsx"},
        {"compare", scenario, "--xlsx", dir + "own-compare.xlsx"},
        {"extrapolate", scenario, "--target", "1EB", "--xlsx", dir + "own-extrapolate.xlsx"},
        {"batch", scenario, "--xlsx", dir + "own-batch.xlsx"},
        {"sweep", scenario, "--vary", "fleet.gpus=41472,82944", "--xlsx", dir + "own-sweep.xlsx"},
    };
    for (const auto& args : runs) {
        INFO(args[0]);
        const ProcessResult r = podsizer(args);
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK_FALSE(r.out.empty());
        CHECK(has_cut_mark(args.back()));
        CHECK(longest_text(args.back()) <= 32'767);
    }
}
