#include "exit_codes.hpp"

namespace podsizer::cli {

int batch_exit_code(const BatchSummary& summary) {
    if (summary.bad > 0 || !summary.workbook_error.empty()) {
        return kExitBadInput;
    }
    return summary.not_met > 0 ? kExitNotMet : kExitOk;
}

} // namespace podsizer::cli
