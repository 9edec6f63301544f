#include "podsizer/catalog/scenario_io.hpp"

#include "json_node.hpp"
#include "podsizer/catalog/suggest.hpp"
#include "podsizer/core/extrapolation.hpp"
#include "scenario_reader.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace podsizer {

using detail::Node;

namespace {

template <class T> std::vector<std::string> ids_of(const std::vector<T>& items) {
    std::vector<std::string> out;
    for (const T& t : items) {
        out.push_back(t.id);
    }
    return out;
}

/// An id that must name an entry of `items`; "auto" (when allowed) gives "".
template <class T>
std::string known_id(const Node& n, const std::vector<T>& items, const char* what,
                     bool allow_auto) {
    const std::string id = n.id();
    if (allow_auto && id == "auto") {
        return {};
    }
    for (const T& t : items) {
        if (t.id == id) {
            return id;
        }
    }
    n.fail("unknown " + std::string(what) + " \"" + id + "\" (" +
           suggestion_phrase(id, ids_of(items)) + ")" + (allow_auto ? "; or \"auto\"" : ""));
}

double parse_positive_number(std::string_view s, bool& ok) {
    double v = 0.0;
    const auto res = std::from_chars(s.data(), s.data() + s.size(), v);
    ok = res.ec == std::errc() && res.ptr == s.data() + s.size() && std::isfinite(v) && v > 0.0;
    return v;
}

Ratio read_ratio(const Node& n) {
    if (n.is_number()) {
        const double v = n.number();
        if (!(v > 0.0)) {
            n.fail("expected a C:D ratio above zero such as \"1:2\"");
        }
        return Ratio{v, format_number(v, 2)};
    }
    return parse_ratio(n.text(), n.where());
}

Fleet read_fleet(const Node& n, const Catalog& cat) {
    n.require_object();
    n.check_fields({"platform", "gpus", "sites", "gpus_per_cluster"});
    Fleet f;
    f.platform = known_id(n.at("platform"), cat.platforms, "GPU platform", false);
    f.gpus = n.at("gpus").count(1);
    if (auto s = n.find("sites")) {
        f.sites = s->small_count(1);
    }
    if (auto c = n.find("gpus_per_cluster")) {
        f.gpus_per_cluster = c->count(1);
        if (f.gpus_per_cluster > f.gpus) {
            c->fail("is larger than fleet.gpus (" + std::to_string(f.gpus) + ")");
        }
    }
    return f;
}

PerformanceSpec read_performance(const Node& n, const Catalog& cat) {
    n.require_object();
    n.check_fields({"rule", "read_per_gpu", "write_per_gpu"});
    PerformanceSpec p;
    if (auto r = n.find("rule")) {
        if (n.has("read_per_gpu") || n.has("write_per_gpu")) {
            n.fail("give either \"rule\" or explicit \"read_per_gpu\"/\"write_per_gpu\", not both");
        }
        p.rule = known_id(*r, cat.rules, "performance rule", false);
        return p;
    }
    if (!n.has("read_per_gpu") && !n.has("write_per_gpu")) {
        n.fail("expected \"rule\" (a catalog rule id) or \"read_per_gpu\" and \"write_per_gpu\"");
    }
    if (auto r = n.find("read_per_gpu")) {
        p.read_per_gpu = r->quantity<Throughput>();
    }
    if (auto w = n.find("write_per_gpu")) {
        p.write_per_gpu = w->quantity<Throughput>();
    }
    return p;
}

double read_tolerance(const Node& n) {
    if (!n.is_string()) {
        n.fail("expected a percentage as a string such as \"10%\"");
    }
    try {
        return parse_tolerance(n.text(), "");
    } catch (const InputError& e) {
        n.fail(e.message());
    }
}

CapacitySpec read_capacity(const Node& n) {
    n.require_object();
    n.check_fields({"usable", "usable_per_gpu"});
    CapacitySpec c;
    if (n.has("usable") && n.has("usable_per_gpu")) {
        n.fail("give either \"usable\" or \"usable_per_gpu\", not both");
    }
    if (auto u = n.find("usable")) {
        c.usable = u->positive<Capacity>();
    }
    if (auto u = n.find("usable_per_gpu")) {
        c.usable_per_gpu = u->positive<Capacity>();
    }
    return c;
}

ExtrapolationSpec read_extrapolation(const Node& n) {
    n.require_object();
    n.check_fields({"target", "tolerance"});
    ExtrapolationSpec e;
    e.target = n.at("target").positive<Capacity>();
    if (auto t = n.find("tolerance")) {
        e.tolerance = read_tolerance(*t);
    }
    return e;
}

std::vector<std::string> read_comparisons(const Node& n, const Catalog& cat) {
    std::vector<std::string> ids;
    for (const Node& item : n.items()) {
        const std::string id = known_id(item, cat.references, "reference system", false);
        if (std::find(ids.begin(), ids.end(), id) != ids.end()) {
            item.fail("\"" + id + "\" is listed twice");
        }
        ids.push_back(id);
    }
    return ids;
}

Constraints read_constraints(const Node& n, const Catalog& cat) {
    n.require_object();
    n.check_fields(
        {"rack", "max_racks", "rack_power", "max_power", "cd_min", "cd_max", "rack_resilient"});
    Constraints c;
    if (auto r = n.find("rack")) {
        c.rack = known_id(*r, cat.racks, "rack model", false);
    }
    if (auto m = n.find("max_racks")) {
        c.max_racks = m->count(1);
    }
    if (auto p = n.find("rack_power")) {
        c.rack_power = p->positive<Power>();
    }
    if (auto p = n.find("max_power")) {
        c.max_power = p->positive<Power>();
    }
    if (auto r = n.find("cd_min")) {
        c.cd_min = read_ratio(*r);
    }
    if (auto r = n.find("cd_max")) {
        c.cd_max = read_ratio(*r);
    }
    if (c.cd_max.c_per_d < c.cd_min.c_per_d) {
        n.fail("cd_max (" + c.cd_max.text + ") is below cd_min (" + c.cd_min.text +
               "); the default bounds are 1:2 to 4:1");
    }
    if (auto r = n.find("rack_resilient")) {
        c.rack_resilient = r->boolean();
    }
    return c;
}

OptionSpec read_option(const Node& n, const Catalog& cat, const Constraints& cons) {
    n.require_object();
    n.check_fields({"name", "cnode", "dbox", "drive", "rack", "switch", "cnodes", "cd_ratio",
                    "dboxes", "capacity", "performance"});
    OptionSpec o;
    if (auto name = n.find("name")) {
        o.name = name->text();
    }
    if (auto c = n.find("cnode")) {
        o.cnode = known_id(*c, cat.cnodes, "C-node model", true);
    }
    if (auto d = n.find("dbox")) {
        o.dbox = known_id(*d, cat.dboxes, "D-box model", true);
    }
    if (auto d = n.find("drive")) {
        if (d->is_string() && d->text() == "auto") {
            o.drive.reset();
        } else {
            o.drive = d->positive<Capacity>();
        }
    }
    if (auto r = n.find("rack")) {
        o.rack = known_id(*r, cat.racks, "rack model", false);
    }
    if (auto s = n.find("switch")) {
        o.network_switch = known_id(*s, cat.switches, "switch model", false);
    }
    if (n.has("cnodes") && n.has("cd_ratio")) {
        n.fail("give either \"cnodes\" or \"cd_ratio\", not both");
    }
    if (auto c = n.find("cnodes")) {
        if (c->is_string()) {
            const std::string mode = c->text();
            if (mode == "knee") {
                o.cnode_sizing = CNodeSizing::knee;
            } else if (mode == "auto") {
                o.cnode_sizing = CNodeSizing::requirement;
            } else {
                c->fail("\"" + mode +
                        "\" is not a C-node count; expected a whole number, \"knee\" (as many as "
                        "the D-boxes keep busy) or \"auto\" (from the requirement)");
            }
        } else {
            o.cnode_sizing = CNodeSizing::fixed;
            o.cnodes = c->count(1);
        }
    }
    if (auto r = n.find("cd_ratio")) {
        const Ratio ratio = read_ratio(*r);
        if (ratio.c_per_d < cons.cd_min.c_per_d * (1 - 1e-9) ||
            ratio.c_per_d > cons.cd_max.c_per_d * (1 + 1e-9)) {
            r->fail("C:D ratio " + ratio.text + " is outside the bounds " + cons.cd_min.text +
                    " to " + cons.cd_max.text + " (constraints.cd_min / cd_max)");
        }
        o.cnode_sizing = CNodeSizing::ratio;
        o.cd_ratio = ratio;
    }
    if (auto d = n.find("dboxes")) {
        o.dboxes = d->count(1);
    }
    if (auto c = n.find("capacity")) {
        o.capacity = read_capacity(*c);
    }
    if (auto p = n.find("performance")) {
        if (!p->is_string() || p->text() != "none") {
            p->fail("expected \"none\" (this option has no throughput requirement); leave the "
                    "field out to use the scenario's performance rule");
        }
        o.use_performance = false;
    }
    if (o.drive && !o.dbox.empty()) {
        // Check the drive against the chosen D-box here, where the path is known.
        const DBoxModel* box = cat.dbox(o.dbox);
        bool found = false;
        for (Capacity size : box->drive_sizes) {
            if (std::abs(size / *o.drive - 1.0) <= 0.01 ||
                std::abs(box->raw(size) / *o.drive - 1.0) <= 0.01) {
                found = true;
            }
        }
        if (!found) {
            std::string list;
            for (Capacity size : box->drive_sizes) {
                list += (list.empty() ? "" : ", ") + format_in(size, units::TB, 2);
            }
            n.at("drive").fail(format_in(*o.drive, units::TB, 2) + " is not a drive option of " +
                               box->id + "; expected one of " + list +
                               " (or the box's raw capacity)");
        }
    }
    return o;
}

/// A percentage string ("5%") strictly between 0 and 100 %.
double read_percent(const Node& n, const char* what) {
    if (n.is_number()) {
        n.fail(n.raw().dump() + " has no % sign; expected " + std::string(what) +
               " as a string such as \"5%\"");
    }
    double v = 0.0;
    try {
        v = parse_percent(n.text());
    } catch (const InputError& e) {
        n.fail(e.message());
    }
    if (!(v > 0.0 && v < 1.0)) {
        n.fail("\"" + n.text() + "\": expected " + std::string(what) +
               " above 0 % and below 100 %, such as \"5%\"");
    }
    return v;
}

/// Calls a core parser that throws an unlocated InputError, and locates it.
template <class F> auto located(const Node& n, F parse) {
    try {
        return parse();
    } catch (const InputError& e) {
        n.fail(e.message());
    }
}

CheckpointJobSpec read_checkpoint_job(const Node& n, std::size_t index, std::int64_t pod_gpus) {
    n.require_object();
    n.check_fields({"name", "params", "bytes_per_param", "checkpoint_size", "gpus", "interval",
                    "mode", "stall_budget", "restart_time", "offsite_every", "retain"});
    CheckpointJobSpec j;
    j.name = n.has("name") ? n.at("name").text() : "job " + std::to_string(index + 1);
    if (n.has("params") == n.has("checkpoint_size")) {
        n.fail("give either \"params\" (a model size such as \"1.8T\", with \"bytes_per_param\") "
               "or \"checkpoint_size\" (such as \"25.2 TB\"), not both or neither");
    }
    if (auto p = n.find("params")) {
        if (p->is_number()) {
            j.params = p->number();
            if (!(j.params > 0.0) || j.params > 1e16) {
                p->fail("expected a parameter count above 0 and at most 10^16, such as \"1.8T\"");
            }
        } else {
            const std::string text = p->text();
            j.params = located(*p, [&] { return parse_param_count(text); });
        }
        if (auto b = n.find("bytes_per_param")) {
            if (b->is_number()) {
                j.bytes_per_param = b->number();
                if (!(j.bytes_per_param > 0.0) || j.bytes_per_param > 1024.0) {
                    b->fail("expected bytes per parameter above 0 and at most 1,024, such as 14");
                }
            } else {
                const std::string text = b->text();
                j.bytes_per_param = located(*b, [&] { return parse_bytes_per_param(text); });
            }
        }
        j.size = checkpoint_size(j.params, j.bytes_per_param);
    } else {
        if (n.has("bytes_per_param")) {
            n.at("bytes_per_param")
                .fail("applies to \"params\"; a \"checkpoint_size\" is the "
                      "whole checkpoint already");
        }
        j.size = n.at("checkpoint_size").positive<Capacity>();
    }
    if (auto g = n.find("gpus")) {
        j.gpus = g->count(1);
        if (j.gpus > pod_gpus) {
            g->fail(std::to_string(j.gpus) + " GPUs is more than the pod's " +
                    std::to_string(pod_gpus));
        }
    }
    if (auto i = n.find("interval")) {
        if (i->is_string() && i->text() == "auto") {
            j.interval.reset();
        } else {
            j.interval = i->positive<Duration>();
        }
    } else {
        j.interval.reset();
    }
    if (auto m = n.find("mode")) {
        const std::string text = m->text();
        const auto mode = checkpoint_mode_from_string(text);
        if (!mode) {
            m->fail("\"" + text +
                    "\" is not a checkpoint mode; expected \"sync\" (the job "
                    "stalls while writing) or \"async\" (staged, drains in the background)");
        }
        j.mode = *mode;
    }
    if (auto sb = n.find("stall_budget")) {
        j.stall_budget = read_percent(*sb, "a stall budget");
    }
    if (auto r = n.find("restart_time")) {
        j.restart = r->quantity<Duration>();
    }
    if (auto o = n.find("offsite_every")) {
        j.offsite_every = o->count(1);
    }
    if (auto k = n.find("retain")) {
        j.retain = k->count(1);
    }
    return j;
}

CheckpointSpec read_checkpoint(const Node& n, const Catalog& cat, const Fleet& fleet) {
    n.require_object();
    n.check_fields({"failure_rate", "concurrent", "knee", "jobs"});
    CheckpointSpec c;
    if (auto f = n.find("failure_rate")) {
        if (f->is_number()) {
            const double rate = f->number();
            if (!(rate > 0.0) || rate > 1e6) {
                f->fail("expected failures per 1,000 node-days above 0, such as 6.5, or a "
                        "catalog preset id");
            }
            c.failures_per_1000_node_days = rate;
        } else {
            c.failure_rate = known_id(*f, cat.failure_rates, "failure-rate preset", false);
        }
    }
    if (auto k = n.find("concurrent")) {
        c.concurrent = k->boolean();
    }
    if (auto k = n.find("knee")) {
        c.knee_tolerance = read_percent(*k, "a goodput tolerance");
    }
    const Node jobs = n.at("jobs");
    // Names are checked against every earlier job, and every job is analysed
    // on every design: the cap bounds both (20,000 jobs took a second, a
    // 16 MiB file of them ten minutes; docs/robustness.md).
    constexpr std::size_t kMaxJobs = 100;
    if (jobs.is_array() && jobs.raw().size() > kMaxJobs) {
        jobs.fail("has " + std::to_string(jobs.raw().size()) +
                  " jobs; expected at most 100 (split the scenario into several files)");
    }
    std::int64_t gpus = 0;
    for (const Node& item : jobs.items()) {
        CheckpointJobSpec j = read_checkpoint_job(item, c.jobs.size(), fleet.pod_gpus());
        for (const CheckpointJobSpec& other : c.jobs) {
            if (other.name == j.name) {
                item.at("name").fail("duplicate job name \"" + j.name + "\"");
            }
        }
        gpus += j.gpus > 0 ? j.gpus : fleet.pod_gpus();
        if (c.concurrent && gpus > fleet.pod_gpus()) {
            item.fail("concurrent jobs use " + std::to_string(gpus) +
                      " GPUs, more than the pod's " + std::to_string(fleet.pod_gpus()) +
                      " (a job without \"gpus\" takes the whole pod); give each job its "
                      "\"gpus\", or set \"concurrent\": false if the jobs are alternatives");
        }
        c.jobs.push_back(std::move(j));
    }
    if (c.jobs.empty()) {
        jobs.fail("empty; expected at least one job such as {\"params\": \"1.8T\", "
                  "\"interval\": \"5 min\"}");
    }
    return c;
}

} // namespace

Ratio parse_ratio(std::string_view text, const std::string& where) {
    const std::string shown = "\"" + std::string(text) + "\"";
    const auto colon = text.find(':');
    bool ok = false;
    if (colon == std::string_view::npos) {
        const double v = parse_positive_number(text, ok);
        if (ok) {
            return Ratio{v, std::string(text)};
        }
    } else {
        bool ok_c = false;
        bool ok_d = false;
        const double c = parse_positive_number(text.substr(0, colon), ok_c);
        const double d = parse_positive_number(text.substr(colon + 1), ok_d);
        // "1e300:1e-300" is two fine numbers whose ratio is not (infinite or zero).
        if (ok_c && ok_d && std::isfinite(c / d) && c / d > 0.0) {
            return Ratio{c / d, std::string(text)};
        }
    }
    throw InputError(where, shown +
                                " is not a C:D ratio; expected C-nodes:D-boxes such as \"1:2\" or "
                                "\"2.5:1\", both above zero");
}

Scenario detail::read_scenario(const json& doc, const std::string& origin, const Catalog& catalog,
                               Diagnostics* diag) {
    const Node root = detail::root(doc, origin, diag);
    root.require_object();
    root.check_fields({"schema", "name", "description", "fleet", "performance", "capacity",
                       "constraints", "options", "data_reduction", "checkpoint", "extrapolation",
                       "comparisons"});
    if (auto schema = root.find("schema")) {
        if (schema->text() != "podsizer-scenario/1") {
            schema->fail("unknown schema \"" + schema->text() +
                         "\"; expected \"podsizer-scenario/1\"");
        }
    }
    Scenario s;
    const Node name = root.at("name");
    s.name = name.text();
    if (s.name.find_first_not_of(" \t\r\n") == std::string::npos) {
        // The report's title; an empty one printed a blank first line.
        name.fail("empty; expected the scenario's name, shown as the report title");
    }
    if (auto d = root.find("description")) {
        s.description = d->text();
    }
    if (auto f = root.find("fleet")) {
        s.fleet = read_fleet(*f, catalog);
    }
    if (auto p = root.find("performance")) {
        if (!s.fleet) {
            p->fail("a performance rule needs a \"fleet\" (its GPUs set the requirement)");
        }
        s.performance = read_performance(*p, catalog);
    }
    if (auto c = root.find("capacity")) {
        s.capacity = read_capacity(*c);
        if (s.capacity.usable_per_gpu && !s.fleet) {
            c->fail("\"usable_per_gpu\" needs a \"fleet\"");
        }
    }
    if (auto c = root.find("constraints")) {
        s.constraints = read_constraints(*c, catalog);
    }
    if (auto opts = root.find("options")) {
        // Each option is sized and laid out; the cap bounds a scenario's time
        // and memory (docs/robustness.md). Side-by-side tables hold a handful.
        constexpr std::size_t kMaxOptions = 100;
        if (opts->is_array() && opts->raw().size() > kMaxOptions) {
            opts->fail("has " + std::to_string(opts->raw().size()) +
                       " options; expected at most 100 (split the scenario into several files)");
        }
        for (const Node& o : opts->items()) {
            s.options.push_back(read_option(o, catalog, s.constraints));
        }
    }
    if (auto dr = root.find("data_reduction")) {
        s.data_reduction = dr->number();
        if (!(s.data_reduction >= 1.0) || s.data_reduction > 100.0) {
            dr->fail("expected a data-reduction ratio from 1 (none) to 100");
        }
    }
    if (auto e = root.find("extrapolation")) {
        s.extrapolation = read_extrapolation(*e);
    }
    if (auto c = root.find("comparisons")) {
        s.comparisons = read_comparisons(*c, catalog);
    }
    for (std::size_t i = 0; i < s.options.size(); ++i) {
        if (s.options[i].capacity && s.options[i].capacity->usable_per_gpu && !s.fleet) {
            root.at("options")
                .items()[i]
                .at("capacity")
                .fail("\"usable_per_gpu\" needs a \"fleet\"");
        }
    }
    if (auto c = root.find("checkpoint")) {
        if (!s.fleet) {
            c->fail("checkpoint jobs need a \"fleet\" (its platform gives the GPUs per node "
                    "that fail)");
        }
        s.checkpoint = read_checkpoint(*c, catalog, *s.fleet);
    }
    const bool every_option_has_capacity =
        !s.options.empty() &&
        std::all_of(s.options.begin(), s.options.end(),
                    [](const OptionSpec& o) { return o.capacity.has_value(); });
    if (!s.performance && !s.capacity.usable && !s.capacity.usable_per_gpu && !s.checkpoint &&
        !every_option_has_capacity) {
        root.fail("nothing to size: give a \"fleet\" with a \"performance\" rule or "
                  "\"checkpoint\" jobs, a \"capacity\", or both");
    }
    return s;
}

Scenario parse_scenario(std::string_view text, const std::string& origin, const Catalog& catalog,
                        Diagnostics* diag) {
    return detail::read_scenario(detail::parse_json_text(text, origin), origin, catalog, diag);
}

Scenario load_scenario(const std::string& path, const Catalog& catalog, Diagnostics* diag) {
    return parse_scenario(read_text_file(path), path, catalog, diag);
}

} // namespace podsizer
