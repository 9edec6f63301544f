// Figure tables: the figures of one result (a checkpoint analysis, a
// durability run), each a row giving its key (JSON, CSV), its label (people),
// how people read its number (unit, decimals, shown as) and how to take it
// from the result. The result's JSON object, its Metric/Value table or table
// columns and its CSV are generated from the same rows, so a new figure of an
// analysis is one row (docs/architecture.md, "Adding a figure of an
// analysis"). The design's figures have their own registry (metrics.hpp).
// Private to podsizer::reports: nlohmann stays inside.
#pragma once

#include "podsizer/reports/grid.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace podsizer::detail {

/// No figure at all: no JSON key, an empty CSV field, no row for people.
struct Absent {};

/// A figure for machines, in SI units (seconds, bytes, bytes/s, fractions):
/// absent, null (it does not apply: JSON null, an empty CSV field, no row for
/// people), a verdict, a count, a number, a text, or a JSON object or array
/// (JSON only). A number that is not finite is written null / empty.
using FigureValue = std::variant<Absent, std::nullptr_t, bool, std::int64_t, std::uint64_t, double,
                                 std::string, nlohmann::ordered_json>;

/// How people read a number: with `decimals` and the unit after it, as a
/// percentage of a fraction, as a time (format_interval of seconds), as a
/// write bandwidth (format_write of bytes/s) or as a capacity (bytes); or in
/// `unit`, a unit of core's table (PB, TB/s, kW, Gbps), with `decimals` and
/// the unit in the column's header: `scaled` as format_number, `least` as
/// format_significant (a figure that is not zero never reads as zero).
enum class Shown : std::uint8_t { number, percent, interval, write, bytes, scaled, least };

/// Where a row goes: bits of FigureRow::out.
inline constexpr unsigned kJson = 1U;
inline constexpr unsigned kCsv = 2U;
inline constexpr unsigned kPeople = 4U;
inline constexpr unsigned kBoth = kJson | kPeople; ///< a row's default

/// One figure of a result of type R.
template <class R> struct FigureRow {
    std::string_view key = {};   ///< JSON key and CSV column; an id for people-only rows
    std::string_view label = {}; ///< for people; empty: machines only
    std::string_view unit = {};  ///< after a Shown::number for people
    int decimals = 0;            ///< for people
    Shown shown = Shown::number;
    unsigned out = kBoth;
    /// The figure for machines (and for people unless `text` is given).
    FigureValue (*value)(const R&) = nullptr;
    /// The cell for people where the number alone is not what they read
    /// ("8.40 TB/s (required)"); nullopt: no row.
    std::optional<std::string> (*text)(const R&) = nullptr;
    /// The label for people where it depends on the result.
    std::string (*label_of)(const R&) = nullptr;
    /// Rows for people where the figure is a list (one row an item).
    std::vector<std::array<std::string, 2>> (*rows_of)(const R&) = nullptr;
};

/// A table's rows (a static array of them converts); R is deduced from
/// the result given beside them, or named (csv_keys<Run>(kFigures)).
template <class R> using Rows = std::span<const FigureRow<std::type_identity_t<R>>>;

/// A figure as JSON: null for absent, null and numbers that are not finite.
nlohmann::ordered_json figure_json(const FigureValue& v);
nlohmann::ordered_json figure_json(FigureValue&& v);
/// A figure as a CSV field: empty for absent, null, objects and numbers that
/// are not finite; `number` writes the rest of the numbers (the shortest
/// text that reads back without one).
std::string figure_csv(const FigureValue& v, std::string (*number)(double));
/// A figure as people read it, per `shown`; nullopt for absent and null.
std::optional<std::string> figure_text(const FigureValue& v, Shown shown, int decimals,
                                       std::string_view unit);

/// Whether a row is shown to people: meant for them and labelled.
template <class R> bool for_people(const FigureRow<R>& row) {
    return (row.out & kPeople) != 0U &&
           (!row.label.empty() || row.label_of != nullptr || row.rows_of != nullptr);
}

/// The rows' people cell: `text`, else the value shown per the row.
template <class R> std::optional<std::string> people_cell(const FigureRow<R>& row, const R& r) {
    if (row.text != nullptr) {
        return row.text(r);
    }
    return figure_text(row.value(r), row.shown, row.decimals, row.unit);
}

/// Appends the rows' JSON fields to `j` in the table's order (absent ones
/// left out): the one place a figure table writes JSON. A row without a key
/// whose value is an object (another table's) puts that object's fields in
/// its place.
template <class R> void put_json(nlohmann::ordered_json& j, Rows<R> rows, const R& r) {
    for (const FigureRow<R>& row : rows) {
        if ((row.out & kJson) == 0U || row.value == nullptr) {
            continue;
        }
        FigureValue v = row.value(r);
        if (row.key.empty() && std::holds_alternative<nlohmann::ordered_json>(v)) {
            auto& fields = std::get<nlohmann::ordered_json>(v);
            if (j.empty() && fields.is_object()) {
                j = std::move(fields); // the first row: its object is the start
                continue;
            }
            for (auto& [key, field] : fields.items()) {
                j[key] = std::move(field);
            }
        } else if (!std::holds_alternative<Absent>(v)) {
            j[std::string(row.key)] = figure_json(std::move(v));
        }
    }
}

/// The rows' JSON object.
template <class R> nlohmann::ordered_json figures_json(Rows<R> rows, const R& r) {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    put_json(j, rows, r);
    return j;
}

/// A list of results as a JSON array of their objects.
template <class R> nlohmann::ordered_json figures_json(Rows<R> rows, const std::vector<R>& list) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const R& r : list) {
        out.push_back(figures_json(rows, r));
    }
    return out;
}

/// Appends one Metric/Value row to `g` a row for people that applies.
template <class R> void add_people_row(Grid& g, const FigureRow<R>& row, const R& r) {
    if (!for_people(row)) {
        return;
    }
    if (row.rows_of != nullptr) {
        for (std::array<std::string, 2>& cells : row.rows_of(r)) {
            g.rows.push_back({std::move(cells[0]), std::move(cells[1])});
        }
        return;
    }
    if (std::optional<std::string> cell = people_cell(row, r)) {
        g.rows.push_back(
            {row.label_of != nullptr ? row.label_of(r) : std::string(row.label), std::move(*cell)});
    }
}

/// Calls f(row) for each row, in the order of `order` (keys of the table
/// separated by spaces: "name date gpus") or, when it is empty, the table's.
template <class R, class F> void in_order(Rows<R> rows, std::string_view order, F f) {
    if (order.empty()) {
        for (const FigureRow<R>& row : rows) {
            f(row);
        }
        return;
    }
    for (std::size_t at = 0; at < order.size();) {
        const std::size_t end = std::min(order.find(' ', at), order.size());
        for (const FigureRow<R>& row : rows) {
            if (row.key == order.substr(at, end - at)) {
                f(row);
            }
        }
        at = end + 1;
    }
}

/// Appends the Metric/Value rows for people, in `order` (in_order).
template <class R>
void add_people_rows(Grid& g, Rows<R> rows, const R& r, std::string_view order = {}) {
    in_order<R>(rows, order, [&](const FigureRow<R>& row) { add_people_row(g, row, r); });
}

/// The CSV header of the rows that go to CSV: their keys.
template <class R> std::vector<std::string> csv_keys(Rows<R> rows) {
    std::vector<std::string> keys;
    for (const FigureRow<R>& row : rows) {
        if ((row.out & kCsv) != 0U) {
            keys.emplace_back(row.key);
        }
    }
    return keys;
}

/// One CSV row of `r`, the fields in csv_keys' order.
template <class R>
std::vector<std::string> csv_cells(Rows<R> rows, const R& r,
                                   std::string (*number)(double) = nullptr) {
    std::vector<std::string> cells;
    for (const FigureRow<R>& row : rows) {
        if ((row.out & kCsv) != 0U) {
            cells.push_back(figure_csv(row.value(r), number));
        }
    }
    return cells;
}

/// The labels of the rows for people, as the header of a table with one
/// column a figure, in `order` (in_order); `r` answers label_of. A scaled
/// row's names its unit: "Usable (PB)".
template <class R>
std::vector<std::string> people_labels(Rows<R> rows, const R& r, std::string_view order = {}) {
    std::vector<std::string> labels;
    in_order<R>(rows, order, [&](const FigureRow<R>& row) {
        const bool scaled = row.shown == Shown::scaled || row.shown == Shown::least;
        if (for_people(row)) {
            labels.push_back((row.label_of != nullptr ? row.label_of(r) : std::string(row.label)) +
                             (scaled ? " (" + std::string(row.unit) + ")" : ""));
        }
    });
    return labels;
}

/// One row of that table: the people cells of `r` (`none` where none applies).
template <class R>
std::vector<std::string> people_cells(Rows<R> rows, const R& r, std::string_view order = {},
                                      std::string_view none = "") {
    std::vector<std::string> cells;
    in_order<R>(rows, order, [&](const FigureRow<R>& row) {
        if (for_people(row)) {
            cells.push_back(people_cell(row, r).value_or(std::string(none)));
        }
    });
    return cells;
}

/// A whole object or a text a getter built is moved into the figure, not
/// copied (a sweep record's design and requirements, once per run).
inline FigureValue figure_of(nlohmann::ordered_json&& j) {
    return FigureValue(std::move(j));
}
inline FigureValue figure_of(std::string&& s) {
    return FigureValue(std::move(s));
}

/// A value as a figure: a quantity in SI units (its base()), an enum by its
/// name (to_string), an integer as a count, an optional null when empty, a
/// list of texts or of optionals as a JSON array.
template <class T> FigureValue figure_of(const T& v) {
    if constexpr (requires { v.base(); }) {
        return v.base();
    } else if constexpr (std::is_enum_v<T>) {
        return std::string(to_string(v));
    } else if constexpr (requires { v.has_value(); }) {
        return v ? figure_of(*v) : FigureValue(nullptr);
    } else if constexpr (requires { v.front().size(); }) {
        return nlohmann::ordered_json(v); // a list of names
    } else if constexpr (requires { v.front().has_value(); }) {
        nlohmann::ordered_json list = nlohmann::ordered_json::array(); // of numbers or nulls
        for (const auto& x : v) {
            list.push_back(figure_json(figure_of(x)));
        }
        return list;
    } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
        return std::string(std::string_view(v));
    } else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool> &&
                         !std::is_same_v<T, std::uint64_t>) {
        return static_cast<std::int64_t>(v);
    } else {
        return v;
    }
}

template <class P> struct MemberOf;
template <class C, class M> struct MemberOf<M C::*> { using type = C; };

/// What a path of members reaches: reach<&A::b, &B::c>(a) is a.b.c; the
/// last may be a member function: reach<&A::b, &B::total>(a) is a.b.total().
template <auto M, auto... More, class T> decltype(auto) reach(const T& t) {
    if constexpr (sizeof...(More) == 0) {
        return std::invoke(M, t);
    } else {
        return reach<More...>(t.*M);
    }
}

/// A row's getter reading a member of the result, or a member of a member
/// (the last may be a member function), as figure_of writes it:
/// `.value = of<&GoodputPoint::goodput>`.
template <auto M, auto... More> FigureValue of(const typename MemberOf<decltype(M)>::type& r) {
    return figure_of(reach<M, More...>(r));
}

/// A row's getter passing a member to `F`: `via<&BomLine::source, source_json>`.
template <auto M, auto F> FigureValue via(const typename MemberOf<decltype(M)>::type& r) {
    return F(r.*M);
}

template <class F> struct ArgOf : ArgOf<decltype(+std::declval<F>())> {};
template <class T, class A> struct ArgOf<T (*)(A)> { using type = std::remove_cvref_t<A>; };
/// What a getter F (a function or a lambda of one argument) reads.
template <auto F> using ArgOfF = typename ArgOf<decltype(F)>::type;

/// A row's getter calling F, as figure_of writes what it returns:
/// `.value = by<check_text>`, `.value = by<[](const Check& c) { return c.need; }>`.
template <auto F> FigureValue by(const ArgOfF<F>& r) {
    return figure_of(F(r));
}

/// A row's getter: F (a function, a lambda, a member or a member function)
/// where P holds of the result, absent (no key) otherwise.
template <auto P, auto F> FigureValue only(const ArgOfF<P>& r) {
    return P(r) ? figure_of(std::invoke(F, r)) : FigureValue(Absent{});
}

/// A count above zero, absent (no key, an empty CSV field) otherwise.
inline FigureValue positive(std::int64_t n) {
    return n > 0 ? FigureValue(n) : FigureValue(Absent{});
}

/// A row's getter reading an optional member, absent (no key) when empty.
template <auto M> FigureValue given(const typename MemberOf<decltype(M)>::type& r) {
    return (r.*M) ? figure_of(r.*M) : FigureValue(Absent{});
}

/// What `f` makes of an optional's value, absent (no key) when it is empty.
template <class T, class F> FigureValue given_as(const std::optional<T>& v, F f) {
    return v ? FigureValue(f(*v)) : FigureValue(Absent{});
}

/// A row's getter reading a text member, null when it is empty.
template <auto M> FigureValue text_of(const typename MemberOf<decltype(M)>::type& r) {
    const std::string& text = r.*M;
    return text.empty() ? FigureValue(nullptr) : FigureValue(text);
}

} // namespace podsizer::detail
