// Where the C-nodes' client ports land (docs/model.md §8), so the switch
// count says which networks it covers (REVIEW-3 §4.2).
#pragma once

#include "podsizer/core/enum_names.hpp"

#include <optional>
#include <string_view>

namespace podsizer {

enum class ClientNetwork {
#define ENUM_NAME(value, spelling, ...) value,
#include "podsizer/core/client_network.def"
};
inline constexpr auto kClientNetworkNames = enum_names<ClientNetwork>({
#define ENUM_NAME(value, spelling, ...) {ClientNetwork::value, spelling},
#include "podsizer/core/client_network.def"
});

constexpr std::string_view to_string(ClientNetwork n) {
    return kClientNetworkNames.name(n);
}
constexpr std::optional<ClientNetwork> client_network_from_string(std::string_view s) {
    return kClientNetworkNames.parse(s);
}

} // namespace podsizer
