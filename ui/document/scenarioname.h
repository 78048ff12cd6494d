#pragma once
// The scenario's name when the user did not type one: it follows the scenario
// ("Llama 3.1 70B Q4_K_M on 2× RTX 3090"), so that the PDF title, the export file
// name and the saved "name" never describe an earlier model or machine.
//
// A name follows when it is empty, equals the name derived from its own scenario,
// or is the shipped default's name; anything else was typed and stays. The rule
// needs no extra state, so undo, files and a rebuilt window all agree on it.

#include "scenario/catalog.h"
#include "scenario/scenario.h"

#include <QString>

namespace memplan::ui {

/// "<model> <format> on [N× ]<machine>", built from the presets the scenario names.
QString derivedScenarioName(const Scenario &scenario, const PresetCatalog &catalog);
/// True when scenario.name was not typed by the user (see above).
bool nameFollowsScenario(const Scenario &scenario, const PresetCatalog &catalog);
/// next with its name updated when the previous scenario's name followed it.
Scenario withFollowingName(const Scenario &previous, Scenario next, const PresetCatalog &catalog);
/// scenario with its name brought up to date when it follows the scenario (an opened file,
/// a new document): what the document starts from.
Scenario withCurrentName(Scenario scenario, const PresetCatalog &catalog);

} // namespace memplan::ui
