// The CLI's exit codes (docs/cli.md, "Exit codes"), in one place: a process's
// exit status is the command line's policy, so no library decides it (the
// batch summary counts runs; batch_exit_code turns the counts into a code).
#pragma once

#include "podsizer/reports/batch_report.hpp"

namespace podsizer::cli {

/// Every design meets every requirement and constraint.
inline constexpr int kExitOk = 0;
/// Sized, but a requirement or constraint is not met.
inline constexpr int kExitNotMet = 1;
/// Bad input: a file, a flag, an export target.
inline constexpr int kExitBadInput = 2;
/// Not the user's fault: a bug, said plainly.
inline constexpr int kExitInternal = 3;
/// The report could not be written to stdout (a full disk, a closed stdout,
/// an I/O error).
inline constexpr int kExitStdoutFailed = 4;
/// stdout is a pipe whose reader closed early (EPIPE). SIGPIPE is ignored so
/// that this is a reported error, not a silent death.
inline constexpr int kExitBrokenPipe = 5;

/// A batch's or sweep's code: bad input if any run's input was bad or the
/// workbook could not be written, else not met if any requirement was not
/// met, else ok.
int batch_exit_code(const BatchSummary& summary);

} // namespace podsizer::cli
