# Checks that every C++ source is as clang-format (the repo's .clang-format)
# writes it. Run by ctest (tests/CMakeLists.txt) with
#   -DCLANG_FORMAT=<program or NOTFOUND> -DGIT=<program or NOTFOUND>
#   -DSOURCE_DIR=<the source tree> -DDIRS=<folders, separated by |>
# The files are the tracked *.cpp and *.hpp of those folders when the source
# tree is a git checkout, else every *.cpp and *.hpp under them. Fails, saying
# why, when clang-format is missing: a gate that cannot run must not pass.
if(NOT CLANG_FORMAT)
  message(FATAL_ERROR "clang-format not found: install it (scripts/install-deps.sh installs "
                      "the clang-format package) and configure again")
endif()
string(REPLACE "|" ";" dirs "${DIRS}")
set(files)
if(GIT AND EXISTS "${SOURCE_DIR}/.git")
  execute_process(COMMAND "${GIT}" -C "${SOURCE_DIR}" ls-files -- ${dirs}
                  OUTPUT_VARIABLE tracked RESULT_VARIABLE git_result
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT git_result EQUAL 0)
    message(FATAL_ERROR "git ls-files failed in ${SOURCE_DIR} (${git_result})")
  endif()
  string(REPLACE "\n" ";" tracked "${tracked}")
  foreach(f IN LISTS tracked)
    if(f MATCHES "\\.(cpp|hpp)$" AND EXISTS "${SOURCE_DIR}/${f}")
      list(APPEND files "${SOURCE_DIR}/${f}")
    endif()
  endforeach()
else()
  foreach(d IN LISTS dirs)
    file(GLOB_RECURSE found "${SOURCE_DIR}/${d}/*.cpp" "${SOURCE_DIR}/${d}/*.hpp")
    list(APPEND files ${found})
  endforeach()
endif()
list(LENGTH files count)
if(count EQUAL 0)
  message(FATAL_ERROR "no C++ sources found under ${SOURCE_DIR} (${DIRS})")
endif()
execute_process(COMMAND "${CLANG_FORMAT}" --dry-run --Werror ${files}
                WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "clang-format: some of the ${count} sources are not formatted (above); "
                      "run clang-format -i on them")
endif()
message(STATUS "clang-format: the ${count} sources are formatted")
