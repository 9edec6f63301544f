// Quick what-ifs on a scenario file: `--set PATH=VALUE` (docs/cli.md,
// "What-ifs with --set"). Each value is written into the scenario's JSON
// document by the same paths, aliases and value reading as `sweep --vary`
// (sweep.hpp), and the document is read back by the normal scenario reader,
// so `size f.json --set X=V` sizes exactly what the sweep run X=V sizes.
#pragma once

#include "podsizer/batch/sweep.hpp"
#include "podsizer/catalog/scenario_document.hpp"

#include <string>
#include <vector>

namespace podsizer {

/// The parsed --set expressions, in the order given.
struct ScenarioSets {
    std::vector<SweepParameter> sets;

    bool empty() const { return sets.empty(); }
    /// Why `p` may not be given beside these --sets (field_clash with the
    /// first it clashes with, "is also set by"), or empty.
    std::string clash(const SweepParameter& p) const;
};

/// Parses every expression (parse_set); a field set twice, through an alias,
/// "[*]" or an index, or two fields that exclude each other, is an InputError
/// naming both --sets (field_clash).
ScenarioSets parse_sets(const std::vector<std::string>& expressions);

/// Writes each --set into `doc` in order and reads the result with the
/// scenario reader (`doc`'s own catalog must already be taken). An error at a
/// field a --set wrote is reported at that --set: "--set EXPR: value "V":
/// FILE: $.path: message"; any other error is the reader's own.
Scenario parse_with_sets(ScenarioDocument& doc, const ScenarioSets& sets, const Catalog& catalog,
                         Diagnostics* diag = nullptr);

} // namespace podsizer
