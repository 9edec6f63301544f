// Ctrl-C (or SIGTERM, SIGHUP) during an export: the CLI removes the export's
// temporary file before it dies of the signal (docs/cli.md, "Exports"). A
// process-wide decision, so the program makes it, not the library that writes
// the file (reports/io: remove_export_temporaries).
#pragma once

namespace podsizer::cli {

/// For SIGINT, SIGTERM and SIGHUP still at their default action (a parent or
/// test runner that set its own, or ignores them, keeps it): a handler that
/// removes the export temporaries, then dies of the same signal (SA_RESETHAND
/// restores the default), so the exit status is the one a shell expects (130
/// for Ctrl-C).
void remove_export_temporaries_on_interrupt();

} // namespace podsizer::cli
