#include "podsizer/catalog/suggest.hpp"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <numeric>

namespace podsizer {

namespace {
std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> prev(b.size() + 1);
    std::vector<std::size_t> cur(b.size() + 1);
    std::iota(prev.begin(), prev.end(), std::size_t{0});
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                              std::tolower(static_cast<unsigned char>(b[j - 1]));
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (same ? 0 : 1)});
        }
        std::swap(prev, cur);
    }
    return prev[b.size()];
}
} // namespace

std::vector<std::string> nearest(std::string_view wanted,
                                 const std::vector<std::string>& candidates, std::size_t max) {
    struct Scored {
        std::size_t distance;
        std::size_t prefix; // longer shared prefix first among equals
        std::string id;
    };
    std::vector<Scored> scored;
    scored.reserve(candidates.size());
    for (const std::string& c : candidates) {
        // A candidate containing what was typed ("gb200" in "gb200-nvl72") is
        // what the user most likely meant.
        std::size_t distance = edit_distance(wanted, c);
        if (!wanted.empty() && c.find(wanted) != std::string::npos) {
            distance = 0;
        }
        std::size_t prefix = 0;
        while (prefix < wanted.size() && prefix < c.size() && wanted[prefix] == c[prefix]) {
            ++prefix;
        }
        scored.push_back({distance, prefix, c});
    }
    std::stable_sort(scored.begin(), scored.end(), [](const Scored& x, const Scored& y) {
        return x.distance != y.distance ? x.distance < y.distance : x.prefix > y.prefix;
    });
    std::vector<std::string> out;
    for (std::size_t i = 0; i < scored.size() && i < max; ++i) {
        out.push_back(scored[i].id);
    }
    return out;
}

std::string suggestion_phrase(std::string_view wanted, const std::vector<std::string>& candidates) {
    if (candidates.empty()) {
        return "the catalog has none";
    }
    return fmt::format("nearest: {}", fmt::join(nearest(wanted, candidates), ", "));
}

} // namespace podsizer
