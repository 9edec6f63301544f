// Private to podsizer::core: the simulator's random numbers. Written here, not
// taken from <random>, so the streams are the same on every standard library
// (std::exponential_distribution's algorithm is unspecified) and a seed gives
// the same result everywhere.
//
// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
// generators", OOPSLA 2014) spreads a 64-bit seed over xoshiro256**'s state, as
// Blackman and Vigna recommend ("Scrambled linear pseudorandom number
// generators", ACM TOMS 2021, https://prng.di.unimi.it/).
#pragma once

#include <array>
#include <cmath>
#include <cstdint>

namespace podsizer::detail {

/// One step of SplitMix64: advances `state` and returns the mixed output.
inline std::uint64_t splitmix64(std::uint64_t& state) {
    state += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

class Xoshiro256 {
public:
    /// The four state words are four successive SplitMix64 outputs from `seed`
    /// (never all zero: SplitMix64 is a bijection of a counter).
    explicit Xoshiro256(std::uint64_t seed) {
        std::uint64_t sm = seed;
        for (std::uint64_t& w : s_) {
            w = splitmix64(sm);
        }
    }

    /// xoshiro256**: the next 64 random bits.
    std::uint64_t next() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    /// Uniform on [0, 1) with 53 random bits.
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

    /// Exponential with mean 1 by inversion: −ln(U) for U uniform on (0, 1].
    double exponential_by_inversion() { return -std::log(1.0 - uniform()); }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t s_[4];
};

/// Exponential variates with mean 1 by the ziggurat method (Marsaglia and Tsang,
/// "The ziggurat method for generating random variables", J. Stat. Software
/// 5(8), 2000): 256 layers of equal area under e^−x; a draw lands inside its
/// layer's core (one random word, a multiply and a compare) about 99 % of the
/// time, so the simulator rarely pays for a logarithm. The layer index and the
/// position within the layer come from disjoint bits of the word (Doornik 2005
/// showed sharing them skews the output). Exact: what falls outside a core is
/// accepted or rejected against e^−x itself, and the tail beyond r is r plus
/// an exponential (memorylessness).
class ExponentialZiggurat {
public:
    ExponentialZiggurat() {
        // x_0 = V/f(r) is the base layer's width as if its tail were a
        // rectangle; x_1 = r; each next edge leaves area V above the last:
        // x_{i+1} = f⁻¹(f(x_i) + V/x_i). With the paper's r and V the top edge
        // comes out 0 to within 1e-13 of the area.
        x_[0] = kV / std::exp(-kR);
        x_[1] = kR;
        for (std::size_t i = 1; i + 1 < kLayers; ++i) {
            x_[i + 1] = -std::log(std::exp(-x_[i]) + kV / x_[i]);
        }
        x_[kLayers] = 0.0;
        for (std::size_t i = 0; i <= kLayers; ++i) {
            f_[i] = i == 0 ? std::exp(-kR) : std::exp(-x_[i]);
        }
    }

    double operator()(Xoshiro256& rng) const {
        while (true) {
            const std::uint64_t bits = rng.next();
            const std::size_t i = bits & (kLayers - 1);
            const double x = static_cast<double>(bits >> 11) * 0x1.0p-53 * x_[i];
            if (x < x_[i + 1]) {
                return x; // inside the core of layer i
            }
            if (i == 0) {
                return kR + rng.exponential_by_inversion(); // the tail
            }
            // Between the core and the curve: accept under e^−x. Layer i spans
            // heights f(x_i) to f(x_{i+1}).
            const double y = f_[i] + rng.uniform() * (f_[i + 1] - f_[i]);
            if (y < std::exp(-x)) {
                return x;
            }
        }
    }

private:
    static constexpr std::size_t kLayers = 256;
    static constexpr double kR = 7.69711747013104972;  // the base layer's right edge
    static constexpr double kV = 3.949659822581572e-3; // each layer's area
    std::array<double, kLayers + 1> x_{};
    std::array<double, kLayers + 1> f_{};
};

} // namespace podsizer::detail
