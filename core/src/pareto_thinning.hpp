// Private to core: the thinning of a Pareto front (thin_front, optimizer.hpp)
// over the front's figures instead of its designs, so the optimiser can thin
// a front it holds as figures and build only the members it shows.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <span>
#include <vector>

namespace podsizer::detail {

/// A member's racks, power (W), read and write (B/s) and usable capacity (B).
using FrontFigures = std::array<double, 5>;

/// thin_front over `front`'s figures; `better(i, j)`: member i is better
/// than member j for the objective (better_for).
std::vector<std::size_t> thin_front_by(std::span<const FrontFigures> front, std::size_t most,
                                       const std::function<bool(std::size_t, std::size_t)>& better,
                                       double& epsilon);

} // namespace podsizer::detail
