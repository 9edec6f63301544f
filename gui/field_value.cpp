#include "field_value.hpp"

#include "field_look.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/number_text.hpp"

namespace podsizer::gui {

namespace {

/// Failures per 1,000 node-days: a number above 0.
InputField::Reader failure_rate_reader() {
    return [](const std::string& text) -> std::string {
        const double v = number_value(QString::fromStdString(text));
        if (!(v > 0)) {
            throw InputError("\"" + text +
                             "\": expected failures per 1,000 node-days above 0, such as 6.5");
        }
        return "= " + format_number(v, 2) + " failures per 1,000 node-days";
    };
}

/// A parameter count as text that reads back exactly: "1.8T" when it does.
QString params_text(double params) {
    const std::string pretty = format_param_count(params);
    try {
        if (parse_param_count(pretty) == params) {
            return QString::fromStdString(pretty);
        }
    } catch (const InputError&) {
    }
    return number_text(params);
}

} // namespace

InputField::Reader field_reader(const ScenarioField& f) {
    const FieldLook& look = f.look;
    const std::string empty = look.empty_means != nullptr ? look.empty_means : "";
    switch (f.kind) {
    case FieldKind::count:
    case FieldKind::cnodes:
        return count_reader(static_cast<std::int64_t>(f.bounds.min),
                            static_cast<std::int64_t>(f.bounds.max), look.one, look.many, empty);
    case FieldKind::quantity:
    case FieldKind::quantity_or_auto:
        return quantity_reader(f.dimension, empty);
    case FieldKind::ratio:
        return ratio_reader();
    case FieldKind::percent:
        return percent_reader(look.share_of, empty);
    case FieldKind::params:
        return params_reader();
    case FieldKind::number_or_id:
        // bytes_per_param names no catalog list: its words are core's presets.
        return f.ids == IdList::none ? bytes_per_param_reader() : failure_rate_reader();
    default:
        return look.ratio_to_one ? reduction_reader() : number_reader(look.unit, empty);
    }
}

FieldData field_value(const ScenarioField& f, const QString& text) {
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty()) {
        return {};
    }
    if (f.kind == FieldKind::boolean) {
        return text.toStdString();
    }
    // The one text reading of a value, the flags' and a file's string values'
    // (catalog's parse_field_text); the readers above add only the preview.
    return parse_field_text(f, trimmed.toStdString());
}

QString value_text(const ScenarioField& f, const FieldData& v) {
    if (const auto* word = std::get_if<std::string>(&v)) {
        if (*word == "auto" || *word == "knee") {
            return {};
        }
    }
    if (const auto* d = std::get_if<double>(&v)) {
        if (f.kind == FieldKind::params) {
            return params_text(*d);
        }
        if (f.kind == FieldKind::number_or_id) {
            return number_text(*d);
        }
    }
    return QString::fromStdString(field_text(f, v));
}

} // namespace podsizer::gui
