#include "batch_args.hpp"

#include "command_fields.hpp"
#include "completion_hints.hpp"
#include "exports.hpp"
#include "output_paths.hpp"
#include "podsizer/catalog/safe_text.hpp"
#include "price_args.hpp"

#include <algorithm>
#include <array>
#include <iostream>
#include <thread>

namespace podsizer::cli {

namespace {

/// The batch's own row: worker threads, 1 to 256, as the simulator's --threads.
const std::array kOwnRows{count_row("jobs", 1.0, 256.0)};

using Flag = CommandFlag<BatchArgs>;

/// The flags read by a row; --xlsx (a path), --full and --prices are not values.
const std::array kFlags{
    Flag{"--jobs", &BatchArgs::jobs, "jobs", "Worker threads (default: one per core)", false,
         nullptr, "-j"},
};

} // namespace

void add_batch_flags(CLI::App& cmd, BatchArgs& args) {
    add_command_flags<BatchArgs>(cmd, args, kFlags, kOwnRows);
    add_output_option(cmd, "--xlsx", args.xlsx,
                      "Also write a workbook (.xlsx): Results, a row per run and option, and "
                      "Assumptions");
    cmd.add_flag("--full", args.full,
                 "With --format jsonl: each line carries the whole design (default: the "
                 "headline figures, the verdict and the finding codes)");
    add_prices_flag(cmd, args.prices);
}

BatchOptions batch_options(const GlobalOptions& g, const BatchArgs& args) {
    BatchOptions options;
    options.format = parse_batch_format(g.format);
    const Catalog no_catalog; // no row of the batch names a catalog id
    const FlagReader<BatchArgs> r(args, kFlags, kOwnRows, no_catalog);
    options.jobs = r.given("--jobs") ? static_cast<unsigned>(r.count("--jobs"))
                                     : std::max(1U, std::thread::hardware_concurrency());
    options.xlsx = args.xlsx;
    options.full = args.full;
    options.prices = read_prices_flag(args.prices);
    options.prices_file = args.prices;
    if (args.full && options.format != BatchFormat::jsonl) {
        // A flag that would change nothing is refused, not ignored (REDTEAM-3
        // defect 16's class).
        throw InputError("--full", "only changes --format jsonl, and the format is " + g.format);
    }
    if (!args.xlsx.empty()) {
        options.workbook_date = export_date_from_env();
    }
    return options;
}

void check_batch_xlsx(const BatchArgs& args, const std::vector<RunFile>& inputs) {
    if (!args.xlsx.empty()) {
        check_outputs({{"--xlsx", args.xlsx}}, inputs);
    }
}

int finish_batch(const BatchSummary& summary, const BatchArgs& args) {
    if (!summary.workbook_error.empty()) {
        std::cerr << "podsizer: error: " << printable(summary.workbook_error, kMaxMessageChars)
                  << "\n";
    } else if (!args.xlsx.empty()) {
        std::cerr << "podsizer: wrote " << printable(args.xlsx, kMaxMessageChars) << "\n";
    }
    std::cerr << "podsizer: " << summary.line() << "\n";
    return batch_exit_code(summary);
}

} // namespace podsizer::cli
