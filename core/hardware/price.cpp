#include "hardware/price.h"

#include "error.h"
#include "files/jsonutil.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>

namespace memplan {

namespace ju = jsonutil;

Price priceFromJson(const nlohmann::json &v)
{
    ju::requireObject(v, "price");
    ju::rejectUnknown(v, {"amount", "currency", "date", "source"}, "price");
    Price p;
    p.amount = ju::number(v, "amount", "price", 0.01, 1e12, 0);
    if (p.amount <= 0)
        throw InputError("price.amount", "is required (a number above 0, per device)");
    p.currency = ju::string(v, "currency", "price");
    if (p.currency.size() != 3 ||
        !std::all_of(p.currency.begin(), p.currency.end(), [](unsigned char c) { return std::isupper(c); }))
        throw InputError("price.currency", "must be a three-letter ISO 4217 code such as USD, EUR or KRW");
    p.date = ju::string(v, "date", "price");
    p.source = ju::string(v, "source", "price");
    if (p.source.empty())
        throw InputError("price.source", "is required: a price without a source is not shown");
    return p;
}

nlohmann::json priceToJson(const Price &p)
{
    nlohmann::json j{{"amount", p.amount}, {"currency", p.currency}, {"source", p.source}};
    if (!p.date.empty())
        j["date"] = p.date;
    return j;
}

} // namespace memplan
