// The JSON of one design and of the requirements, as `size --format json`
// writes them; shared with the batch report. Private to podsizer::reports.
#pragma once

#include "podsizer/core/design.hpp"

#include <nlohmann/json.hpp>

namespace podsizer::detail {

nlohmann::ordered_json design_to_json(const Design& d);
nlohmann::ordered_json requirements_to_json(const Requirements& r);
/// The whole `size --format json` document (before negative zeros are cleared).
nlohmann::ordered_json sizing_document(const SizingResult& result);

} // namespace podsizer::detail
