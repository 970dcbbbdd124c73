# Every ```c block of README.md becomes a program that is built and run by ctest
# (readme_snippet_1, ...): its #include lines at the top, the rest as the body of main. So a
# snippet that stops compiling, or crashes, fails the test suite. Included from
# tests/CMakeLists.txt; README.md is a configure dependency, so an edit re-extracts them.
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
  # the mote-trace figure example names the tool's own header
  target_include_directories(readme_snippet_${count} PRIVATE ${PROJECT_SOURCE_DIR}/tools/trace)
  add_test(NAME readme_snippet_${count} COMMAND readme_snippet_${count})
endforeach()
if(count LESS 3)
  message(FATAL_ERROR "README.md has ${count} ```c blocks; the API tour, crowd and debris "
                      "snippets make 3: was a fence renamed?")
endif()
