#include "podsizer/catalog/scenario_document.hpp"

#include "json_node.hpp"
#include "scenario_reader.hpp"

#include <array>
#include <cctype>

namespace podsizer {

using detail::json;

namespace {

constexpr std::array<std::string_view, 2> kExcludesRule{"read_per_gpu", "write_per_gpu"};
constexpr std::array<std::string_view, 1> kExcludesPerGpu{"rule"};
constexpr std::array<std::string_view, 1> kExcludesUsablePerGpu{"usable_per_gpu"};
constexpr std::array<std::string_view, 1> kExcludesUsable{"usable"};
constexpr std::array<std::string_view, 1> kExcludesCdRatio{"cd_ratio"};
constexpr std::array<std::string_view, 1> kExcludesCnodes{"cnodes"};
constexpr std::array<std::string_view, 1> kExcludesSize{"checkpoint_size"};
constexpr std::array<std::string_view, 2> kExcludesParams{"params", "bytes_per_param"};

constexpr Dimension kNone = Dimension::capacity; // unused for kinds without a unit

// The scenario fields of docs/scenario-format.md. A field added to the reader
// (scenario_io.cpp) gets a row here to become sweepable; the catalog test
// "every documented scenario field can be set and read back" walks this table.
const std::array kFields{
    ScenarioField{"name", FieldKind::text, kNone, {}},
    ScenarioField{"description", FieldKind::text, kNone, {}},
    ScenarioField{"fleet.platform", FieldKind::id, kNone, {}},
    ScenarioField{"fleet.gpus", FieldKind::count, kNone, {}},
    ScenarioField{"fleet.sites", FieldKind::count, kNone, {}},
    ScenarioField{"fleet.gpus_per_cluster", FieldKind::count, kNone, {}},
    ScenarioField{"performance.rule", FieldKind::id, kNone, kExcludesRule},
    ScenarioField{"performance.read_per_gpu", FieldKind::quantity, Dimension::throughput,
                  kExcludesPerGpu},
    ScenarioField{"performance.write_per_gpu", FieldKind::quantity, Dimension::throughput,
                  kExcludesPerGpu},
    ScenarioField{"capacity.usable", FieldKind::quantity, Dimension::capacity,
                  kExcludesUsablePerGpu},
    ScenarioField{"capacity.usable_per_gpu", FieldKind::quantity, Dimension::capacity,
                  kExcludesUsable},
    ScenarioField{"constraints.rack", FieldKind::id, kNone, {}},
    ScenarioField{"constraints.max_racks", FieldKind::count, kNone, {}},
    ScenarioField{"constraints.rack_power", FieldKind::quantity, Dimension::power, {}},
    ScenarioField{"constraints.max_power", FieldKind::quantity, Dimension::power, {}},
    ScenarioField{"constraints.cd_min", FieldKind::ratio, kNone, {}},
    ScenarioField{"constraints.cd_max", FieldKind::ratio, kNone, {}},
    ScenarioField{"constraints.rack_resilient", FieldKind::boolean, kNone, {}},
    ScenarioField{"options[N].name", FieldKind::text, kNone, {}},
    ScenarioField{"options[N].cnode", FieldKind::id, kNone, {}},
    ScenarioField{"options[N].dbox", FieldKind::id, kNone, {}},
    ScenarioField{"options[N].drive", FieldKind::quantity_or_auto, Dimension::capacity, {}},
    ScenarioField{"options[N].rack", FieldKind::id, kNone, {}},
    ScenarioField{"options[N].switch", FieldKind::id, kNone, {}},
    ScenarioField{"options[N].cnodes", FieldKind::cnodes, kNone, kExcludesCdRatio},
    ScenarioField{"options[N].cd_ratio", FieldKind::ratio, kNone, kExcludesCnodes},
    ScenarioField{"options[N].dboxes", FieldKind::count, kNone, {}},
    ScenarioField{"options[N].capacity.usable", FieldKind::quantity, Dimension::capacity,
                  kExcludesUsablePerGpu},
    ScenarioField{"options[N].capacity.usable_per_gpu", FieldKind::quantity, Dimension::capacity,
                  kExcludesUsable},
    ScenarioField{"options[N].performance", FieldKind::text, kNone, {}},
    ScenarioField{"data_reduction", FieldKind::number, kNone, {}},
    // docs/extrapolation-and-comparison.md
    ScenarioField{"extrapolation.target", FieldKind::quantity, Dimension::capacity, {}},
    ScenarioField{"extrapolation.tolerance", FieldKind::percent, kNone, {}},
    ScenarioField{"comparisons[N]", FieldKind::id, kNone, {}},
    // docs/checkpoints.md §8
    ScenarioField{"checkpoint.failure_rate", FieldKind::number_or_id, kNone, {}},
    ScenarioField{"checkpoint.concurrent", FieldKind::boolean, kNone, {}},
    ScenarioField{"checkpoint.knee", FieldKind::percent, kNone, {}},
    ScenarioField{"checkpoint.jobs[N].name", FieldKind::text, kNone, {}},
    ScenarioField{"checkpoint.jobs[N].params", FieldKind::params, kNone, kExcludesSize},
    ScenarioField{"checkpoint.jobs[N].checkpoint_size", FieldKind::quantity, Dimension::capacity,
                  kExcludesParams},
    ScenarioField{"checkpoint.jobs[N].bytes_per_param", FieldKind::number_or_id, kNone, {}},
    ScenarioField{"checkpoint.jobs[N].gpus", FieldKind::count, kNone, {}},
    ScenarioField{
        "checkpoint.jobs[N].interval", FieldKind::quantity_or_auto, Dimension::duration, {}},
    ScenarioField{"checkpoint.jobs[N].mode", FieldKind::text, kNone, {}},
    ScenarioField{"checkpoint.jobs[N].stall_budget", FieldKind::percent, kNone, {}},
    ScenarioField{"checkpoint.jobs[N].restart_time", FieldKind::quantity, Dimension::duration, {}},
    ScenarioField{"checkpoint.jobs[N].offsite_every", FieldKind::count, kNone, {}},
    ScenarioField{"checkpoint.jobs[N].retain", FieldKind::count, kNone, {}},
};

bool key_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-';
}

json to_json(const FieldValue& v) {
    return std::visit([](const auto& x) { return json(x); }, v);
}

} // namespace

ScenarioPath parse_scenario_path(std::string_view text, const std::string& where) {
    auto bad = [&](const std::string& why) -> InputError {
        return InputError(where, "\"" + std::string(text) + "\" is not a scenario path (" + why +
                                     "); expected a path such as fleet.gpus or options[0].dbox");
    };
    ScenarioPath path;
    path.text = std::string(text);
    std::size_t i = 0;
    while (true) {
        PathStep step;
        while (i < text.size() && key_char(text[i])) {
            step.key += text[i++];
        }
        if (step.key.empty()) {
            throw bad(i < text.size() ? "unexpected '" + std::string(1, text[i]) + "'"
                                      : "a name is missing");
        }
        path.pattern += step.key;
        if (i < text.size() && text[i] == '[') {
            const std::size_t close = text.find(']', i);
            if (close == std::string_view::npos) {
                throw bad("'[' without ']'");
            }
            const std::string_view inside = text.substr(i + 1, close - i - 1);
            if (inside == "*") {
                step.index = PathStep::Index::all;
            } else {
                if (inside.empty() || inside.size() > 9) {
                    throw bad("an index is a whole number or *");
                }
                for (char c : inside) {
                    if (std::isdigit(static_cast<unsigned char>(c)) == 0) {
                        throw bad("an index is a whole number or *");
                    }
                }
                step.index = PathStep::Index::one;
                step.position = std::stoul(std::string(inside));
            }
            path.pattern += "[N]";
            i = close + 1;
        }
        path.steps.push_back(std::move(step));
        if (i == text.size()) {
            break;
        }
        if (text[i] != '.') {
            throw bad("unexpected '" + std::string(1, text[i]) + "'");
        }
        path.pattern += '.';
        ++i;
    }
    return path;
}

std::span<const ScenarioField> scenario_fields() {
    return kFields;
}

const ScenarioField* find_scenario_field(std::string_view pattern) {
    for (const ScenarioField& f : kFields) {
        if (f.pattern == pattern) {
            return &f;
        }
    }
    return nullptr;
}

struct ScenarioDocument::Json {
    json value;
};

ScenarioDocument::ScenarioDocument(std::string_view text, std::string origin)
    : doc_(std::make_unique<Json>(Json{detail::parse_json_text(text, origin)})),
      origin_(std::move(origin)) {}

ScenarioDocument::~ScenarioDocument() = default;
ScenarioDocument::ScenarioDocument(const ScenarioDocument& other)
    : doc_(std::make_unique<Json>(*other.doc_)), origin_(other.origin_) {}
ScenarioDocument& ScenarioDocument::operator=(const ScenarioDocument& other) {
    if (this != &other) {
        doc_ = std::make_unique<Json>(*other.doc_);
        origin_ = other.origin_;
    }
    return *this;
}
ScenarioDocument::ScenarioDocument(ScenarioDocument&&) noexcept = default;
ScenarioDocument& ScenarioDocument::operator=(ScenarioDocument&&) noexcept = default;

std::vector<std::string> ScenarioDocument::set(const ScenarioPath& path, const FieldValue& value,
                                               std::span<const std::string_view> excludes) {
    std::vector<std::string> written;
    const json leaf = to_json(value);
    // Depth-first over the path; "[*]" fans out to every element.
    auto walk = [&](auto& self, json& node, std::size_t step_no, const std::string& at) -> void {
        if (!node.is_object()) {
            throw InputError(origin_ + ": " + at, std::string("is ") + node.type_name() +
                                                      ", not an object; cannot set " + path.text);
        }
        const PathStep& step = path.steps[step_no];
        const bool last = step_no + 1 == path.steps.size();
        const std::string here = at + "." + step.key;
        json& member = node[step.key];
        auto descend = [&](json& child, const std::string& child_at) {
            if (last) {
                child = leaf;
                for (std::string_view other : excludes) {
                    node.erase(std::string(other));
                }
                written.push_back(child_at);
                return;
            }
            if (child.is_null()) {
                child = json::object();
            }
            self(self, child, step_no + 1, child_at);
        };
        if (step.index == PathStep::Index::none) {
            descend(member, here);
            return;
        }
        if (member.is_null() || (member.is_array() && member.empty())) {
            // No options means one automatic option; "options[0]" names it.
            if (step.index == PathStep::Index::one && step.position != 0) {
                throw InputError(origin_ + ": " + here, "has no elements; index " +
                                                            std::to_string(step.position) +
                                                            " is past the end (use [0] or [*])");
            }
            member = json::array({json::object()});
        }
        if (!member.is_array()) {
            throw InputError(origin_ + ": " + here, std::string("is ") + member.type_name() +
                                                        ", not an array; cannot set " + path.text);
        }
        if (step.index == PathStep::Index::all) {
            for (std::size_t k = 0; k < member.size(); ++k) {
                descend(member[k], here + "[" + std::to_string(k) + "]");
            }
            return;
        }
        if (step.position >= member.size()) {
            const std::string range =
                member.size() == 1 ? "[0]" : "[0] to [" + std::to_string(member.size() - 1) + "]";
            throw InputError(origin_ + ": " + here,
                             "has " + std::to_string(member.size()) + " element" +
                                 (member.size() == 1 ? "" : "s") + "; index " +
                                 std::to_string(step.position) + " is past the end (use " + range +
                                 " or [*])");
        }
        descend(member[step.position], here + "[" + std::to_string(step.position) + "]");
    };
    walk(walk, doc_->value, 0, "$");
    return written;
}

std::optional<std::string> ScenarioDocument::text_at(std::string_view path) const {
    const ScenarioPath p = parse_scenario_path(path, "");
    const json* node = &doc_->value;
    for (const PathStep& step : p.steps) {
        if (!node->is_object() || !node->contains(step.key)) {
            return std::nullopt;
        }
        node = &(*node)[step.key];
        if (step.index == PathStep::Index::one) {
            if (!node->is_array() || step.position >= node->size()) {
                return std::nullopt;
            }
            node = &(*node)[step.position];
        } else if (step.index == PathStep::Index::all) {
            return std::nullopt;
        }
    }
    if (!node->is_string()) {
        return std::nullopt;
    }
    return node->get<std::string>();
}

Scenario ScenarioDocument::parse(const Catalog& catalog, Diagnostics* diag) const {
    return detail::read_scenario(doc_->value, origin_, catalog, diag);
}

} // namespace podsizer
