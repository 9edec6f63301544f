// The failure state a design is sized for, and what a design delivers in it
// (docs/resilience.md §10, docs/model.md §5). Rebuilds run on the C-nodes:
// in this architecture the D-box's DNodes are NVMe-oF enclosure fabric
// modules and the C-nodes, which mount every D-box, decode and rebuild
// (VAST DASE whitepaper, glossary; REVIEW-3 part A §3.2). A rebuild therefore
// takes its share of every device it passes through, C-nodes and D-boxes alike.
#pragma once

#include "podsizer/core/enum_names.hpp"
#include "podsizer/core/units.hpp"

#include <cstdint>
#include <optional>
#include <string_view>

namespace podsizer {

/// What the sizing loop must still deliver the requirement in.
enum class SizeFor {
#define ENUM_NAME(value, spelling, ...) value,
#include "podsizer/core/size_for.def"
};
inline constexpr auto kSizeForNames = enum_names<SizeFor>({
#define ENUM_NAME(value, spelling, ...) {SizeFor::value, spelling},
#include "podsizer/core/size_for.def"
});
constexpr std::string_view to_string(SizeFor s) {
    return kSizeForNames.name(s);
}
constexpr std::optional<SizeFor> size_for_from_string(std::string_view s) {
    return kSizeForNames.parse(s);
}
/// For people: "intact", "one D-box down", "one rack down" (size_for.def's
/// words), as every output names the state.
constexpr std::string_view size_for_words(SizeFor s) {
    switch (s) {
#define ENUM_NAME(value, spelling, words)                                                          \
    case SizeFor::value:                                                                           \
        return words;
#include "podsizer/core/size_for.def"
    }
    return {};
}

/// The devices left serving and what each delivers in one direction.
struct Survivors {
    std::int64_t cnodes = 0;
    Throughput per_cnode; ///< catalog figure, capped at the C-node's ports
    std::int64_t dboxes = 0;
    Throughput per_dbox; ///< backend figure, capped at the D-box's ports
};

/// Client throughput while a rebuild takes ρ of every surviving device:
/// (1 − ρ) × min(C' × c, D' × d). With ρ = 0 it is the intact formula.
Throughput serving_through_rebuild(const Survivors& s, double rho);

/// The rebuild's read bandwidth: ρ × min(C' × c, D' × d). It is read from the
/// surviving D-boxes and decoded on the C-nodes, so the smaller side bounds it:
/// a frontend-bound design rebuilds longer.
Throughput rebuild_read_bandwidth(const Survivors& s, double rho);

} // namespace podsizer
