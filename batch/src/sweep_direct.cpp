#include "sweep_direct.hpp"

#include "podsizer/catalog/scenario_fields.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/units.hpp"

#include <algorithm>
#include <string>
#include <variant>

namespace podsizer::detail {

bool writes_directly(const SweepParameter& p, const ScenarioDocument& base) {
    const ScenarioField* f = p.field;
    if (p.tier || f == nullptr || f->set == nullptr || !f->excludes.empty() ||
        (f->kind != FieldKind::count && f->kind != FieldKind::number &&
         f->kind != FieldKind::quantity && f->kind != FieldKind::percent) ||
        p.path.pattern.find('[') != std::string::npos) {
        return false;
    }
    // A value that may also be written as a list ("fleet.sites": a count or
    // fleet.sites[N]) would leave the base's list in place.
    const std::string list = p.path.pattern + "[N]";
    const auto fields = scenario_fields();
    if (std::any_of(fields.begin(), fields.end(),
                    [&](const ScenarioField& g) { return g.pattern.starts_with(list); })) {
        return false;
    }
    // The objects on the way: one the value would create could miss a
    // required member, which only the reader reports.
    std::string at;
    for (std::size_t i = 0; i + 1 < p.path.steps.size(); ++i) {
        at += (at.empty() ? "" : ".") + p.path.steps[i].key;
        if (!base.has_object(at)) {
            return false;
        }
    }
    // Every value must be what the reader makes of the JSON the document
    // path writes: an integer for a count, a double for a number, a string
    // for a quantity or percentage (read below as the reader reads it).
    return std::all_of(p.values.begin(), p.values.end(), [&](const SweepValue& v) {
        switch (f->kind) {
        case FieldKind::count:
            return std::holds_alternative<std::int64_t>(v.value);
        case FieldKind::number:
            return std::holds_alternative<double>(v.value);
        default:
            return std::holds_alternative<std::string>(v.value);
        }
    });
}

bool write_directly(const SweepParameter& p, std::size_t k, Scenario& s, const Catalog& catalog) {
    const FieldValue& v = p.values[k].value;
    FieldData data;
    if (const auto* text = std::get_if<std::string>(&v)) {
        // By the field's one text reading (parse_field_text), the grammar of
        // the reader's strings; a text it refuses takes the document path
        // for the reader's message.
        try {
            data = parse_field_text(*p.field, *text);
        } catch (const InputError&) {
            return false;
        }
    } else if (const auto* n = std::get_if<std::int64_t>(&v)) {
        data = *n;
    } else {
        data = std::get<double>(v);
    }
    // The reader's own bounds on a count (Node::count), before the field's.
    if (const auto* n = std::get_if<std::int64_t>(&v);
        n != nullptr && (*n < static_cast<std::int64_t>(p.field->bounds.min) || *n > kMaxCount)) {
        return false;
    }
    if (!field_problem(*p.field, data, {}, catalog).empty()) {
        return false;
    }
    p.field->set(s, 0, data);
    return true;
}

} // namespace podsizer::detail
