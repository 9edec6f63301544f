// A read-only view of a JSON value that knows where it is (file and JSON
// path), so every error names the place and what was expected. Private to
// podsizer::catalog: nothing outside this folder sees nlohmann::json.
#pragma once

#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/catalog/scenario_fields.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/units.hpp"

#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace podsizer::detail {

using json = nlohmann::json;

/// Parses JSON text; malformed text and duplicate keys are InputErrors that
/// name `origin` with the line and column.
json parse_json_text(std::string_view text, const std::string& origin);

class Node {
public:
    Node(const json& value, std::string origin, std::string path, Diagnostics* diag)
        : value_(&value), origin_(std::move(origin)), path_(std::move(path)), diag_(diag) {}

    const std::string& path() const { return path_; }
    const json& raw() const { return *value_; }
    /// "origin: $.a.b" — the place, as error messages print it.
    std::string where() const { return origin_ + ": " + path_; }

    [[noreturn]] void fail(const std::string& message) const;

    bool is_object() const { return value_->is_object(); }
    bool is_array() const { return value_->is_array(); }
    bool is_string() const { return value_->is_string(); }
    bool is_number() const { return value_->is_number(); }

    void require_object() const;
    bool has(std::string_view key) const;
    /// A member that must exist.
    Node at(std::string_view key) const;
    /// A member that may be missing (null counts as missing).
    std::optional<Node> find(std::string_view key) const;
    /// Array elements, each with its path ("$.options[2]").
    std::vector<Node> items() const;
    /// Object members (in nlohmann's key order, alphabetical), as (key, node).
    std::vector<std::pair<std::string, Node>> members() const;

    std::string text() const;                       ///< a string
    std::string id() const;                         ///< a non-empty string without spaces
    std::string name() const;                       ///< a string on one line: no control characters
    double number() const;                          ///< a finite number
    double fraction() const;                        ///< a number in [0, 1)
    std::int64_t count(std::int64_t min = 1) const; ///< a whole number from min to kMaxCount
    /// A whole number from min to 10^6, for per-model figures held in an int
    /// (ports, drive slots, stripe widths, GPUs per SU).
    int small_count(std::int64_t min = 1) const;
    bool boolean() const;

    /// A string with a unit of Q's dimension ("5.4 PB"); a bare number is an
    /// error that says which unit is missing.
    template <class Q> Q quantity() const { return Q::from_base(quantity_base(Q::dimension)); }
    /// The same, and strictly positive.
    template <class Q> Q positive() const {
        Q q = quantity<Q>();
        if (!(q.base() > 0.0)) {
            fail("must be greater than zero; expected " +
                 std::string(dimension_name(Q::dimension)) + " such as \"" +
                 std::string(dimension_example(Q::dimension)) + "\"");
        }
        return q;
    }

    /// Warns (through Diagnostics) about members not in `known`: a typo in a
    /// field name must not pass silently.
    void check_fields(std::initializer_list<std::string_view> known) const;
    void check_fields(std::span<const std::string_view> known) const;

    /// A string with a unit of dimension `d`, in its SI base unit.
    double quantity_base(Dimension d) const;

private:
    std::string member_path(std::string_view key) const;
    void note_unknown_field(const std::string& key, std::span<const std::string_view> known) const;

    const json* value_;
    std::string origin_;
    std::string path_;
    Diagnostics* diag_;
};

/// Checks a document's "schema" (when it is an object holding one) against
/// `expected` ("podsizer-scenario/1"), before its fields: a price book or
/// catalog given as a scenario was a warning per unknown field and then
/// this error (fourth red-team round, D13); now it is the one error, naming
/// the kind the document is.
void check_schema(const Node& root, std::string_view expected);

/// The root node of a parsed document.
inline Node root(const json& doc, const std::string& origin, Diagnostics* diag) {
    return Node(doc, origin, "$", diag);
}

} // namespace podsizer::detail
