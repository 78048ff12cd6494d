// "This computer" (issue 19): host RAM, CPU and GPUs read from fixture /proc and
// /sys trees under an injected root; what cannot be read is said, never guessed.
// Fixture figures are the formats the kernel writes (meminfo in kB, amdgpu's
// mem_info_vram_total in bytes) and nvidia-smi's --format=csv,noheader,nounits (MiB).

#include "../core/testsupport.h"

#include "estimator.h"
#include "hardware/hostdetect.h"
#include "scenario/resolve.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace memplan;

namespace {

bool put(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

const QByteArray kMeminfo = "MemTotal:       65843212 kB\nMemFree:         1234567 kB\nMemAvailable:   60000000 kB\n";
const QByteArray kCpuinfo =
    "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD Ryzen 9 7950X 16-Core Processor\n"
    "flags\t\t: fpu sse2 avx avx2 fma f16c avx512f avx512_bf16 sha_ni\n\n"
    "processor\t: 1\nmodel name\t: AMD Ryzen 9 7950X 16-Core Processor\n"
    "flags\t\t: fpu sse2 avx avx2 fma f16c avx512f avx512_bf16 sha_ni\n";

} // namespace

class TstHostDetect : public QObject {
    Q_OBJECT

private slots:
    void cpuOnlyMachine();
    void nvidiaFromProcMatchesPreset();
    void nvidiaSmiGivesDriverSize();
    void amdFromSysfs();
    void unreadableRootSaysSo();
    void scenarioOnThisComputer();
    void cliPrintsDetection();

private:
    QTemporaryDir m_dir;
};

void TstHostDetect::cpuOnlyMachine()
{
    const QString root = m_dir.filePath("cpu");
    QVERIFY(put(root + "/proc/meminfo", kMeminfo) && put(root + "/proc/cpuinfo", kCpuinfo));
    const HostFacts f = readHostFacts(root.toStdString());
    QCOMPARE(f.ramTotalBytes, 65843212ULL * 1024);
    QCOMPARE(f.ramAvailableBytes, 60000000ULL * 1024);
    QCOMPARE(f.logicalCpus, 2u);
    QCOMPARE(f.cpuModel, std::string("AMD Ryzen 9 7950X 16-Core Processor"));
    QCOMPARE(f.cpuFeatures, (std::vector<std::string>{"avx2", "avx512_bf16", "avx512f", "f16c", "fma"}));
    QVERIFY(f.gpus.empty());
    const HardwarePreset p = thisComputerPreset(f, test::shippedCatalog());
    QCOMPARE(p.spec.id, std::string("this-computer"));
    QCOMPARE(p.spec.kind, HardwareKind::Cpu);
    QCOMPARE(p.spec.bandwidthBytesPerSecond, 0ULL); // unknown without root: not guessed
    QVERIFY2(p.notes.find("memory bandwidth unknown") != std::string::npos, p.notes.c_str());
}

void TstHostDetect::nvidiaFromProcMatchesPreset()
{
    const QString root = m_dir.filePath("nvidia");
    QVERIFY(put(root + "/proc/meminfo", kMeminfo) && put(root + "/proc/cpuinfo", kCpuinfo));
    for (const char *bus : {"0000:01:00.0", "0000:02:00.0"})
        QVERIFY(put(root + "/proc/driver/nvidia/gpus/" + bus + "/information",
                    "Model: \t\t NVIDIA GeForce RTX 4090\nIRQ:   \t\t 150\nBus Type: \t PCIe\n"));
    const HostFacts f = readHostFacts(root.toStdString());
    QCOMPARE(f.gpus.size(), std::size_t(2));
    QCOMPARE(f.gpus[0].totalBytes, 0ULL); // this file has no size
    const HardwarePreset p = thisComputerPreset(f, test::shippedCatalog());
    const HardwareSpec &rtx = test::shippedCatalog().hardwareById("rtx-4090")->spec;
    QCOMPARE(p.spec.kind, HardwareKind::DiscreteGpu);
    QCOMPARE(p.spec.capacityBytes, rtx.capacityBytes);
    QCOMPARE(p.spec.bandwidthBytesPerSecond, rtx.bandwidthBytesPerSecond);
    QCOMPARE(p.spec.name, std::string("This computer (NVIDIA GeForce RTX 4090 ×2)"));
    QVERIFY2(p.notes.find("from the preset rtx-4090") != std::string::npos, p.notes.c_str());
}

void TstHostDetect::nvidiaSmiGivesDriverSize()
{
    HostFacts f = readHostFacts(m_dir.filePath("nvidia").toStdString());
    applyNvidiaSmi(f, "NVIDIA GeForce RTX 4090, 24564, 23012\nNVIDIA GeForce RTX 4090, 24564, 24000\n");
    QCOMPARE(f.gpus.size(), std::size_t(2)); // replaces the /proc entries, no duplicates
    QCOMPARE(f.gpus[0].totalBytes, 24564ULL << 20);
    QCOMPARE(f.gpus[0].freeBytes, 23012ULL << 20);
    const HardwarePreset p = thisComputerPreset(f, test::shippedCatalog());
    QCOMPARE(p.spec.capacityBytes, 24564ULL << 20);
    // Garbage lines are skipped, not guessed from.
    HostFacts g;
    applyNvidiaSmi(g, "NVIDIA A100, [N/A], [N/A]\nnonsense\n");
    QVERIFY(g.gpus.empty());
}

void TstHostDetect::amdFromSysfs()
{
    const QString root = m_dir.filePath("amd");
    QVERIFY(put(root + "/proc/meminfo", kMeminfo) && put(root + "/proc/cpuinfo", kCpuinfo));
    QVERIFY(put(root + "/sys/class/drm/card0/device/mem_info_vram_total", "25753026560\n"));
    QVERIFY(put(root + "/sys/class/drm/card0-DP-1/status", "connected\n")); // a connector, not a card
    const HostFacts f = readHostFacts(root.toStdString());
    QCOMPARE(f.gpus.size(), std::size_t(1));
    QCOMPARE(f.gpus[0].vendor, std::string("amd"));
    QCOMPARE(f.gpus[0].totalBytes, 25753026560ULL);
    const HardwarePreset p = thisComputerPreset(f, test::shippedCatalog());
    QCOMPARE(p.spec.kind, HardwareKind::DiscreteGpu);
    QCOMPARE(p.spec.capacityBytes, 25753026560ULL);
    QCOMPARE(p.spec.bandwidthBytesPerSecond, 0ULL);
    QVERIFY2(p.notes.find("bandwidth and compute unknown") != std::string::npos, p.notes.c_str());
}

void TstHostDetect::unreadableRootSaysSo()
{
    const HostFacts f = readHostFacts(m_dir.filePath("empty").toStdString());
    QCOMPARE(f.ramTotalBytes, 0ULL);
    QCOMPARE(f.unknown.size(), std::size_t(2));
    QVERIFY(f.unknown[0].find("/proc/meminfo") != std::string::npos);
}

void TstHostDetect::scenarioOnThisComputer()
{
    PresetCatalog catalog = test::shippedCatalog();
    HostFacts f = readHostFacts(m_dir.filePath("nvidia").toStdString());
    catalog.addHardware(thisComputerPreset(f, catalog));
    Scenario s = test::theoryScenario("llama-3.1-8b", "q4_k_m", 8192, 1, "this-computer");
    const Estimate onThis = estimate(resolveScenario(s, catalog));
    s.hardware.preset = "rtx-4090";
    const Estimate onPreset = estimate(resolveScenario(s, catalog));
    // Same card, same figures: the entry is the preset with this machine's name.
    QCOMPARE(onThis.fits, onPreset.fits);
    QCOMPARE(onThis.pools.size(), onPreset.pools.size());
    QCOMPARE(onThis.pools[0].capacityBytes, onPreset.pools[0].capacityBytes);
}

void TstHostDetect::cliPrintsDetection()
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("MEMPLAN_HOST_ROOT", m_dir.filePath("cpu"));
    env.insert("PATH", m_dir.path()); // no nvidia-smi to find
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(MEMPLAN_BINARY_DIR "/app/memplan-cli"), {"this-computer"});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    const nlohmann::json j = nlohmann::json::parse(p.readAllStandardOutput().toStdString());
    QCOMPARE(j["detected"]["ram_total_bytes"].get<std::uint64_t>(), 65843212ULL * 1024);
    QCOMPARE(j["hardware"]["id"].get<std::string>(), std::string("this-computer"));
    QCOMPARE(j["hardware"]["kind"].get<std::string>(), std::string("cpu"));
}

QTEST_GUILESS_MAIN(TstHostDetect)
#include "tst_hostdetect.moc"
