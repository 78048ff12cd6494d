# Fails when memplan-cli needs a Qt library above QtCore (issue 21: "memplan-cli
# estimate links no widget library"; issue 19: no QtNetwork either, it is loaded with
# memplan-hub.so only for `inspect org/name`). Run by ctest as tst_clilinks.
execute_process(COMMAND ${READELF} -d ${CLI} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "readelf -d ${CLI} failed (${rc}): ${err}")
endif()
string(REGEX MATCHALL "\\[lib[^]]+\\]" needed "${out}")
if(NOT needed MATCHES "libQt6Core")
  message(FATAL_ERROR "memplan-cli does not list QtCore; readelf output changed?\n${out}")
endif()
foreach(lib libQt6Widgets libQt6Gui libQt6PrintSupport libQt6Svg libqcustomplot libQt6Network)
  if(needed MATCHES "${lib}")
    message(FATAL_ERROR "memplan-cli links ${lib}: ${needed}")
  endif()
endforeach()
message(STATUS "memplan-cli needs: ${needed}")
