# Every ```c block of README.md becomes a program that is built and run by ctest
# (readme_snippet_1, ...): its #include lines at the top, the rest as the body of main. So a
# snippet that stops compiling, or crashes, fails the test suite. Included from
# tests/CMakeLists.txt; README.md is a configure dependency, so an edit re-extracts them.
#
# The same file, run as a script (cmake -DMOTE_SOURCE_DIR=<root> -P readme_snippets.cmake), is
# the ctest test readme_fences: every ``` (or ~~~) fence line of README.md, docs/*.md and
# engine/kinds/*/README.md must be closed, or the rest of the page renders as code. The files
# are globbed when the test runs, so a new page is checked without a configure.
if(CMAKE_SCRIPT_MODE_FILE)
  if(NOT MOTE_SOURCE_DIR)
    message(FATAL_ERROR "readme_fences: run as cmake -DMOTE_SOURCE_DIR=<root> -P ${CMAKE_SCRIPT_MODE_FILE}")
  endif()
  file(GLOB pages ${MOTE_SOURCE_DIR}/README.md ${MOTE_SOURCE_DIR}/docs/*.md
       ${MOTE_SOURCE_DIR}/engine/kinds/*/README.md)
  list(SORT pages)
  set(failures "")
  set(checked 0)
  foreach(page IN LISTS pages)
    math(EXPR checked "${checked} + 1")
    file(RELATIVE_PATH name ${MOTE_SOURCE_DIR} ${page})
    file(READ ${page} text)
    # one list element per line: carry ';' and brackets through as placeholders
    string(REPLACE ";" "<semicolon>" text "${text}")
    string(REPLACE "[" "<open>" text "${text}")
    string(REPLACE "]" "<close>" text "${text}")
    string(REPLACE "\n" ";" lines "${text}")
    set(line_number 0)
    set(open_line 0)
    set(open_fence "")
    foreach(line IN LISTS lines)
      math(EXPR line_number "${line_number} + 1")
      # a fence: optional indentation (a list item's), then three or more ` or ~
      if(line MATCHES "^[ \t]*(```+|~~~+)")
        string(SUBSTRING "${CMAKE_MATCH_1}" 0 3 fence)
        if(open_line EQUAL 0)
          set(open_line ${line_number})
          set(open_fence "${fence}")
        elseif(fence STREQUAL open_fence)
          set(open_line 0)
        endif()
      endif()
    endforeach()
    if(NOT open_line EQUAL 0)
      string(APPEND failures "  ${name}:${open_line}: this ${open_fence} fence is never closed "
             "(an odd number of fence lines): the rest of the page renders as code\n")
    endif()
  endforeach()
  if(failures)
    message(FATAL_ERROR "readme_fences: unbalanced code fences\n${failures}")
  endif()
  message(STATUS "readme_fences: ${checked} pages, every fence closed")
  return()
endif()

add_test(NAME readme_fences COMMAND ${CMAKE_COMMAND} -DMOTE_SOURCE_DIR=${PROJECT_SOURCE_DIR} -P
         ${CMAKE_CURRENT_LIST_FILE})

set(readme ${PROJECT_SOURCE_DIR}/README.md)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${readme})
file(READ ${readme} text)
# CMake lists split on ';' (but not inside [ ]), which C is full of: carry all three through
# as placeholders.
string(REPLACE ";" "<semicolon>" text "${text}")
string(REPLACE "[" "<open>" text "${text}")
string(REPLACE "]" "<close>" text "${text}")
string(REGEX MATCHALL "```c\n[^`]*```" blocks "${text}")
set(count 0)
foreach(block IN LISTS blocks)
  math(EXPR count "${count} + 1")
  string(REGEX REPLACE "^```c\n" "" body "${block}")
  string(REGEX REPLACE "```$" "" body "${body}")
  string(REGEX MATCHALL "[ ]*#include[^\n]*\n" includes "${body}")
  list(JOIN includes "" includes)
  string(REGEX REPLACE "[ ]*#include[^\n]*\n" "" statements "${body}")
  # a snippet is the body of main: one of its own would be a nested function, which GCC
  # accepts as an extension and clang refuses
  if(statements MATCHES "int main\\(")
    message(FATAL_ERROR "README.md ```c block ${count} defines main: write its statements only")
  endif()
  set(source "/* Extracted from README.md (```c block ${count}) by tests/readme_snippets.cmake. */\n")
  string(APPEND source "${includes}\nint main(void) {\n${statements}    return 0;\n}\n")
  string(REPLACE "<semicolon>" ";" source "${source}")
  string(REPLACE "<open>" "[" source "${source}")
  string(REPLACE "<close>" "]" source "${source}")
  set(file ${CMAKE_CURRENT_BINARY_DIR}/readme/readme_snippet_${count}.c)
  file(CONFIGURE OUTPUT ${file} CONTENT "${source}" @ONLY)
  add_executable(readme_snippet_${count} ${file})
  # the snippets are fragments: names they set and never read are fine there
  target_compile_options(readme_snippet_${count} PRIVATE -Wno-unused-variable
                         -Wno-unused-but-set-variable)
  target_link_libraries(readme_snippet_${count} PRIVATE mote)
  add_test(NAME readme_snippet_${count} COMMAND readme_snippet_${count})
endforeach()
if(count LESS 2)
  message(FATAL_ERROR "README.md has ${count} ```c blocks; the API tour and snapshot snippets "
                      "make 2: was a fence renamed?")
endif()
