#pragma once
// A device price with where it came from. The planner ships none it cannot source:
// a hardware preset may carry one (`price`: amount, currency, date, source), and the
// user may type one; "cheapest that fits" uses only these.

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace memplan {

struct Price {
    double amount = 0;    ///< per device; 0 = unknown
    std::string currency; ///< ISO 4217 code: "USD", "EUR", "KRW"
    std::string date;     ///< when the price was seen ("2025-01")
    std::string source;   ///< where ("NVIDIA launch announcement", "user")
    bool known() const { return amount > 0 && !currency.empty(); }
    bool operator==(const Price &) const = default;
};

/// Reads a preset's `price` object; throws InputError naming "price.<key>". A price needs
/// an amount, a three-letter currency and a source; the date is optional.
Price priceFromJson(const nlohmann::json &v);
nlohmann::json priceToJson(const Price &price);

} // namespace memplan
