// The one translation unit that compiles Catch2's runner.
//
// The tests take the process locale from the environment, as Qt does for the
// GUI, so `LC_ALL=de_DE.UTF-8 ctest` runs the suite the way a German desktop
// runs podsizer (the locale entries in tests/CMakeLists.txt do exactly that).
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <clocale>

int main(int argc, char* argv[]) {
    std::setlocale(LC_ALL, "");
    return Catch::Session().run(argc, argv);
}
