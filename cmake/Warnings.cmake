# Warnings live on an INTERFACE target linked PRIVATE, so they apply to our
# code and not to whoever consumes our headers.
add_library(podsizer_warnings INTERFACE)
target_compile_options(podsizer_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion
  -Wnon-virtual-dtor -Wold-style-cast -Wcast-align -Woverloaded-virtual
  -Wdouble-promotion -Wimplicit-fallthrough)
if(PODSIZER_WERROR)
  target_compile_options(podsizer_warnings INTERFACE -Werror)
endif()
