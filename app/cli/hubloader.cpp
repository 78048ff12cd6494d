#include "hubloader.h"

#include "clitext.h"
#include "hubmodule.h"
#include "import/hubmodels.h"
#include "import/modelsource.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibrary>
#include <QStringList>

namespace memplan::cli {

namespace {

struct Module {
    QLibrary *library = nullptr; ///< kept (and reachable, for leak checkers) until exit
    net::HubImportFunction import = nullptr;
    std::string problem; ///< why it could not be loaded
};

/// Beside the program in the build tree; under lib/…/memplan/ when installed (the relative
/// path from bin/ comes from the install layout, app/CMakeLists.txt).
QStringList candidates()
{
    const QString dir = QCoreApplication::instance() ? QCoreApplication::applicationDirPath()
                                                     : QFileInfo(QStringLiteral("/proc/self/exe")).canonicalPath();
    return {QDir(dir).filePath(QStringLiteral("memplan-hub.so")),
            QDir::cleanPath(dir + QStringLiteral("/" MEMPLAN_HUB_MODULE_RELDIR "/memplan-hub.so"))};
}

Module load()
{
    Module m;
    QStringList tried;
    for (const QString &path : candidates()) {
        if (!QFileInfo::exists(path)) {
            tried << path;
            continue;
        }
        // Kept loaded for the life of the process: the model it returns owns no code of it,
        // but Qt's network objects may outlive the call until exit.
        auto *lib = new QLibrary(path);
        if (!lib->load()) {
            m.problem = lib->errorString().toStdString();
            delete lib;
            return m;
        }
        const auto version = reinterpret_cast<net::HubVersionFunction>(lib->resolve(net::kHubVersionSymbol));
        const auto import = reinterpret_cast<net::HubImportFunction>(lib->resolve(net::kHubImportSymbol));
        if (!version || !import || version() != net::hubModuleAbi()) {
            lib->unload();
            delete lib;
            m.problem =
                say(QT_TRANSLATE_NOOP("CliText", "%1 is from another build of the planner"), {path.toStdString()});
            return m;
        }
        m.library = lib;
        m.import = import;
        return m;
    }
    m.problem = say(QT_TRANSLATE_NOOP("CliText", "the network module is not installed (looked for %1)"),
                    {tried.join(QStringLiteral(", ")).toStdString()});
    return m;
}

} // namespace

ImportedModel importHubModelViaModule(const HubReference &ref, bool allowNetwork)
{
    static const Module module = load();
    if (!module.import)
        throw SourceUnavailable(module.problem);
    net::HubImportResult result;
    module.import(ref, allowNetwork, result);
    switch (result.status) {
    case net::HubImportResult::Status::Ok:
        return std::move(result.model);
    case net::HubImportResult::Status::InputError:
        throw InputError(result.error);
    case net::HubImportResult::Status::Unavailable:
        throw SourceUnavailable(result.message, result.reason);
    case net::HubImportResult::Status::Failed:
        break;
    }
    throw std::runtime_error(result.message);
}

void installModuleHubLoader()
{
    const bool fetch = qEnvironmentVariable("MEMPLAN_HF_FETCH") == QLatin1String("1");
    setHubModelLoader(commandLineHubLoader(
        [](const HubReference &ref, bool allowNetwork) { return importHubModelViaModule(ref, allowNetwork); }, fetch));
}

} // namespace memplan::cli
