#include "json_node.hpp"

#include "podsizer/catalog/safe_text.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <fmt/format.h>
#include <set>

namespace podsizer::detail {

namespace {

// Line and column (1-based) of a byte offset, for "file:3:14:" messages.
std::pair<std::size_t, std::size_t> line_column(std::string_view text, std::size_t offset) {
    std::size_t line = 1;
    std::size_t col = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
    }
    return {line, col};
}

// nlohmann messages start with "[json.exception.parse_error.101] parse error at
// line 1, column 5: "; keep only the part after the location.
std::string plain_parse_message(const std::string& what) {
    std::string msg = what;
    if (msg.rfind("[json.exception", 0) == 0) {
        const auto bracket = msg.find("] ");
        if (bracket != std::string::npos) {
            msg = msg.substr(bracket + 2);
        }
    }
    if (msg.rfind("parse error", 0) == 0) {
        const auto colon = msg.find(": ");
        if (colon != std::string::npos) {
            msg = msg.substr(colon + 2);
        }
    }
    return msg;
}

// Tracks where the parser is, to name the place of a duplicate key. A
// frame's path is made from the frames below it only for a message: making
// it for every object and string was a fifth of reading the embedded catalog
// (issue 34, docs/performance.md).
struct Frame {
    bool is_object = false;
    std::set<std::string> keys;
    std::string key;
    std::size_t index = 0; // elements started so far, for arrays
};

/// The step from `parent` to the member or element being read: ".key", "[3]".
std::string step_from(const Frame& parent) {
    if (parent.is_object) {
        return "." + parent.key;
    }
    return fmt::format("[{}]", parent.index - 1);
}

// Deeply nested documents would make the recursive-descent parser and our
// readers use a lot of stack; no real catalog or scenario nests beyond a dozen.
constexpr std::size_t kMaxDepth = 64;

// JSON allows any character in a string ("\u001b", "\ufffe"), XML and a
// terminal do not: such a name made every workbook part and SVG it reached
// unreadable and wrote escape sequences to the terminal (second red-team
// round, defects 6 and 11; docs/robustness.md). Refused wherever a document
// holds one, keys included, so no reader has to remember it (CheckedDomSax's
// key() and string()).

// The unknown-field warnings list this many and count the rest: a document
// of a million unknown keys gave 219 MB of warnings (second red-team round,
// defect 14; docs/robustness.md).
constexpr std::size_t kListedUnknownFields = 20;
constexpr std::string_view kUnknownField = ": unknown field ignored; known fields: ";
constexpr std::string_view kMoreUnknown = " more unknown fields ignored (not listed)";

// Builds the document as nlohmann's DOM parser does, with the checks above
// made as it goes: depth, duplicate keys, characters no output can carry, each
// named by its JSON path. (nlohmann's callback parser, used before, scans the
// parent's every element each time an object ends: quadratic for an array of
// objects, 12 s for 200,000 "{}" and hours for a 16 MiB file of them; third
// red-team round, defect 3.) sax_parse calls these members on this type, so
// they hide the base's without being virtual.
class CheckedDomSax : public nlohmann::detail::json_sax_dom_parser<json> {
    using Base = nlohmann::detail::json_sax_dom_parser<json>;

public:
    CheckedDomSax(json& out, const std::string& origin) : Base(out, true), origin_(origin) {}

    bool start_object(std::size_t len) {
        open(true);
        return Base::start_object(len);
    }
    bool start_array(std::size_t len) {
        open(false);
        return Base::start_array(len);
    }
    bool end_object() {
        stack_.pop_back();
        return Base::end_object();
    }
    bool end_array() {
        stack_.pop_back();
        return Base::end_array();
    }
    bool key(std::string& k) {
        Frame& f = stack_.back();
        f.key = k;
        if (std::string problem = unsafe_text_problem(f.key); !problem.empty()) {
            throw InputError(origin_ + ": " + path_of(stack_.size() - 1) + "." +
                                 printable(f.key, 60),
                             std::move(problem));
        }
        if (!f.keys.insert(f.key).second) {
            throw InputError(origin_ + ": " + path_of(stack_.size() - 1) + "." + f.key,
                             "duplicate key \"" + f.key + "\"; each key may appear once");
        }
        return Base::key(k);
    }
    bool string(std::string& v) {
        value();
        if (std::string problem = unsafe_text_problem(v); !problem.empty()) {
            throw InputError(origin_ + ": " + path_of(stack_.size()), std::move(problem));
        }
        return Base::string(v);
    }
    bool null() { return value(), Base::null(); }
    bool boolean(bool v) { return value(), Base::boolean(v); }
    bool number_integer(json::number_integer_t v) { return value(), Base::number_integer(v); }
    bool number_unsigned(json::number_unsigned_t v) { return value(), Base::number_unsigned(v); }
    bool number_float(json::number_float_t v, const std::string& s) {
        return value(), Base::number_float(v, s);
    }

private:
    /// An array element counts where it starts, so its path is known.
    void value() {
        if (!stack_.empty() && !stack_.back().is_object) {
            ++stack_.back().index;
        }
    }
    /// The path of the value at `depth` (0: the document; stack_.size():
    /// the value being read in the innermost object or array).
    std::string path_of(std::size_t depth) const {
        std::string path = "$";
        for (std::size_t i = 0; i < depth; ++i) {
            path += step_from(stack_[i]);
        }
        return path;
    }
    void open(bool is_object) {
        Frame f;
        f.is_object = is_object;
        if (!stack_.empty()) {
            value();
        }
        stack_.push_back(std::move(f));
        if (stack_.size() > kMaxDepth) {
            throw InputError(origin_ + ": " + path_of(stack_.size() - 1),
                             fmt::format("nested more than {} levels deep; expected a catalog or "
                                         "scenario document",
                                         kMaxDepth));
        }
    }

    const std::string& origin_;
    std::vector<Frame> stack_;
};

} // namespace

json parse_json_text(std::string_view text, const std::string& origin) {
    if (text.size() > kMaxDocumentBytes) {
        throw InputError(origin, "the document is " +
                                     format_number(static_cast<double>(text.size())) +
                                     " bytes; expected a document of at most 16 MiB");
    }
    // nlohmann's lexer takes a NUL byte for the end of the input: a valid
    // document, a NUL and anything after it was read as the document alone,
    // silently dropping the rest (second red-team round, defect 5; docs/robustness.md). JSON has no
    // NUL byte outside strings, and inside them it must be escaped (\u0000).
    if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos) {
        const auto [line, col] = line_column(text, nul);
        throw InputError(fmt::format("{}:{}:{}", origin, line, col),
                         "malformed JSON: a NUL byte; expected JSON text (a NUL inside a "
                         "string is written \\u0000)");
    }
    json out;
    CheckedDomSax sax(out, origin);
    try {
        json::sax_parse(text.begin(), text.end(), &sax);
        return out;
    } catch (const json::parse_error& e) {
        const auto [line, col] = line_column(text, e.byte > 0 ? e.byte - 1 : 0);
        throw InputError(fmt::format("{}:{}:{}", origin, line, col),
                         "malformed JSON: " + plain_parse_message(e.what()));
    } catch (const json::out_of_range& e) {
        // A number too large for a double (1e999): nlohmann gives no position.
        throw InputError(origin, "malformed JSON: " + plain_parse_message(e.what()));
    }
}

void Node::fail(const std::string& message) const {
    throw InputError(where(), message);
}

void Node::require_object() const {
    if (!value_->is_object()) {
        fail(std::string("expected an object, found ") + value_->type_name());
    }
}

bool Node::has(std::string_view key) const {
    if (!value_->is_object()) {
        return false;
    }
    const auto it = value_->find(key); // one look-up, no key copied
    return it != value_->end() && !it->is_null();
}

std::string Node::member_path(std::string_view key) const {
    return path_ + "." + std::string(key);
}

Node Node::at(std::string_view key) const {
    if (std::optional<Node> n = find(key)) {
        return *std::move(n);
    }
    throw InputError(origin_ + ": " + member_path(key), "missing required field");
}

std::optional<Node> Node::find(std::string_view key) const {
    require_object();
    if (!has(key)) {
        return std::nullopt;
    }
    return Node((*value_)[std::string(key)], origin_, member_path(key), diag_);
}

std::vector<Node> Node::items() const {
    if (!value_->is_array()) {
        fail(std::string("expected an array, found ") + value_->type_name());
    }
    std::vector<Node> out;
    out.reserve(value_->size());
    for (std::size_t i = 0; i < value_->size(); ++i) {
        out.emplace_back((*value_)[i], origin_, fmt::format("{}[{}]", path_, i), diag_);
    }
    return out;
}

std::vector<std::pair<std::string, Node>> Node::members() const {
    require_object();
    std::vector<std::pair<std::string, Node>> out;
    for (auto it = value_->begin(); it != value_->end(); ++it) {
        out.emplace_back(it.key(), Node(it.value(), origin_, member_path(it.key()), diag_));
    }
    return out;
}

std::string Node::text() const {
    if (!value_->is_string()) {
        fail(std::string("expected a string, found ") + value_->type_name());
    }
    return value_->get<std::string>();
}

std::string Node::id() const {
    std::string s = text();
    if (blank_text(s)) { // "" or only invisible characters (U+00A0, U+200B, ...)
        fail("empty; expected an id such as \"dbox-1u-22\"");
    }
    if (s.find(' ') != std::string::npos) {
        fail("\"" + printable(s, 60) + "\" contains spaces; expected an id such as \"dbox-1u-22\"");
    }
    if (const std::size_t at = find_unsafe_char(s, true); at != std::string::npos) {
        fail("\"" + printable(s, 60) + "\" holds the control character " + char_name(s, at) +
             "; expected an id such as \"dbox-1u-22\"");
    }
    if (s.size() > kMaxNameChars) {
        fail(fmt::format(
            "\"{}\" is longer than {} characters; expected an id such as \"dbox-1u-22\"",
            printable(s, 60), kMaxNameChars));
    }
    return s;
}

std::string Node::name() const {
    std::string s = text();
    if (const std::string problem = name_problem(s); !problem.empty()) {
        fail(problem);
    }
    return s;
}

double Node::number() const {
    if (!value_->is_number()) {
        fail(std::string("expected a number, found ") + value_->type_name());
    }
    const double v = value_->get<double>();
    if (!std::isfinite(v)) {
        fail("expected a finite number");
    }
    return v;
}

double Node::fraction() const {
    const double v = number();
    if (v < 0.0 || v >= 1.0) {
        fail("expected a fraction from 0 up to (not including) 1, found " + value_->dump());
    }
    return v;
}

std::int64_t Node::count(std::int64_t min) const {
    if (!value_->is_number()) {
        if (value_->is_string()) {
            fail(fmt::format("\"{}\" is a string; expected a whole number >= {} (no quotes)",
                             value_->get<std::string>(), min));
        }
        fail(std::string("expected a whole number, found ") + value_->type_name());
    }
    const double v = value_->get<double>();
    if (!std::isfinite(v) || v != std::floor(v)) {
        fail(fmt::format("expected a whole number >= {}, found {}", min, value_->dump()));
    }
    // kMaxCount says why counts stop at 10^15.
    if (v < static_cast<double>(min) || v > static_cast<double>(kMaxCount)) {
        fail(
            fmt::format("expected a whole number from {} to 10^15, found {}", min, value_->dump()));
    }
    return static_cast<std::int64_t>(v);
}

int Node::small_count(std::int64_t min) const {
    // Such figures are stored in an int; a count up to 10^15 was cast into it
    // unchecked, so "drives": 1e10 became a wrong (even negative) number of
    // drive slots without a word (docs/robustness.md).
    constexpr std::int64_t kMax = 1'000'000;
    const std::int64_t v = count(min);
    if (v > kMax) {
        fail(fmt::format("expected a whole number from {} to 1,000,000, found {}", min,
                         value_->dump()));
    }
    return static_cast<int>(v);
}

bool Node::boolean() const {
    if (!value_->is_boolean()) {
        fail(std::string("expected true or false, found ") + value_->type_name());
    }
    return value_->get<bool>();
}

double Node::quantity_base(Dimension d) const {
    if (value_->is_number()) {
        fail(value_->dump() + " has no unit; expected " + std::string(dimension_name(d)) +
             " as a string such as \"" + std::string(dimension_example(d)) + "\"");
    }
    const std::string s = text();
    try {
        return parse_quantity_base(s, d);
    } catch (const InputError& e) {
        fail(e.message());
    }
}

void Node::check_fields(std::initializer_list<std::string_view> known) const {
    check_fields(std::span<const std::string_view>(known.begin(), known.size()));
}

void Node::check_fields(std::span<const std::string_view> known) const {
    if (diag_ == nullptr || !value_->is_object()) {
        return;
    }
    for (auto it = value_->begin(); it != value_->end(); ++it) {
        // A key starting with "_" is a comment ("_comment": podsizer init
        // writes them), chosen on purpose, so no typo of a field.
        if (!it.key().starts_with('_') &&
            std::find(known.begin(), known.end(), it.key()) == known.end()) {
            note_unknown_field(it.key(), known);
        }
    }
}

void Node::note_unknown_field(const std::string& key,
                              std::span<const std::string_view> known) const {
    std::vector<std::string>& w = diag_->warnings;
    // The listed warnings and the summary line are found again each time, so
    // a caller that clears the warnings between documents starts afresh.
    std::size_t listed = 0;
    std::string* summary = nullptr;
    for (std::string& line : w) {
        if (line.find(kUnknownField) != std::string::npos) {
            ++listed;
        } else if (line.find(kMoreUnknown) != std::string::npos) {
            summary = &line;
        }
    }
    if (listed < kListedUnknownFields) {
        w.push_back(fmt::format("{}: {}.{}{}{}", origin_, path_, printable(key, 60), kUnknownField,
                                fmt::join(known, ", ")));
        return;
    }
    std::uint64_t more = 1;
    if (summary != nullptr) {
        // "and N more …": N is the figure after "and ".
        const std::size_t at = summary->rfind("and ") + 4;
        std::uint64_t before = 0;
        std::from_chars(summary->data() + at, summary->data() + summary->size(), before);
        more += before;
        *summary = fmt::format("{}: and {}{}", origin_, more, kMoreUnknown);
    } else {
        w.push_back(origin_ + ": and 1" + std::string(kMoreUnknown));
    }
}

void check_schema(const Node& root, std::string_view expected) {
    if (!root.is_object()) {
        return;
    }
    const std::optional<Node> schema = root.find("schema");
    if (!schema) {
        return;
    }
    const std::string found = schema->text();
    if (found == expected) {
        return;
    }
    struct Kind {
        std::string_view schema, noun;
    };
    constexpr std::array kKinds{Kind{"podsizer-scenario/1", "a scenario"},
                                Kind{"podsizer-catalog/1", "a catalog"},
                                Kind{"podsizer-prices/1", "a price book"}};
    std::string what;
    for (const Kind& k : kKinds) {
        if (k.schema == found) {
            what = " (the file is " + std::string(k.noun) + ")";
        }
    }
    schema->fail("unknown schema \"" + printable(found, 60) + "\"; expected \"" +
                 std::string(expected) + "\"" + what);
}

} // namespace podsizer::detail
