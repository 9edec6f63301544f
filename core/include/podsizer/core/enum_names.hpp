// One spelling per value of an enum that users type, declared once: each such
// enum is a `.def` registry of ENUM_NAME(value, "spelling") rows (after
// LLVM's Instruction.def), expanded into the enum and into its EnumNames
// table. to_string, the parsers, the scenario field table's choices, the
// CLI's choices and completions all read that table (issue 27 item 3), and a
// value cannot be added without a spelling (issue 48 item 4).
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
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

/// One row of an enum's `.def` registry: a value and its spelling.
template <class E> struct EnumRow {
    E value;
    std::string_view name;
};

/// Not constexpr on purpose: reached only while building a table whose rows
/// give a value no spelling, or two values one, it stops the build there.
inline bool an_enum_value_has_no_spelling_or_shares_one() {
    return false;
}

/// The table of an enum declared from a `.def` registry (ec_layout.def and
/// its kin): each row is ENUM_NAME(value, "spelling"), expanded once into the
/// enum and once into these rows, so a value cannot exist without a spelling
/// (the macro needs both), and an empty or repeated spelling does not build
/// (tests/gates/enum_registry_compile_test.cmake proves both).
template <class E, std::size_t N>
consteval EnumNames<E, N> enum_names(const EnumRow<E> (&rows)[N]) {
    EnumNames<E, N> out{};
    for (std::size_t i = 0; i < N; ++i) {
        if (rows[i].name.empty()) {
            an_enum_value_has_no_spelling_or_shares_one();
        }
        for (std::size_t j = 0; j < i; ++j) {
            if (rows[j].name == rows[i].name || rows[j].value == rows[i].value) {
                an_enum_value_has_no_spelling_or_shares_one();
            }
        }
        out.values[i] = rows[i].value;
        out.names[i] = rows[i].name;
    }
    return out;
}

/// "a, b or c": the spellings in their order, for a message that lists them.
template <class E, std::size_t N> std::string choices_text(const EnumNames<E, N>& t) {
    std::string out;
    for (std::size_t i = 0; i < N; ++i) {
        out += i == 0 ? "" : (i + 1 == N ? " or " : ", ");
        out += t.names[i];
    }
    return out;
}

} // namespace podsizer
