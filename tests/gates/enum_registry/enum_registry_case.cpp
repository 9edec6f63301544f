// A small enum declared from a `.def` registry the way podsizer's user-typed
// enums are (core/include/podsizer/core/enum_names.hpp, ec_layout.def).
// tests/gates/enum_registry_compile_test.cmake compiles it once per ROWS
// file: the complete registry must build, and a value without a spelling,
// with an empty one or with another value's must not (as {fmt}'s
// test/compile-error-test proves what must not compile). With WORDS defined
// the rows carry a third column, words for people, and a row without them
// must not build either.
#include "podsizer/core/enum_names.hpp"

enum class Colour {
#define ENUM_NAME(value, spelling, ...) value,
#include ROWS
};

inline constexpr auto kColourNames = podsizer::enum_names<Colour>({
#define ENUM_NAME(value, spelling, ...) {Colour::value, spelling},
#include ROWS
});

#ifdef WORDS
// A words column, expanded as size_for_words and outage_words are: a row
// without its words does not build.
constexpr std::string_view colour_words(Colour c) {
    switch (c) {
#define ENUM_NAME(value, spelling, words)                                                          \
    case Colour::value:                                                                            \
        return words;
#include ROWS
    }
    return {};
}
static_assert(colour_words(Colour::red) == "red");
#endif

int main() {
    return kColourNames.parse("red") == Colour::red ? 0 : 1;
}
