// Power as a data-centre team reads it (docs/model.md §10): the basis a rack
// budget is checked on, the site's PUE, and the cooling class of a rack.
#pragma once

#include "podsizer/core/enum_names.hpp"
#include "podsizer/core/units.hpp"

#include <optional>
#include <string_view>

namespace podsizer {

/// Which draw of each device the rack budget is checked against: its typical
/// draw (what the customer's ~30-rack pod was laid out on) or its maximum.
enum class PowerBasis {
#define ENUM_NAME(value, spelling, ...) value,
#include "podsizer/core/power_basis.def"
};
inline constexpr auto kPowerBasisNames = enum_names<PowerBasis>({
#define ENUM_NAME(value, spelling, ...) {PowerBasis::value, spelling},
#include "podsizer/core/power_basis.def"
});
constexpr std::string_view to_string(PowerBasis b) {
    return kPowerBasisNames.name(b);
}
constexpr std::optional<PowerBasis> power_basis_from_string(std::string_view s) {
    return kPowerBasisNames.parse(s);
}

/// Default power usage effectiveness of the site: 1.58, the industry average
/// of the Uptime Institute Global Data Center Survey 2023 (flat at 1.57-1.58
/// for years; new builds reach 1.3 or less). A scenario input.
inline constexpr double kDefaultPue = 1.58;

/// Maximum over typical draw where a catalog gives no maximum: an ASSUMPTION.
/// No vendor of these devices publishes both figures; 1.3 is the illustrative
/// ratio of the project's power review (docs/model.md §10), not a measurement.
inline constexpr double kAssumedMaxPerTypical = 1.3;

/// A device's maximum draw: `max` when the catalog gives one, else `typical`
/// times kAssumedMaxPerTypical (a model built in code may leave it zero).
Power max_draw(Power typical, Power max);

/// How a rack of a given draw is cooled. Uptime Institute (2023): "most
/// operators do not have any racks beyond 20 kW" (air); 20-40 kW racks need
/// hot/cold-aisle containment or rear-door heat exchangers; above that,
/// direct liquid cooling (a GB300 NVL72 rack draws up to 142 kW and is
/// liquid-cooled: NVIDIA NVL72 AI factory reference architecture).
enum class CoolingClass { air, containment, liquid };
std::string_view to_string(CoolingClass c);
/// For people: "air", "containment / rear door", "liquid".
std::string_view cooling_label(CoolingClass c);

inline constexpr Power kAirCooledMax = Power::from_base(20'000.0);
inline constexpr Power kContainmentMax = Power::from_base(40'000.0);

/// The class of a rack drawing `p` (boundaries belong to the lower class:
/// 20 kW is air, 40 kW containment).
CoolingClass cooling_class(Power p);

} // namespace podsizer
