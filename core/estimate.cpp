#include "estimate.h"

namespace memplan {

std::string_view originId(Origin o)
{
    switch (o) {
    case Origin::Config:
        return "config";
    case Origin::File:
        return "file";
    case Origin::Preset:
        return "preset";
    case Origin::Scenario:
        return "scenario";
    case Origin::Runtime:
        return "runtime";
    case Origin::Derived:
        return "derived";
    }
    return "?";
}

} // namespace memplan
