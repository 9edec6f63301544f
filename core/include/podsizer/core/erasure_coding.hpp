// Usable capacity under the erasure-coding rule (docs/model.md §6).
#pragma once

#include "podsizer/core/catalog.hpp"

#include <cstdint>

namespace podsizer {

/// raw × data/(data+parity) × (1 − reserve) for `dboxes` enclosures of `box`.
Capacity usable_capacity(const DBoxModel& box, Capacity drive, std::int64_t dboxes,
                         const ErasureCodingRule& ec);

/// The smallest D-box count whose usable capacity reaches `need`. The stripe
/// width grows with the count, so usable capacity is monotonic in D and the
/// smallest count is found by stepping up from the full-width estimate.
std::int64_t dboxes_for_capacity(const DBoxModel& box, Capacity drive, Capacity need,
                                 const ErasureCodingRule& ec);

} // namespace podsizer
