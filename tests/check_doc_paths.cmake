# The ctest test doc_paths: every repository path the documentation names must exist.
#   cmake -DROOT=<source dir> -P tests/check_doc_paths.cmake
#
# Pages: README.md, docs/*.md, bench/README.md, tests/pools/README.md and
# engine/kinds/*/README.md (globbed when the test runs, so a new page is checked without a
# configure). Outside fenced code blocks, a page names a path
#   - in backticks, when the span is one path under a top-level folder of the repository
#     (`engine/core/pool.c`, `tools/trace/`, an optional `:line` after it) or an installed
#     header (`mote/pool.h`, which is engine/include/mote/pool.h);
#   - in a link, [text](target), read from the page's own folder (an #anchor is dropped;
#     http(s): and mailto: links and bare #anchors are not paths).
# A path with a placeholder (<kind>, *, ...) names a pattern, not a file, and is skipped, as is
# anything that is not a path (commands, build outputs under build/, adapter names).
# The worked example of docs/adding-a-pool-kind.md is a made-up kind, "drift": its paths are
# checked as those of a kind that has a file of every role, debris (so
# `engine/kinds/drift/drift_kind.c` passes where `engine/kinds/debris/debris_kind.c` exists).
if(NOT ROOT)
  message(FATAL_ERROR "doc_paths: run as cmake -DROOT=<source dir> -P ${CMAKE_SCRIPT_MODE_FILE}")
endif()

set(example_kind "drift")
set(stand_in_kind "debris")
# the top-level folders a path in backticks starts with (not build/: its files are outputs)
set(top "(bench|cmake|docs|engine|simd|tests|tools)")
# a path's characters; a span with any other character is not one path
set(path_chars "[A-Za-z0-9_.+-]")

file(GLOB pages ${ROOT}/README.md ${ROOT}/docs/*.md ${ROOT}/bench/README.md
     ${ROOT}/tests/pools/README.md ${ROOT}/engine/kinds/*/README.md)
list(SORT pages)
set(failures "")
set(checked 0)
foreach(page IN LISTS pages)
  file(RELATIVE_PATH name ${ROOT} ${page})
  get_filename_component(folder ${page} DIRECTORY)
  file(READ ${page} text)
  # one list element per line: keep ';' and brackets out of CMake's list syntax
  string(REPLACE ";" "<semicolon>" text "${text}")
  string(REPLACE "[" "<open>" text "${text}")
  string(REPLACE "]" "<close>" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(in_fence FALSE)
  set(line_number 0)
  foreach(line IN LISTS lines)
    math(EXPR line_number "${line_number} + 1")
    if(line MATCHES "^[ \t]*(```|~~~)")
      if(in_fence)
        set(in_fence FALSE)
      else()
        set(in_fence TRUE)
      endif()
      continue()
    endif()
    if(in_fence)
      continue()
    endif()

    # (path, the file it must be) pairs found on this line
    set(found "")
    string(REGEX MATCHALL "`[^`]+`" spans "${line}")
    foreach(span IN LISTS spans)
      string(REGEX REPLACE "^`(.*)`$" "\\1" span "${span}")
      string(REGEX REPLACE ":[0-9]+$" "" span "${span}")
      if(span MATCHES "^mote/${path_chars}+\\.h$")
        list(APPEND found "${span}|${ROOT}/engine/include/${span}")
      elseif(span MATCHES "^${top}/(${path_chars}+/)*(${path_chars}+)?$")
        list(APPEND found "${span}|${ROOT}/${span}")
      endif()
    endforeach()
    string(REGEX MATCHALL "<close>\\([^)]+\\)" links "${line}")
    foreach(link IN LISTS links)
      string(REGEX REPLACE "^<close>\\(([^)]*)\\)$" "\\1" target "${link}")
      string(REGEX REPLACE " +\"[^\"]*\"$" "" target "${target}") # a link's "title"
      string(REGEX REPLACE "#.*$" "" target "${target}")
      if(target STREQUAL "" OR target MATCHES "^[a-z]+:" OR target MATCHES "<|>|\\*|<open>")
        continue()
      endif()
      list(APPEND found "${target}|${folder}/${target}")
    endforeach()

    foreach(pair IN LISTS found)
      string(REGEX MATCH "^[^|]*" path "${pair}")
      string(REGEX REPLACE "^[^|]*\\|" "" file "${pair}")
      string(REPLACE "${example_kind}" "${stand_in_kind}" file "${file}")
      math(EXPR checked "${checked} + 1")
      if(NOT EXISTS "${file}")
        string(APPEND failures "  ${name}:${line_number}: ${path}\n")
      endif()
    endforeach()
  endforeach()
endforeach()

list(LENGTH pages page_count)
if(failures)
  message(FATAL_ERROR "doc_paths: these paths do not exist (page:line: path)\n${failures}")
endif()
message(STATUS "doc_paths: ${page_count} pages, ${checked} paths, every one exists")
