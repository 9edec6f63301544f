// Runs a fuzz harness over saved inputs without libFuzzer, so the regression
// inputs (fuzz/regressions/) and seeds replay in every build — the default
// g++ build and the asan preset included — not only in the clang fuzz build.
//
// Usage: fuzz_replay_NAME PATH... ; a PATH that is a directory replays every
// file in it (sorted by name, so runs are repeatable). Exits 0 when every
// input ran; a crash, sanitizer report or broken invariant ends the process.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

std::vector<std::filesystem::path> inputs_of(const std::filesystem::path& p) {
    std::vector<std::filesystem::path> out;
    if (std::filesystem::is_directory(p)) {
        for (const auto& entry : std::filesystem::directory_iterator(p)) {
            if (entry.is_regular_file()) {
                out.push_back(entry.path());
            }
        }
        std::sort(out.begin(), out.end());
    } else {
        out.push_back(p);
    }
    return out;
}

} // namespace

int main(int argc, char** argv) {
    std::size_t ran = 0;
    for (int i = 1; i < argc; ++i) {
        const std::filesystem::path arg(argv[i]);
        if (!std::filesystem::exists(arg)) {
            std::cerr << "replay: " << arg.string() << ": no such file or directory\n";
            return 2;
        }
        for (const auto& path : inputs_of(arg)) {
            std::ifstream in(path, std::ios::binary);
            const std::string bytes((std::istreambuf_iterator<char>(in)),
                                    std::istreambuf_iterator<char>());
            // Name the input first: if it crashes, the log says which one.
            std::cerr << "replay: " << path.string() << " (" << bytes.size() << " bytes)\n";
            LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()),
                                   bytes.size());
            ++ran;
        }
    }
    std::cout << "replayed " << ran << " inputs without a crash\n";
    return ran > 0 ? 0 : 2;
}
