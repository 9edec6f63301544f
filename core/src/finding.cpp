#include "podsizer/core/finding.hpp"

#include <array>
#include <cstddef>

namespace podsizer {

namespace {

constexpr std::array kKinds{
#define FINDING(id, code, severity, anchor)                                                        \
    FindingKind{FindingCode::id, code, Severity::severity, anchor},
#include "podsizer/core/findings.def"
#undef FINDING
};

// The table is indexed by the enum: both come from findings.def in its order.
constexpr bool in_enum_order() {
    for (std::size_t i = 0; i < kKinds.size(); ++i) {
        if (static_cast<std::size_t>(kKinds[i].code) != i) {
            return false;
        }
    }
    return true;
}
static_assert(in_enum_order());

} // namespace

std::span<const FindingKind> finding_kinds() {
    return kKinds;
}

const FindingKind& kind_of(FindingCode c) {
    return kKinds[static_cast<std::size_t>(c)];
}

std::string_view to_string(FindingCode c) {
    return kind_of(c).name;
}

} // namespace podsizer
