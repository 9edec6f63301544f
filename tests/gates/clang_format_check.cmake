# Checks that every C++ source is as clang-format (the repo's .clang-format)
# writes it. Run by ctest (tests/CMakeLists.txt) with
#   -DCLANG_FORMAT=<program or NOTFOUND> -DGIT=<program or NOTFOUND>
#   -DSOURCE_DIR=<the source tree> -DEXCLUDE=<folders left out, separated by |; may be empty>
# The files are every tracked *.cpp and *.hpp when the source tree is a git
# checkout, else every *.cpp and *.hpp under it outside build trees and hidden
# folders; less those under an EXCLUDE folder. The scope is derived, so a new
# folder is covered without a list to edit (issue 48: a hand-typed list had
# left render/ out). Fails, saying
# why, when clang-format is missing: a gate that cannot run must not pass.
if(NOT CLANG_FORMAT)
  message(FATAL_ERROR "clang-format not found: install it (scripts/install-deps.sh installs "
                      "the clang-format package) and configure again")
endif()
string(REPLACE "|" ";" excluded "${EXCLUDE}")
set(candidates)
if(GIT AND EXISTS "${SOURCE_DIR}/.git")
  execute_process(COMMAND "${GIT}" -C "${SOURCE_DIR}" ls-files -- "*.cpp" "*.hpp"
                  OUTPUT_VARIABLE tracked RESULT_VARIABLE git_result
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT git_result EQUAL 0)
    message(FATAL_ERROR "git ls-files failed in ${SOURCE_DIR} (${git_result})")
  endif()
  string(REPLACE "\n" ";" candidates "${tracked}")
else()
  file(GLOB_RECURSE found RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/*.cpp" "${SOURCE_DIR}/*.hpp")
  foreach(f IN LISTS found)
    if(NOT f MATCHES "(^|/)(build[^/]*|\\.[^/]*)/")
      list(APPEND candidates "${f}")
    endif()
  endforeach()
endif()
set(files)
foreach(f IN LISTS candidates)
  set(keep TRUE)
  foreach(e IN LISTS excluded)
    if(e AND f MATCHES "^${e}/")
      set(keep FALSE)
    endif()
  endforeach()
  if(keep AND EXISTS "${SOURCE_DIR}/${f}")
    list(APPEND files "${SOURCE_DIR}/${f}")
  endif()
endforeach()
list(LENGTH files count)
if(count EQUAL 0)
  message(FATAL_ERROR "no C++ sources found under ${SOURCE_DIR}")
endif()
execute_process(COMMAND "${CLANG_FORMAT}" --dry-run --Werror ${files}
                WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "clang-format: some of the ${count} sources are not formatted (above); "
                      "run clang-format -i on them")
endif()
message(STATUS "clang-format: the ${count} sources are formatted")
