# Fails when memplan-cli needs any Qt library (issue 31: the lean front end sizes a scenario
# without QtCore and ICU; issue 21: no widget library; issue 19: no QtNetwork), or when
# memplan-cli-full, which runs the other commands, needs a Qt library above QtCore.
# Run by ctest as tst_clilinks.
foreach(program CLI FULL)
  execute_process(COMMAND ${READELF} -d ${${program}} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "readelf -d ${${program}} failed (${rc}): ${err}")
  endif()
  string(REGEX MATCHALL "\\[lib[^]]+\\]" needed_${program} "${out}")
endforeach()
# libc, not libstdc++: a release memplan-cli links the C++ library in (app/CMakeLists.txt).
if(NOT needed_CLI MATCHES "libc\\.so")
  message(FATAL_ERROR "memplan-cli does not list libc; readelf output changed?\n${needed_CLI}")
endif()
foreach(lib libQt6 libicu libqcustomplot)
  if(needed_CLI MATCHES "${lib}")
    message(FATAL_ERROR "memplan-cli links ${lib}: ${needed_CLI}")
  endif()
endforeach()
if(NOT needed_FULL MATCHES "libQt6Core")
  message(FATAL_ERROR "memplan-cli-full does not list QtCore; readelf output changed?\n${needed_FULL}")
endif()
foreach(lib libQt6Widgets libQt6Gui libQt6PrintSupport libQt6Svg libqcustomplot libQt6Network)
  if(needed_FULL MATCHES "${lib}")
    message(FATAL_ERROR "memplan-cli-full links ${lib}: ${needed_FULL}")
  endif()
endforeach()
message(STATUS "memplan-cli needs: ${needed_CLI}; memplan-cli-full needs: ${needed_FULL}")
