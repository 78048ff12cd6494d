# Writes memplan-cli.1 from the program's own --help and --version text, so the
# man page never drifts from the help. Run as:
#   cmake -DCLI=path/to/memplan-cli -DOUT=memplan-cli.1 -P manpage.cmake
execute_process(COMMAND ${CLI} --lang en --help OUTPUT_VARIABLE help RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "memplan-cli --help failed (${rc}): ${err}")
endif()
execute_process(COMMAND ${CLI} --version OUTPUT_VARIABLE version RESULT_VARIABLE rc)
string(STRIP "${version}" version)
# troff treats a leading dot or quote as a request and a backslash as an escape.
string(REPLACE "\\" "\\e" help "${help}")
string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" help "${help}")
file(WRITE ${OUT} ".TH MEMPLAN-CLI 1 \"\" \"${version}\" \"User Commands\"\n"
  ".SH NAME\nmemplan-cli \\- size an LLM's memory on a machine from the command line\n"
  ".SH SYNOPSIS\n.B memplan-cli\n[\\fB--presets\\fR \\fIDIR\\fR] [\\fB--lang\\fR ko|en] \\fICOMMAND\\fR ...\n"
  ".SH DESCRIPTION\nEstimates the memory a language model needs on a machine (weights, KV cache, activation,\n"
  "workspace, allocator slack, system share and loading peak), solves inverse questions and\n"
  "writes reports. The commands and options, as \\fB--help\\fR prints them:\n"
  ".PP\n.nf\n${help}.fi\n"
  ".SH EXIT STATUS\n0 success; 2 bad input (one line on standard error naming the file or option);\n"
  "3 the scenario does not fit (with \\fB--check\\fR).\n"
  ".SH SEE ALSO\n\\fBmemplan\\fR(1), /usr/share/doc/memplan/README.md\n")
