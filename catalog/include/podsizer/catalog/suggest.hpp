// "Did you mean" suggestions for unknown ids.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace podsizer {

/// Up to `max` candidates closest to `wanted` by edit distance (closest first).
std::vector<std::string> nearest(std::string_view wanted,
                                 const std::vector<std::string>& candidates, std::size_t max = 3);

/// ", expected one of a, b, c" style phrase: "nearest: a, b".
std::string suggestion_phrase(std::string_view wanted, const std::vector<std::string>& candidates);

/// The ids of a catalog list's entries, for suggestion_phrase.
template <class T> std::vector<std::string> ids_of(const std::vector<T>& items) {
    std::vector<std::string> out;
    for (const T& t : items) {
        out.push_back(t.id);
    }
    return out;
}

} // namespace podsizer
