#include "scenario/runtimesettings.h"

#include "runtimes/runtimemodel.h"

namespace memplan {

bool isRuntimeSettingKey(Engine engine, std::string_view key)
{
    if (key == "version") // the release modelled (core/runtimes/release.h)
        return runtimeModel(engine).hasReleases();
    for (const char *k : runtimeModel(engine).settingKeys())
        if (key == k)
            return true;
    return false;
}

bool isRuntimeSettingKey(const std::string &engine, const std::string &key)
{
    const auto e = engineFromId(engine);
    return e && isRuntimeSettingKey(*e, key);
}

} // namespace memplan
