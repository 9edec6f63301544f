// The batch summary's exit code is the CLI's policy (cli/exit_codes.hpp,
// docs/cli.md "Exit codes"): any bad run or an unwritten workbook is 2, else
// any requirement not met is 1, else 0.
#include "exit_codes.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace podsizer;

TEST_CASE("a batch's exit code: bad input over not met over ok") {
    struct Row {
        std::vector<RunStatus> runs;
        std::string workbook_error;
        int exit_code;
    };
    const Row rows[] = {
        {{}, "", cli::kExitOk},
        {{RunStatus::sized, RunStatus::sized}, "", cli::kExitOk},
        {{RunStatus::sized, RunStatus::not_met}, "", cli::kExitNotMet},
        {{RunStatus::not_met, RunStatus::bad, RunStatus::sized}, "", cli::kExitBadInput},
        {{RunStatus::bad}, "", cli::kExitBadInput},
        {{RunStatus::sized}, "--xlsx: out.xlsx: cannot write", cli::kExitBadInput},
    };
    for (const Row& r : rows) {
        BatchSummary s;
        for (RunStatus st : r.runs) {
            s.add(st);
        }
        s.workbook_error = r.workbook_error;
        INFO(s.line() << " " << r.workbook_error);
        CHECK(cli::batch_exit_code(s) == r.exit_code);
    }
    // docs/cli.md's table: the codes themselves are the contract.
    CHECK(cli::kExitOk == 0);
    CHECK(cli::kExitNotMet == 1);
    CHECK(cli::kExitBadInput == 2);
    CHECK(cli::kExitInternal == 3);
}
