#include "commandspec.h"
#include "clitext.h"

#include "runtimes/registry.h"

#include <algorithm>
#include <sstream>

namespace memplan::cli {

namespace {

const OptionSpec kTable{"--table", "", QT_TRANSLATE_NOOP("CliText", "print a table instead of JSON")};
const OptionSpec kJson{"--json", "", QT_TRANSLATE_NOOP("CliText", "print JSON (the default)")};
const OptionSpec kHardware{"--hardware", "ID[:N]",
                           QT_TRANSLATE_NOOP("CliText", "a hardware preset id (or this-computer) and a device count"),
                           ValueKind::Hardware};
const OptionSpec kRuntime{"--runtime", "ID", QT_TRANSLATE_NOOP("CliText", "a runtime profile id"), ValueKind::Runtime};
const OptionSpec kContext{"--context", "N",
                          QT_TRANSLATE_NOOP("CliText", "context tokens per sequence (32k, 128K, 1M allowed)")};

/// Every registered runtime's multi-node deployment.
std::vector<std::string> clusterEngineIds()
{
    std::vector<std::string> out;
    for (const RuntimeModel *m : runtimeModels())
        if (!m->clusterId().empty())
            out.emplace_back(m->clusterId());
    return out;
}

std::vector<CommandSpec> build()
{
    return {
        {"estimate",
         "FILE|- [--table|--json] [--check]",
         QT_TRANSLATE_NOOP("CliText", "size a scenario: every guest of every memory pool"),
         {},
         ValueKind::File,
         {kTable, kJson, {"--check", "", QT_TRANSLATE_NOOP("CliText", "exit 3 when the scenario does not fit")}}},
        {"solve",
         "SOLVER FILE|- [--min-tokens-per-s N] [--table|--json]",
         QT_TRANSLATE_NOOP("CliText", "the largest or smallest setting that still fits"),
         {"max-context", "max-concurrency", "min-gpus", "gpu-layers", "max-micro-batch", "max-sequence"},
         ValueKind::File,
         {{"--min-tokens-per-s", "N",
           QT_TRANSLATE_NOOP("CliText", "max-concurrency only: each sequence must still decode this fast")},
          {"--table", "", QT_TRANSLATE_NOOP("CliText", "print the answer as one line of text instead of JSON")},
          kJson}},
        {"presets",
         "models|hardware|runtimes|lessons, or models --local [options]",
         QT_TRANSLATE_NOOP("CliText",
                           "list the shipped and user presets, or the models on this computer with a fit badge"),
         {"models", "hardware", "runtimes", "lessons"},
         ValueKind::None,
         {{"--local", "",
           QT_TRANSLATE_NOOP("CliText", "models in the Hugging Face cache, Ollama's store and model folders")},
          kHardware,
          kRuntime,
          kContext,
          {"--dir", "FOLDER", QT_TRANSLATE_NOOP("CliText", "another folder to search for models (repeatable)"),
           ValueKind::Folder},
          kJson}},
        {"formats", "", QT_TRANSLATE_NOOP("CliText", "weight and KV storage formats with their bits per weight")},
        {"inspect",
         "PATH|ORG/NAME[@REV][:FILE|:QUANT]",
         QT_TRANSLATE_NOOP(
             "CliText",
             "read a model's headers (config.json, safetensors, GGUF), on disk or in a Hugging Face repository"),
         {},
         ValueKind::File},
        {"report",
         "FILE --pdf OUT.pdf --json OUT.json [--csv OUT.csv] [--page a4|letter] [--units gib|gb]",
         QT_TRANSLATE_NOOP("CliText", "write the PDF report with its JSON (and CSV) twins"),
         {},
         ValueKind::File,
         {{"--pdf", "OUT.pdf", QT_TRANSLATE_NOOP("CliText", "the PDF to write"), ValueKind::File},
          {"--json", "OUT.json", QT_TRANSLATE_NOOP("CliText", "the estimate JSON to write"), ValueKind::File},
          {"--csv", "OUT.csv", QT_TRANSLATE_NOOP("CliText", "the items as CSV"), ValueKind::File},
          {"--page", "SIZE", QT_TRANSLATE_NOOP("CliText", "page size"), ValueKind::Word, {"a4", "letter"}},
          {"--units",
           "UNITS",
           QT_TRANSLATE_NOOP("CliText", "GiB (2^30) or GB (10^9) in the report"),
           ValueKind::Word,
           {"gib", "gb"}}}},
        {"advise",
         "FILE|- [--table|--json]",
         QT_TRANSLATE_NOOP("CliText", "ranked changes that make the scenario fit (or what is left over)"),
         {},
         ValueKind::File,
         {kTable, kJson, kHardware, kRuntime, kContext}},
        {"compare",
         "FILE|- --hardware ID[:N],... [--min-tokens-per-s N] [--table|--json]",
         QT_TRANSLATE_NOOP("CliText", "the scenario on several machines"),
         {},
         ValueKind::File,
         {kTable,
          kJson,
          kHardware,
          kRuntime,
          kContext,
          {"--min-tokens-per-s", "N",
           QT_TRANSLATE_NOOP("CliText", "recommend only machines whose sequences decode at least this fast")}}},
        {"fit",
         "machines FILE | models --hardware ID[:N] [--runtime ID] [--context N] [FILE]",
         QT_TRANSLATE_NOOP("CliText",
                           "every machine preset ranked for a scenario, or every model preset on one machine"),
         {"machines", "models"},
         ValueKind::File,
         {kTable, kJson, kHardware, kRuntime, kContext}},
        {"cluster",
         "FILE|- --nodes N --gpus-per-node G --tp T [--pp P] [--dp D] [--ep] [--engine E] [--head ADDRESS] "
         "[--table|--json]",
         QT_TRANSLATE_NOOP("CliText", "memory per rank of a multi-node deployment and the command each node runs"),
         {},
         ValueKind::File,
         {{"--nodes", "N", QT_TRANSLATE_NOOP("CliText", "number of nodes")},
          {"--gpus-per-node", "G", QT_TRANSLATE_NOOP("CliText", "GPUs in each node")},
          {"--tp", "T", QT_TRANSLATE_NOOP("CliText", "tensor parallel size")},
          {"--pp", "P", QT_TRANSLATE_NOOP("CliText", "pipeline parallel size (default 1)")},
          {"--dp", "D", QT_TRANSLATE_NOOP("CliText", "data parallel size (default 1)")},
          {"--ep", "", QT_TRANSLATE_NOOP("CliText", "spread the experts over the ranks (expert parallel)")},
          {"--engine", "ENGINE", QT_TRANSLATE_NOOP("CliText", "the serving engine whose commands to print"),
           ValueKind::Word, clusterEngineIds()},
          {"--head", "ADDRESS", QT_TRANSLATE_NOOP("CliText", "the head node's address in the commands")},
          kTable,
          kJson}},
        {"this-computer", "",
         QT_TRANSLATE_NOOP("CliText", "detected RAM, CPU and GPUs, and the this-computer hardware entry")},
        {"reconcile",
         "LOG|- [--scenario FILE] [--log-run N] [--json] [--keep-overheads] | --run --scenario FILE [--program PATH] "
         "[--time-limit S] [--save-log FILE] [--json]",
         QT_TRANSLATE_NOOP("CliText", "a runtime's log against the plan (exit 3: a figure outside its planned range)"),
         {},
         ValueKind::File,
         {{"--scenario", "FILE", QT_TRANSLATE_NOOP("CliText", "the scenario the log was run with"), ValueKind::File},
          {"--log-run", "N", QT_TRANSLATE_NOOP("CliText", "which run of a log holding several to compare")},
          kJson,
          {"--keep-overheads", "", QT_TRANSLATE_NOOP("CliText", "save the measured overheads for this machine")},
          {"--run", "",
           QT_TRANSLATE_NOOP("CliText",
                             "start the scenario's own launch command here, load-only, and reconcile its log")},
          {"--program", "PATH",
           QT_TRANSLATE_NOOP("CliText", "the runtime's program for --run (default: found on PATH)"), ValueKind::File},
          {"--time-limit", "S",
           QT_TRANSLATE_NOOP("CliText", "stop a --run after S seconds, loaded or not (default 300)")},
          {"--save-log", "FILE", QT_TRANSLATE_NOOP("CliText", "keep the log of a --run in FILE"), ValueKind::File}}},
        {"completions", "bash|zsh", QT_TRANSLATE_NOOP("CliText", "print a shell completion script"), {"bash", "zsh"}},
    };
}

std::string words(const std::vector<std::string> &list)
{
    std::string out;
    for (const std::string &w : list)
        out += (out.empty() ? "" : " ") + w;
    return out;
}

} // namespace

const std::vector<CommandSpec> &commandSpecs()
{
    static const std::vector<CommandSpec> specs = build();
    return specs;
}

const std::vector<OptionSpec> &globalOptions()
{
    static const std::vector<OptionSpec> options = {
        {"--presets", "DIR", QT_TRANSLATE_NOOP("CliText", "add a folder of user presets"), ValueKind::Folder},
        {"--lang",
         "ko|en",
         QT_TRANSLATE_NOOP("CliText", "language of the output: text, tables, help, errors and reports"),
         ValueKind::Word,
         {"ko", "en"}},
        {"--help", "", QT_TRANSLATE_NOOP("CliText", "this help")},
    };
    return options;
}

const CommandSpec *findCommand(const std::string &name)
{
    for (const CommandSpec &c : commandSpecs())
        if (c.name == name)
            return &c;
    return nullptr;
}

std::string commandHelp(const CommandSpec &spec)
{
    std::ostringstream out;
    out << say(QT_TRANSLATE_NOOP("CliText", "usage:")) << " memplan-cli " << spec.name
        << (spec.synopsis.empty() ? "" : " " + spec.synopsis) << "\n"
        << say(spec.summary.c_str()) << "\n";
    if (!spec.words.empty())
        out << "\n"
            << (spec.name == "solve" ? say(QT_TRANSLATE_NOOP("CliText", "solvers"))
                                     : say(QT_TRANSLATE_NOOP("CliText", "choices")))
            << ": " << words(spec.words) << "\n";
    auto list = [&out](const std::vector<OptionSpec> &options) {
        for (const OptionSpec &o : options) {
            const std::string left = o.name + (o.value.empty() ? "" : " " + o.value);
            out << "  " << left << std::string(left.size() < 24 ? 24 - left.size() : 1, ' ') << say(o.help.c_str())
                << "\n";
        }
    };
    if (!spec.options.empty()) {
        out << "\n" << say(QT_TRANSLATE_NOOP("CliText", "options:")) << "\n";
        list(spec.options);
    }
    out << "\n" << say(QT_TRANSLATE_NOOP("CliText", "for every command:")) << "\n";
    list(globalOptions());
    out << "\n"
        << say(QT_TRANSLATE_NOOP("CliText", "exit codes: 0 ok, 1 a file could not be written, 2 bad input or usage, 3 "
                                            "does not fit, 4 network"))
        << "\n";
    return out.str();
}

std::optional<std::string> unknownOption(const CommandSpec &spec, const std::vector<std::string> &args)
{
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string &a = args[i];
        if (a.size() < 2 || a[0] != '-' || a == "-")
            continue;
        const auto match = [&a](const OptionSpec &o) { return o.name == a; };
        const auto own = std::find_if(spec.options.begin(), spec.options.end(), match);
        if (own != spec.options.end()) {
            i += own->value.empty() ? 0 : 1;
            continue;
        }
        if (std::any_of(globalOptions().begin(), globalOptions().end(), match) || a == "-h")
            continue;
        return a;
    }
    return std::nullopt;
}

namespace {

// The shell words a value kind completes to.
std::string bashValues(ValueKind kind, const std::vector<std::string> &choices)
{
    switch (kind) {
    case ValueKind::File:
        return "__FILES__";
    case ValueKind::Folder:
        return "__DIRS__";
    case ValueKind::Hardware:
        return "$(memplan-cli presets hardware 2>/dev/null | cut -d' ' -f1) this-computer";
    case ValueKind::Runtime:
        return "$(memplan-cli presets runtimes 2>/dev/null | cut -d' ' -f1)";
    case ValueKind::Model:
        return "$(memplan-cli presets models 2>/dev/null | cut -d' ' -f1)";
    case ValueKind::Word:
        return words(choices);
    case ValueKind::None:
        return "";
    }
    return "";
}

} // namespace

std::string bashCompletion()
{
    std::ostringstream s;
    s << "# bash completion for memplan-cli (generated by `memplan-cli completions bash`)\n"
         "_memplan_cli() {\n"
         "  local cur prev cmd i\n"
         "  cur=\"${COMP_WORDS[COMP_CWORD]}\"; prev=\"${COMP_WORDS[COMP_CWORD-1]}\"; cmd=\"\"\n"
         "  for ((i=1; i<COMP_CWORD; i++)); do\n"
         "    case \"${COMP_WORDS[i]}\" in --presets|--lang) ((i++));; -*) ;; *) cmd=\"${COMP_WORDS[i]}\"; break;; "
         "esac\n"
         "  done\n"
         "  _memplan_words() { COMPREPLY=($(compgen -W \"$1\" -- \"$cur\")); }\n"
         "  case \"$prev\" in\n"
         "    --presets) COMPREPLY=($(compgen -d -- \"$cur\")); return;;\n"
         "    --lang) _memplan_words \"ko en\"; return;;\n"
         "  esac\n"
         "  if [ -z \"$cmd\" ]; then\n"
         "    _memplan_words \"";
    std::string names;
    for (const CommandSpec &c : commandSpecs())
        names += c.name + " ";
    s << names
      << "--presets --lang --help --version\"; return\n"
         "  fi\n"
         "  case \"$cmd\" in\n";
    for (const CommandSpec &c : commandSpecs()) {
        s << "    " << c.name << ")\n      case \"$prev\" in\n";
        for (const OptionSpec &o : c.options) {
            if (o.value.empty())
                continue;
            const std::string v = bashValues(o.kind, o.choices);
            s << "        " << o.name << ") ";
            if (v == "__FILES__")
                s << "COMPREPLY=($(compgen -f -- \"$cur\"))";
            else if (v == "__DIRS__")
                s << "COMPREPLY=($(compgen -d -- \"$cur\"))";
            else
                s << "_memplan_words \"" << v << "\"";
            s << "; return;;\n";
        }
        std::string opts;
        for (const OptionSpec &o : c.options)
            opts += o.name + " ";
        s << "      esac\n"
             "      if [[ \"$cur\" == -* ]]; then _memplan_words \""
          << opts << "--help\"; return; fi\n";
        if (!c.words.empty())
            s << "      if [ \"${COMP_WORDS[COMP_CWORD-1]}\" = \"" << c.name << "\" ]; then _memplan_words \""
              << words(c.words) << "\"; return; fi\n";
        if (c.positional == ValueKind::File)
            s << "      COMPREPLY=($(compgen -f -- \"$cur\"));;\n";
        else
            s << "      ;;\n";
    }
    s << "  esac\n"
         "}\n"
         "complete -o filenames -F _memplan_cli memplan-cli\n";
    return s.str();
}

std::string zshCompletion()
{
    auto quote = [](std::string t) {
        std::string out;
        for (char c : t) {
            if (c == '\'')
                out += "'\\''";
            else if (c == '[' || c == ']' || c == ':')
                out += std::string("\\") + c;
            else
                out += c;
        }
        return out;
    };
    auto action = [](const OptionSpec &o) -> std::string {
        switch (o.kind) {
        case ValueKind::File:
            return "_files";
        case ValueKind::Folder:
            return "_files -/";
        case ValueKind::Hardware:
            return "(${(f)\"$(memplan-cli presets hardware 2>/dev/null | cut -d' ' -f1)\"} this-computer)";
        case ValueKind::Runtime:
            return "(${(f)\"$(memplan-cli presets runtimes 2>/dev/null | cut -d' ' -f1)\"})";
        case ValueKind::Model:
            return "(${(f)\"$(memplan-cli presets models 2>/dev/null | cut -d' ' -f1)\"})";
        case ValueKind::Word:
            return "(" + words(o.choices) + ")";
        case ValueKind::None:
            return " ";
        }
        return " ";
    };
    std::ostringstream s;
    s << "#compdef memplan-cli\n"
         "# zsh completion for memplan-cli (generated by `memplan-cli completions zsh`)\n"
         "_memplan_cli() {\n"
         "  local -a commands\n"
         "  commands=(\n";
    for (const CommandSpec &c : commandSpecs())
        s << "    '" << c.name << ":" << quote(c.summary) << "'\n";
    s << "  )\n"
         "  _arguments -C \\\n"
         "    '--presets[add a folder of user presets]:folder:_files -/' \\\n"
         "    '--lang[language of the output]:language:(ko en)' \\\n"
         "    '(- *)--version[print the version]' \\\n"
         "    '(- *)--help[print the usage]' \\\n"
         "    '1:command:->command' \\\n"
         "    '*::argument:->argument' && return\n"
         "  case $state in\n"
         "    command) _describe -t commands 'memplan-cli command' commands;;\n"
         "    argument)\n"
         "      case $words[1] in\n";
    for (const CommandSpec &c : commandSpecs()) {
        s << "        " << c.name << ")\n          _arguments \\\n";
        for (const OptionSpec &o : c.options) {
            s << "            '" << o.name << "[" << quote(o.help) << "]";
            if (!o.value.empty())
                s << ":" << quote(o.value) << ":" << action(o);
            s << "' \\\n";
        }
        s << "            '--help[usage of " << c.name << "]'";
        if (!c.words.empty())
            s << " \\\n            '1:choice:(" << words(c.words) << ")'";
        if (c.positional == ValueKind::File)
            s << " \\\n            '*:file:_files'";
        s << ";;\n";
    }
    s << "      esac;;\n"
         "  esac\n"
         "}\n"
         "_memplan_cli \"$@\"\n";
    return s.str();
}

} // namespace memplan::cli
