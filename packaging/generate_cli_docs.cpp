// generate_cli_docs OUTDIR: writes podsizer.1, podsizer.bash and _podsizer
// (zsh) into OUTDIR from the command tree the podsizer binary parses with
// (cli/app.cpp) and the default catalog's ids, so the man page and the
// completions cannot drift from the CLI. Run by the build (packaging/CMakeLists.txt).
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

namespace {

void write(const std::filesystem::path& path, const std::string& text) {
    std::ofstream f(path, std::ios::binary);
    f << text;
    f.close();
    if (!f) {
        throw std::runtime_error("cannot write " + path.string());
    }
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        fmt::print(stderr, "usage: generate_cli_docs OUTDIR\n");
        return 2;
    }
    try {
        using namespace podsizer;
        CLI::App app; // as in cli/main.cpp
        cli::GlobalOptions g;
        cli::Action action;
        cli::build_app(app, g, action);
        const packaging::CommandDoc root = packaging::describe(app);
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
