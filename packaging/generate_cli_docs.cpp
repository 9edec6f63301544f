// generate_cli_docs OUTDIR: writes podsizer.1, podsizer.bash and _podsizer
// (zsh) into OUTDIR from the command tree the podsizer binary parses with
// (cli/app.cpp) and the default catalog's ids, so the man page and the
// completions cannot drift from the CLI. Run by the build (packaging/CMakeLists.txt).
// generate_cli_docs --check-choices: fails when a word a completion offers
// for an option is not named in that option's help (a ctest), since the
// words are listed by hand beside the help text.
#include "app.hpp"
#include "cli_tree.hpp"
#include "man_page.hpp"
#include "podsizer/reports/version.hpp"
#include "shell_completion.hpp"

#include <exception>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <string>
#include <vector>

namespace {

void write(const std::filesystem::path& path, const std::string& text) {
    std::ofstream f(path, std::ios::binary);
    f << text;
    f.close();
    if (!f) {
        throw std::runtime_error("cannot write " + path.string());
    }
}

/// The choice words of `c` and its commands missing from their option's help.
void missing_choices(const podsizer::packaging::CommandDoc& c, std::vector<std::string>& out) {
    for (const auto& o : c.options) {
        if (!o.hint || o.hint->kind != podsizer::cli::CompletionHint::Kind::choices) {
            continue;
        }
        for (const std::string& w : o.hint->words) {
            if (o.description.find(w) == std::string::npos) {
                std::string where = "podsizer";
                for (const std::string& p : c.path) {
                    where += " " + p;
                }
                out.push_back(where + " " + o.names.front() + ": \"" + w +
                              "\" is offered but not in the help \"" + o.description + "\"");
            }
        }
    }
    for (const auto& sub : c.commands) {
        missing_choices(sub, out);
    }
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        fmt::print(stderr, "usage: generate_cli_docs OUTDIR | --check-choices\n");
        return 2;
    }
    try {
        using namespace podsizer;
        CLI::App app; // as in cli/main.cpp
        cli::GlobalOptions g;
        cli::Action action;
        cli::build_app(app, g, action);
        const packaging::CommandDoc root = packaging::describe(app);
        if (std::string(argv[1]) == "--check-choices") {
            std::vector<std::string> missing;
            missing_choices(root, missing);
            for (const std::string& m : missing) {
                fmt::print(stderr, "generate_cli_docs: {}\n", m);
            }
            return missing.empty() ? 0 : 1;
        }
        const packaging::CatalogIds ids = packaging::default_catalog_ids();

        const std::filesystem::path dir = argv[1];
        std::filesystem::create_directories(dir);
        write(dir / "podsizer.1", packaging::man_page(root, ids, std::string(version())));
        write(dir / "podsizer.bash", packaging::bash_completion(root, ids));
        write(dir / "_podsizer", packaging::zsh_completion(root, ids));
    } catch (const std::exception& e) {
        fmt::print(stderr, "generate_cli_docs: error: {}\n", e.what());
        return 1;
    }
    return 0;
}
