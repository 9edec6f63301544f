// One spelling per value of an enum that users type, declared once beside the
// enum: to_string, the parsers, the scenario field table's choices, the CLI's
// choices and completions all read the same table (issue 27 item 3).
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace podsizer {

template <class E, std::size_t N> struct EnumNames {
    std::array<E, N> values;
    /// names[i] spells values[i]; the order is the one choices are listed in.
    std::array<std::string_view, N> names;

    constexpr std::string_view name(E e) const {
        for (std::size_t i = 0; i < N; ++i) {
            if (values[i] == e) {
                return names[i];
            }
        }
        return names[0];
    }
    constexpr std::optional<E> parse(std::string_view s) const {
        for (std::size_t i = 0; i < N; ++i) {
            if (names[i] == s) {
                return values[i];
            }
        }
        return std::nullopt;
    }
};

} // namespace podsizer
