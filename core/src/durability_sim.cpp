#include "podsizer/core/durability_sim.hpp"

#include "podsizer/core/errors.hpp"
#include "podsizer/core/number_text.hpp"
#include "rng.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <fmt/format.h>
#include <mutex>
#include <optional>
#include <thread>

namespace podsizer {

namespace {

/// Chunks a run may be cut into: bounds the per-chunk totals kept in memory.
constexpr double kMaxChunks = 1e7;

struct GroupModel {
    double count = 0.0;
    double rate_per_hour = 0.0; ///< of one unit
    int strips = 1;
    double service_h = 0.0;
};

/// The inputs in the units the event loop works in (hours).
struct Model {
    double drives = 0.0;
    int parity = 0;
    double lambda = 0.0;    ///< per drive per hour
    double service_h = 0.0; ///< drive rebuild
    bool exponential = false;
    std::vector<GroupModel> groups;
    double max_rate = 0.0; ///< every drive and unit up: the thinning rate
    detail::ExponentialZiggurat exponential_draw;
};

struct ChunkTotals {
    std::int64_t losses = 0;
    std::int64_t events = 0;
};

/// One queued rebuild: when it ends, the strips it gives back, whose it is.
struct Repair {
    double end = 0.0;
    int strips = 1;
    int group = -1; ///< −1: a drive
};

/// What is down in one chunk, and the FIFO of its queued rebuilds.
struct ChunkState {
    explicit ChunkState(const Model& m)
        : queue(static_cast<std::size_t>(m.parity) + 2), groups_down(m.groups.size(), 0) {}

    // At most K + 1 rebuilds are ever queued: each failure takes at least one
    // strip, and the one that takes the (K+1)-th is a loss, which empties it.
    std::vector<Repair> queue;
    std::size_t head = 0;
    std::size_t size = 0;
    std::vector<int> groups_down;
    int drives_down = 0;
    int strips_down = 0;
    double last_end = 0.0;

    /// The count of units down of the kind `r` rebuilds: drives or its group's.
    int& down_of(const Repair& r) {
        return r.group < 0 ? drives_down : groups_down[static_cast<std::size_t>(r.group)];
    }

    /// Ends the rebuilds done by `t`, giving their strips back; returns how many.
    std::int64_t complete_until(double t) {
        const std::size_t cap = queue.size();
        std::int64_t done = 0;
        while (size > 0 && queue[head].end <= t) {
            const Repair& r = queue[head];
            strips_down -= r.strips;
            --down_of(r);
            if (++head == cap) {
                head = 0;
            }
            --size;
            ++done;
        }
        return done;
    }

    /// Queues the rebuild of `failed`, failed at `t`: it starts when the
    /// previous one ends and takes `service_h`.
    void queue_rebuild(Repair failed, double t, double service_h) {
        const std::size_t cap = queue.size();
        const double start = size > 0 ? std::max(t, last_end) : t;
        failed.end = start + service_h;
        last_end = failed.end;
        const std::size_t tail = head + size;
        queue[tail < cap ? tail : tail - cap] = failed;
        ++size;
        strips_down += failed.strips;
        ++down_of(failed);
    }

    /// Healthy again at `t`, every rebuild dropped.
    void reset(double t) {
        size = 0;
        drives_down = 0;
        strips_down = 0;
        std::fill(groups_down.begin(), groups_down.end(), 0);
        last_end = t;
    }
};

/// A real failure: what failed and its rebuild time before any draw.
struct Failure {
    Repair repair;
    double service_h = 0.0;
};

/// Thinning: which drive or unit a candidate fails, or nullopt when it falls
/// on one already down (nothing happens). With one kind of unit and every
/// drive up, every candidate is a real drive failure and nothing is drawn.
std::optional<Failure> draw_failure(const Model& m, const ChunkState& s, detail::Xoshiro256& rng) {
    Failure f;
    f.service_h = m.service_h;
    if (m.groups.empty() && s.drives_down == 0) {
        return f;
    }
    const double drive_band = m.drives * m.lambda;
    double x = rng.uniform() * m.max_rate;
    if (x < (m.drives - s.drives_down) * m.lambda) {
        return f; // a drive
    }
    if (x < drive_band) {
        return std::nullopt; // a drive that is already down
    }
    x -= drive_band;
    for (std::size_t g = 0; g < m.groups.size(); ++g) {
        const GroupModel& gm = m.groups[g];
        const double band = gm.count * gm.rate_per_hour;
        if (x < band) {
            if (x < (gm.count - s.groups_down[g]) * gm.rate_per_hour) {
                f.repair.group = static_cast<int>(g);
                f.repair.strips = gm.strips;
                f.service_h = gm.service_h;
                return f;
            }
            return std::nullopt;
        }
        x -= band;
    }
    return std::nullopt;
}

/// Simulates `hours` from a healthy start with its own random stream.
///
/// Failures are drawn by thinning (Lewis and Shedler 1979): candidates arrive
/// at the constant rate with everything up; a candidate is a real failure of
/// a drive or unit with probability (up ones × their rate) / that rate, else
/// nothing happens. This is exact for a rate that changes as units fail and
/// come back, and saves redrawing the next failure at every rebuild completion.
/// Rebuilds queue FIFO and are served one at a time (the backend's rebuild
/// bandwidth is shared): each starts when the previous ends.
ChunkTotals simulate_chunk(const Model& m, double hours, std::uint64_t seed) {
    detail::Xoshiro256 rng(seed);
    ChunkTotals out;
    ChunkState s(m);
    double t = 0.0;
    const double mean_gap = 1.0 / m.max_rate;

    while (true) {
        t += m.exponential_draw(rng) * mean_gap;
        out.events += s.complete_until(t);
        if (t >= hours) {
            break;
        }
        std::optional<Failure> failed = draw_failure(m, s, rng);
        if (!failed) {
            continue;
        }
        ++out.events;
        if (m.exponential) {
            failed->service_h *= m.exponential_draw(rng);
        }
        s.queue_rebuild(failed->repair, t, failed->service_h);
        if (s.strips_down > m.parity) {
            // Data loss. Count it and start again healthy: losses are a
            // renewal process, and the rate is losses per simulated time.
            ++out.losses;
            s.reset(t);
        }
    }
    return out;
}

Model model_of(const SimulationInputs& in) {
    Model m;
    m.drives = static_cast<double>(in.layout.drives);
    m.parity = in.layout.parity;
    m.lambda = in.layout.afr / kHoursPerYear;
    m.service_h = in.layout.drive_rebuild_s / 3600.0;
    m.exponential = in.service == RepairService::exponential;
    m.max_rate = m.drives * m.lambda;
    for (const CorrelatedGroup& g : in.groups) {
        GroupModel gm;
        gm.count = static_cast<double>(g.count);
        gm.rate_per_hour = g.rate_per_year / kHoursPerYear;
        gm.strips = g.strips_per_stripe;
        gm.service_h = g.rebuild_s / 3600.0;
        m.max_rate += gm.count * gm.rate_per_hour;
        m.groups.push_back(gm);
    }
    return m;
}

std::int64_t chunk_count(const SimulationInputs& in) {
    // A whole number of chunks when the years are one (within rounding), else
    // one more, shorter chunk.
    const double ratio = in.years / in.chunk_years;
    const double whole = std::round(ratio);
    const double n = std::abs(ratio - whole) <= 1e-9 * ratio ? whole : std::ceil(ratio);
    return std::max<std::int64_t>(1, static_cast<std::int64_t>(n));
}

/// The mean m where `increasing(m)` crosses `target`, by bisection.
template <class F> double solve_increasing(F increasing, double target, double hi) {
    double lo = 0.0;
    while (increasing(hi) < target) {
        lo = hi;
        hi *= 2.0;
    }
    for (int i = 0; i < 200 && hi - lo > 1e-13 * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        (increasing(mid) < target ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

/// Throws InputError naming the field unless the layout is valid
/// (check_durability_inputs) and the run's settings are sane.
void check_simulation_inputs(const SimulationInputs& in) {
    check_durability_inputs(in.layout);
    if (!(in.years > 0.0) || !(in.years <= 1e10)) {
        throw InputError("years", format_shortest(in.years) + ": expected above 0, up to 10^10");
    }
    if (!(in.chunk_years > 0.0) || !std::isfinite(in.chunk_years) ||
        in.years / in.chunk_years > kMaxChunks) {
        throw InputError("chunk_years", format_shortest(in.chunk_years) +
                                            ": expected above 0 and at most 10^7 chunks");
    }
    if (!(in.confidence > 0.0 && in.confidence < 1.0)) {
        throw InputError("confidence",
                         format_shortest(in.confidence) + ": expected above 0 and below 1");
    }
    if (in.layout.parity > 1000) {
        throw InputError("parity", fmt::format("{}: expected at most 1,000", in.layout.parity));
    }
    for (const CorrelatedGroup& g : in.groups) {
        const std::string where = "groups." + (g.name.empty() ? std::string("?") : g.name);
        if (g.count < 1 || g.count > 1'000'000'000) {
            throw InputError(where + ".count", fmt::format("{}: expected 1 to 10^9", g.count));
        }
        if (!(g.rate_per_year >= 0.0) || !std::isfinite(g.rate_per_year)) {
            throw InputError(where + ".rate_per_year",
                             format_shortest(g.rate_per_year) + ": expected 0 or more");
        }
        if (g.strips_per_stripe < 1) {
            throw InputError(where + ".strips_per_stripe",
                             fmt::format("{}: expected at least 1", g.strips_per_stripe));
        }
        if (!(g.rebuild_s > 0.0) || !std::isfinite(g.rebuild_s)) {
            throw InputError(where + ".rebuild_s",
                             format_shortest(g.rebuild_s) + ": expected a time above 0");
        }
    }
}

} // namespace

const char* to_string(RepairService s) {
    return s == RepairService::fixed ? "fixed" : "exponential";
}

std::optional<RepairService> repair_service_from_string(const std::string& s) {
    if (s == "fixed") {
        return RepairService::fixed;
    }
    if (s == "exponential") {
        return RepairService::exponential;
    }
    return std::nullopt;
}

SimulationResult simulate_durability(const SimulationInputs& in) {
    check_simulation_inputs(in);
    const auto started = std::chrono::steady_clock::now();
    const Model model = model_of(in);
    const std::int64_t chunks = chunk_count(in);
    const double last_years = in.years - static_cast<double>(chunks - 1) * in.chunk_years;

    unsigned threads = in.threads;
    if (threads == 0) {
        threads = std::max(1U, std::thread::hardware_concurrency());
    }
    threads = static_cast<unsigned>(std::min<std::int64_t>(threads, chunks));

    // Each chunk's totals land in its own slot and are added in chunk order,
    // so which thread ran which chunk cannot change the result.
    std::vector<ChunkTotals> totals(static_cast<std::size_t>(chunks));
    std::atomic<std::int64_t> next{0};
    std::atomic<std::int64_t> finished{0};
    std::exception_ptr failure;
    std::mutex failure_mutex;
    auto work = [&](bool reports) {
        try {
            for (std::int64_t i = next.fetch_add(1); i < chunks; i = next.fetch_add(1)) {
                const double years = i == chunks - 1 ? last_years : in.chunk_years;
                std::uint64_t mix = in.seed ^ static_cast<std::uint64_t>(i);
                totals[static_cast<std::size_t>(i)] =
                    simulate_chunk(model, years * kHoursPerYear, detail::splitmix64(mix));
                const std::int64_t done = finished.fetch_add(1) + 1;
                if (reports && in.progress) {
                    in.progress(done, chunks);
                }
            }
        } catch (...) {
            const std::lock_guard lock(failure_mutex);
            failure = std::current_exception();
            next.store(chunks);
        }
    };
    {
        std::vector<std::thread> pool;
        for (unsigned i = 1; i < threads; ++i) {
            pool.emplace_back(work, false);
        }
        work(true); // the calling thread is the first worker, and the one that reports
        for (std::thread& th : pool) {
            th.join();
        }
    }
    if (failure) {
        std::rethrow_exception(failure);
    }

    SimulationResult r;
    for (const ChunkTotals& c : totals) {
        r.losses += c.losses;
        r.events += c.events;
    }
    r.chunks = chunks;
    r.simulated_years = in.years;
    r.drive_years = model.drives * in.years;
    r.annual_loss_rate = static_cast<double>(r.losses) / in.years;
    const PoissonInterval ci = garwood_interval(r.losses, in.confidence);
    r.rate_low = ci.mean_low / in.years;
    r.rate_high = ci.mean_high / in.years;
    r.annual_loss_probability = annual_probability_of_rate(r.annual_loss_rate);
    r.probability_low = annual_probability_of_rate(r.rate_low);
    r.probability_high = annual_probability_of_rate(r.rate_high);
    r.nines = nines_of(r.annual_loss_probability);
    if (r.losses > 0) {
        r.mttdl_s = in.years * kSecondsPerYear / static_cast<double>(r.losses);
    }
    r.confidence = in.confidence;
    r.seed = in.seed;
    r.threads = threads;
    r.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return r;
}

double regularized_gamma_p(double a, double x) {
    if (!(x > 0.0)) {
        return 0.0;
    }
    const double log_prefactor = -x + a * std::log(x) - std::lgamma(a);
    if (x < a + 1.0) {
        // γ(a, x) = x^a e^−x Σ_n x^n / (a (a+1) ... (a+n)): every term
        // positive, and they shrink once a + n > x.
        double term = 1.0 / a;
        double sum = term;
        for (int n = 1; n < 1'000'000; ++n) {
            term *= x / (a + n);
            sum += term;
            if (term < sum * 1e-16) {
                break;
            }
        }
        return std::min(1.0, sum * std::exp(log_prefactor));
    }
    // Γ(a, x) by its continued fraction 1/(x+1−a− 1·(1−a)/(x+3−a− 2·(2−a)/(x+5−a− ...))),
    // evaluated with the modified Lentz method; P = 1 − Q.
    constexpr double tiny = 1e-300;
    double b = x + 1.0 - a;
    double c = 1.0 / tiny;
    double d = 1.0 / b;
    double h = d;
    for (int i = 1; i < 1'000'000; ++i) {
        const double an = -i * (i - a);
        b += 2.0;
        d = an * d + b;
        if (std::abs(d) < tiny) {
            d = tiny;
        }
        c = b + an / c;
        if (std::abs(c) < tiny) {
            c = tiny;
        }
        d = 1.0 / d;
        const double step = d * c;
        h *= step;
        if (std::abs(step - 1.0) < 1e-16) {
            break;
        }
    }
    return std::max(0.0, 1.0 - std::exp(log_prefactor) * h);
}

PoissonInterval garwood_interval(std::int64_t count, double confidence) {
    const double alpha = 1.0 - confidence;
    PoissonInterval out;
    if (count <= 0) {
        // Nothing seen: the lower bound is 0 and the whole α goes to the upper
        // side, P(X = 0 | m) = e^−m = α (the "rule of three" at 95 %).
        out.mean_high = -std::log(alpha);
        return out;
    }
    const auto k = static_cast<double>(count);
    // P(X ≥ k | m) = P(k, m) and P(X ≤ k | m) = 1 − P(k + 1, m) (the Poisson
    // tail as an incomplete gamma); both grow with m.
    const double guess = k + 10.0 * std::sqrt(k) + 10.0;
    out.mean_low =
        solve_increasing([k](double m) { return regularized_gamma_p(k, m); }, alpha / 2.0, guess);
    out.mean_high = solve_increasing([k](double m) { return regularized_gamma_p(k + 1.0, m); },
                                     1.0 - alpha / 2.0, guess);
    return out;
}

} // namespace podsizer
