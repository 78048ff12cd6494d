#include "nvidiasmi.h"

#include "hardware/hostdetect.h"

#include <QProcess>
#include <QStandardPaths>

namespace memplan::app {

std::string runNvidiaSmi()
{
    const QString exe = QStandardPaths::findExecutable(QStringLiteral("nvidia-smi"));
    if (exe.isEmpty())
        return {};
    QProcess p;
    p.start(exe, QProcess::splitCommand(QString::fromLatin1(kNvidiaSmiArgs)));
    if (!p.waitForFinished(2000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        p.kill();
        p.waitForFinished(500);
        return {};
    }
    return p.readAllStandardOutput().left(1 << 20).toStdString();
}

} // namespace memplan::app
