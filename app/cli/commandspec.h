#pragma once
// Every memplan-cli command and its options, declared once. From this table come
// `memplan-cli COMMAND --help`, the error for an option a command does not take
// (exit 2, naming it), the bash and zsh completions (`memplan-cli completions
// bash|zsh`, installed by the package) and the synopsis in the man page.

#include <optional>
#include <string>
#include <vector>

namespace memplan::cli {

/// What a value or positional argument is, for completion.
enum class ValueKind { None, File, Folder, Hardware, Runtime, Model, Word };

struct OptionSpec {
    std::string name;  ///< "--table"
    std::string value; ///< "N" for an option with a value, "" for a flag
    std::string help;
    ValueKind kind = ValueKind::None;
    std::vector<std::string> choices = {}; ///< fixed values ("a4", "letter")
};

struct CommandSpec {
    std::string name;
    std::string synopsis; ///< after the command name: "FILE|- [--table] [--check]"
    std::string summary;
    std::vector<std::string> words = {}; ///< first positional words (solvers, preset kinds)
    ValueKind positional = ValueKind::None;
    std::vector<OptionSpec> options = {};
};

const std::vector<CommandSpec> &commandSpecs();
const CommandSpec *findCommand(const std::string &name);

/// Options every command takes (consumed by the front end): --presets DIR, --lang ko|en, --help.
const std::vector<OptionSpec> &globalOptions();

/// `memplan-cli COMMAND --help`.
std::string commandHelp(const CommandSpec &spec);

/// The first argument after the command that looks like an option (--x, -x) but is not
/// one of the command's, or nothing. Values of options that take one are skipped.
std::optional<std::string> unknownOption(const CommandSpec &spec, const std::vector<std::string> &args);

std::string bashCompletion();
std::string zshCompletion();

} // namespace memplan::cli
