#include "podsizer/core/client_network.hpp"

namespace podsizer {

std::string_view to_string(ClientNetwork n) {
    return kClientNetworkNames.name(n);
}

std::optional<ClientNetwork> client_network_from_string(std::string_view s) {
    return kClientNetworkNames.parse(s);
}

} // namespace podsizer
