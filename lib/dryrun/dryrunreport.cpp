#include "dryrun/dryrunreport.h"
#include "dryrun/omct.h"
#include "dryrun/perceptionscore.h"
#include "platformmodel/modelfile.h"
#include "raven/cueingfile.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <charconv>
#include <cmath>

namespace hil::dryrun {

namespace {

const char *const kDof[6] = {"surge", "sway", "heave", "roll", "pitch", "yaw"};
const char *const kCueNames[raven::AxisCount] = {"surge", "sway", "heave",      "roll",
                                                 "pitch", "yaw",  "roll_angle", "pitch_angle"};
constexpr double kWarnBelowRateFraction = 0.5; ///< input rate below half the model rate: warn

void appendFixed(QByteArray &out, double v, int decimals = 6)
{
    char buf[48];
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, decimals);
    out.append(buf, qsizetype(r.ptr - buf));
}

// A value for JSON: rounded to a stated precision so that report.json does not depend on the
// last bit of a sum (it does not, run to run, but six decimals are what the numbers are worth).
double rounded(double v, double scale = 1e6)
{
    return std::isfinite(v) ? std::round(v * scale) / scale : 0.0;
}

double sampleValue(const DryRunSample &s, int index, bool actuator, bool demanded)
{
    if (actuator)
        return s.step.actuatorM[std::size_t(index)];
    const platformmodel::Pose &p = demanded ? s.step.demanded : s.step.pose;
    const double v[6] = {p.surgeM, p.swayM, p.heaveM, p.rollRad, p.pitchRad, p.yawRad};
    return v[index];
}

QJsonArray hitsJson(const std::vector<LimitHit> &hits)
{
    QJsonArray a;
    for (const LimitHit &h : hits)
        a.append(QJsonObject{{QStringLiteral("start_s"), rounded(h.startS)},
                             {QStringLiteral("end_s"), rounded(h.endS)},
                             {QStringLiteral("peak"), rounded(h.peak)}});
    return a;
}

double timeInLimit(const std::vector<LimitHit> &hits, double dt)
{
    double t = 0;
    for (const LimitHit &h : hits)
        t += h.endS - h.startS + dt;
    return t;
}

} // namespace

std::vector<LimitHit> limitHits(const DryRunResult &result, int index, bool actuator)
{
    std::vector<LimitHit> hits;
    bool in = false;
    for (const DryRunSample &s : result.samples) {
        const bool at = actuator ? s.step.actuatorAtLimit[std::size_t(index)]
                                 : s.step.dofAtLimit[std::size_t(index)];
        const double v = std::fabs(sampleValue(s, index, actuator, !actuator));
        if (at && !in)
            hits.push_back({s.timeS, s.timeS, v});
        if (at) {
            hits.back().endS = s.timeS;
            hits.back().peak = std::max(hits.back().peak, v);
        }
        in = at;
    }
    return hits;
}

QJsonObject buildReport(const DryRunInput &input, const DryRunOptions &options,
                        const DryRunResult &result)
{
    const auto &samples = result.samples;
    const double dt = 1.0 / options.model.rateHz;
    const char *const kinds[4] = {"session", "state_csv", "tlog", "maneuver"};
    QJsonObject in{{QStringLiteral("kind"), QLatin1String(kinds[int(input.kind)])},
                   {QStringLiteral("source"), input.source},
                   {QStringLiteral("frames"), qint64(input.frames.size())},
                   {QStringLiteral("skipped_rows"), input.skippedRows},
                   {QStringLiteral("duration_s"),
                    rounded(input.timesS.empty() ? 0 : input.timesS.back() - input.timesS.front())},
                   {QStringLiteral("median_rate_hz"), rounded(input.medianRateHz, 1e3)},
                   {QStringLiteral("platform_csv"), input.hasPlatformCsv},
                   {QStringLiteral("cues_csv"), input.hasCuesCsv}};
    if (input.hasCuesCsv)
        in.insert(QStringLiteral("cue_frames"), qint64(input.sentCues.size()));
    if (input.medianRateHz < kWarnBelowRateFraction * options.model.rateHz)
        in.insert(QStringLiteral("rate_warning"),
                  QStringLiteral("the input has %1 Hz of motion, far below the %2 Hz the cueing "
                                 "and the model run at: onsets are smeared and short events lost")
                      .arg(input.medianRateHz, 0, 'f', 1)
                      .arg(options.model.rateHz, 0, 'f', 0));
    if (input.skippedRows > 0)
        in.insert(QStringLiteral("skipped_warning"),
                  QStringLiteral("%1 rows or records could not be read and were skipped")
                      .arg(input.skippedRows));

    const platformmodel::Envelope &env = options.model.envelope;
    QJsonObject axes;
    int totalHits = 0;
    for (int d = 0; d < 6; ++d) {
        double cueMin = 0, cueMax = 0, dofMin = 0, dofMax = 0;
        bool first = true;
        for (const DryRunSample &s : samples) {
            const double c = s.cue[std::size_t(d)], p = sampleValue(s, d, false, false);
            cueMin = first ? c : std::min(cueMin, c);
            cueMax = first ? c : std::max(cueMax, c);
            dofMin = first ? p : std::min(dofMin, p);
            dofMax = first ? p : std::max(dofMax, p);
            first = false;
        }
        const std::vector<LimitHit> hits = limitHits(result, d, false);
        totalHits += int(hits.size());
        const bool linear = d < 3;
        QJsonObject axis{
            {QStringLiteral("cue_min"), rounded(cueMin)},
            {QStringLiteral("cue_max"), rounded(cueMax)},
            {QStringLiteral("cue_unit"),
             linear ? QStringLiteral("m/s2") : QStringLiteral("rad/s2")},
            {QStringLiteral("dof_min"), rounded(dofMin)},
            {QStringLiteral("dof_max"), rounded(dofMax)},
            {QStringLiteral("envelope_min"), rounded(env.dofMin[std::size_t(d)])},
            {QStringLiteral("envelope_max"), rounded(env.dofMax[std::size_t(d)])},
            {QStringLiteral("dof_unit"), linear ? QStringLiteral("m") : QStringLiteral("rad")},
            {QStringLiteral("time_in_limit_s"), rounded(timeInLimit(hits, dt))},
            {QStringLiteral("limit_hits"), hitsJson(hits)}};
        if (d == 3 || d == 4) { // the tilt the cue asks for (frames 21/85)
            const int a = d == 3 ? raven::AxRollAngle : raven::AxPitchAngle;
            double lo = 0, hi = 0;
            for (const DryRunSample &s : samples) {
                lo = std::min(lo, s.cue[std::size_t(a)]);
                hi = std::max(hi, s.cue[std::size_t(a)]);
            }
            axis.insert(QStringLiteral("angle_cue_min_rad"), rounded(lo));
            axis.insert(QStringLiteral("angle_cue_max_rad"), rounded(hi));
        }
        if (!input.reported.empty() && !samples.empty()) {
            // The model against the platform's own reported pose, at each report's time.
            double sum = 0;
            qint64 n = 0, outside = 0;
            for (const ReportedPose &rp : input.reported) {
                const double k = std::round((rp.timeS - samples.front().timeS) / dt);
                if (k < 0 || k >= double(samples.size())) {
                    ++outside; // placed on the recording, but beyond the run's samples
                    continue;
                }
                const double e =
                    sampleValue(samples[std::size_t(k)], d, false, false) - rp.dof[std::size_t(d)];
                sum += e * e;
                ++n;
            }
            axis.insert(QStringLiteral("model_vs_platform"),
                        QJsonObject{{QStringLiteral("rms_error"),
                                     rounded(n > 0 ? std::sqrt(sum / double(n)) : 0.0)},
                                    {QStringLiteral("samples"), n},
                                    {QStringLiteral("skipped"), outside}});
        }
        axes.insert(QLatin1String(kDof[d]), axis);
    }
    QJsonArray actuators;
    for (int a = 0; a < 6; ++a) {
        double lo = 0, hi = 0;
        bool first = true;
        for (const DryRunSample &s : samples) {
            const double v = s.step.actuatorM[std::size_t(a)];
            lo = first ? v : std::min(lo, v);
            hi = first ? v : std::max(hi, v);
            first = false;
        }
        const std::vector<LimitHit> hits = limitHits(result, a, true);
        totalHits += int(hits.size());
        actuators.append(
            QJsonObject{{QStringLiteral("index"), a},
                        {QStringLiteral("length_min_m"), rounded(lo)},
                        {QStringLiteral("length_max_m"), rounded(hi)},
                        {QStringLiteral("stroke_min_m"), rounded(env.actuatorMinM)},
                        {QStringLiteral("stroke_max_m"), rounded(env.actuatorMaxM)},
                        {QStringLiteral("time_in_limit_s"), rounded(timeInLimit(hits, dt))},
                        {QStringLiteral("limit_hits"), hitsJson(hits)}});
    }
    QJsonObject cueingJson =
        QJsonDocument::fromJson(raven::writeCueingFile(options.cueing)).object();
    QJsonObject modelJson =
        QJsonDocument::fromJson(platformmodel::writeModelFile(options.model)).object();
    QJsonObject report{
        {QStringLiteral("format"), QStringLiteral("hilstation-dry-run")},
        {QStringLiteral("version"), 1},
        {QStringLiteral("input"), in},
        {QStringLiteral("cueing"),
         QJsonObject{
             {QStringLiteral("file"), options.cueingFile.isEmpty()
                                          ? QJsonValue(QJsonValue::Null)
                                          : QJsonValue(QFileInfo(options.cueingFile).fileName())},
             {QStringLiteral("settings"), cueingJson}}},
        {QStringLiteral("platform_model"),
         QJsonObject{
             {QStringLiteral("file"), options.modelFile.isEmpty()
                                          ? QJsonValue(QJsonValue::Null)
                                          : QJsonValue(QFileInfo(options.modelFile).fileName())},
             {QStringLiteral("assumptions"), options.modelFile.isEmpty()},
             {QStringLiteral("identified"),
              options.model.origin.identified()
                  ? QJsonValue(QJsonObject{
                        {QStringLiteral("utc"), options.model.origin.identifiedUtc},
                        {QStringLiteral("sessions"),
                         QJsonArray::fromStringList(options.model.origin.sessions)},
                        {QStringLiteral("validated_on"), options.model.origin.validatedOn}})
                  : QJsonValue(QJsonValue::Null)},
             {QStringLiteral("note"),
              QStringLiteral(
                  "A classical-washout model of the platform, not Iris' Mantis controller. Iris "
                  "publishes neither its geometry nor its actuator stroke: actuator limit hits "
                  "depend on the geometry and stroke assumed here%1. On real equipment, check the "
                  "model against the platform's own reported pose (model_vs_platform, from a "
                  "session with platform.csv). The rider's head, where the OMCT takes the "
                  "platform's response, is assumed too (geometry.head_x_m, head_y_m, head_z_m).")
                  .arg(options.modelFile.isEmpty() ? QStringLiteral(" (the defaults)")
                                                   : QStringLiteral(" (the model file)"))},
             {QStringLiteral("config"), modelJson}}},
        {QStringLiteral("model_rate_hz"), options.model.rateHz},
        {QStringLiteral("samples"), qint64(samples.size())},
        {QStringLiteral("protocol_clamps"), qint64(result.protocolClamps)},
        {QStringLiteral("axes"), axes},
        {QStringLiteral("actuators"), actuators},
        {QStringLiteral("limit_hits_total"), totalHits}};
    if (input.hasPlatformCsv) {
        // How the platform's own poses met the model: every CUEING row of platform.csv is either
        // compared (each axis's model_vs_platform.samples), outside the recording, or unreadable.
        report.insert(
            QStringLiteral("platform_rows"),
            QJsonObject{
                {QStringLiteral("cueing_rows"),
                 qint64(input.reported.size()) + input.platformRowsOutside},
                {QStringLiteral("placed"), qint64(input.reported.size())},
                {QStringLiteral("outside_the_recording"), input.platformRowsOutside},
                {QStringLiteral("unreadable"), std::max<qint64>(0, input.platformRowsSkipped)},
                {QStringLiteral("aligned_on"),
                 input.platformAligned
                     ? QStringLiteral("host_time_s")
                     : QStringLiteral("nothing: state.csv has no rising host_time_s, so no "
                                      "platform row can be placed")}});
    }
    // What the rider would feel (docs/perception.md): the score of this run and the OMCT's
    // prediction for these settings (its own short runs, remembered per settings).
    QJsonObject perception =
        perceptionJson(scorePerception(input, result, options.model.rateHz), {});
    perception.insert(QStringLiteral("omct"), omctJson(omctRun(options), options));
    report.insert(QStringLiteral("perception"), perception);
    return report;
}

QByteArray dryRunCsvHeader()
{
    QByteArray h("time_s");
    for (const char *c : kCueNames)
        h.append(",cue/").append(c);
    for (const char *d : kDof)
        h.append(",demanded/").append(d);
    for (const char *d : kDof)
        h.append(",pose/").append(d);
    for (int a = 0; a < 6; ++a)
        h.append(",actuator_m/").append(QByteArray::number(a));
    for (const char *d : kDof)
        h.append(",limit/").append(d);
    for (int a = 0; a < 6; ++a)
        h.append(",actuator_limit/").append(QByteArray::number(a));
    return h.append('\n');
}

bool writeDryRunFiles(const QString &dir, const DryRunInput &input, const DryRunOptions &options,
                      const DryRunResult &result, QString *error)
{
    if (!QDir().mkpath(dir)) {
        *error = QStringLiteral("%1: cannot make the folder").arg(dir);
        return false;
    }
    auto save = [&](const QString &name, const std::function<bool(QSaveFile &)> &fill) {
        QSaveFile f(QDir(dir).filePath(name));
        if (!f.open(QIODevice::WriteOnly) || !fill(f) || !f.commit()) {
            *error = QStringLiteral("%1: %2").arg(f.fileName(), f.errorString());
            return false;
        }
        return true;
    };
    const QByteArray json =
        QJsonDocument(buildReport(input, options, result)).toJson(QJsonDocument::Indented);
    if (!save(QStringLiteral("report.json"),
              [&](QSaveFile &f) { return f.write(json) == json.size(); }))
        return false;
    return save(QStringLiteral("dryrun.csv"), [&](QSaveFile &f) {
        QByteArray out = dryRunCsvHeader();
        for (const DryRunSample &s : result.samples) {
            appendFixed(out, s.timeS);
            for (double c : s.cue) {
                out.append(',');
                appendFixed(out, c);
            }
            for (bool demanded : {true, false})
                for (int d = 0; d < 6; ++d) {
                    out.append(',');
                    appendFixed(out, sampleValue(s, d, false, demanded));
                }
            for (double a : s.step.actuatorM) {
                out.append(',');
                appendFixed(out, a);
            }
            for (bool b : s.step.dofAtLimit)
                out.append(b ? ",1" : ",0");
            for (bool b : s.step.actuatorAtLimit)
                out.append(b ? ",1" : ",0");
            out.append('\n');
            if (out.size() > (1 << 20)) { // in 1 MB pieces: an hour is ~200 MB
                if (f.write(out) != out.size())
                    return false;
                out.clear();
            }
        }
        return f.write(out) == out.size();
    });
}

} // namespace hil::dryrun
