#include "podsizer/core/checkpoint.hpp"

#include "podsizer/core/errors.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/core/text.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace podsizer {

namespace {

// Mixed-precision Adam keeps bf16 weights (2 B) and gradients (2 B) plus fp32
// master weights, momentum and variance (3 × 4 B) per parameter: 16 B of
// training state (ZeRO, Rajbhandari et al. 2020, §3.1). A checkpoint does not
// need the gradients: 14 B. Serving or fine-tuning from weights alone: 2 B.
constexpr std::array kPresets{
    BytesPerParamPreset{"full-state", "full training state (weights, gradients, optimizer)", 16.0,
                        "paper", "ZeRO, Rajbhandari et al., SC 2020, section 3.1",
                        "mixed-precision Adam: 2 B bf16 weights + 2 B gradients + 12 B fp32 "
                        "master weights, momentum and variance"},
    BytesPerParamPreset{"checkpoint", "checkpoint (weights and optimizer, no gradients)", 14.0,
                        "derived", "ZeRO, Rajbhandari et al., SC 2020, section 3.1",
                        "the 16 B training state less the 2 B of gradients, which a "
                        "checkpoint does not need; the customer discussion uses 14 B"},
    BytesPerParamPreset{"weights", "weights only (bf16)", 2.0, "derived",
                        "bf16 is 2 bytes per value", "inference or fine-tuning snapshots"},
};

/// The suffixes of a parameter count, either case; "70bn": the press's billion.
constexpr std::pair<std::string_view, double> kCountSuffixes[] = {
    {"K", 1e3}, {"k", 1e3}, {"M", 1e6},  {"m", 1e6},  {"B", 1e9},  {"b", 1e9},
    {"G", 1e9}, {"g", 1e9}, {"T", 1e12}, {"t", 1e12}, {"bn", 1e9}, {"Bn", 1e9}};

// The leading unsigned number of `s` (number_text.hpp); `used` is how many
// characters it took. A number too large or too small for a double is none.
bool leading_number(std::string_view s, double& value, std::size_t& used) {
    const std::optional<ScannedNumber> n = scan_number(s, false);
    if (!n || n->out_of_range) {
        return false;
    }
    value = n->value;
    used = n->used;
    return true;
}

} // namespace

std::string_view checkpoint_pattern(CheckpointMode m) {
    return m == CheckpointMode::sync ? "write-to-pod" : "stage-locally-then-drain";
}

std::string_view to_string(CheckpointMode m) {
    return kCheckpointModeNames.name(m);
}

std::optional<CheckpointMode> checkpoint_mode_from_string(std::string_view s) {
    return kCheckpointModeNames.parse(s);
}

std::span<const BytesPerParamPreset> bytes_per_param_presets() {
    return kPresets;
}

const BytesPerParamPreset* find_bytes_per_param_preset(std::string_view id) {
    for (const BytesPerParamPreset& p : kPresets) {
        if (p.id == id) {
            return &p;
        }
    }
    return nullptr;
}

double parse_param_count(std::string_view text) {
    const std::string_view s = trim(text);
    const std::string expected = "expected a parameter count such as \"1.8T\", \"70B\" or \"405B\"";
    double value = 0.0;
    std::size_t used = 0;
    if (s.empty() || s.front() == '-' || !leading_number(s, value, used)) {
        if (!s.empty() && s.front() == '-') {
            throw InputError(quoted(text) + ": must be greater than zero; " + expected);
        }
        throw InputError(quoted(text) + ": not a number; " + expected);
    }
    const std::string_view rest = trim(s.substr(used));
    double scale = 1.0;
    const auto* suffix = std::find_if(std::begin(kCountSuffixes), std::end(kCountSuffixes),
                                      [&](const auto& x) { return x.first == rest; });
    if (suffix != std::end(kCountSuffixes)) {
        scale = suffix->second;
    } else if (rest.size() == 1) {
        throw InputError(quoted(text) + ": unknown suffix " + quoted(rest) +
                         "; use K, M, B (or G) or T; " + expected);
    } else if (!rest.empty()) {
        // "25 TB" or "1.8 Tb" is a size, not a count: say where sizes go.
        const bool looks_like_size = rest.find_first_of("Bb") != std::string_view::npos &&
                                     rest.size() <= 4 && rest.find('/') == std::string_view::npos;
        throw InputError(quoted(text) + ": " +
                         (looks_like_size ? std::string("looks like a size, not a parameter "
                                                        "count (give a checkpoint size instead); ")
                                          : "unknown suffix " + quoted(rest) + "; ") +
                         expected);
    }
    const double params = value * scale;
    if (!std::isfinite(params) || !(params > 0.0)) {
        throw InputError(quoted(text) + ": must be greater than zero; " + expected);
    }
    if (params > 1e16) {
        throw InputError(quoted(text) + ": more than 10^16 parameters is out of range; " +
                         expected);
    }
    return params;
}

double parse_bytes_per_param(std::string_view text) {
    const std::string_view s = trim(text);
    if (const BytesPerParamPreset* p = find_bytes_per_param_preset(s)) {
        return p->bytes;
    }
    std::string presets;
    for (const BytesPerParamPreset& p : kPresets) {
        presets += (presets.empty() ? "" : ", ") + std::string(p.id) + " (" +
                   format_number(p.bytes, 0) + ")";
    }
    const std::string expected =
        "expected bytes per parameter such as \"14\" or a preset: " + presets;
    double value = 0.0;
    std::size_t used = 0;
    if (s.empty() || !leading_number(s, value, used)) {
        throw InputError(quoted(text) + ": " +
                         (!s.empty() && s.front() == '-' ? "must be greater than zero; "
                                                         : "not a number or preset; ") +
                         expected);
    }
    const std::string_view rest = trim(s.substr(used));
    if (!rest.empty() && rest != "B") {
        throw InputError(quoted(text) + ": " +
                         (rest == "b" ? std::string("b is a bit; bytes per parameter are in B; ")
                                      : "unknown unit " + quoted(rest) + "; ") +
                         expected);
    }
    if (!(value > 0.0) || value > 1024.0) {
        throw InputError(quoted(text) + ": expected above 0 and at most 1,024; " + expected);
    }
    return value;
}

std::string format_param_count(double params) {
    struct Step {
        double scale;
        const char* suffix;
    };
    constexpr std::array<Step, 4> steps{{{1e12, "T"}, {1e9, "B"}, {1e6, "M"}, {1e3, "K"}}};
    for (const Step& st : steps) {
        if (params >= st.scale) {
            std::string s = format_number(params / st.scale, 2);
            // "1.80" reads as more precise than the input; trim trailing zeros.
            if (s.find('.') != std::string::npos) {
                while (s.back() == '0') {
                    s.pop_back();
                }
                if (s.back() == '.') {
                    s.pop_back();
                }
            }
            return s + st.suffix;
        }
    }
    return format_number(params, 0);
}

std::string format_interval(Duration d) {
    // Sub-second writes (fast storage, small models) keep two significant digits.
    const double v = d.base();
    if (v > 0.0 && v < 0.01) {
        return format_number(v * 1000.0, v < 0.001 ? 2 : 1) + " ms";
    }
    if (v > 0.0 && v < 10.0) {
        return format_number(v, v < 1.0 ? 2 : 1) + " s";
    }
    std::string s = format(d, 1);
    const auto point = s.find(".0 ");
    if (point != std::string::npos) {
        s.erase(point, 2);
    }
    return s;
}

Capacity checkpoint_size(double params, double bytes_per_param) {
    return Capacity::from_base(params * bytes_per_param);
}

Duration write_time(Capacity size, Throughput bandwidth) {
    return size / bandwidth;
}

double write_budget(CheckpointMode mode, double stall_budget) {
    return mode == CheckpointMode::sync ? stall_budget : 1.0;
}

Throughput required_write(Capacity size, Duration interval, CheckpointMode mode,
                          double stall_budget, Duration overhead) {
    // docs/checkpoints.md §3: the write must fit in its share of the interval;
    // a sync stall also holds the fixed overhead (§7).
    if (mode == CheckpointMode::async) {
        return size / interval;
    }
    const Duration room = interval * stall_budget - overhead;
    if (!(room.base() > 0.0)) {
        return Throughput::from_base(std::numeric_limits<double>::infinity());
    }
    return size / room;
}

Duration shortest_interval(Capacity size, Throughput bandwidth, CheckpointMode mode,
                           double stall_budget, Duration overhead) {
    if (mode == CheckpointMode::async) {
        return write_time(size, bandwidth);
    }
    return (write_time(size, bandwidth) + overhead) / stall_budget;
}

Throughput combined_write(std::span<const Throughput> jobs, bool concurrent) {
    Throughput total;
    for (Throughput w : jobs) {
        total = concurrent ? total + w : std::max(total, w);
    }
    return total;
}

Throughput offsite_bandwidth(Capacity size, Duration interval, std::int64_t every) {
    if (every <= 0) {
        return Throughput{};
    }
    return size / (interval * static_cast<double>(every));
}

Capacity retained_capacity(Capacity size, std::int64_t retain) {
    return size * static_cast<double>(std::max<std::int64_t>(retain, 0));
}

Capacity peak_retained_capacity(Capacity size, std::int64_t retain) {
    return size * static_cast<double>(std::max<std::int64_t>(retain, 0) + 1);
}

} // namespace podsizer
