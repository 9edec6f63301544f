#include "podsizer/batch/scenario_set.hpp"

#include "podsizer/core/errors.hpp"

namespace podsizer {

namespace {

/// Writes one --set; a path the document cannot take (an index past the
/// end of options) is reported at the --set.
std::vector<std::string> write_one(const SweepParameter& p, ScenarioDocument& doc,
                                   const Catalog& catalog) {
    try {
        return apply_value(p, 0, doc, catalog);
    } catch (const InputError& e) {
        if (e.where().starts_with("--set")) {
            throw;
        }
        throw InputError("--set " + p.expression, e.what());
    }
}

} // namespace

std::string ScenarioSets::clash(const SweepParameter& p) const {
    for (const SweepParameter& q : sets) {
        if (std::string why = field_clash(p, q, "also set by"); !why.empty()) {
            return why;
        }
    }
    return {};
}

ScenarioSets parse_sets(const std::vector<std::string>& expressions) {
    ScenarioSets out;
    for (const std::string& e : expressions) {
        SweepParameter p = parse_set(e);
        for (const SweepParameter& q : out.sets) {
            if (std::string why = field_clash(p, q, "already set by"); !why.empty()) {
                throw InputError("--set " + p.expression, why);
            }
        }
        out.sets.push_back(std::move(p));
    }
    return out;
}

Scenario parse_with_sets(ScenarioDocument& doc, const ScenarioSets& sets, const Catalog& catalog,
                         Diagnostics* diag) {
    // The JSON paths each --set wrote, to say which one a reader error is at.
    std::vector<std::vector<std::string>> written(sets.sets.size());
    // Tiers last, so a platform set beside them counts (as in a sweep run).
    for (const bool tiers : {false, true}) {
        for (std::size_t i = 0; i < sets.sets.size(); ++i) {
            if (sets.sets[i].tier == tiers) {
                written[i] = write_one(sets.sets[i], doc, catalog);
            }
        }
    }
    try {
        return doc.parse(catalog, diag);
    } catch (const InputError& e) {
        for (std::size_t i = 0; i < sets.sets.size(); ++i) {
            if (located_at(e, doc.origin(), written[i])) {
                throw InputError("--set " + sets.sets[i].expression,
                                 "value \"" + sets.sets[i].values.front().label +
                                     "\": " + e.what());
            }
        }
        throw;
    }
}

} // namespace podsizer
