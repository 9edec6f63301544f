// podsizer durability: the annual probability of data loss and its nines for
// one erasure-coded layout (docs/resilience.md), by the closed form or the
// Monte-Carlo simulator — for checking published examples by hand.
#include "cli_common.hpp"
#include "command_fields.hpp"
#include "podsizer/catalog/safe_text.hpp"
#include "podsizer/core/durability.hpp"
#include "podsizer/core/durability_sim.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/reports/durability_report.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <fmt/format.h>
#include <iostream>
#include <memory>
#include <span>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

namespace podsizer::cli {

namespace {

/// Simulated failures a run may be asked for: ~10^10 events take minutes on
/// one core; beyond, the run would look hung.
constexpr double kMaxExpectedFailures = 1e10;

constexpr double kCountMax = static_cast<double>(kMaxCount);
constexpr Bounds kOpenFraction{0.0, 1.0, true, true};
constexpr std::array<std::string_view, 2> kMethods{"closed", "simulate"};
constexpr std::array<std::string_view, 2> kServices{"fixed", "exponential"};

struct DurabilityArgs {
    std::string stripe;
    std::string drives;
    std::string afr;
    std::string rebuild_time;
    std::string rebuild_bandwidth;
    std::string drive_size;
    std::string fill;
    std::string read_amplification;
    std::string method = "closed";
    std::string years;
    std::string seed;
    std::string threads;
    std::string confidence;
    std::string service;
    std::vector<std::string> groups;
};

/// A whole number 1..limit written as plain digits.
int small_count(std::string_view text, int limit, bool& ok) {
    int v = 0;
    const auto res = std::from_chars(text.data(), text.data() + text.size(), v);
    ok = !text.empty() && res.ec == std::errc() && res.ptr == text.data() + text.size() && v >= 1 &&
         v <= limit;
    return v;
}

/// "146+4": data strips and parity strips, each at least 1; empty otherwise.
std::optional<std::pair<int, int>> stripe_strips(std::string_view text) {
    const auto plus = text.find('+');
    bool data_ok = false;
    bool parity_ok = false;
    if (plus == std::string_view::npos) {
        return std::nullopt;
    }
    const int data = small_count(text.substr(0, plus), 10000, data_ok);
    const int parity = small_count(text.substr(plus + 1), 1000, parity_ok);
    if (!data_ok || !parity_ok) {
        return std::nullopt;
    }
    return std::pair{data, parity};
}

/// The stripe row's grammar, which no field kind has: data+parity strips.
FieldData read_stripe_text(const std::string& text) {
    if (!stripe_strips(text)) {
        throw InputError(fmt::format("\"{}\": expected data+parity strips such as \"146+4\" "
                                     "(data 1 to 10,000, parity 1 to 1,000)",
                                     text));
    }
    return text;
}

/// --read-amplification: the fraction of the stripe's data strips read per
/// rebuilt strip, as a number (0.25) or a percentage (25%), above 0 and at most 1.
FieldData read_fraction_text(const std::string& text) {
    double v = -1.0;
    if (const std::optional<double> plain = parse_decimal(text)) {
        v = *plain;
    } else {
        try {
            v = parse_percent(text);
        } catch (const InputError&) {
            v = -1.0; // neither: the message below says what is expected
        }
    }
    if (!(v > 0.0 && v <= 1.0)) {
        throw InputError(fmt::format("\"{}\": expected the fraction of the stripe's data read to "
                                     "rebuild a strip, above 0 and at most 1: 1 for "
                                     "Reed-Solomon, 0.25 for a locally decodable code",
                                     text));
    }
    return v;
}

/// --seed: any 64-bit seed, beyond a count's range, so kept as its digits.
FieldData read_seed_text(const std::string& text) {
    std::uint64_t seed = 0;
    const auto res = std::from_chars(text.data(), text.data() + text.size(), seed);
    if (res.ec != std::errc() || res.ptr != text.data() + text.size()) {
        throw InputError(fmt::format("\"{}\": expected a whole number from 0 to 2^64 − 1", text));
    }
    return text;
}

constexpr std::string_view kGroupAfrRange =
    "expected failures per unit-year above 0 % and below 100 %, such as 2%";

/// The command's own rows: values of one layout that no scenario holds.
const std::array kOwnRows{
    ScenarioField{.pattern = "stripe", .kind = FieldKind::text, .read_text = read_stripe_text},
    ScenarioField{.pattern = "read_amplification",
                  .kind = FieldKind::number,
                  .read_text = read_fraction_text},
    ScenarioField{.pattern = "seed", .kind = FieldKind::text, .read_text = read_seed_text},
    count_row("drives", 1.0, kCountMax),
    quantity_row("rebuild_time", Dimension::duration),
    quantity_row("rebuild_bandwidth", Dimension::throughput),
    quantity_row("drive_size", Dimension::capacity),
    choice_row("method", kMethods, "\"{}\": expected closed or simulate"),
    ScenarioField{.pattern = "years",
                  .kind = FieldKind::number,
                  .bounds = {1.0, 1e9},
                  .range_text = "expected the years to simulate, 1 to 1e9, such as 100000"},
    count_row("threads", 1.0, 256.0),
    // 50 % to 99.9999 %: at 1e-300 % the interval was "0 to 0" and the nines
    // "at least inf" (docs/robustness.md, third round, defect 8).
    ScenarioField{.pattern = "confidence",
                  .kind = FieldKind::percent,
                  .bounds = {0.5, 0.999999},
                  .range_text = "expected a confidence level from 50 % to 99.9999 %, such as "
                                "\"95%\""},
    choice_row("service", kServices,
               "\"{}\": expected fixed (rebuilds take the rebuild time) or exponential (the "
               "closed form's model)"),
    // --group: a KEY=VALUE list, each value read by its row below (the
    // strips' top is the stripe's width, set when it is known).
    ScenarioField{.pattern = "group", .kind = FieldKind::text},
    ScenarioField{.pattern = "group.name", .kind = FieldKind::text},
    count_row("group.count", 1.0, 1e9),
    ScenarioField{.pattern = "group.afr",
                  .kind = FieldKind::percent,
                  .bounds = kOpenFraction,
                  .range_text = kGroupAfrRange},
    count_row("group.strips", 1.0, 1.0),
    quantity_row("group.rebuild", Dimension::duration),
};

using Flag = CommandFlag<DurabilityArgs>;
using A = DurabilityArgs;

/// Every flag read by a row: the drive's failure rate and fill are a
/// scenario's resilience.afr and resilience.fill (the same quantities
/// `podsizer resilience` takes), the rest the command's own.
/// --stripe, --read-amplification and --seed have grammars of their own,
/// their rows' readers.
const std::array kFlags{
    Flag{"--stripe", &A::stripe, "stripe", "Data+parity strips, e.g. 146+4"},
    Flag{"--drives", &A::drives, "drives", "Drives the stripes are declustered over"},
    Flag{"--afr", &A::afr, "resilience.afr", "Annual failure rate per drive, e.g. 0.5%"},
    Flag{"--rebuild-time", &A::rebuild_time, "rebuild_time", "Time to rebuild one drive, e.g. 1h"},
    Flag{"--rebuild-bandwidth", &A::rebuild_bandwidth, "rebuild_bandwidth",
         "Rebuild bandwidth of the backend instead of --rebuild-time, e.g. 993.6GB/s"},
    Flag{"--drive-size", &A::drive_size, "drive_size", "Drive capacity, e.g. 122.88TB"},
    Flag{"--fill", &A::fill, "resilience.fill", "Share of the drive holding data (default 80%)"},
    Flag{"--read-amplification", &A::read_amplification, "read_amplification",
         "Fraction of the stripe's data read per rebuilt strip: 1 (Reed-Solomon, default), 0.25 "
         "(a locally decodable code)"},
    Flag{"--method", &A::method, "method", "closed (the closed form) or simulate (Monte Carlo)",
         true},
    Flag{"--years", &A::years, "years", "Years to simulate (default 100000)"},
    Flag{"--seed", &A::seed, "seed", "Seed of the simulation (default 1)"},
    Flag{"--threads", &A::threads, "threads", "Threads of the simulation (default: one per core)"},
    Flag{"--confidence", &A::confidence, "confidence", "Confidence of the interval (default 95%)"},
    Flag{"--service", &A::service, "service",
         "Rebuild times in the simulation: fixed (default) or exponential"},
    Flag{"--group", nullptr, "group",
         "Units that fail together in the simulation (repeatable): "
         "name=enclosure,count=207,afr=2%,strips=2,rebuild=44h",
         false, &A::groups},
};

using Reader = FlagReader<DurabilityArgs>;

/// The drive rebuild time: given, or from the backend's rebuild bandwidth.
void read_rebuild(DurabilityQuery& q, const DurabilityArgs& a, const Reader& r) {
    const bool by_time = !a.rebuild_time.empty();
    const bool by_bandwidth = !a.rebuild_bandwidth.empty();
    if (by_time == by_bandwidth) {
        throw InputError("--rebuild-time/--rebuild-bandwidth",
                         by_time ? "give one: the rebuild time follows from the bandwidth"
                                 : "give one: the drive rebuild time (--rebuild-time 1h) or the "
                                   "backend's rebuild bandwidth with --drive-size");
    }
    if (!a.read_amplification.empty()) {
        q.rebuild_read_fraction = r.number("--read-amplification");
    }
    if (by_time) {
        // --read-amplification is accepted (and reported) with a given time,
        // which already includes it; the drive and fill would be ignored.
        for (const char* flag : {"--drive-size", "--fill"}) {
            if (r.given(flag)) {
                throw InputError(flag, "applies to --rebuild-bandwidth; --rebuild-time is the "
                                       "rebuild time itself");
            }
        }
        q.layout.drive_rebuild_s = r.number("--rebuild-time");
        return;
    }
    RebuildBasis b;
    b.bandwidth = r.quantity<Throughput>("--rebuild-bandwidth");
    if (a.drive_size.empty()) {
        throw InputError("--drive-size", "needed with --rebuild-bandwidth: the data a rebuild "
                                         "reads depends on the drive, e.g. 122.88TB");
    }
    b.drive_size = r.quantity<Capacity>("--drive-size");
    b.fill = a.fill.empty() ? 0.8 : r.number("--fill");
    q.layout.drive_rebuild_s = drive_rebuild_time({b.drive_size, b.fill, q.layout.data_strips,
                                                   q.rebuild_read_fraction, b.bandwidth})
                                   .base();
    if (!std::isfinite(q.layout.drive_rebuild_s) || !(q.layout.drive_rebuild_s > 0.0)) {
        throw InputError("--rebuild-bandwidth",
                         fmt::format("\"{}\": gives a rebuild time podsizer cannot use; expected "
                                     "a bandwidth such as \"4.8GB/s\"",
                                     a.rebuild_bandwidth));
    }
    q.rebuild = b;
}

/// The KEY=VALUE items of a --group, each key at most once: a file refuses a
/// duplicate key, so a flag does too (third red-team round, defect 17).
std::vector<std::pair<std::string, std::string>> group_items(const std::string& text,
                                                             const std::string& form) {
    std::vector<std::pair<std::string, std::string>> items;
    for (const std::string& item : split_commas(text)) {
        const std::size_t eq = item.find('=');
        if (eq == std::string::npos) {
            throw InputError("--group",
                             fmt::format("\"{}\": \"{}\" is not KEY=VALUE; {}", text, item, form));
        }
        const std::string key = item.substr(0, eq);
        for (const auto& [seen, value] : items) {
            if (seen == key) {
                throw InputError("--group",
                                 fmt::format("\"{}\": \"{}\" is given twice; expected one "
                                             "value per key",
                                             text, key));
            }
        }
        items.emplace_back(key, item.substr(eq + 1));
    }
    return items;
}

/// The keys of a --group, each read by its row ("group.KEY" of kOwnRows)
/// and refused in its own words ("{}": the stripe's width); name's and
/// rebuild's words are their rows' (a name's rules, a duration's).
struct GroupKey {
    std::string_view key;
    std::string_view expected;
    bool required = true;
};
constexpr std::array kGroupKeys{
    GroupKey{"name", "", false},
    GroupKey{"count", "expected a whole number of units from 1 to 1,000,000,000"},
    GroupKey{"afr", kGroupAfrRange},
    GroupKey{"strips", "expected the strips of every stripe a unit holds, 1 to the stripe's {} "
                       "(data + parity)"},
    GroupKey{"rebuild", ""},
};

/// The value of `key` in the --group `text`, read by the key's row.
FieldData group_value(const std::string& text, const GroupKey& k, const std::string& value,
                      int width) {
    static const Catalog kNoCatalog; // no group row names a catalog id
    ScenarioField row = command_row(fmt::format("group.{}", k.key), kOwnRows);
    if (k.key == "strips") {
        row.bounds.max = width; // a unit holds at most a stripe
    }
    if (k.key == "rebuild") {
        return flag_value(value, "--group rebuild", row, kNoCatalog);
    }
    std::string problem;
    FieldData v;
    try {
        v = parse_field_text(row, value);
        problem = field_problem(row, v, value, kNoCatalog);
    } catch (const InputError& e) {
        problem = e.message();
    }
    if (problem.empty()) {
        return v;
    }
    throw InputError(
        "--group",
        fmt::format("\"{}\": {} \"{}\": {}", text, k.key, value,
                    k.expected.empty() ? problem : fmt::format(fmt::runtime(k.expected), width)));
}

/// One --group: "name=enclosure,count=207,afr=2%,strips=2,rebuild=44h" — units
/// that fail together, each taking `strips` strips of every stripe until its
/// rebuild (docs/resilience.md §4). Every key is required except name; a unit
/// holds at most the stripe's `width` strips.
CorrelatedGroup read_group(const std::string& text, int width) {
    const std::string form = "expected name=NAME,count=N,afr=P%,strips=S,rebuild=T such as "
                             "\"name=enclosure,count=207,afr=2%,strips=2,rebuild=44h\"";
    CorrelatedGroup g;
    std::vector<std::string_view> given;
    for (const auto& [key, value] : group_items(text, form)) {
        const auto* k = std::find_if(kGroupKeys.begin(), kGroupKeys.end(),
                                     [&key = key](const GroupKey& row) { return row.key == key; });
        if (k == kGroupKeys.end()) {
            throw InputError("--group",
                             fmt::format("\"{}\": unknown key \"{}\"; {}", text, key, form));
        }
        const FieldData v = group_value(text, *k, value, width);
        given.push_back(k->key);
        if (k->key == "name") {
            g.name = std::get<std::string>(v);
        } else if (k->key == "count") {
            g.count = std::get<std::int64_t>(v);
        } else if (k->key == "afr") {
            g.rate_per_year = std::get<double>(v);
        } else if (k->key == "strips") {
            g.strips_per_stripe = static_cast<int>(std::get<std::int64_t>(v));
        } else {
            g.rebuild_s = std::get<double>(v);
        }
    }
    for (const GroupKey& k : kGroupKeys) {
        if (k.required && std::find(given.begin(), given.end(), k.key) == given.end()) {
            throw InputError("--group", fmt::format("\"{}\": missing {}; {}", text, k.key, form));
        }
    }
    if (g.name.empty()) {
        g.name = "group";
    }
    return g;
}

/// --method closed: the simulator's flags are refused.
void refuse_simulation_flags(const DurabilityArgs& a, const Reader& r) {
    for (const char* flag : {"--years", "--seed", "--threads", "--confidence", "--service"}) {
        if (r.given(flag)) {
            throw InputError(flag, "applies to --method simulate");
        }
    }
    if (!a.groups.empty()) {
        throw InputError("--group", "applies to --method simulate: the closed form has "
                                    "independent drive failures only");
    }
}

/// The failures (drives and groups) a run is expected to simulate.
double expected_failures(const SimulationInputs& s, const DurabilityQuery& q) {
    double per_year = static_cast<double>(q.layout.drives) * q.layout.afr;
    for (const CorrelatedGroup& g : s.groups) {
        per_year += static_cast<double>(g.count) * g.rate_per_year;
    }
    return per_year * s.years;
}

/// A run longer than a few seconds says so before it starts, with an
/// estimate, and then shows its progress on stderr in tenths: at the cap a
/// run took 110 s with no output (third red-team round, defect 7). The rate
/// was measured: 2.08e8 failures (8+2, 100,000 drives at 99 %, 2,100 years)
/// in 1.84 s on one thread of the 2-core build machine, about 10^8 a second;
/// the red-team run (1.98e10 events in 110 s on 2 loaded cores) was slower.
void announce_long_run(SimulationInputs& s, const DurabilityQuery& q) {
    constexpr double kAnnounceFailures = 2e8; // about 2 s on one thread
    constexpr double kFailuresPerThreadSecond = 1e8;
    const double failures = expected_failures(s, q);
    if (failures < kAnnounceFailures) {
        return;
    }
    const double seconds = failures / (kFailuresPerThreadSecond * s.threads);
    std::cerr << "podsizer: simulating about " << format_number(failures, 0)
              << " failures; roughly " << format_number(std::max(1.0, seconds), 0) << " s on "
              << s.threads << (s.threads == 1 ? " thread" : " threads")
              << " (fewer --years is faster); progress in tenths follows\n";
    s.progress = [tenth = std::int64_t{0}](std::int64_t finished, std::int64_t chunks) mutable {
        const std::int64_t now = finished * 10 / chunks;
        if (now > tenth && now < 10) {
            tenth = now;
            std::cerr << "podsizer: simulated " << now * 10 << " %\n";
        }
    };
}

/// The run must stay within kMaxExpectedFailures simulated failures.
void check_simulated_failures(const SimulationInputs& s, const DurabilityQuery& q,
                              const DurabilityArgs& a) {
    const double failures = expected_failures(s, q);
    if (failures > kMaxExpectedFailures) {
        throw InputError("--years",
                         fmt::format("\"{}\": {} drives (and groups) would fail about {} times; "
                                     "expected at most 10,000,000,000 simulated failures (fewer "
                                     "years)",
                                     a.years.empty() ? "100000" : a.years,
                                     format_number(static_cast<double>(q.layout.drives)),
                                     format_number(failures, 0)));
    }
}

/// --seed, --threads, --confidence and --service.
void read_run_settings(SimulationInputs& s, const DurabilityArgs& a, const Reader& r) {
    if (!a.seed.empty()) {
        const std::string digits = r.word("--seed");
        std::from_chars(digits.data(), digits.data() + digits.size(), s.seed);
    }
    s.threads = a.threads.empty() ? std::max(1U, std::thread::hardware_concurrency())
                                  : static_cast<unsigned>(r.count("--threads"));
    if (!a.confidence.empty()) {
        s.confidence = r.number("--confidence");
    }
    if (!a.service.empty()) {
        s.service = *repair_service_from_string(r.word("--service"));
    }
}

/// The simulator's settings; each applies only to --method simulate.
void read_simulation(DurabilityQuery& q, const DurabilityArgs& a, const Reader& r) {
    if (r.word("--method") == "closed") {
        refuse_simulation_flags(a, r);
        return;
    }
    SimulationInputs s;
    s.layout = q.layout;
    if (!a.years.empty()) {
        s.years = r.number("--years");
    }
    for (const std::string& text : r.items("--group")) {
        s.groups.push_back(read_group(text, q.layout.data_strips + q.layout.parity));
    }
    check_simulated_failures(s, q, a);
    read_run_settings(s, a, r);
    announce_long_run(s, q);
    q.simulation = s;
}

int run_durability(const GlobalOptions& g, const DurabilityArgs& a) {
    const Format format = parse_format(g.format);
    DurabilityQuery q;
    if (a.stripe.empty() || a.drives.empty() || a.afr.empty()) {
        throw InputError(a.stripe.empty()   ? "--stripe"
                         : a.drives.empty() ? "--drives"
                                            : "--afr",
                         "required: durability needs --stripe, --drives and --afr");
    }
    const Catalog no_catalog; // no row of the command names a catalog id
    const Reader r(a, kFlags, kOwnRows, no_catalog);
    std::tie(q.layout.data_strips, q.layout.parity) = *stripe_strips(r.word("--stripe"));
    q.layout.drives = r.count("--drives");
    const std::int64_t width = static_cast<std::int64_t>(q.layout.data_strips) + q.layout.parity;
    if (q.layout.drives < width) {
        throw InputError("--drives",
                         fmt::format("\"{}\": fewer drives than the stripe's {} strips (--stripe "
                                     "{}); expected at least {}",
                                     a.drives, width, a.stripe, width));
    }
    q.layout.afr = r.number("--afr");
    read_rebuild(q, a, r);
    read_simulation(q, a, r);

    DurabilityOutcome o;
    o.closed = durability_closed_form(q.layout);
    if (q.simulation) {
        o.simulated = simulate_durability(*q.simulation);
    }
    std::cout << render_durability(q, o, format);
    return kExitOk;
}

} // namespace

void add_durability_command(CLI::App& app, const GlobalOptions& g, Action& action) {
    const auto [cmd, d] = add_command<DurabilityArgs>(
        app, g, action, "durability",
        "Annual probability of data loss and its nines for an erasure-coded layout",
        run_durability);
    add_command_flags<DurabilityArgs>(*cmd, *d, kFlags, kOwnRows);
}

} // namespace podsizer::cli
