// Hostile files and streams around the real binary (second red-team round, defects 1, 2,
// 4, 5, 7, 12, 16 and 17; docs/robustness.md, "Files and streams"): export
// targets that are not regular files, exports over the run's own inputs,
// stdout that cannot be written, inputs without end, interrupted writes.
// Device nodes are made with mknod in a scratch folder, never the real /dev.
#include "cli/run_process.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace fs = std::filesystem;
using test_support::line_count;
using test_support::read_file;

namespace {

const std::string kPod = std::string(PODSIZER_SOURCE_DIR) + "/examples/ncp-pod-41k.json";

/// A fresh, empty scratch folder for one test.
std::string scratch(const std::string& name) {
    const fs::path dir = fs::path(test_support::temp_dir()) / ("io-" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir.string();
}

ProcessResult run_in(const std::string& dir, const std::vector<std::string>& args) {
    return run_process(PODSIZER_BIN, args, dir);
}

std::string file_type(const std::string& path) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) {
        return "missing";
    }
    if (S_ISREG(st.st_mode)) {
        return "regular";
    }
    if (S_ISFIFO(st.st_mode)) {
        return "fifo";
    }
    if (S_ISCHR(st.st_mode)) {
        return "char";
    }
    return S_ISSOCK(st.st_mode) ? "socket" : "other";
}

/// A listening-less Unix socket file at `path`.
void make_socket(const std::string& path) {
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    REQUIRE(fd >= 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    REQUIRE(path.size() < sizeof addr.sun_path);
    path.copy(addr.sun_path, path.size());
    REQUIRE(::bind(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) == 0);
    ::close(fd);
}

std::vector<std::string> temporaries_in(const std::string& dir) {
    std::vector<std::string> found;
    for (const auto& e : fs::directory_iterator(dir)) {
        if (e.path().filename().string().find(".tmp-") != std::string::npos) {
            found.push_back(e.path().filename().string());
        }
    }
    return found;
}

} // namespace

TEST_CASE("an export never replaces a FIFO, a socket or a device node (defect 1)") {
    const std::string dir = scratch("non-regular");
    REQUIRE(::mkfifo((dir + "/myfifo").c_str(), 0666) == 0);
    make_socket(dir + "/mysock");
    // The report's "mynull": a copy of /dev/null's node, made where it harms
    // nothing. Only root may make one; elsewhere the FIFO and socket stand in.
    const bool have_node = ::mknod((dir + "/mynull").c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0;
    struct Row {
        std::string flag, name, kind, type;
    };
    std::vector<Row> rows = {{"--svg", "myfifo", "is a FIFO (named pipe)", "fifo"},
                             {"--xlsx", "myfifo", "is a FIFO (named pipe)", "fifo"},
                             {"--xlsx", "mysock", "is a socket", "socket"}};
    if (have_node) {
        rows.push_back({"--xlsx", "mynull", "is a character device", "char"});
        rows.push_back({"--svg", "mynull", "is a character device", "char"});
    } else {
        WARN("mknod is not permitted here: the device-node rows are skipped");
    }
    for (const Row& row : rows) {
        INFO(row.flag << " " << row.name);
        const ProcessResult r = run_in(dir, {"size", kPod, row.flag, row.name});
        CHECK(r.exit_code == 2);
        CHECK(line_count(r.err) == 1);
        CHECK_THAT(r.err, Catch::StartsWith("podsizer: error: " + row.flag + ": " + row.name +
                                            ": " + row.kind + ", not a regular file"));
        CHECK(file_type(dir + "/" + row.name) == row.type);
    }
    // batch and sweep workbooks are refused before any run.
    const ProcessResult b = run_in(dir, {"batch", kPod, "--xlsx", "myfifo"});
    CHECK(b.exit_code == 2);
    CHECK(b.out.empty());
    CHECK_THAT(b.err, Catch::StartsWith("podsizer: error: --xlsx: myfifo: is a FIFO"));
    const ProcessResult s = run_in(dir, {"sweep", kPod, "--vary", "gpus=576", "--xlsx", "mysock"});
    CHECK(s.exit_code == 2);
    CHECK_THAT(s.err, Catch::StartsWith("podsizer: error: --xlsx: mysock: is a socket"));
    CHECK(temporaries_in(dir).empty());
}

TEST_CASE("an empty export path is an error, not a silent no-op (defect 12)") {
    const std::string dir = scratch("empty-path");
    const std::vector<std::vector<std::string>> cases = {
        {"size", kPod, "--xlsx", ""},
        {"size", kPod, "--svg", ""},
        {"batch", kPod, "--xlsx", ""},
        {"sweep", kPod, "--vary", "gpus=576", "--xlsx", ""}};
    for (const auto& args : cases) {
        INFO(args[0] << " " << args[args.size() - 2]);
        const ProcessResult r = run_in(dir, args);
        CHECK(r.exit_code == 2);
        CHECK(r.out.empty());
        CHECK(line_count(r.err) == 1);
        CHECK_THAT(r.err, Catch::StartsWith("podsizer: error: " + args[args.size() - 2] +
                                            ": expected a file name, got an empty one"));
    }
}

TEST_CASE("an export over the run's own input or another export of it is refused (defect 12)") {
    const std::string dir = scratch("same-file");
    fs::copy_file(kPod, dir + "/input.json");
    const std::string input = read_file(dir + "/input.json");
    struct Row {
        std::vector<std::string> args;
        std::string error;
    };
    const std::vector<Row> rows = {
        {{"size", "input.json", "--xlsx", "input.json"},
         "--xlsx: input.json: is the scenario of this run (input.json)"},
        // Another spelling of the same file is the same file.
        {{"size", "input.json", "--svg", "./sub/../input.json"},
         "--svg: ./sub/../input.json: is the scenario of this run"},
        {{"size", "input.json", "--xlsx", "same.out", "--svg", "same.out"},
         "--svg: same.out: is also the --xlsx file (same.out)"},
        {{"batch", ".", "--xlsx", "input.json"},
         "--xlsx: input.json: is a batch input of this run (./input.json)"},
        {{"sweep", "input.json", "--vary", "gpus=576", "--xlsx", "input.json"},
         "--xlsx: input.json: is the scenario of this run"},
        {{"--catalog", "cat.json", "size", kPod, "--xlsx", "cat.json"},
         "--xlsx: cat.json: is a --catalog file of this run (cat.json)"}};
    fs::create_directories(dir + "/sub");
    std::ofstream(dir + "/cat.json") << R"({"schema": "podsizer-catalog/1"})";
    for (const Row& row : rows) {
        INFO(row.error);
        const ProcessResult r = run_in(dir, row.args);
        CHECK(r.exit_code == 2);
        CHECK(line_count(r.err) == 1);
        CHECK_THAT(r.err, Catch::StartsWith("podsizer: error: " + row.error));
    }
    CHECK(read_file(dir + "/input.json") == input);
    CHECK(read_file(dir + "/cat.json") == R"({"schema": "podsizer-catalog/1"})");
    CHECK_FALSE(fs::exists(dir + "/same.out"));
}

TEST_CASE(
    "a replaced export keeps its permission bits, and a read-only one is refused (defect 16)") {
    const std::string dir = scratch("permissions");
    REQUIRE(
        run_in(dir, {"size", kPod, "--xlsx", "private.xlsx", "--svg", "private.svg"}).exit_code ==
        0);
    fs::permissions(dir + "/private.xlsx", fs::perms::owner_read | fs::perms::owner_write);
    fs::permissions(dir + "/private.svg", fs::perms::owner_read | fs::perms::owner_write);
    REQUIRE(
        run_in(dir, {"size", kPod, "--xlsx", "private.xlsx", "--svg", "private.svg"}).exit_code ==
        0);
    CHECK((fs::status(dir + "/private.xlsx").permissions() & fs::perms::all) ==
          (fs::perms::owner_read | fs::perms::owner_write));
    CHECK((fs::status(dir + "/private.svg").permissions() & fs::perms::all) ==
          (fs::perms::owner_read | fs::perms::owner_write));
    // Root may write any file: the refusal is then checked as "nobody", in a
    // folder anyone may write (mkdtemp's own, outside the 0700 test folder),
    // on root's 0644 file — the report's "a user can replace a root-owned
    // file in a directory they can write".
    RunOptions options;
    options.cwd = dir;
    fs::permissions(dir + "/private.svg", fs::perms::owner_read);
    if (::geteuid() == 0) {
        char tmpl[] = "/tmp/podsizer-ro-XXXXXX";
        REQUIRE(::mkdtemp(tmpl) != nullptr);
        options.cwd = tmpl;
        options.run_as = 65534;
        fs::permissions(options.cwd, fs::perms::all);
        fs::copy_file(dir + "/private.svg", options.cwd + "/private.svg");
        fs::permissions(options.cwd + "/private.svg",
                        fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                            fs::perms::others_read);
    }
    const std::string before = read_file(options.cwd + "/private.svg");
    const ProcessResult r =
        run_process(PODSIZER_BIN, {"size", kPod, "--svg", "private.svg"}, options);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::StartsWith("podsizer: error: --svg: private.svg: is read-only"));
    CHECK(read_file(options.cwd + "/private.svg") == before);
    if (options.cwd != dir) {
        fs::remove_all(options.cwd);
    }
}

TEST_CASE("SIGINT during a workbook write removes the temporary and keeps the old file "
          "(defect 16)") {
    const std::string dir = scratch("sigint");
    REQUIRE(run_in(dir, {"size", kPod, "--xlsx", "big.xlsx"}).exit_code == 0);
    const std::string before = read_file(dir + "/big.xlsx");
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        if (::chdir(dir.c_str()) != 0) {
            _exit(127);
        }
        ::freopen("/dev/null", "w", stdout);
        ::freopen("/dev/null", "w", stderr);
        ::signal(SIGINT, SIG_DFL);
        ::execl(PODSIZER_BIN, PODSIZER_BIN, "sweep", kPod.c_str(), "--vary", "gpus=576..288000+576",
                "--vary", "capacity.usable=10PB..200PB+10PB", "--format", "csv", "--xlsx",
                "big.xlsx", static_cast<char*>(nullptr));
        _exit(127);
    }
    // The temporary exists from the start of the workbook to its rename.
    bool seen = false;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    int status = 0;
    while (!seen && std::chrono::steady_clock::now() < deadline) {
        seen = !temporaries_in(dir).empty();
        if (!seen) {
            if (::waitpid(pid, &status, WNOHANG) == pid) {
                break; // finished before we saw it
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    }
    REQUIRE(seen);
    ::kill(pid, SIGINT);
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGINT);
    CHECK(temporaries_in(dir).empty());
    CHECK(read_file(dir + "/big.xlsx") == before);
}

TEST_CASE("a workbook that cannot be written is one stderr line, the old file kept (defect 17)") {
    // RLIMIT_FSIZE makes every write past 8 KiB fail, as a full disk does
    // (EFBIG instead of ENOSPC; libxlsxwriter prints its own lines for both).
    const std::string dir = scratch("full");
    REQUIRE(run_in(dir, {"size", kPod, "--xlsx", "keep.xlsx"}).exit_code == 0);
    const std::string before = read_file(dir + "/keep.xlsx");
    RunOptions options;
    options.cwd = dir;
    options.file_size_limit = 8192;
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"size", kPod, "--xlsx", "keep.xlsx"},
          std::vector<std::string>{"sweep", kPod, "--vary", "gpus=576,1152", "--xlsx",
                                   "keep.xlsx"}}) {
        INFO(args[0]);
        const ProcessResult r = run_process(PODSIZER_BIN, args, options);
        CHECK(r.exit_code == 2);
        const std::string error_line =
            "podsizer: error: --xlsx: keep.xlsx: cannot write the workbook: Zip generic error "
            "ZIP_ERRNO while creating the xlsx file (File too large)\n";
        if (args[0] == "size") {
            CHECK(r.err == error_line);
        } else {
            CHECK(r.err == error_line + "podsizer: 2 sized, 0 not met, 0 bad\n");
        }
        CHECK(read_file(dir + "/keep.xlsx") == before);
        CHECK(temporaries_in(dir).empty());
    }
}

TEST_CASE("batch and sweep leave an existing workbook alone when no run was sized (defect 7)") {
    const std::string dir = scratch("no-run-sized");
    REQUIRE(run_in(dir, {"size", kPod, "--xlsx", "keep.xlsx"}).exit_code == 0);
    const std::string before = read_file(dir + "/keep.xlsx");
    std::ofstream(dir + "/bad.json") << R"({"name":)";
    const std::vector<std::vector<std::string>> cases = {
        {"batch", "bad.json", "--xlsx", "keep.xlsx"},
        {"sweep", kPod, "--vary", "gpus=4096", "--vary", "fleet.gpus_per_cluster=8192", "--xlsx",
         "keep.xlsx"}};
    for (const auto& args : cases) {
        INFO(args[0]);
        const ProcessResult r = run_in(dir, args);
        CHECK(r.exit_code == 2);
        CHECK_THAT(r.err, Catch::Contains("podsizer: error: --xlsx: keep.xlsx: not written, since "
                                          "no run was sized; the file is left as it was\n"));
        CHECK_THAT(r.err, !Catch::Contains("wrote"));
        CHECK_THAT(r.err, Catch::EndsWith("podsizer: 0 sized, 0 not met, 1 bad\n"));
        CHECK(read_file(dir + "/keep.xlsx") == before);
    }
    // One good run is enough for a workbook.
    const ProcessResult mixed = run_in(dir, {"batch", "bad.json", kPod, "--xlsx", "keep.xlsx"});
    CHECK(mixed.exit_code == 2);
    CHECK_THAT(mixed.err, Catch::Contains("podsizer: wrote keep.xlsx"));
}

TEST_CASE("stdout that cannot be written is one error line and exit 4, never 0 (defect 2)") {
    const std::vector<std::vector<std::string>> commands = {
        {"size", kPod},
        {"size", kPod, "--format", "json"},
        {"catalog", "list"},
        {"checkpoint", "--params", "1.8T", "--gpus", "41472", "--platform", "gb200-nvl72"},
        {"sweep", kPod, "--vary", "gpus=576..57600+576", "--format", "jsonl"},
        {"--help"}};
    for (const auto& args : commands) {
        INFO(args[0] << " " << args.back());
        RunOptions full;
        full.stdout_to = StdoutTo::file;
        full.stdout_file = "/dev/full"; // written to, never replaced
        const ProcessResult r = run_process(PODSIZER_BIN, args, full);
        CHECK(r.exit_code == 4);
        CHECK_THAT(r.err, Catch::EndsWith("podsizer: error: stdout: No space left on device; the "
                                          "report is incomplete\n"));
        RunOptions closed;
        closed.stdout_to = StdoutTo::closed;
        const ProcessResult c = run_process(PODSIZER_BIN, args, closed);
        CHECK(c.exit_code == 4);
        CHECK_THAT(c.err, Catch::EndsWith("podsizer: error: stdout: closed (Bad file descriptor); "
                                          "the report was not written\n"));
    }
}

TEST_CASE("a reader that closes the pipe early is exit 5: the sweep stops at once unless a "
          "workbook is still to be written (defect 2)") {
    const std::string dir = scratch("pipe");
    const std::vector<std::string> sweep = {"sweep",    kPod,
                                            "--vary",   "gpus=576..57600+576",
                                            "--vary",   "capacity.usable=10PB..1000PB+10PB",
                                            "--format", "csv"};
    const std::string broken_pipe =
        "podsizer: error: stdout: the reader closed the pipe (Broken pipe); the report is "
        "incomplete\n";
    for (const bool ignored : {false, true}) {
        INFO("SIGPIPE ignored by the parent: " << ignored);
        RunOptions options;
        options.cwd = dir;
        options.stdout_to = StdoutTo::broken_pipe;
        options.ignore_sigpipe = ignored;
        const auto start = std::chrono::steady_clock::now();
        const ProcessResult r = run_process(PODSIZER_BIN, sweep, options);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        CHECK(r.exit_code == 5);
        CHECK(r.err == broken_pipe); // stopped: no summary of 10,000 runs
        CHECK(seconds < 2.0);        // the 10,000 runs take ~3 s
    }
    // With --xlsx the runs go on: the workbook is written and says so.
    std::vector<std::string> with_xlsx = {"sweep",    kPod,  "--vary", "gpus=576..57600+576",
                                          "--format", "csv", "--xlsx", "runs.xlsx"};
    RunOptions options;
    options.cwd = dir;
    options.stdout_to = StdoutTo::broken_pipe;
    const ProcessResult r = run_process(PODSIZER_BIN, with_xlsx, options);
    CHECK(r.exit_code == 5);
    CHECK(r.err ==
          "podsizer: wrote runs.xlsx\npodsizer: 100 sized, 0 not met, 0 bad\n" + broken_pipe);
    CHECK(fs::file_size(dir + "/runs.xlsx") > 10000);
    // size --xlsx writes its files before the report.
    const ProcessResult s =
        run_process(PODSIZER_BIN, {"size", kPod, "--xlsx", "pod.xlsx"}, options);
    CHECK(s.exit_code == 5);
    CHECK(s.err == "podsizer: wrote pod.xlsx\n" + broken_pipe);
}

TEST_CASE("an endless input ends at once in the too-large error, for every reader (defect 4)") {
    const std::string dir = scratch("endless");
    const std::string too_large =
        ": the file is larger than 16,777,216 bytes; expected a document of at most 16 MiB\n";
    struct Row {
        std::vector<std::string> args;
        std::string file;
    };
    // Reading /dev/zero and /dev/urandom is harmless; nothing is written there.
    const std::vector<Row> rows = {{{"size", "/dev/zero"}, "/dev/zero"},
                                   {{"size", "/dev/urandom"}, "/dev/urandom"},
                                   {{"--catalog", "/dev/zero", "size", kPod}, "/dev/zero"},
                                   {{"catalog", "validate", "/dev/zero"}, "/dev/zero"},
                                   {{"sweep", "/dev/zero", "--vary", "gpus=576"}, "/dev/zero"},
                                   {{"batch", "/dev/zero", kPod}, "/dev/zero"},
                                   {{"size", kPod, "--prices", "/dev/zero"}, "/dev/zero"}};
    for (const Row& row : rows) {
        INFO(row.args[0] << " " << row.args[1]);
        const auto start = std::chrono::steady_clock::now();
        const ProcessResult r = run_in(dir, row.args);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        CHECK(r.exit_code == 2);
        CHECK_THAT(r.err, Catch::StartsWith("podsizer: error: " + row.file + too_large));
        CHECK(seconds < 2.0); // ~0.2 s: 16 MiB + 1 byte read, then refused
    }
}

TEST_CASE("an endless FIFO ends at once in the too-large error (defect 4)") {
    const std::string dir = scratch("fifo-input");
    const std::string fifo = dir + "/f.json";
    REQUIRE(::mkfifo(fifo.c_str(), 0666) == 0);
    // The report's `yes ' ' > f.json &`: a writer that never stops until the
    // reader goes (then SIGPIPE ends it).
    const pid_t writer = ::fork();
    REQUIRE(writer >= 0);
    if (writer == 0) {
        ::signal(SIGPIPE, SIG_DFL);
        const int fd = ::open(fifo.c_str(), O_WRONLY);
        const std::string spaces(65536, ' ');
        while (fd >= 0 && ::write(fd, spaces.data(), spaces.size()) > 0) {
        }
        _exit(0);
    }
    const ProcessResult r = run_in(dir, {"size", fifo});
    ::kill(writer, SIGKILL); // already gone when the reader closed the FIFO
    ::waitpid(writer, nullptr, 0);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::StartsWith("podsizer: error: " + fifo +
                                        ": the file is larger than 16,777,216 bytes"));
}

TEST_CASE("a NUL byte anywhere is malformed JSON with line and column (defect 5)") {
    const std::string dir = scratch("nul");
    const std::string scenario =
        R"({"name": "pod", "fleet": {"platform": "gb200-nvl72", "gpus": 41472}, )"
        R"("performance": {"rule": "ncp-gb200-customer"}, "capacity": {"usable": "215 PB"}})";
    std::ofstream(dir + "/nul.json", std::ios::binary)
        << scenario << std::string(1, '\0') << R"(, "constraints": {"max_racks": 5}})";
    const std::string catalog = R"({"schema": "podsizer-catalog/1"})";
    std::ofstream(dir + "/nulcat.json", std::ios::binary)
        << catalog << std::string(1, '\0') << R"(, "racks": []})";
    std::ofstream(dir + "/ws.json", std::ios::binary) << "{\n " << std::string(1, '\0') << "}";
    const std::string nul_at = ": malformed JSON: a NUL byte; expected JSON text";
    struct Row {
        std::vector<std::string> args;
        std::string where;
    };
    const std::vector<Row> rows = {
        {{"size", "nul.json"}, "nul.json:1:" + std::to_string(scenario.size() + 1)},
        {{"catalog", "validate", "nulcat.json"},
         "nulcat.json:1:" + std::to_string(catalog.size() + 1)},
        {{"--catalog", "nulcat.json", "size", kPod},
         "nulcat.json:1:" + std::to_string(catalog.size() + 1)},
        {{"size", "ws.json"}, "ws.json:2:2"},
        {{"batch", "nul.json"}, "nul.json:1:" + std::to_string(scenario.size() + 1)}};
    for (const Row& row : rows) {
        INFO(row.where);
        const ProcessResult r = run_in(dir, row.args);
        CHECK(r.exit_code == 2);
        CHECK_THAT(r.err, Catch::StartsWith("podsizer: error: " + row.where + nul_at));
    }
}

TEST_CASE("a directory or an empty name as an input says so (minor items m1, m2)") {
    const std::string dir = scratch("input-kinds");
    fs::create_directories(dir + "/adir");
    struct Row {
        std::vector<std::string> args;
        std::string error;
    };
    const std::vector<Row> rows = {
        {{"size", "adir"}, "adir: is a directory; expected a JSON file"},
        {{"--catalog", "adir", "catalog", "list"}, "adir: is a directory; expected a JSON file"},
        {{"size", ""}, "expected a file name, got an empty one"},
        {{"catalog", "validate", ""}, "expected a file name, got an empty one"}};
    for (const Row& row : rows) {
        INFO(row.error);
        const ProcessResult r = run_in(dir, row.args);
        CHECK(r.exit_code == 2);
        CHECK(r.err == "podsizer: error: " + row.error + "\n");
    }
}

TEST_CASE("batch on a folder reports dangling and looping links to .json files (minor item m8)") {
    const std::string dir = scratch("links");
    fs::create_directories(dir + "/in");
    fs::copy_file(kPod, dir + "/in/a.json");
    fs::create_symlink("missing.json", dir + "/in/b.json");
    fs::create_symlink("c.json", dir + "/in/c.json");
    const ProcessResult r = run_in(dir, {"batch", "in", "--format", "csv"});
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("podsizer: error: in/b.json: a symbolic link to nothing "
                                      "readable (dangling or a loop); expected a scenario file\n"));
    CHECK_THAT(r.err, Catch::Contains("podsizer: error: in/c.json: a symbolic link"));
    CHECK_THAT(r.err, Catch::EndsWith("podsizer: 1 sized, 0 not met, 2 bad\n"));
}
