#include "podsizer/core/power.hpp"

#include "podsizer/core/counting.hpp"

namespace podsizer {

std::string_view to_string(CoolingClass c) {
    switch (c) {
    case CoolingClass::air:
        return "air";
    case CoolingClass::containment:
        return "containment";
    case CoolingClass::liquid:
        return "liquid";
    }
    return "air";
}

std::string_view cooling_label(CoolingClass c) {
    return c == CoolingClass::containment ? "containment / rear door" : to_string(c);
}

Power max_draw(Power typical, Power max) {
    return max.base() > 0.0 ? max : typical * kAssumedMaxPerTypical;
}

CoolingClass cooling_class(Power p) {
    // The slack keeps a rack summed to 20,000.0000001 W on the air side.
    if (!exceeds(p.base(), kAirCooledMax.base())) {
        return CoolingClass::air;
    }
    if (!exceeds(p.base(), kContainmentMax.base())) {
        return CoolingClass::containment;
    }
    return CoolingClass::liquid;
}

} // namespace podsizer
