// Where the C-nodes' client ports land (docs/model.md §8), so the switch
// count says which networks it covers (REVIEW-3 §4.2).
#pragma once

#include "podsizer/core/enum_names.hpp"

#include <optional>
#include <string_view>

namespace podsizer {

enum class ClientNetwork {
    /// The client ports land on storage leaves, which reach the customer's
    /// fabric over uplinks counted here (1:1 with the client ports).
    storage_leaves,
    /// The client ports land on the customer's converged (north-south)
    /// fabric: the count covers the storage back end only, and the customer
    /// provides a port per client port.
    converged,
};

inline constexpr EnumNames<ClientNetwork, 2> kClientNetworkNames{
    {ClientNetwork::storage_leaves, ClientNetwork::converged}, {"storage-leaves", "converged"}};

std::string_view to_string(ClientNetwork n);
std::optional<ClientNetwork> client_network_from_string(std::string_view s);

} // namespace podsizer
