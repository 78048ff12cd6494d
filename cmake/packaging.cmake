# Install layout and the Debian package (`cpack -G DEB` in the build folder).
# Presets and translations are compiled into the programs as Qt resources, so an
# installed copy needs no data folder: bin/ plus the desktop integration files.
include(GNUInstallDirs)

if(TARGET memplan-cli)
  # The man page is made from memplan-cli's own --help text (cmake/manpage.cmake).
  add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/memplan-cli.1
    COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen
            ${CMAKE_COMMAND} -DCLI=$<TARGET_FILE:memplan-cli> -DOUT=${PROJECT_BINARY_DIR}/memplan-cli.1
            -P ${PROJECT_SOURCE_DIR}/cmake/manpage.cmake
    DEPENDS memplan-cli ${PROJECT_SOURCE_DIR}/cmake/manpage.cmake
    COMMENT "Writing the memplan-cli man page from its --help")
  add_custom_target(memplan_manpage ALL DEPENDS ${PROJECT_BINARY_DIR}/memplan-cli.1)
  install(FILES ${PROJECT_BINARY_DIR}/memplan-cli.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  # Shell completions from the same option declarations as --help (app/cli/commandspec.cpp).
  add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/completions/memplan-cli ${PROJECT_BINARY_DIR}/completions/_memplan-cli
    COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/completions
    COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen $<TARGET_FILE:memplan-cli> completions bash
            > ${PROJECT_BINARY_DIR}/completions/memplan-cli
    COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen $<TARGET_FILE:memplan-cli> completions zsh
            > ${PROJECT_BINARY_DIR}/completions/_memplan-cli
    DEPENDS memplan-cli
    COMMENT "Writing the bash and zsh completions of memplan-cli")
  add_custom_target(memplan_completions ALL DEPENDS ${PROJECT_BINARY_DIR}/completions/memplan-cli)
  install(FILES ${PROJECT_BINARY_DIR}/completions/memplan-cli DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
  install(FILES ${PROJECT_BINARY_DIR}/completions/_memplan-cli DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
endif()
if(MEMPLAN_BUILD_GUI)
  install(FILES ${PROJECT_SOURCE_DIR}/resources/memplan.svg DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
  install(FILES ${PROJECT_SOURCE_DIR}/resources/memplan.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
endif()
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})

set(CPACK_PACKAGE_NAME memplan)
set(CPACK_PACKAGE_VENDOR "LLM Memory Planner developers")
set(CPACK_PACKAGE_CONTACT "LLM Memory Planner developers <memplan@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "will this LLM fit on this hardware, and what uses the memory")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON) # Qt, QCustomPlot and the C++ runtime, as dpkg-shlibdeps finds them
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
  "Sizes a large language model for a machine before you run or buy it: weights, KV cache,\n activation, workspace and allocator slack per memory pool, with formulas, a planner window,\n a command line and PDF/JSON reports.")
include(CPack)
