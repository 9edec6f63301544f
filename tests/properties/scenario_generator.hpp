// Random but repeatable scenarios for the property tests: a seeded PRNG draws
// fleets, requirements, constraints and options from what the catalog holds,
// as the JSON text a user would write (docs/scenario-format.md).
#pragma once

#include "podsizer/core/catalog.hpp"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

namespace podsizer::testing {

/// std::mt19937_64 is specified exactly by the standard; the distributions are
/// not, so the generator maps its numbers itself and every platform draws the
/// same scenarios for the same seed.
class Rng {
public:
    explicit Rng(std::uint64_t seed) : engine_(seed) {}
    /// A whole number from lo to hi (inclusive).
    std::int64_t between(std::int64_t lo, std::int64_t hi);
    /// A number from lo to hi.
    double real(double lo, double hi);
    bool chance(double p) { return real(0.0, 1.0) < p; }
    template <class T> const T& pick(const std::vector<T>& v) {
        return v[static_cast<std::size_t>(between(0, static_cast<std::int64_t>(v.size()) - 1))];
    }

private:
    std::mt19937_64 engine_;
};

struct GeneratorOptions {
    bool named_hardware = false; ///< every option names its C-node, D-box and drive
    bool fleet = true;           ///< may give a fleet with a performance requirement
    int max_options = 4;
};

/// One scenario document. With `named_hardware`, the size of the pod depends
/// only on the requirement, which the monotonicity properties rely on (an
/// automatic pick may legitimately switch to other hardware as needs grow).
nlohmann::json random_scenario(Rng& rng, const Catalog& catalog, const GeneratorOptions& opt);

/// A capacity as the scenario format writes it, e.g. "215.3 PB".
std::string capacity_text(double bytes);

} // namespace podsizer::testing
