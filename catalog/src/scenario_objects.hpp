// The objects and lists of a scenario file that the field table's paths go
// through ("fleet", "options[N]", "checkpoint.jobs[N]"): how the reader makes
// them in a Scenario, the rules about which members may appear together (a
// Scenario cannot show them afterwards), and list caps. Private to
// podsizer::catalog.
#pragma once

#include "json_node.hpp"
#include "podsizer/catalog/scenario_fields.hpp"
#include "podsizer/core/scenario.hpp"

#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

namespace podsizer::detail {

struct ScenarioObject {
    std::string_view pattern = {}; ///< "fleet", "options[N]", "comparisons[N]"
    bool required = false;         ///< must be present when its parent is
    std::size_t max_items = 0;     ///< lists: the most elements a file may hold (0: no cap)
    std::string_view noun = {};    ///< lists: "options", for the cap's message
    /// Lists that may not be empty: the message for "[]" (the schema's
    /// minItems says the same); empty: an empty list is read as none.
    std::string_view empty_text = {};
    /// Makes the object (or list element `index`) exist in the scenario.
    void (*open)(Scenario&, std::size_t index) = nullptr;
    /// Rules on which members are present together, checked before reading them.
    void (*check)(const Node&) = nullptr;
    /// Completes the object once its members are read.
    void (*close)(Scenario&, std::size_t index) = nullptr;
    /// Objects a scenario may hold empty (`"capacity": {}`): whether it holds
    /// one, so the writer keeps it; nullptr: it exists when a member is set.
    bool (*exists)(const Scenario&, std::size_t index) = nullptr;
    /// Lists: the number of elements in a scenario.
    std::size_t (*size)(const Scenario&) = nullptr;
};

std::span<const ScenarioObject> scenario_objects();

/// A member of an object at some path prefix, as the field table shows it.
struct Member {
    enum class Shape { value, object, object_list, value_list };
    std::string_view key;
    Shape shape = Shape::value;
    std::string_view pattern;             ///< "fleet", "options[N]": the member's own pattern
    const ScenarioField* field = nullptr; ///< for values: the field; else its first field
};

/// The members under `prefix` ("" or "options[N].") in table order.
std::vector<Member> members_at(std::string_view prefix);
/// A value member that may also be written as a list of objects
/// ("fleet.sites": a count, or "fleet.sites[N]"): that list's object, or
/// nullptr. members_at shows the value form; the reader takes an array as
/// the list, the schema offers both.
const ScenarioObject* list_form_of(const Member& m);
/// The object for a pattern, or nullptr.
const ScenarioObject* find_scenario_object(std::string_view pattern);

} // namespace podsizer::detail
