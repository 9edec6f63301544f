#include "cli_tree.hpp"

#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/reports/catalog_report.hpp"

namespace podsizer::packaging {

namespace {

OptionDoc describe_option(CLI::Option& opt) {
    OptionDoc d;
    for (const std::string& n : opt.get_lnames()) {
        d.names.push_back("--" + n);
    }
    for (const std::string& n : opt.get_snames()) {
        d.names.push_back("-" + n);
    }
    if (opt.get_expected_max() != 0) { // a flag expects no value
        // get_type_name() appends each validator's description ("FILE:FILE"):
        // the value's name is the part before.
        const std::string type = opt.get_type_name();
        d.value_name = type.substr(0, type.find(':'));
        if (d.value_name.empty()) {
            d.value_name = "VALUE";
        }
    }
    d.description = opt.get_description();
    d.default_value = opt.get_default_str();
    d.required = opt.get_required();
    d.repeatable = opt.get_expected_max() > 1;
    d.hint = cli::completion_hint(opt);
    return d;
}

CommandDoc describe_app(CLI::App& app, std::vector<std::string> path) {
    CommandDoc c;
    c.path = path;
    c.description = app.get_description();
    for (CLI::Option* opt : app.get_options({})) {
        if (opt->get_positional() && !opt->nonpositional()) {
            OptionDoc p = describe_option(*opt);
            p.value_name = opt->get_name();
            c.positionals.push_back(std::move(p));
        } else {
            c.options.push_back(describe_option(*opt));
        }
    }
    for (CLI::App* sub : app.get_subcommands({})) {
        std::vector<std::string> sub_path = path;
        sub_path.push_back(sub->get_name());
        c.commands.push_back(describe_app(*sub, sub_path));
    }
    return c;
}

} // namespace

CommandDoc describe(CLI::App& app) {
    return describe_app(app, {});
}

CatalogIds default_catalog_ids() {
    const Catalog catalog = default_catalog();
    CatalogIds ids;
    auto add = [&ids](const std::string& section, const auto& items) {
        for (const auto& item : items) {
            ids[section].push_back(item.id);
        }
    };
    add("cnodes", catalog.cnodes);
    add("dboxes", catalog.dboxes);
    add("switches", catalog.switches);
    add("racks", catalog.racks);
    add("platforms", catalog.platforms);
    add("references", catalog.references);
    add("failure_rates", catalog.failure_rates);
    add("workloads", catalog.workloads);
    ids["all"] = catalog_ids(catalog); // what `catalog show` accepts
    return ids;
}

std::string joined(const std::vector<std::string>& words, std::string_view sep) {
    std::string out;
    for (const std::string& w : words) {
        out += (out.empty() ? "" : std::string(sep)) + w;
    }
    return out;
}

std::vector<std::string> hint_words(const cli::CompletionHint& hint, const CatalogIds& ids) {
    using Kind = cli::CompletionHint::Kind;
    if (hint.kind == Kind::choices) {
        return hint.words;
    }
    if (hint.kind == Kind::catalog_ids && !hint.words.empty()) {
        const auto it = ids.find(hint.words.front());
        if (it == ids.end()) {
            // A section name misspelled in cli/ must not yield an empty list
            // that nobody notices.
            throw std::runtime_error("no catalog section \"" + hint.words.front() + "\"");
        }
        return it->second;
    }
    return {};
}

} // namespace podsizer::packaging
