// Writes the JSON Schemas of scenario and catalog files (schemas/*.json) from
// the tables the readers use, or with --check compares them with the
// committed copies (a ctest step; docs/scenario-format.md, "Editor support").
#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/catalog/json_schema.hpp"

#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

namespace {

std::string read_all(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

} // namespace

int main(int argc, char** argv) {
    const std::string usage = "usage: generate_schemas [--check] DIRECTORY";
    const bool check = argc == 3 && std::string(argv[1]) == "--check";
    if (argc != 2 && !check) {
        std::cerr << usage << "\n";
        return 2;
    }
    const std::string dir = argv[argc - 1];
    const std::pair<std::string, std::string> files[] = {
        {"scenario.schema.json", podsizer::scenario_json_schema(podsizer::default_catalog())},
        {"catalog.schema.json", podsizer::catalog_json_schema()},
        {"price-book.schema.json", podsizer::price_book_json_schema()},
    };
    int status = 0;
    for (const auto& [name, text] : files) {
        const std::string path = dir + "/" + name;
        if (check) {
            if (read_all(path) != text) {
                std::cerr << path << " differs from the field tables; run "
                          << "scripts/generate-schemas.sh and commit the result\n";
                status = 1;
            }
            continue;
        }
        std::ofstream out(path, std::ios::binary);
        out << text;
        if (!out) {
            std::cerr << path << ": cannot write\n";
            status = 1;
        }
    }
    return status;
}
