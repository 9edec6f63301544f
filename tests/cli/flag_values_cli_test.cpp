// Rules that hold for every value flag of every command, checked by walking
// the command tree the binary parses with (cli/app.hpp) and running the real
// binary once per flag: a flag added later is covered without touching this
// file (third red-team round, defect 5).
#define RUN_PROCESS_WITHOUT_PODSIZER
#include "app.hpp"
#include "run_process.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

namespace {

struct ValueFlag {
    std::vector<std::string> command; ///< {"catalog", "show"}; empty for a global option
    std::string flag;                 ///< "--usable"
};

void collect(CLI::App& app, const std::vector<std::string>& path, std::vector<ValueFlag>& out) {
    for (CLI::Option* o : app.get_options()) {
        if (o->get_expected_max() == 0 || o->get_positional() || o->get_lnames().empty()) {
            continue; // a switch, or SCENARIO and other positionals
        }
        out.push_back({path, "--" + o->get_lnames().front()});
    }
    for (CLI::App* sub : app.get_subcommands({})) {
        std::vector<std::string> sub_path = path;
        sub_path.push_back(sub->get_name());
        collect(*sub, sub_path, out);
    }
}

std::vector<ValueFlag> every_value_flag() {
    CLI::App app;
    podsizer::cli::GlobalOptions g;
    podsizer::cli::Action action;
    podsizer::cli::build_app(app, g, action);
    std::vector<ValueFlag> flags;
    collect(app, {}, flags);
    return flags;
}

std::string joined(const std::vector<std::string>& words) {
    std::string s;
    for (const std::string& w : words) {
        s += (s.empty() ? "" : " ") + w;
    }
    return s;
}

} // namespace

TEST_CASE("every value flag of every command refuses an empty value with one line naming it") {
    const std::vector<ValueFlag> flags = every_value_flag();
    // The walk found the flags the red-team report named, so it walks the
    // real tree (and not, say, only the global options).
    auto has = [&](const std::string& command, const std::string& flag) {
        for (const ValueFlag& f : flags) {
            if (joined(f.command) == command && f.flag == flag) {
                return true;
            }
        }
        return false;
    };
    CHECK(has("size", "--usable"));
    CHECK(has("resilience", "--fill"));
    CHECK(has("durability", "--seed"));
    CHECK(has("batch", "--jobs"));
    CHECK(has("", "--catalog"));
    for (const ValueFlag& f : flags) {
        std::vector<std::string> args = f.command;
        args.push_back(f.flag);
        args.push_back(""); // an unset shell variable: `--usable "$CAP"`
        const ProcessResult r = run_process(PODSIZER_BIN, args, PODSIZER_SOURCE_DIR);
        INFO("podsizer " << joined(args) << "\"\"\n" << r.err);
        CHECK(r.exit_code == 2);
        CHECK(r.out.empty());
        // One line, naming the flag, saying what was wrong.
        CHECK(r.err.rfind("podsizer: error: " + f.flag + ": expected a ", 0) == 0);
        CHECK(r.err.find("got an empty one") != std::string::npos);
        CHECK(r.err.find('\n') == r.err.size() - 1);
    }
}
