# Compile through ccache when it is installed (scripts/install-deps.sh installs
# it) and the user has not chosen a launcher. The cache lives in the user's
# home and survives between runs on one machine, so a CI run after a local
# build recompiles only what changed (docs/architecture.md, "Build and CI time").
#
# The settings make two clones at different paths share the cache:
#  - base_dir: absolute paths under the checkout are hashed relative to the
#    build directory (the test files get their paths from one file for the
#    same reason, tests/support/test_paths.hpp);
#  - hash_dir off: the build directory is not part of the key although -g
#    (the debug and asan presets) writes it into the debug information (gdb
#    then shows the first clone's path, which is harmless for tests).
option(PODSIZER_USE_CCACHE "Compile through ccache when it is installed" ON)
if(PODSIZER_USE_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  find_program(PODSIZER_CCACHE ccache)
  find_program(PODSIZER_ENV env)
  if(PODSIZER_CCACHE AND PODSIZER_ENV)
    set(CMAKE_CXX_COMPILER_LAUNCHER
      "${PODSIZER_ENV}"
      "CCACHE_BASEDIR=${PROJECT_SOURCE_DIR}"
      "CCACHE_NOHASHDIR=1"
      "${PODSIZER_CCACHE}")
    message(STATUS "podsizer: compiling through ${PODSIZER_CCACHE}")
  endif()
endif()
