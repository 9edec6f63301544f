// A scenario as an editable JSON document, for sweeps: set a field by its
// documented path ("fleet.gpus", "options[0].dbox"), then read the result with
// the same validating reader as a scenario file, so every field is sweepable
// and a bad value gets the normal message with its JSON path.
//
// nlohmann::json stays private to podsizer::catalog: the document is held
// behind a pointer and values cross this header as FieldValue.
#pragma once

#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/catalog/scenario_fields.hpp"
#include "podsizer/core/scenario.hpp"
#include "podsizer/core/units.hpp"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace podsizer {

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

/// Whether `a` and `b` reach a common field: the same keys, and at each
/// index the same element or "[*]" on either side ("options[*].drive" and
/// "options[0].drive" both reach $.options[0].drive).
bool paths_overlap(const ScenarioPath& a, const ScenarioPath& b);

/// Whether a value written at `a` (of `field`) removes one written at `b`:
/// the same object (overlapping indices) and b's key among the siblings
/// `field` excludes ("options[0].cd_ratio" removes "options[0].cnodes").
bool path_excludes(const ScenarioPath& a, const ScenarioField& field, const ScenarioPath& b);

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
    /// which sizes the same as no options; any other absent or empty list,
    /// such as "phases", is an InputError: a set does not add elements). Fields in `excludes` next
    /// to the value are removed. Returns the JSON paths set ("$.options[0].dbox").
    std::vector<std::string> set(const ScenarioPath& path, const FieldValue& value,
                                 std::span<const std::string_view> excludes = {});

    /// The string at `path` ("fleet.platform"), when it is one.
    std::optional<std::string> text_at(std::string_view path) const;
    /// Whether the document holds an object at `path` ("fleet"); a path
    /// with an index ("options[0]") is never one here.
    bool has_object(std::string_view path) const;

    /// Merges the document's own `catalog` member (docs/scenario-format.md, "A
    /// scenario's own catalog"; relative paths from `base_dir`) over
    /// `catalog`, checked whole, and removes it from the document, so every
    /// run of a sweep is read against the same catalog. Returns the number of
    /// entries it adds or replaces; errors name the origin and JSON path.
    /// `files`, when given, gets the catalog files it named, as read. A
    /// `prices` member naming a price-book file is replaced by the book
    /// (docs/cost.md §1); `price_files`, when given, gets that file.
    std::size_t take_catalog(Catalog& catalog, const std::string& base_dir,
                             Diagnostics* diag = nullptr, std::vector<std::string>* files = nullptr,
                             std::vector<std::string>* price_files = nullptr);

    /// Reads the document with parse_scenario's checks (the same messages and
    /// JSON paths as for a file).
    Scenario parse(const Catalog& catalog, Diagnostics* diag = nullptr) const;

private:
    struct Json;
    std::unique_ptr<Json> doc_;
    std::string origin_;
};

} // namespace podsizer
