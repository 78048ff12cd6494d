// File → Open Runtime Log (issue 18): the dialog shows the engine's reconciliation of a
// committed excerpt row by row, with the measured column and out-of-range rows highlighted.
#include "reconcile/reconciledialog.h"
#include "../core/testsupport.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QTableWidget>
#include <QtTest>

using namespace memplan;

class TstReconcileDialog : public QObject {
    Q_OBJECT
private slots:
    void showsComparison()
    {
        QFile f(QStringLiteral(MEMPLAN_SOURCE_DIR "/tests/data/runtime-logs/llamacpp-mistral-7b-v0.1-q4_k_m-ctx768-partial-offload-20of33.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto doc = nlohmann::json::parse(f.readAll().toStdString());
        ui::ReconcileDialog dialog(test::shippedCatalog(), QString());
        QVERIFY(dialog.setLogText(QString::fromStdString(doc["log_excerpt"].get<std::string>()), QStringLiteral("case.log")));
        const Reconciliation &r = dialog.result();
        QCOMPARE(dialog.table()->rowCount(), int(r.comparisons.size()));
        // The measured column shows the engine's figure (60 MiB of KV on gpu0 = 0.06 GiB).
        bool kv = false;
        for (int row = 0; row < dialog.table()->rowCount(); ++row)
            if (dialog.table()->item(row, 0)->text() == QLatin1String("gpu0") &&
                dialog.table()->item(row, 1)->text() == QLatin1String("kv_cache")) {
                QCOMPARE(dialog.table()->item(row, 4)->text(), QStringLiteral("0.06 GiB"));
                kv = true;
            }
        QVERIFY(kv);
        // Text that no parser recognises is said so, and leaves the table empty.
        QVERIFY(!dialog.setLogText(QStringLiteral("hello"), QStringLiteral("x")));
        QCOMPARE(dialog.table()->rowCount(), 0);
    }

    void highlightsOutside()
    {
        // The two-GPU Qwen2.5 32B run split its KV 10:6 (-ts 10,6), which the plan does not: both KV
        // rows lie outside, are highlighted and name the tensor split as the likely cause.
        QFile f(QStringLiteral(MEMPLAN_SOURCE_DIR "/tests/data/runtime-logs/llamacpp-qwen2.5-32b-q8_0-kv-q8_0-ctx32768-ub256-fa-on-2gpu.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto doc = nlohmann::json::parse(f.readAll().toStdString());
        ui::ReconcileDialog dialog(test::shippedCatalog(), QString());
        QVERIFY(dialog.setLogText(QString::fromStdString(doc["log_excerpt"].get<std::string>()), QStringLiteral("case.log")));
        int highlighted = 0;
        for (int row = 0; row < dialog.table()->rowCount(); ++row)
            if (dialog.table()->item(row, 1)->text() == QLatin1String("kv_cache")) {
                QCOMPARE(dialog.table()->item(row, 0)->background().color(), QColor(255, 220, 200));
                QVERIFY(dialog.table()->item(row, 7)->text().contains(QLatin1String("tensor_split")));
                ++highlighted;
            }
        QCOMPARE(highlighted, 2);
    }
};

QTEST_MAIN(TstReconcileDialog)
#include "tst_reconciledialog.moc"
