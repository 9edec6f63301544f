// Parameter sweeps: `--vary PATH=VALUES` expressions and their cross product
// (docs/batch.md). Each value is written into a copy of the scenario's JSON
// document and read back with the normal scenario reader, so any documented
// field can be swept and a bad value gets the usual message and JSON path.
#pragma once

#include "podsizer/catalog/scenario_document.hpp"
#include "podsizer/core/errors.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace podsizer {

/// One value of a sweep parameter.
struct SweepValue {
    std::string label; ///< as shown in label columns: "4096", "100 PB", "dbox-1u-22"
    FieldValue value;  ///< what is written into the document
};

/// One `--vary` expression, parsed and expanded.
struct SweepParameter {
    std::string flag = "--vary"; ///< the flag it came with, for messages: --vary or --set
    std::string expression;      ///< as given: "gpus=4096..65536*2"
    std::string name;            ///< left of '=' as given: "gpus", "capacity.usable"
    ScenarioPath path;           ///< the field written ("fleet.gpus"; tier: "performance.rule")
    const ScenarioField* field = nullptr;
    bool tier = false; ///< values are tiers mapped to the rule "<platform>-<tier>"
    std::vector<SweepValue> values;
};

/// The short names a --vary expression may use instead of a path.
struct SweepAlias {
    std::string_view name;
    std::string_view path;
};
std::span<const SweepAlias> sweep_aliases();

/// Most runs one sweep may have, and most designs (runs × the scenario's
/// options): a 100-option scenario made 10^6 runs 10^8 designs, whose table
/// grew without bound (second red-team round, defect 10; docs/robustness.md).
inline constexpr std::size_t kMaxSweepRuns = 1'000'000;
inline constexpr std::size_t kMaxSweepDesigns = kMaxSweepRuns;
/// Most designs of a sweep in a format that keeps every row until the end to
/// align its columns (table, md): 10^6 designs took 1.8 GB there, the
/// streamed formats 20 MB (docs/robustness.md).
inline constexpr std::size_t kMaxSweepTableDesigns = 100'000;

/// Parses "PATH=VALUES": a documented path or an alias, then a
/// comma-separated list ("a,b,c") whose items may be ranges
/// ("START..END+STEP", "START..END*FACTOR"; with units where the field has
/// them). Checks the syntax, the path, the range and the units; InputError
/// naming "--vary EXPRESSION" and what was expected.
SweepParameter parse_vary(std::string_view expression);

/// Parses "PATH=VALUE" for `--set`: the paths, aliases and value reading of
/// parse_vary, but one value taken whole (no list, no range). InputError
/// naming "--set EXPRESSION" and what was expected.
SweepParameter parse_set(std::string_view expression);

/// Why `later` may not be given beside `earlier`, or empty: both reach a
/// common field (an alias, "[*]" and an index are resolved first, so "drive"
/// and "options[0].drive" clash), or one removes the other's field (the
/// siblings a field excludes: "options[0].cd_ratio" and
/// "options[0].cnodes"). `verb` says how `earlier` has the field ("is
/// already set by"); the message names both expressions and ends with what
/// was expected. Before, such a pair was taken and the last one won (fourth
/// red-team round, D5).
std::string field_clash(const SweepParameter& later, const SweepParameter& earlier,
                        std::string_view verb);

/// Whether the reader's error `e` on a document from `origin` is at one of
/// the JSON paths `written` ("$.options[0].drive") or inside one.
bool located_at(const InputError& e, const std::string& origin,
                const std::vector<std::string>& written);

/// Writes value `k` of `p` into `doc`; returns the JSON paths written.
/// A tier without a matching rule in `catalog` is an InputError.
std::vector<std::string> apply_value(const SweepParameter& p, std::size_t k, ScenarioDocument& doc,
                                     const Catalog& catalog);

/// The cross product of the parameters over a base scenario document. Run i
/// takes the values in nested-loop order: the first --vary changes slowest,
/// the last fastest.
class Sweep {
public:
    /// Parses every expression, rejects a field varied twice, more than
    /// kMaxSweepRuns runs and more than kMaxSweepDesigns designs, and tries each value alone on the
    /// base document: a value the scenario reader rejects (an unknown id, a count out of range, a
    /// drive the new box lacks) is an InputError before anything runs, unless the error is at a
    /// field another --vary writes.
    Sweep(ScenarioDocument base, const std::vector<std::string>& expressions,
          const Catalog& catalog);

    std::size_t runs() const { return runs_; }
    const std::vector<SweepParameter>& parameters() const { return params_; }
    const ScenarioDocument& base() const { return base_; }

    /// The value index of each parameter for run `run`.
    std::vector<std::size_t> choice(std::size_t run) const;
    /// The base document with run `run`'s values written in.
    ScenarioDocument document(std::size_t run, const Catalog& catalog) const;
    /// Run `run`'s scenario, as document(run, catalog).parse(catalog) reads
    /// it, errors included. When every parameter is a count, number,
    /// quantity or percentage outside any list, the values are written into
    /// the base scenario read once (the document is read again only for a
    /// value the rules refuse, for the reader's message): a sweep's runs no
    /// longer read JSON (issue 34).
    Scenario scenario(std::size_t run, const Catalog& catalog) const;

private:
    ScenarioDocument base_;
    /// The base scenario, read once, when every parameter writes directly.
    std::optional<Scenario> direct_base_;
    std::vector<SweepParameter> params_;
    std::size_t runs_ = 1;
};

} // namespace podsizer
