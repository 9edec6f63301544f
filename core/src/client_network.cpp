#include "podsizer/core/client_network.hpp"

namespace podsizer {

std::string_view to_string(ClientNetwork n) {
    return n == ClientNetwork::converged ? "converged" : "storage-leaves";
}

std::optional<ClientNetwork> client_network_from_string(std::string_view s) {
    if (s == "storage-leaves") {
        return ClientNetwork::storage_leaves;
    }
    if (s == "converged") {
        return ClientNetwork::converged;
    }
    return std::nullopt;
}

} // namespace podsizer
