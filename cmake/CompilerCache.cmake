# Use ccache as the compiler launcher when it is installed and the user has
# not chosen a launcher. scripts/test.sh sets CCACHE_BASEDIR and CCACHE_NOHASHDIR
# so that two clones of the repository at different paths share the cache.
option(PODSIZER_USE_CCACHE "Compile through ccache when it is installed" ON)
if(PODSIZER_USE_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  find_program(PODSIZER_CCACHE ccache)
  if(PODSIZER_CCACHE)
    set(CMAKE_CXX_COMPILER_LAUNCHER "${PODSIZER_CCACHE}")
    message(STATUS "podsizer: compiling through ${PODSIZER_CCACHE}")
  endif()
endif()
