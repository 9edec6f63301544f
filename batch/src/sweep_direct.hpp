// Writing a sweep value straight into a parsed scenario, for the fields where
// that reads the same as writing it into the JSON document and reading the
// document again: a count, plain number, quantity or percentage outside any
// list, with no sibling it excludes. A sweep over such fields reads its scenario once instead of
// once per run (issue 34; docs/performance.md). Private to podsizer::batch.
#pragma once

#include "podsizer/batch/sweep.hpp"
#include "podsizer/core/catalog.hpp"
#include "podsizer/core/scenario.hpp"

#include <cstddef>

namespace podsizer::detail {

/// Whether every value of `p` may be written with write_directly over a
/// scenario read from `base`: the field is a count, a plain number, a
/// quantity or a percentage, not a tier, in no list, excludes no sibling, has
/// no list form ("fleet.sites"), and the objects on its path exist in `base`
/// (so the value creates none).
bool writes_directly(const SweepParameter& p, const ScenarioDocument& base);

/// Writes value `k` of `p` into `s` through the field table's setter, when the
/// field's rules (field_problem) take it; false otherwise, and the caller
/// takes the document path for the reader's own message.
bool write_directly(const SweepParameter& p, std::size_t k, Scenario& s, const Catalog& catalog);

} // namespace podsizer::detail
