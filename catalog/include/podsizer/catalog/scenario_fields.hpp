// The scenario field table: one row per field of a scenario file
// (docs/scenario-format.md), holding its path, kind, unit, bounds, default,
// label, help text, enabling condition and where its value lives in a
// Scenario. The reader, the writer, validate(), `sweep --vary` paths and the
// JSON Schema (schemas/scenario.schema.json) all derive from it, so a new
// field is one row plus the code that uses its value (docs/architecture.md,
// "Adding a scenario field").
#pragma once

#include "podsizer/catalog/json_path.hpp"
#include "podsizer/core/catalog.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/core/scenario.hpp"
#include "podsizer/core/units.hpp"

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace podsizer {

/// A JSON scalar to put into a scenario document.
using FieldValue = std::variant<bool, std::int64_t, double, std::string>;

/// A field's value as a Scenario holds it: absent, a flag, a count, a number
/// (quantities in SI base units, percentages as fractions), a text or id, or
/// a C:D ratio.
using FieldData = std::variant<std::monostate, bool, std::int64_t, double, std::string, Ratio>;

/// What a field holds; decides how it is read, written, swept and described.
enum class FieldKind {
    count,            ///< a whole number (JSON integer)
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
    number_or_id,     ///< a plain number (JSON number) or a catalog id (string)
    choice            ///< one of the strings in `choices`
};

/// The catalog list an id field names.
enum class IdList {
    none,
#define CATALOG_ID_LIST(list, noun) list,
#include "podsizer/catalog/id_lists.def"
};

/// Calls f(the catalog's entries of `list`, a std::vector of its model) and
/// returns its answer; `none` for IdList::none. The one switch over IdList
/// (id_lists.def), so a new list cannot be left out of any of its uses.
template <class R, class F> R with_id_list(const Catalog& catalog, IdList list, F&& f, R none) {
    switch (list) {
#define CATALOG_ID_LIST(list, noun)                                                                \
    case IdList::list:                                                                             \
        return f(catalog.list);
#include "podsizer/catalog/id_lists.def"
    case IdList::none:
        break;
    }
    return none;
}

/// The list's key in a catalog document's Catalog ("platforms"), and the
/// noun of one of its entries ("GPU platform"); "" and "id" for none.
std::string_view id_list_key(IdList list);
std::string_view id_list_noun(IdList list);

// kMaxCount, the largest count any scenario field takes, is core's
// (number_text.hpp): the reader, the flags, `sweep --vary` and the GUI use it.

/// A numeric field's range; quantities and percentages in base units.
struct Bounds {
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    bool min_open = false; ///< min itself is not allowed
    bool max_open = false; ///< max itself is not allowed

    bool contains(double v) const {
        return (min_open ? v > min : v >= min) && (max_open ? v < max : v <= max);
    }
};

/// How a form presents a field beyond its label and help (the GUI's editor,
/// docs/gui.md): presentation only; which fields exist, their kinds, bounds
/// and conditions are the row's other members.
struct FieldLook {
    /// The grey text of an empty line edit: an example ("215 PB") or what
    /// empty means ("no limit").
    const char* placeholder = "";
    /// The note under an empty optional field; nullptr: the field needs a value.
    const char* empty_means = nullptr;
    /// Counts: what one and many of them are called ("site", "sites").
    const char* one = "";
    const char* many = "";
    /// Percentages: what the share is of ("of the interval").
    const char* share_of = "";
    /// Pick lists: the item for "left out", first in the list ("%1" is the
    /// catalog's default id), and an item at the end meaning the same.
    const char* first_item = nullptr;
    const char* last_item = nullptr;
    /// Choice fields: the items' texts, one per choice, split by '|'.
    const char* choice_texts = nullptr;
    /// The form's row label when `label` is too long for it.
    const char* short_label = nullptr;
    /// Plain numbers: read as a ratio to one ("1.5:1", data reduction);
    /// otherwise the number is echoed with `unit` after it.
    bool ratio_to_one = false;
    const char* unit = "";
    /// false: the form offers no control for the field (an older key a
    /// file may still give; the form shows it through the newer one).
    bool in_form = true;
};

/// A workbook number format: #,##0.0###, #,##0.00 or 0.0%.
enum class SheetFormat { precise, two, percent };

/// How the workbook shows a field its formulas read: a "Scenario" row of the
/// Assumptions sheet under the defined name scenario_<name> (docs/reports.md).
/// No name: no formula reads the field (a constraint is listed as its text).
struct FieldSheet {
    const char* name = nullptr;                 ///< scenario_<name> in formulas
    std::optional<AnyUnit> unit = std::nullopt; ///< the unit shown; none: the number held
    const char* unit_text = nullptr;            ///< the unit column; nullptr: the unit's symbol
    SheetFormat format = SheetFormat::precise;
};

/// The flag of every command that sizes designs (size, design, extrapolate,
/// compare, optimize) setting a field (cli/power_args.cpp): read, limited and
/// described by the field's row. An analysis command's own flags bind rows in
/// its file (cli/flag_binding.hpp).
struct FieldFlag {
    const char* name = nullptr; ///< "--pue"; nullptr: no such flag
    const char* help = nullptr; ///< the help before "(default: ...)"
};

/// One field of a scenario file.
struct ScenarioField {
    std::string_view pattern = {}; ///< "fleet.gpus", "options[N].dbox"
    FieldKind kind = FieldKind::text;
    Dimension dimension = Dimension::capacity; ///< for quantity and quantity_or_auto
    /// Sibling fields the reader rejects together with this one ("give either
    /// cnodes or cd_ratio"); setting this field in a sweep removes them.
    std::span<const std::string_view> excludes = {};
    Bounds bounds = {};
    IdList ids = IdList::none;                      ///< for id and number_or_id
    std::span<const std::string_view> choices = {}; ///< for choice
    bool allows_auto = false;                       ///< an id field that also takes "auto"
    bool required = false;                          ///< must be present when its object is
    bool sweepable = true;                          ///< a `--vary` path (docs/batch.md)
    std::string_view default_text = {};             ///< the value when left out, as written
    std::string_view label = {};                    ///< the form's label
    std::string_view help = {};                     ///< one sentence for tooltips and the schema
    std::string_view noun = {};                     ///< percentages: "a stall budget", for messages
    /// The message when the value is out of range or not a choice; "{}"
    /// stands for the value as written. Counts and quantities have a
    /// generated one.
    std::string_view range_text = {};
    /// Whether the field applies, given the rest of the scenario (the form
    /// greys it out otherwise); nullptr: always.
    bool (*enabled)(const Scenario&, std::size_t index) = nullptr;
    /// The value at list position `index` (0 outside lists); monostate when
    /// the field is left out of a written file.
    FieldData (*get)(const Scenario&, std::size_t index) = nullptr;
    /// Stores a value read from a file (the objects on the way exist).
    void (*set)(Scenario&, std::size_t index, const FieldData&) = nullptr;
    /// A command's row whose value has a grammar no kind has (durability's
    /// --stripe "146+4"): parse_field_text reads the text with it. Its
    /// errors, like parse_field_text's, name no place. nullptr: the kind's.
    FieldData (*read_text)(const std::string& text) = nullptr;
    FieldLook look = {};   ///< how a form presents it
    FieldSheet sheet = {}; ///< how the workbook shows it, when a formula reads it
    FieldFlag flag = {};   ///< its flag on the sizing commands
};

/// Every scenario field, in the order a written file holds them.
std::span<const ScenarioField> scenario_fields();
/// The field for a path pattern ("options[N].dbox"), or nullptr.
const ScenarioField* find_scenario_field(std::string_view pattern);

/// The concrete path of a pattern: "options[N].capacity" at 2 is
/// $.options[2].capacity.
JsonPath pattern_path(std::string_view pattern, std::size_t index);
/// The concrete path of a field: "options[N].dbox" at 2 is $.options[2].dbox.
JsonPath field_path(const ScenarioField& field, std::size_t index);

/// How many times the field occurs in `s` (list length for fields under a
/// list, 1 otherwise).
std::size_t field_count(const ScenarioField& field, const Scenario& s);

/// The value as a file would spell it ("5.4 PB", "5%", "1:2", "auto").
std::string field_text(const ScenarioField& field, const FieldData& value);

/// The value `text` stands for, by the field's kind: the one text reading of
/// a value, used by the flags and the GUI's form, with the grammar of a
/// string value in a file ("1,5" is no number anywhere). Its errors name no
/// place; the caller locates them (a flag, a JSON path). Ranges and catalog
/// ids are field_problem's.
FieldData parse_field_text(const ScenarioField& field, const std::string& text);

/// Whether the field names something (the scenario, an option, a job): its
/// text is held to name_problem's rules (safe_text.hpp).
bool is_name_field(const ScenarioField& field);

/// Why `value` is not acceptable for `field` (range, choice, catalog id), or
/// empty. `shown` is the value as the user wrote it, for the message. The
/// one rule set for the reader, validate() and the GUI.
std::string field_problem(const ScenarioField& field, const FieldData& value,
                          std::string_view shown, const Catalog& catalog);

/// The words a scenario gives a meaning where it names a catalog entry or a
/// count: "auto" (options[N].cnode, .dbox and .cnodes: the automatic choice),
/// "knee" (options[N].cnodes) and "none" (options[N].performance). No catalog
/// entry may take one as its id: an entry "auto" could never be chosen by id
/// (fourth red-team round, D10).
std::span<const std::string_view> reserved_ids();

/// Why `id` cannot be a catalog entry's id (a reserved word), or empty.
std::string reserved_id_problem(std::string_view id);

/// The ids of a catalog list, for choosers and "did you mean" messages.
std::vector<std::string> catalog_ids(const Catalog& catalog, IdList list);

} // namespace podsizer
