#pragma once
// The banner's suggestions for a training scenario: core/training/trainingadvice
// decides and checks every change; this only words it in the user's language.

#include "verdictbanner.h"

namespace memplan::ui {

QList<Suggestion> trainingSuggestions(const Scenario &scenario, const ResolvedScenario &resolved,
                                      const Estimate &estimate, const PresetCatalog &catalog);

} // namespace memplan::ui
