#include "capacity_hint.hpp"

#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/requirements.hpp"
#include "podsizer/core/units.hpp"
#include "qt_text.hpp"

#include <QObject>

namespace podsizer::gui {

namespace {

/// The need as the engine reads it (docs/model.md §4): per pod, the GPUs a
/// per-GPU figure is multiplied by (whole scalable units), and whether it
/// was given per GPU.
struct Need {
    Capacity usable;
    std::int64_t gpus = 0;
    bool per_gpu = false;
};

std::optional<Need> need_of(const Scenario& s, std::size_t option, bool of_option,
                            const Catalog& catalog) {
    Requirements req;
    try {
        req = compute_requirements(s, catalog);
    } catch (const InputError&) {
        return std::nullopt; // the form says what is wrong; no figure here
    }
    const CapacitySpec* spec = &s.capacity;
    if (of_option && option < s.options.size()) {
        req.usable_target = option_requirements(req, s.options[option]).usable_target;
        if (s.options[option].capacity) {
            spec = &*s.options[option].capacity;
        }
    }
    return Need{req.usable_target, req.sized_gpus, !spec->usable && spec->usable_per_gpu};
}

} // namespace

std::optional<QString> capacity_hint(std::string_view pattern, const Scenario& s,
                                     std::size_t option, const Catalog& catalog) {
    const bool of_option = pattern.starts_with("options[N].");
    const std::string_view field = of_option ? pattern.substr(11) : pattern;
    const bool per_gpu = field == "capacity.usable_per_gpu";
    if (!per_gpu && field != "capacity.usable") {
        return std::nullopt;
    }
    const std::optional<Need> need = need_of(s, option, of_option, catalog);
    if (!need || need->usable.base() <= 0.0 || need->gpus <= 0) {
        return QString(); // no need given, or no GPUs to share it: nothing to show
    }
    const QString pod = q(format(need->usable, 2));
    const QString each = q(format(need->usable / static_cast<double>(need->gpus), 2));
    const QString gpus = q(format_number(static_cast<double>(need->gpus)));
    // The figure in the field's terms, and how it follows from the one given.
    if (per_gpu) {
        return need->per_gpu ? each : QObject::tr("%1 (%2 over %3 GPUs)").arg(each, pod, gpus);
    }
    return need->per_gpu ? QObject::tr("%1 (%2 GPUs × %3)").arg(pod, gpus, each) : pod;
}

} // namespace podsizer::gui
