// Fuzz harness: the quantity, percentage, C:D ratio and checkpoint parsers,
// which read every figure a user types ("5.4 PB", "2.5 Tbps", "5%", "2.5:1",
// "1.8T" parameters, "14" bytes per parameter, "1 EB" targets, "10%" tolerances).
#include "fuzz_checks.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/extrapolation.hpp"
#include "podsizer/core/units.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace podsizer;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    constexpr std::array dims{Dimension::capacity, Dimension::throughput, Dimension::power,
                              Dimension::duration, Dimension::rack_units};
    for (Dimension d : dims) {
        try {
            const double v = parse_quantity_base(text, d);
            fuzz::check_figure("parsed quantity", v);
            // What a report would print for it must not fail either.
            (void)format_auto(v, d, 1);
        } catch (const InputError&) {
            // Rejected with a message: what bad input should get.
        }
    }
    try {
        const double f = parse_percent(text);
        if (!std::isfinite(f)) {
            fuzz::broken("percentage not finite", f);
        }
    } catch (const InputError&) {
    }
    try {
        const double params = parse_param_count(text);
        fuzz::check_figure("parameter count", params);
        (void)format_param_count(params);
        fuzz::check_figure("checkpoint size",
                           checkpoint_size(params, kDefaultBytesPerParam).base());
    } catch (const InputError&) {
    }
    try {
        fuzz::check_figure("bytes per parameter", parse_bytes_per_param(text));
    } catch (const InputError&) {
    }
    try {
        fuzz::check_figure("extrapolation target", parse_target(text, "fuzz").base());
    } catch (const InputError&) {
    }
    try {
        fuzz::check_figure("tolerance", parse_tolerance(text, "fuzz"));
    } catch (const InputError&) {
    }
    try {
        const Ratio r = parse_ratio(text, "fuzz");
        if (!std::isfinite(r.c_per_d) || !(r.c_per_d > 0.0)) {
            fuzz::broken("C:D ratio not finite and positive", r.c_per_d);
        }
        (void)format_cd_ratio(r.c_per_d);
    } catch (const InputError&) {
    }
    return 0;
}
