// The CLI end to end: process start to the last byte of the table, as a user
// (or a script) running `podsizer size` sees it. Each iteration spawns the
// release binary built next to this program and reads its whole output.
// Wall-clock time (UseRealTime): the work happens in the child process.
#include <benchmark/benchmark.h>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace {

/// Runs podsizer with `args` from the source directory; returns the bytes it
/// printed on stdout, or -1 when it did not exit with `expected_exit`.
long run_podsizer(const std::vector<std::string>& args, int expected_exit) {
    int out[2];
    if (pipe(out) != 0) {
        return -1;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    posix_spawn_file_actions_addclose(&actions, out[1]);
    std::vector<std::string> words{PODSIZER_BIN};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& w : words) {
        argv.push_back(w.data());
    }
    argv.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, PODSIZER_BIN, &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    long bytes = 0;
    char buf[65536];
    for (ssize_t n; (n = read(out[0], buf, sizeof buf)) > 0;) {
        bytes += n;
    }
    close(out[0]);
    if (spawned != 0) {
        return -1;
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == expected_exit ? bytes : -1;
}

void run(benchmark::State& state, const std::vector<std::string>& args, int expected_exit) {
    // The examples are named relative to the source tree, as in the README.
    if (chdir(PODSIZER_SOURCE_DIR) != 0) {
        state.SkipWithError("cannot enter the source directory");
        return;
    }
    for (auto _ : state) {
        if (run_podsizer(args, expected_exit) <= 0) {
            state.SkipWithError("podsizer failed or printed nothing");
            return;
        }
    }
}

// Process start and exit alone: the floor under every command.
void BM_cli_version(benchmark::State& state) {
    run(state, {"--version"}, 0);
}
BENCHMARK(BM_cli_version)->UseRealTime()->Unit(benchmark::kMillisecond);

// The performance target (docs/performance.md): under 20 ms.
void BM_cli_size_reference_table(benchmark::State& state) {
    run(state, {"size", "examples/ncp-pod-41k.json"}, 0);
}
BENCHMARK(BM_cli_size_reference_table)->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_cli_size_reference_json(benchmark::State& state) {
    run(state, {"size", "examples/ncp-pod-41k.json", "--format", "json"}, 0);
}
BENCHMARK(BM_cli_size_reference_json)->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_cli_size_high_density(benchmark::State& state) {
    run(state, {"size", "examples/high-density-1eb.json"}, 0);
}
BENCHMARK(BM_cli_size_high_density)->UseRealTime()->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
