#include "field_look.hpp"

namespace podsizer::gui {

namespace {

const FieldLook kPlain{};

} // namespace

const FieldLook& field_look(std::string_view pattern) {
    const ScenarioField* f = find_scenario_field(pattern);
    return f != nullptr ? f->look : kPlain;
}

QString row_label(const ScenarioField& field) {
    if (field.look.short_label != nullptr) {
        return QString::fromUtf8(field.look.short_label);
    }
    QString label = QString::fromUtf8(field.label.data(), static_cast<int>(field.label.size()));
    if (!label.isEmpty()) {
        label[0] = label[0].toUpper();
    }
    return label;
}

std::string default_id(const Catalog& catalog, IdList list) {
    switch (list) {
    case IdList::racks:
        return catalog.defaults.rack;
    case IdList::switches:
        return catalog.defaults.network_switch;
    case IdList::failure_rates:
        return catalog.defaults.failure_rate;
    default:
        return {};
    }
}

} // namespace podsizer::gui
