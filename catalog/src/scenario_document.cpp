#include "podsizer/catalog/scenario_document.hpp"

#include "json_node.hpp"
#include "scenario_reader.hpp"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>

namespace podsizer {

using detail::json;

namespace {

bool key_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-';
}

json to_json(const FieldValue& v) {
    return std::visit([](const auto& x) { return json(x); }, v);
}

/// The value at `path` ("fleet.platform", "options[0].dbox") in `doc`, or
/// null; "[*]" reaches none.
const json* value_at(const json& doc, std::string_view path) {
    const ScenarioPath p = parse_scenario_path(path, "");
    const json* node = &doc;
    for (const PathStep& step : p.steps) {
        if (!node->is_object() || !node->contains(step.key)) {
            return nullptr;
        }
        node = &(*node)[step.key];
        if (step.index == PathStep::Index::one) {
            if (!node->is_array() || step.position >= node->size()) {
                return nullptr;
            }
            node = &(*node)[step.position];
        } else if (step.index == PathStep::Index::all) {
            return nullptr;
        }
    }
    return node;
}

/// Whether the first `steps` steps of `a` and `b` reach a common object.
bool prefix_overlaps(const ScenarioPath& a, const ScenarioPath& b, std::size_t steps) {
    for (std::size_t i = 0; i < steps; ++i) {
        const PathStep& x = a.steps[i];
        const PathStep& y = b.steps[i];
        if (x.key != y.key ||
            (x.index == PathStep::Index::none) != (y.index == PathStep::Index::none)) {
            return false;
        }
        if (x.index == PathStep::Index::one && y.index == PathStep::Index::one &&
            x.position != y.position) {
            return false;
        }
    }
    return true;
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

bool paths_overlap(const ScenarioPath& a, const ScenarioPath& b) {
    return a.steps.size() == b.steps.size() && prefix_overlaps(a, b, a.steps.size());
}

bool path_excludes(const ScenarioPath& a, const ScenarioField& field, const ScenarioPath& b) {
    if (a.steps.size() != b.steps.size() || a.steps.empty() ||
        b.steps.back().index != PathStep::Index::none) {
        return false;
    }
    const std::string& key = b.steps.back().key;
    return prefix_overlaps(a, b, a.steps.size() - 1) &&
           std::find(field.excludes.begin(), field.excludes.end(), key) != field.excludes.end();
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
        const bool none = member.is_null() || (member.is_array() && member.empty());
        if (none && (step_no != 0 || step.key != "options")) {
            // A set changes what the file holds; it does not make a phase,
            // site or job the reader would then blame on the file (fourth
            // red-team round, D6).
            throw InputError(origin_ + ": " + here,
                             fmt::format("the scenario has no {}, so {} reaches nothing; expected "
                                         "a path to an element the file holds",
                                         step.key, path.text));
        }
        if (none) {
            // No options means one automatic option; "options[0]" names it.
            if (step.index == PathStep::Index::one && step.position != 0) {
                throw InputError(origin_ + ": " + here,
                                 fmt::format("has no elements; index {} is past the end (use [0] "
                                             "or [*])",
                                             step.position));
            }
            member = json::array({json::object()});
        }
        if (!member.is_array()) {
            throw InputError(origin_ + ": " + here, std::string("is ") + member.type_name() +
                                                        ", not an array; cannot set " + path.text);
        }
        if (step.index == PathStep::Index::all) {
            for (std::size_t k = 0; k < member.size(); ++k) {
                descend(member[k], fmt::format("{}[{}]", here, k));
            }
            return;
        }
        if (step.position >= member.size()) {
            const std::string range =
                member.size() == 1 ? "[0]" : fmt::format("[0] to [{}]", member.size() - 1);
            throw InputError(origin_ + ": " + here,
                             fmt::format("has {} element{}; index {} is past the end (use {} or "
                                         "[*])",
                                         member.size(), member.size() == 1 ? "" : "s",
                                         step.position, range));
        }
        descend(member[step.position], fmt::format("{}[{}]", here, step.position));
    };
    walk(walk, doc_->value, 0, "$");
    return written;
}

std::optional<std::string> ScenarioDocument::text_at(std::string_view path) const {
    const json* node = value_at(doc_->value, path);
    if (node == nullptr || !node->is_string()) {
        return std::nullopt;
    }
    return node->get<std::string>();
}

bool ScenarioDocument::has_object(std::string_view path) const {
    const json* node = value_at(doc_->value, path);
    return path.find('[') == std::string_view::npos && node != nullptr && node->is_object();
}

std::size_t ScenarioDocument::take_catalog(Catalog& catalog, const std::string& base_dir,
                                           Diagnostics* diag, std::vector<std::string>* files,
                                           std::vector<std::string>* price_files) {
    detail::OwnCatalogRead own =
        detail::take_own_catalog(doc_->value, origin_, base_dir, catalog, diag);
    if (files != nullptr) {
        *files = std::move(own.files);
    }
    if (price_files != nullptr) {
        *price_files = std::move(own.price_files);
    }
    return own.entries;
}

Scenario ScenarioDocument::parse(const Catalog& catalog, Diagnostics* diag) const {
    return detail::read_scenario(doc_->value, origin_, catalog, diag);
}

} // namespace podsizer
