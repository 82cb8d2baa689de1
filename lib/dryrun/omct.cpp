#include "dryrun/omct.h"
#include "dryrun/maneuvers.h"
#include "model/rotation.h"
#include "platformmodel/kinematics.h"
#include "platformmodel/modelfile.h"
#include "raven/cueingfile.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMutex>
#include <QMutexLocker>
#include <QSaveFile>
#include <QStandardPaths>
#include <atomic>
#include <cmath>
#include <complex>
#include <deque>
#include <future>
#include <limits>
#include <thread>
#include <vector>

namespace hil::dryrun {

namespace {

const char *const kOmctAxisNames[6] = {"surge", "sway", "heave", "roll", "pitch", "yaw"};
constexpr double kOmctPi = 3.14159265358979323846;
constexpr int kOmctScaleCount = 3;
constexpr int kOmctNominal = 1; // kOmctScales[1] = 1
/// Bumped whenever the signals or the analysis change: part of the disk cache's key.
constexpr const char *kOmctCacheFormat = "hilstation-omct 1";
constexpr qsizetype kOmctCacheFiles = 64; ///< the disk cache keeps the newest this many

using OmctComplex = std::complex<double>;
using OmctVec = std::array<double, 3>;

/// The aircraft's specific-force deviation and body rates, platform frame (as the perception
/// score reads them, perceptionscore.cpp): FRD → (x, −y, −z), the rest force (0, 0, +g) off.
void omctAircraftSignals(const SimFrame &f, OmctVec *force, OmctVec *rate)
{
    const Quaternion q = normalized(f.vehicle.state.pose.orientation);
    const Vector3 fb = rotateInverse(q, f.vehicle.acceleration - Vector3{0, 0, kGravityMps2});
    *force = {fb.x, -fb.y, -fb.z - kGravityMps2};
    const Vector3 w = f.vehicle.angular_velocity;
    *rate = {w.x, -w.y, -w.z};
}

/// One input axis at one frequency and amplitude: the Fourier sums over the measured cycles.
struct OmctRunSums
{
    OmctComplex input;                     ///< the aircraft on the input axis (force or rate)
    std::array<OmctComplex, 6> platform{}; ///< head specific force (0..2), seat rate (3..5)
    std::array<OmctComplex, 6> aircraft{};
};

OmctRunSums omctRunOne(const DryRunOptions &options, int axis, double omega, double scale)
{
    OmctRunSums sums;
    OmctSignal signal(axis, omega, scale);
    DryRunChain chain(options);
    chain.setActuatorsComputed(false); // the test reads forces and rates only
    const double dt = 1.0 / options.model.rateHz;
    const double t1 = double(signal.frames() - 1) / kManeuverRateHz;
    const auto steps = std::size_t(std::floor(t1 / dt)) + 1;
    const double start = signal.measureStartS();
    const double end = start + signal.measureCycles() * 2 * kOmctPi / omega;
    std::size_t next = 0;
    OmctVec airF{}, airW{};
    for (std::size_t k = 0; k < steps; ++k) {
        const double t = double(k) * dt; // held as runDryRun holds its frames
        while (next < signal.frames() && double(next) / kManeuverRateHz <= t + 1e-9) {
            const SimFrame f = signal.next();
            ++next;
            omctAircraftSignals(f, &airF, &airW);
            chain.feed(f);
        }
        const DryRunSample s = chain.step(t);
        if (t < start || t >= end)
            continue;
        const OmctComplex e = std::polar(1.0, -omega * t);
        const auto &head = s.step.headSpecificForce;
        const auto &rate = s.step.seatRateRadps;
        const std::array<double, 6> plat{head[0], head[1], head[2] - kGravityMps2,
                                         rate[0], rate[1], rate[2]};
        const std::array<double, 6> air{airF[0], airF[1], airF[2], airW[0], airW[1], airW[2]};
        for (std::size_t i = 0; i < 6; ++i) {
            sums.platform[i] += plat[i] * e;
            sums.aircraft[i] += air[i] * e;
        }
        sums.input += air[std::size_t(axis)] * e;
    }
    return sums;
}

std::size_t omctJobIndex(int axis, int scale, int f)
{
    return std::size_t((f * 6 + axis) * kOmctScaleCount + scale);
}

} // namespace

OmctResult omctCompute(const DryRunOptions &options, int threads)
{
    // Longest first (the lowest frequencies), so that the cores finish together.
    const std::size_t jobs = std::size_t(kOmctFrequencyCount * 6 * kOmctScaleCount);
    std::vector<OmctRunSums> sums(jobs);
    std::atomic<std::size_t> nextJob{0};
    auto work = [&] {
        for (std::size_t j = nextJob++; j < jobs; j = nextJob++) {
            const int scale = int(j % kOmctScaleCount), axis = int(j / kOmctScaleCount % 6);
            const int f = int(j / kOmctScaleCount / 6);
            sums[j] = omctRunOne(options, axis, kOmctFrequencies[f], kOmctScales[scale]);
        }
    };
    if (threads <= 0)
        threads = int(std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::thread> pool;
    for (int i = 1; i < threads; ++i)
        pool.emplace_back(work);
    work();
    for (std::thread &t : pool)
        t.join();

    OmctResult out;
    for (int t = 0; t < kOmctTestCount; ++t) {
        const OmctTest &test = kOmctTests[t];
        OmctTestResult &r = out.tests[std::size_t(t)];
        // A rotation's cross-coupling into specific force is per rad of the aircraft's angle:
        // the angle's coefficient is the rate's over jω.
        const bool perAngle = test.input >= 3 && test.output < 3;
        for (int f = 0; f < kOmctFrequencyCount; ++f) {
            const double w = kOmctFrequencies[f];
            double gains[kOmctScaleCount] = {};
            for (int s = 0; s < kOmctScaleCount; ++s) {
                const OmctRunSums &rs = sums[omctJobIndex(test.input, s, f)];
                const OmctComplex x = perAngle ? rs.input / OmctComplex(0.0, w) : rs.input;
                const OmctComplex h =
                    std::abs(x) > 0 ? rs.platform[std::size_t(test.output)] / x : OmctComplex();
                gains[s] = std::abs(h);
                if (s == kOmctNominal) {
                    r.points[std::size_t(f)] = {w, std::abs(h), std::arg(h) * 180.0 / kOmctPi};
                    r.aircraftGain[std::size_t(f)] =
                        std::abs(x) > 0 ? std::abs(rs.aircraft[std::size_t(test.output)] / x) : 0.0;
                }
            }
            r.gainHalf[std::size_t(f)] = gains[0];
            r.gainDouble[std::size_t(f)] = gains[2];
        }
    }
    return out;
}

namespace {

// --- the caches -----------------------------------------------------------------------------

/// Everything the result depends on: the signals and analysis (kOmctCacheFormat), the settings as
/// their files write them, and the program that computes it (path, size and time of the
/// executable: any rebuilt code is another key).
QByteArray omctCacheKey(const DryRunOptions &options)
{
    QByteArray key = QByteArray(kOmctCacheFormat) + '\n' + raven::writeCueingFile(options.cueing) +
                     '\n' + platformmodel::writeModelFile(options.model) + '\n';
    // The program's identity, read once (applicationFilePath is not for several threads at once).
    static const QByteArray program = [] {
        if (!QCoreApplication::instance())
            return QByteArray();
        const QFileInfo exe(QCoreApplication::applicationFilePath());
        return exe.absoluteFilePath().toUtf8() + '\n' + QByteArray::number(exe.size()) + '\n' +
               QByteArray::number(exe.lastModified().toMSecsSinceEpoch()) + '\n';
    }();
    key += program;
    return key;
}

QString omctCachePathFor(const QByteArray &key)
{
    if (!QCoreApplication::instance())
        return {};
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    if (dir.isEmpty())
        return {};
    return QDir(dir).filePath(
        QStringLiteral("omct/%1.json")
            .arg(QString::fromLatin1(
                QCryptographicHash::hash(key, QCryptographicHash::Sha256).toHex())));
}

QJsonArray omctDoubles(const double *v, int n)
{
    QJsonArray a;
    for (int i = 0; i < n; ++i)
        a.append(v[i]);
    return a;
}

/// Reads n finite numbers; false on anything else.
bool omctReadDoubles(const QJsonValue &v, double *out, int n)
{
    const QJsonArray a = v.toArray();
    if (a.size() != n)
        return false;
    for (int i = 0; i < n; ++i) {
        if (!a[i].isDouble() || !std::isfinite(a[i].toDouble()))
            return false;
        out[i] = a[i].toDouble();
    }
    return true;
}

/// A file that does not read, is for another key or is damaged in any way is ignored.
bool omctLoadDisk(const QString &path, const QByteArray &key, OmctResult *out)
{
    QFile f(path);
    if (path.isEmpty() || !f.open(QIODevice::ReadOnly))
        return false;
    QJsonParseError err;
    const QJsonObject root = QJsonDocument::fromJson(f.readAll(), &err).object();
    if (err.error != QJsonParseError::NoError ||
        root.value(QStringLiteral("key")).toString().toUtf8() != key)
        return false;
    const QJsonArray tests = root.value(QStringLiteral("tests")).toArray();
    if (tests.size() != kOmctTestCount)
        return false;
    OmctResult r;
    constexpr int n = kOmctFrequencyCount;
    for (int t = 0; t < kOmctTestCount; ++t) {
        const QJsonObject o = tests[t].toObject();
        OmctTestResult &tr = r.tests[std::size_t(t)];
        double gain[n], phase[n];
        if (!omctReadDoubles(o.value(QStringLiteral("gain")), gain, n) ||
            !omctReadDoubles(o.value(QStringLiteral("phase_deg")), phase, n) ||
            !omctReadDoubles(o.value(QStringLiteral("gain_half")), tr.gainHalf.data(), n) ||
            !omctReadDoubles(o.value(QStringLiteral("gain_double")), tr.gainDouble.data(), n) ||
            !omctReadDoubles(o.value(QStringLiteral("aircraft_gain")), tr.aircraftGain.data(), n))
            return false;
        for (int i = 0; i < n; ++i)
            tr.points[std::size_t(i)] = {kOmctFrequencies[i], gain[i], phase[i]};
    }
    *out = r;
    return true;
}

void omctSaveDisk(const QString &path, const QByteArray &key, const OmctResult &r)
{
    if (path.isEmpty() || !QDir().mkpath(QFileInfo(path).absolutePath()))
        return;
    QJsonArray tests;
    constexpr int n = kOmctFrequencyCount;
    for (const OmctTestResult &tr : r.tests) {
        double gain[n], phase[n];
        for (int i = 0; i < n; ++i) {
            gain[i] = tr.points[std::size_t(i)].gain;
            phase[i] = tr.points[std::size_t(i)].phaseDeg;
        }
        tests.append(
            QJsonObject{{QStringLiteral("gain"), omctDoubles(gain, n)},
                        {QStringLiteral("phase_deg"), omctDoubles(phase, n)},
                        {QStringLiteral("gain_half"), omctDoubles(tr.gainHalf.data(), n)},
                        {QStringLiteral("gain_double"), omctDoubles(tr.gainDouble.data(), n)},
                        {QStringLiteral("aircraft_gain"), omctDoubles(tr.aircraftGain.data(), n)}});
    }
    // QJsonDocument writes omctDoubles in their shortest exact form: a cached result reads back
    // to the same bits as a computed one.
    const QByteArray json =
        QJsonDocument(QJsonObject{{QStringLiteral("key"), QString::fromUtf8(key)},
                                  {QStringLiteral("tests"), tests}})
            .toJson(QJsonDocument::Compact);
    QSaveFile f(path); // a cache: a failed write is no error, the next run computes again
    if (f.open(QIODevice::WriteOnly) && f.write(json) == json.size())
        f.commit();
    // Every rebuilt program and every set of settings is a new file: keep the newest ones.
    const QFileInfoList files =
        QDir(QFileInfo(path).absolutePath())
            .entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Time);
    for (qsizetype i = kOmctCacheFiles; i < files.size(); ++i)
        QFile::remove(files[i].absoluteFilePath());
}

double omctRounded(double v, double scale = 1e6)
{
    return std::isfinite(v) ? std::round(v * scale) / scale : 0.0;
}

QJsonValue omctFiniteOrNull(double v, double scale = 1e6)
{
    return std::isfinite(v) ? QJsonValue(omctRounded(v, scale)) : QJsonValue(QJsonValue::Null);
}

/// Sinacori's criteria as revised by Schroeder (NASA TP-1999-208766, 1999): the motion gain and
/// the phase distortion at 1 rad/s, per kind of axis. Boundaries as the criterion is commonly
/// reproduced (docs/perception.md says what could not be checked).
struct OmctBoundary
{
    double minGain, maxPhaseDeg;
};
constexpr OmctBoundary kOmctRotHigh{0.6, 20.0}, kOmctRotMedium{0.2, 40.0};
constexpr OmctBoundary kOmctTransHigh{0.8, 15.0}, kOmctTransMedium{0.4, 30.0};
/// A gain below a millionth of its unit is no response (numerical dust).
constexpr double kOmctDeadGain = 1e-6;

// The last 8 settings asked for, guarded by g_omctMemoryMutex; a result still being computed is
// a future the next caller with the same settings waits on.
using OmctMemoryEntry = std::pair<QByteArray, std::shared_future<OmctResult>>;
QMutex g_omctMemoryMutex;
std::deque<OmctMemoryEntry> g_omctMemory;

} // namespace

QString omctDiskCachePath(const DryRunOptions &options)
{
    return omctCachePathFor(omctCacheKey(options));
}

void omctForgetMemory()
{
    const QMutexLocker lock(&g_omctMemoryMutex);
    g_omctMemory.clear();
}

double omctGainChange(const OmctTestResult &test, int f, int scaleIndex)
{
    const double g = test.points[std::size_t(f)].gain;
    if (!(g > kOmctDeadGain)) // no response: a ratio to it says nothing
        return std::numeric_limits<double>::quiet_NaN();
    const double other =
        scaleIndex == 0 ? test.gainHalf[std::size_t(f)] : test.gainDouble[std::size_t(f)];
    return other / g - 1.0;
}

bool omctNonLinear(const OmctTestResult &test, int f)
{
    for (int s : {0, 2}) {
        const double c = omctGainChange(test, f, s);
        if (std::isfinite(c) && std::fabs(c) > kOmctLinearityTolerance)
            return true;
    }
    // No response at the nominal amplitude but one at another: a dead zone (the wire's
    // resolution swallowing a small cue) is the strongest non-linearity there is.
    const auto i = std::size_t(f);
    return !(test.points[i].gain > kOmctDeadGain) &&
           (test.gainHalf[i] > kOmctDeadGain || test.gainDouble[i] > kOmctDeadGain);
}

const char *omctFidelity(int axis, double gainAt1, double phaseDegAt1)
{
    if (gainAt1 > 1.0)
        return "outside";
    const OmctBoundary high = axis < 3 ? kOmctTransHigh : kOmctRotHigh;
    const OmctBoundary medium = axis < 3 ? kOmctTransMedium : kOmctRotMedium;
    const double phase = std::fabs(phaseDegAt1);
    if (gainAt1 >= high.minGain && phase <= high.maxPhaseDeg)
        return "high";
    if (gainAt1 >= medium.minGain && phase <= medium.maxPhaseDeg)
        return "medium";
    return "low";
}

OmctResult omctRun(const DryRunOptions &options, int threads, bool useDiskCache)
{
    const QByteArray key = omctCacheKey(options);
    std::promise<OmctResult> promise;
    {
        QMutexLocker lock(&g_omctMemoryMutex);
        for (const OmctMemoryEntry &e : g_omctMemory)
            if (e.first == key) {
                const std::shared_future<OmctResult> pending = e.second;
                lock.unlock(); // not while waiting for another thread's computation
                return pending.get();
            }
        g_omctMemory.emplace_back(key, promise.get_future().share());
        if (g_omctMemory.size() > 8) // a report, its tests and the panel ask again
            g_omctMemory.pop_front();
    }
    const QString path = useDiskCache ? omctCachePathFor(key) : QString();
    OmctResult r;
    if (!omctLoadDisk(path, key, &r)) {
        r = omctCompute(options, threads);
        omctSaveDisk(path, key, r);
    }
    promise.set_value(r);
    return r;
}

QJsonObject omctTestDescription(const OmctTest &test)
{
    const bool direct = test.input == test.output;
    const QString unit = direct            ? QStringLiteral("1")
                         : test.output < 3 ? QStringLiteral("(m/s2)/rad")
                                           : QStringLiteral("(rad/s)/(m/s2)");
    return QJsonObject{{QStringLiteral("input"), QLatin1String(kOmctAxisNames[test.input])},
                       {QStringLiteral("output"), QLatin1String(kOmctAxisNames[test.output])},
                       {QStringLiteral("kind"),
                        direct ? QStringLiteral("direct") : QStringLiteral("cross_coupling")},
                       {QStringLiteral("gain_unit"), unit}};
}

QJsonObject omctJson(const OmctResult &result, const DryRunOptions &options)
{
    QJsonObject tests;
    QJsonArray nonLinear;
    constexpr int k1RadPerS = 5; // kOmctFrequencies[5] = 1.0
    QJsonObject fidelity;
    for (int t = 0; t < kOmctTestCount; ++t) {
        const OmctTest &test = kOmctTests[t];
        const OmctTestResult &r = result.tests[std::size_t(t)];
        const bool direct = test.input == test.output;
        QJsonArray points;
        for (int f = 0; f < kOmctFrequencyCount; ++f) {
            const OmctPoint &p = r.points[std::size_t(f)];
            const bool flagged = omctNonLinear(r, f);
            QJsonObject o{
                {QStringLiteral("omega_radps"), p.omegaRadps},
                {QStringLiteral("gain"), omctRounded(p.gain)},
                // The phase of no response is no number.
                {QStringLiteral("phase_deg"),
                 omctFiniteOrNull(p.gain > kOmctDeadGain ? p.phaseDeg
                                                         : std::numeric_limits<double>::quiet_NaN(),
                                  1e3)},
                {QStringLiteral("gain_half_amplitude"), omctRounded(r.gainHalf[std::size_t(f)])},
                {QStringLiteral("gain_double_amplitude"),
                 omctRounded(r.gainDouble[std::size_t(f)])},
                {QStringLiteral("gain_change_half"), omctFiniteOrNull(omctGainChange(r, f, 0))},
                {QStringLiteral("gain_change_double"), omctFiniteOrNull(omctGainChange(r, f, 2))},
                {QStringLiteral("nonlinear"), flagged}};
            if (!direct)
                o.insert(QStringLiteral("aircraft_gain"),
                         omctRounded(r.aircraftGain[std::size_t(f)]));
            points.append(o);
            if (flagged)
                nonLinear.append(QJsonObject{
                    {QStringLiteral("test"), QLatin1String(test.name)},
                    {QStringLiteral("omega_radps"), p.omegaRadps},
                    {QStringLiteral("gain_change_half"), omctFiniteOrNull(omctGainChange(r, f, 0))},
                    {QStringLiteral("gain_change_double"),
                     omctFiniteOrNull(omctGainChange(r, f, 2))}});
        }
        QJsonObject o = omctTestDescription(test);
        o.insert(QStringLiteral("points"), points);
        if (direct) {
            const OmctPoint &p = r.points[k1RadPerS];
            const QJsonObject c{
                {QStringLiteral("gain"), omctRounded(p.gain)},
                {QStringLiteral("phase_distortion_deg"), omctRounded(std::fabs(p.phaseDeg), 1e3)},
                {QStringLiteral("class"),
                 QLatin1String(omctFidelity(test.input, p.gain, p.phaseDeg))}};
            o.insert(QStringLiteral("fidelity_at_1_radps"), c);
            fidelity.insert(QLatin1String(test.name), c.value(QStringLiteral("class")));
        }
        tests.insert(QLatin1String(test.name), o);
    }
    QJsonArray freqs, scales;
    for (double w : kOmctFrequencies)
        freqs.append(w);
    for (double s : kOmctScales)
        scales.append(s);
    const Vector3 &h = options.model.geometry.headM;
    auto boundary = [](const OmctBoundary &b) {
        return QJsonObject{{QStringLiteral("min_gain"), b.minGain},
                           {QStringLiteral("max_gain"), 1.0},
                           {QStringLiteral("max_phase_distortion_deg"), b.maxPhaseDeg}};
    };
    return QJsonObject{
        {QStringLiteral("kind"), QStringLiteral("prediction")},
        {QStringLiteral("note"),
         QStringLiteral(
             "The Objective Motion Cueing Test run on the platform MODEL (the cueing, the wire "
             "encoding and the assumed washout and geometry): a prediction of what the test "
             "would measure on the platform, not a measurement. Test design as ICAO 9625 "
             "(4th ed., 2015) adopted it, after Hosman & Advani (Aeronautical Journal 120, 2016) "
             "and Stroosma et al. (AIAA 2013-4834); the input amplitudes are ours, not ICAO's "
             "table.")},
        {QStringLiteral("frequencies_radps"), freqs},
        {QStringLiteral("input_amplitudes"),
         QStringLiteral("surge, sway, heave: 1 m/s2 of specific force; roll, pitch, yaw: an "
                        "angle of min(5 deg, (10 deg/s)/omega)")},
        {QStringLiteral("response_at"), QStringLiteral("head")},
        {QStringLiteral("head_m"), QJsonArray{h.x, h.y, h.z}},
        {QStringLiteral("head_assumption"), options.modelFile.isEmpty()},
        {QStringLiteral("tests"), tests},
        {QStringLiteral("linearity"),
         QJsonObject{{QStringLiteral("amplitude_scales"), scales},
                     {QStringLiteral("tolerance"), kOmctLinearityTolerance},
                     {QStringLiteral("linear"), nonLinear.isEmpty()},
                     {QStringLiteral("nonlinear_points"), nonLinear}}},
        {QStringLiteral("fidelity_at_1_radps"), fidelity},
        {QStringLiteral("criterion"),
         QJsonObject{
             {QStringLiteral("name"),
              QStringLiteral("Sinacori motion fidelity criteria, as revised by Schroeder")},
             {QStringLiteral("source"),
              QStringLiteral("J. A. Schroeder, Helicopter Flight Simulation Motion Platform "
                             "Requirements, NASA/TP-1999-208766, July 1999 (the revised "
                             "rotational and translational criteria)")},
             {QStringLiteral("measure"),
              QStringLiteral("the direct test's gain and |phase| at 1 rad/s; a gain above 1 "
                             "is off the chart (outside)")},
             {QStringLiteral("rotational"),
              QJsonObject{{QStringLiteral("high"), boundary(kOmctRotHigh)},
                          {QStringLiteral("medium"), boundary(kOmctRotMedium)}}},
             {QStringLiteral("translational"),
              QJsonObject{{QStringLiteral("high"), boundary(kOmctTransHigh)},
                          {QStringLiteral("medium"), boundary(kOmctTransMedium)}}}}}};
}

} // namespace hil::dryrun
