# ctest helper: the springs figure (DIR/springs.plot, written by mote-trace) with one curve
# naming a column springs.csv lacks must make plot_trace.gp stop with a message naming it,
# drawing nothing. cmake -DDIR=... -P check_trace_bad_column.cmake
find_program(GNUPLOT gnuplot REQUIRED)
file(READ ${DIR}/springs.plot plot)
string(REPLACE "p1_c1_y = 'x'" "p1_c1_y = 'norm(x,speed)'" bad "${plot}")
string(REPLACE "svg = 'springs.svg'" "svg = 'bad-column.svg'" bad "${bad}")
string(REPLACE "png = 'springs.png'" "png = 'bad-column.png'" bad "${bad}")
if(bad STREQUAL plot)
  message(FATAL_ERROR "springs.plot has no line p1_c1_y = 'x' to break")
endif()
file(REMOVE ${DIR}/bad-column.svg ${DIR}/bad-column.png)
file(WRITE ${DIR}/bad-column.plot "${bad}")
execute_process(COMMAND ${GNUPLOT} bad-column.plot WORKING_DIRECTORY ${DIR}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
set(wanted "panel 1 curve 1, 'norm\\(x,speed\\)', names 'speed': not a column")
if(status EQUAL 0 OR NOT out MATCHES "${wanted}")
  message(FATAL_ERROR "gnuplot on a figure naming column 'speed' exited ${status}: ${out}")
endif()
if(EXISTS ${DIR}/bad-column.png)
  message(FATAL_ERROR "gnuplot drew bad-column.png from a figure it should have refused")
endif()
message(STATUS "a figure naming a missing column: ${out}")
