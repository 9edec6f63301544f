// Invariants every fuzz harness checks on what podsizer computed from the
// input it was given. A fuzz input that reaches one of these and breaks it is
// a bug even when nothing crashed: podsizer must never print a silently wrong
// number (issue 7). Failing a check aborts, which libFuzzer reports as a crash
// and the replay program (replay_main.cpp) as a non-zero exit.
#pragma once

#include "podsizer/core/design.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace podsizer::fuzz {

[[noreturn]] inline void broken(const char* what, double value) {
    std::fprintf(stderr, "fuzz invariant broken: %s (value %g)\n", what, value);
    std::abort();
}

/// A figure that ends up in a report: finite and not negative.
inline void check_figure(const char* what, double v) {
    if (!std::isfinite(v) || v < 0.0) {
        broken(what, v);
    }
}

inline void check_design(const Design& d) {
    check_figure("raw capacity", d.raw.base());
    check_figure("usable capacity", d.usable.base());
    check_figure("read", d.read.base());
    check_figure("write", d.write.base());
    check_figure("power", d.power.base());
    check_figure("rack units", d.rack_units().base());
    if (d.cnodes < 0 || d.dboxes < 0 || d.racks < 0 || d.leaf_switches < 0 ||
        d.spine_switches < 0 || d.super_spine_switches < 0) {
        broken("negative device or rack count", static_cast<double>(d.racks));
    }
    // The racks hold every U the devices and switches take.
    if (static_cast<double>(d.racks) * d.rack_usable.base() < d.rack_units().base() * (1 - 1e-9)) {
        broken("racks hold fewer U than the design uses", static_cast<double>(d.racks));
    }
    // Usable is raw times an efficiency below one.
    if (d.usable.base() > d.raw.base() * (1.0 + 1e-12)) {
        broken("usable capacity above raw", d.usable.base());
    }
    // A design reported feasible delivers what was asked (engine slack: 1e-9).
    if (d.feasible()) {
        if (d.read.base() < d.requirements.read.base() * (1.0 - 1e-6)) {
            broken("feasible design short of read", d.read.base());
        }
        if (d.write.base() < d.requirements.write.base() * (1.0 - 1e-6)) {
            broken("feasible design short of write", d.write.base());
        }
        if (d.usable.base() < d.requirements.usable.base() * (1.0 - 1e-6)) {
            broken("feasible design short of capacity", d.usable.base());
        }
    }
    // When laid out, the racks hold every device and no rack is overfull.
    if (!d.layout.empty()) {
        if (static_cast<std::int64_t>(d.layout.size()) != d.racks) {
            broken("layout rack count differs from racks", static_cast<double>(d.layout.size()));
        }
        std::int64_t c = 0;
        std::int64_t b = 0;
        for (const Rack& r : d.layout) {
            c += r.cnodes;
            b += r.dboxes;
            if (r.used.base() > d.rack_usable.base() + 1e-9) {
                broken("rack over its usable height", r.used.base());
            }
        }
        if (c != d.cnodes || b != d.dboxes) {
            broken("layout does not hold every device", static_cast<double>(c + b));
        }
    }
}

inline void check_result(const SizingResult& r) {
    for (const Design& d : r.designs) {
        check_design(d);
    }
}

} // namespace podsizer::fuzz
