#include "hubmodule.h"

#include "hubimport.h"
#include "import/modelsource.h"

// The two entry points memplan-cli resolves (hubmodule.h). C linkage keeps their names plain.
extern "C" __attribute__((visibility("default"))) void
memplan_hub_import(const memplan::HubReference &ref, bool allowNetwork, memplan::net::HubImportResult &result)
{
    using Status = memplan::net::HubImportResult::Status;
    try {
        result.model = memplan::net::hubModelLoader(allowNetwork)(ref);
        result.status = Status::Ok;
    } catch (const memplan::InputError &e) {
        result.status = Status::InputError;
        result.error = e.info();
    } catch (const memplan::SourceUnavailable &e) {
        result.status = Status::Unavailable;
        result.message = e.what();
        result.reason = e.reason();
    } catch (const std::exception &e) {
        result.status = Status::Failed;
        result.message = e.what();
    }
}

/// The program refuses a module from another build: the types above must match exactly.
extern "C" __attribute__((visibility("default"))) const char *memplan_hub_version()
{
    static const std::string abi = memplan::net::hubModuleAbi();
    return abi.c_str();
}
