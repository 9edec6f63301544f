#include "podsizer/reports/version.hpp"

namespace podsizer {
std::string_view version() {
    return PODSIZER_VERSION;
}
} // namespace podsizer
