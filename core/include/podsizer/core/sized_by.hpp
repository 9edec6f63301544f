// Why each count of a sized design is what it is (docs/model.md §5): the
// requirement or constraint that set it, and the count each would need alone.
#pragma once

#include "podsizer/core/design.hpp"
#include "podsizer/core/engine.hpp"

namespace podsizer {

/// The reasons for `d`'s counts, sized from `option` on `hw` for `req` under
/// `cons`. The requirement whose count is the largest set the count; a count
/// above every listed need was set by the failure state it is sized for.
DesignSizedBy explain_counts(const Design& d, const OptionSpec& option, const HardwareChoice& hw,
                             const Requirements& req, const Constraints& cons);

/// An info finding when usable capacity is more than 1.5x the need, naming
/// what set the D-box count and what capacity alone would need.
void add_oversize_finding(Design& d);

} // namespace podsizer
