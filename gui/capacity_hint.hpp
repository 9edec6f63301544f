// What a greyed capacity field stands for. The capacity need is given one
// way, per pod or per GPU (the form's chooser); the field not chosen is
// greyed, and shows the figure the need comes to in its terms, computed as
// the engine computes it, or nothing: never a fixed example that reads like
// a result (REVIEW-3 part B item 15).
#pragma once

// moc (Qt 6.4) cannot parse the C++20 standard headers these pull in.
#ifndef Q_MOC_RUN
#include "podsizer/core/catalog.hpp"
#include "podsizer/core/scenario.hpp"
#endif

#include <QString>
#include <cstddef>
#include <optional>
#include <string_view>

namespace podsizer::gui {

/// For the four capacity fields ("capacity.usable", "capacity.usable_per_gpu"
/// and the option's two): the text a greyed field shows for `s` ("5.18 TB
/// (215 PB over 41,472 GPUs)"), empty when `s` gives no figure to derive it
/// from. nullopt for every other field.
std::optional<QString> capacity_hint(std::string_view pattern, const Scenario& s,
                                     std::size_t option, const Catalog& catalog);

} // namespace podsizer::gui
