#include "scenario/scenario.h"

namespace memplan {

Scenario defaultScenario()
{
    Scenario s;
    s.name = "Llama 3.1 8B on an RTX 4090";
    s.model.preset = "llama-3.1-8b";
    s.weights.format = "q4_k_m";
    s.kvCacheDtype = "f16";
    s.workload.contextTokens = 8192;
    s.workload.concurrency = 1;
    s.hardware.preset = "rtx-4090";
    s.host.ramBytes = 64 * GiB;
    s.runtime.preset = "llama.cpp";
    return s;
}

} // namespace memplan
