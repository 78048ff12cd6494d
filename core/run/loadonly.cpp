#include "run/loadonly.h"

#include "questions/launchcommand.h"
#include "scenario/resolve.h"

namespace memplan {

std::string offlineCheckpoint(const ResolvedScenario &r, LoadOnlyLaunch &launch)
{
    if (r.model.id == "file")
        return r.model.source;
    if (!launch::weightsKnown(r, false)) {
        launch.blocker = "launch.not_local_file";
        return {};
    }
    // From the cache or not at all: the engine fails at once, naming the repository, when the
    // weights were never downloaded.
    launch.environment.emplace_back("HF_HUB_OFFLINE", "1");
    return launch::checkpointRepo(r);
}

std::vector<std::string> localServerArgs(const LoadOnlyOptions &options)
{
    std::vector<std::string> a = {"--host", "127.0.0.1"};
    if (options.port) {
        a.push_back("--port");
        a.push_back(std::to_string(options.port));
    }
    return a;
}

std::string loadOnlyBlockerEnglish(const LoadOnlyLaunch &launch)
{
    if (launch.blocker == "launch.not_local_file")
        return "the plan names no model file on this computer; import the model's file first (model.file), so "
               "nothing is downloaded";
    if (launch.blocker == "launch.file_missing")
        return "the model file " + launch.blockerArg + " does not exist";
    if (launch.blocker == "launch.server_only")
        return "load-only runs start llama-server; set runtime.program to llama-server";
    if (launch.blocker == "launch.not_supported")
        return "this runtime cannot be tried on this computer yet; run it yourself and open its log";
    return launch.blocker;
}

std::string shellCommandLine(const std::string &program, const std::vector<std::string> &args)
{
    auto quoted = [](const std::string &s) {
        const bool plain = !s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                             "0123456789-_./=:,+@%") == std::string::npos;
        if (plain)
            return s;
        std::string q = "'";
        for (char c : s)
            q += c == '\'' ? std::string("'\\''") : std::string(1, c);
        return q + "'";
    };
    std::string line = quoted(program);
    for (const std::string &a : args)
        line += " " + quoted(a);
    return line;
}

} // namespace memplan
