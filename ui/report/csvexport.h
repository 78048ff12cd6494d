#pragma once
// The breakdown table as CSV (RFC 4180, UTF-8). Column names and the guest and
// evidence ids are the stable English ids of the JSON contract, so spreadsheets
// and scripts read every report the same way whatever the UI language.

#include "estimate.h"

#include <QByteArray>
#include <QString>

namespace memplan::ui {

QByteArray breakdownCsv(const memplan::Estimate &estimate);
/// The speed figures (core/speed) as a second table: one row per speed item, bound and expected range.
QByteArray speedCsv(const memplan::Estimate &estimate);

/// Quotes a field when it contains a comma, quote or line break.
QString csvField(const QString &value);

} // namespace memplan::ui
