// The JSON of one design and of the requirements, as `size --format json`
// writes them; shared with the batch report. Private to podsizer::reports.
#pragma once

#include "podsizer/core/design.hpp"

#include <array>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <span>
#include <string_view>

namespace podsizer::detail {

/// The whole design (design_json.cpp): every metric's field from its
/// registry row, among the design's other keys.
nlohmann::ordered_json design_to_json(const Design& d);
/// The same fields, only those named, in the order given (a batch's lean
/// records, a comparison's design summaries); throws std::logic_error for a
/// key the design JSON does not have.
nlohmann::ordered_json
design_fields_json(const Design& d, std::initializer_list<std::span<const std::string_view>> keys);

/// The keys every shorter design record opens with: the design, its models
/// and its counts.
inline constexpr std::array<std::string_view, 11> kDesignHeadKeys{
    "name",   "cnode_model", "dbox_model", "switch_model", "rack_model", "drive_size_bytes",
    "cnodes", "dboxes",      "switches",   "racks",        "rack_units"};
nlohmann::ordered_json requirements_to_json(const Requirements& r);
/// The whole `size --format json` document (before negative zeros are cleared).
nlohmann::ordered_json sizing_document(const SizingResult& result);

} // namespace podsizer::detail
