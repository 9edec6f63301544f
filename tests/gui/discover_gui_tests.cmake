# Run after test_gui is linked (tests/CMakeLists.txt): asks the program for its
# test functions (Qt Test's -functions) and writes one ctest entry per function,
# named by the function's words, plus its re-runs under the comma locales. No
# hand-kept list, so a new test slot cannot be left out (issue 27 item 5).
#
# Inputs: PROGRAM, OUTPUT (the ctest file to write), ENV_DIR (XDG_RUNTIME_DIR),
# LOCALES (;-separated, as |-separated on the command line).
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=${ENV_DIR}
          ${PROGRAM} -functions
  OUTPUT_VARIABLE listing
  RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} -functions failed (${status}): ${listing}")
endif()
string(REPLACE "|" ";" locales "${LOCALES}")
string(REGEX MATCHALL "[A-Za-z0-9_]+\\(\\)" functions "${listing}")
set(content "# Written by discover_gui_tests.cmake from `test_gui -functions`.\n")
set(count 0)
foreach(entry IN LISTS functions)
  string(REPLACE "()" "" function "${entry}")
  # "theKneeChartNames..." reads as "the knee chart names ...".
  string(REGEX REPLACE "([A-Z])" " \\1" sentence "${function}")
  string(TOLOWER "${sentence}" sentence)
  set(env "QT_QPA_PLATFORM=offscreen;XDG_RUNTIME_DIR=${ENV_DIR}")
  string(APPEND content
    "add_test([=[test_gui: ${sentence}]=] [=[${PROGRAM}]=] ${function})\n"
    "set_tests_properties([=[test_gui: ${sentence}]=] PROPERTIES ENVIRONMENT [=[${env}]=] TIMEOUT 120)\n")
  foreach(loc IN LISTS locales)
    set(name "test_gui under LC_ALL=${loc}: ${sentence}")
    string(APPEND content
      "add_test([=[${name}]=] [=[${PROGRAM}]=] ${function})\n"
      "set_tests_properties([=[${name}]=] PROPERTIES ENVIRONMENT [=[LC_ALL=${loc};${env}]=] TIMEOUT 120)\n")
  endforeach()
  math(EXPR count "${count} + 1")
endforeach()
if(count LESS 1)
  message(FATAL_ERROR "${PROGRAM} -functions listed no test function: ${listing}")
endif()
file(WRITE "${OUTPUT}" "${content}")
