#pragma once
// Translation lookup for the training engine's fixed texts (see trainingtexts.cpp).

#include <QString>

#include <optional>
#include <string_view>

namespace memplan::ui {

/// The Korean (or current language's) text for a training item label or term meaning;
/// nullopt for any other text.
std::optional<QString> trainingEngineText(std::string_view english);
/// The English label of a training item id ("train.gradients"), or nullptr.
const char *trainingItemEnglish(std::string_view id);

} // namespace memplan::ui
