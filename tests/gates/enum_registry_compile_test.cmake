# The enum registries fail to build when a row is incomplete (issue 48 item 4),
# proved as {fmt}'s test/compile-error-test does: a small enum declared the way
# podsizer's are (enum_registry/enum_registry_case.cpp) is compiled with each
# rows file. The complete one must compile (so a failure below is the row's,
# not the set-up's); each faulty one must fail, for its own reason.
# Run by ctest with -DCXX=<compiler> -DSOURCE_DIR=<source tree> -DCASES=<this folder>/enum_registry.
function(compile rows out_result out_text)
  set(words "")
  if(rows MATCHES "words")
    set(words "-DWORDS") # the rows carry a words column (size_for.def's)
  endif()
  execute_process(
    COMMAND "${CXX}" -std=c++20 -fsyntax-only "-I${SOURCE_DIR}/core/include" "-I${CASES}"
            "-DROWS=\"${rows}\"" ${words} "${CASES}/enum_registry_case.cpp"
    RESULT_VARIABLE result OUTPUT_VARIABLE text ERROR_VARIABLE text)
  set(${out_result} "${result}" PARENT_SCOPE)
  set(${out_text} "${text}" PARENT_SCOPE)
endfunction()

foreach(complete IN ITEMS colour_complete.def colour_words_complete.def)
  compile(${complete} result text)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "the complete registry ${complete} does not compile, so the cases "
                        "below prove nothing:\n${text}")
  endif()
endforeach()
# rows file; a word the compiler's message must hold (the reason, not another error)
foreach(case IN ITEMS "colour_missing_spelling.def|ENUM_NAME"
                      "colour_empty_spelling.def|an_enum_value_has_no_spelling_or_shares_one"
                      "colour_repeated_spelling.def|an_enum_value_has_no_spelling_or_shares_one"
                      "colour_missing_words.def|ENUM_NAME")
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 rows)
  list(GET parts 1 reason)
  compile(${rows} result text)
  if(result EQUAL 0)
    message(FATAL_ERROR "${rows} compiled: a registry row without its own spelling must not")
  endif()
  string(FIND "${text}" "${reason}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${rows} failed, but not for its row (no \"${reason}\" in):\n${text}")
  endif()
  message(STATUS "${rows}: refused, as it must be")
endforeach()
