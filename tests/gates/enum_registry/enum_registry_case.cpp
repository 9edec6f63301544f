// A small enum declared from a `.def` registry the way podsizer's user-typed
// enums are (core/include/podsizer/core/enum_names.hpp, ec_layout.def).
// tests/gates/enum_registry_compile_test.cmake compiles it once per ROWS
// file: the complete registry must build, and a value without a spelling,
// with an empty one or with another value's must not (as {fmt}'s
// test/compile-error-test proves what must not compile).
#include "podsizer/core/enum_names.hpp"

enum class Colour {
#define ENUM_NAME(value, spelling, ...) value,
#include ROWS
};

inline constexpr auto kColourNames = podsizer::enum_names<Colour>({
#define ENUM_NAME(value, spelling, ...) {Colour::value, spelling},
#include ROWS
});

int main() {
    return kColourNames.parse("red") == Colour::red ? 0 : 1;
}
