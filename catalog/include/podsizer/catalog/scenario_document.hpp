// A scenario as an editable JSON document, for sweeps: set a field by its
// documented path ("fleet.gpus", "options[0].dbox"), then read the result with
// the same validating reader as a scenario file, so every field is sweepable
// and a bad value gets the normal message with its JSON path.
//
// nlohmann::json stays private to podsizer::catalog: the document is held
// behind a pointer and values cross this header as FieldValue.
#pragma once

#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/core/scenario.hpp"
#include "podsizer/core/units.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace podsizer {

/// A JSON scalar to put into a scenario document.
using FieldValue = std::variant<bool, std::int64_t, double, std::string>;

/// One step of a scenario path: an object key, optionally followed by an
/// array index ("options[2]") or every element ("options[*]").
struct PathStep {
    enum class Index { none, one, all };
    std::string key;
    Index index = Index::none;
    std::size_t position = 0; ///< when index == one
};

/// A parsed scenario path such as "options[0].dbox".
struct ScenarioPath {
    std::vector<PathStep> steps;
    std::string text;    ///< as written
    std::string pattern; ///< indices written as [N]: "options[N].dbox", for look-ups
};

/// Parses "fleet.gpus", "options[0].dbox", "options[*].cnodes"; a malformed
/// path is an InputError naming `where`.
ScenarioPath parse_scenario_path(std::string_view text, const std::string& where);

/// What a documented field holds; decides how a sweep value is written into
/// the document (a JSON number, string or boolean).
enum class FieldKind {
    count,            ///< a whole number >= 1 (JSON integer)
    number,           ///< a plain number (JSON number)
    quantity,         ///< a string with a unit of `dimension`
    id,               ///< a catalog id (string)
    ratio,            ///< a C:D ratio "1:2" (string) or C-nodes per D-box (number)
    boolean,          ///< true or false
    text,             ///< free text
    quantity_or_auto, ///< a string with a unit of `dimension`, or "auto"
    cnodes,           ///< a whole number, "knee" or "auto"
    percent,          ///< a string with a % sign ("5%")
    params,           ///< a parameter count ("1.8T", "70B") or a plain number
    number_or_id      ///< a plain number (JSON number) or a catalog id (string)
};

/// A documented scenario field (docs/scenario-format.md, docs/batch.md).
struct ScenarioField {
    std::string_view pattern; ///< "fleet.gpus", "options[N].dbox"
    FieldKind kind;
    Dimension dimension; ///< for quantity and quantity_or_auto
    /// Sibling fields the reader rejects together with this one ("give either
    /// cnodes or cd_ratio"); setting this field removes them.
    std::span<const std::string_view> excludes;
};

/// Every scenario field a path may name, in document order.
std::span<const ScenarioField> scenario_fields();
/// The documented field for a path pattern, or nullptr.
const ScenarioField* find_scenario_field(std::string_view pattern);

class ScenarioDocument {
public:
    /// Parses scenario JSON text (malformed text is an InputError naming
    /// `origin` with line and column). The document is not validated here.
    ScenarioDocument(std::string_view text, std::string origin);
    ~ScenarioDocument();
    ScenarioDocument(const ScenarioDocument& other);
    ScenarioDocument& operator=(const ScenarioDocument& other);
    ScenarioDocument(ScenarioDocument&&) noexcept;
    ScenarioDocument& operator=(ScenarioDocument&&) noexcept;

    const std::string& origin() const { return origin_; }

    /// Sets the value at `path`, creating missing objects on the way; "[*]"
    /// sets every element. An array index past the end is an InputError (an
    /// absent or empty "options" gets one empty option for index 0 or "*",
    /// which sizes the same as no options). Fields in `excludes` next to the
    /// value are removed. Returns the JSON paths set ("$.options[0].dbox").
    std::vector<std::string> set(const ScenarioPath& path, const FieldValue& value,
                                 std::span<const std::string_view> excludes = {});

    /// The string at `path` ("fleet.platform"), when it is one.
    std::optional<std::string> text_at(std::string_view path) const;

    /// Reads the document with parse_scenario's checks (the same messages and
    /// JSON paths as for a file).
    Scenario parse(const Catalog& catalog, Diagnostics* diag = nullptr) const;

private:
    struct Json;
    std::unique_ptr<Json> doc_;
    std::string origin_;
};

} // namespace podsizer
