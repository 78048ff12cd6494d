#pragma once
// File → Save Model as Preset… and Save Machine as Preset…: ask for a name, write the
// preset to the user's folder (PresetStore), add it to the catalog and switch the
// scenario to it (one undo step). Errors are shown in message boxes.

namespace memplan::ui {

class MainWindow;

void saveModelPresetDialog(MainWindow &window);
void saveMachinePresetDialog(MainWindow &window);

} // namespace memplan::ui
