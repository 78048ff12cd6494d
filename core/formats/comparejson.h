#pragma once
// JSON documents for the buyer's questions (docs/compare-format.md):
//   memplan.advice/1   — ranked advice for one scenario
//   memplan.compare/1  — one scenario on several machines (also `fit machines`)
//   memplan.fit-models/1 — every model preset on one machine
//   memplan.cluster/1  — one scenario over several nodes: memory per rank, commands per node
// Byte counts are integers; each candidate also carries its full estimate.

#include "questions/advice.h"
#include "questions/clusterplan.h"
#include "questions/comparerecommend.h"
#include "questions/fitsearch.h"

#include <nlohmann/json_fwd.hpp>

#include <vector>

namespace memplan {

inline constexpr const char *kAdviceSchema = "memplan.advice/1";
inline constexpr const char *kCompareSchema = "memplan.compare/1";
inline constexpr const char *kFitModelsSchema = "memplan.fit-models/1";
inline constexpr const char *kClusterSchema = "memplan.cluster/1";

nlohmann::json adviceToJson(const std::vector<Advice> &advice, bool fits);
nlohmann::json candidatesToJson(const std::vector<CandidateResult> &results, const Scenario &scenario);
/// The recommendation with its reasons, and each candidate's speed and price figures
/// (added to a memplan.compare/1 document as "recommendation" and per candidate "figures").
/// `options.minDecodePerSequence`, when set, is written as "min_tokens_per_s_per_sequence".
nlohmann::json recommendationToJson(const Recommendation &rec, const std::vector<CandidateResult> &results,
                                    const RecommendOptions &options = {});
nlohmann::json figuresToJson(const CandidateFigures &figures);
nlohmann::json clusterToJson(const ClusterPlan &plan, const Scenario &scenario);
nlohmann::json modelFitsToJson(const std::vector<ModelFit> &fits, const Scenario &scenario);

/// "rtx-4090", "rtx-3090:2", "rtx-4090,rtx-3090:2,m4-max-128gb" -> candidates; throws InputError.
std::vector<Candidate> parseCandidates(const std::string &list);

} // namespace memplan
