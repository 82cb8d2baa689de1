#include "dryrun/dryruninput.h"
#include "dryrun/maneuvers.h"
#include "session/platformcsv.h"
#include "session/replaysource.h"
#include "session/sessionformat.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <cmath>

namespace hil::dryrun {

namespace {

double medianRate(const std::vector<double> &t)
{
    if (t.size() < 2)
        return 0;
    std::vector<double> d;
    d.reserve(t.size() - 1);
    for (std::size_t i = 1; i < t.size(); ++i)
        if (t[i] > t[i - 1])
            d.push_back(t[i] - t[i - 1]);
    if (d.empty())
        return 0;
    std::nth_element(d.begin(), d.begin() + std::ptrdiff_t(d.size() / 2), d.end());
    return 1.0 / d[d.size() / 2];
}

constexpr int kModeCueing = 3;

// platform.csv rows with a pose, while the platform said CUEING. Unreadable rows are counted.
void readPlatformCsv(const QString &path, const ReplaySource &src, DryRunInput *in)
{
    const PlatformCsv csv = loadPlatformCsv(path);
    if (!csv.present)
        return;
    in->hasPlatformCsv = true;
    if (!csv.readable) {
        in->platformRowsSkipped = -1; // a header this program does not know
        return;
    }
    in->platformRowsSkipped = csv.skippedRows;
    for (const PlatformReply &r : csv.rows) {
        // A reply without a pose (a mode echo) is not a row to compare.
        if (r.mode != kModeCueing || !r.hasPose())
            continue;
        // Host clock → the frames' time (NaN: before the first frame, after the last, or no
        // host_time_s in this state.csv).
        ReportedPose p;
        p.dof = r.dof;
        p.timeS = src.mediaTimeOfHost(r.timeS);
        if (std::isnan(p.timeS)) {
            ++in->platformRowsOutside;
            continue;
        }
        in->reported.push_back(p);
    }
}

} // namespace

bool DryRunInput::load(const QString &spec, QString *error, Error *kind)
{
    *this = DryRunInput();
    source = spec;
    *kind = Error::None;
    if (spec.startsWith(QLatin1String("maneuver:"))) {
        const QString name = spec.mid(9);
        this->kind = Kind::Maneuver;
        if (!makeManeuver(name, &frames)) {
            *kind = Error::Arguments;
            *error = QStringLiteral("unknown manoeuvre '%1' (known: %2)")
                         .arg(name, maneuverNames().join(QStringLiteral(", ")));
            return false;
        }
        timesS.reserve(frames.size());
        for (const SimFrame &f : frames)
            timesS.push_back(f.physicsTimeS);
        medianRateHz = medianRate(timesS);
        return true;
    }
    const QFileInfo fi(spec);
    if (!fi.exists()) {
        *kind = Error::Missing;
        *error = QStringLiteral("%1: no such file or folder").arg(spec);
        return false;
    }
    ReplaySource src;
    QString why;
    ReplayOpenControl control;
    control.keepHostTimes = fi.isDir(); // a session: its platform.csv is placed by host time
    if (!src.open(spec, &why, control)) {
        *kind = Error::Missing;
        *error = why.contains(spec) ? why : QStringLiteral("%1: %2").arg(spec, why);
        return false;
    }
    this->kind = fi.isDir()                               ? Kind::Session
                 : src.kind() == ReplaySource::Kind::Tlog ? Kind::Tlog
                                                          : Kind::StateCsv;
    skippedRows = src.skipped();
    frames.reserve(std::size_t(src.size()));
    timesS.reserve(std::size_t(src.size()));
    // The replay reads a short row (a torn write) with its missing columns at their defaults; a
    // dry run must not: zero acceleration where the recording had some is a wrong cue. A state.csv
    // row needs all its header's columns.
    const bool csv = src.kind() == ReplaySource::Kind::StateCsv;
    const qsizetype columns = csv ? qsizetype(splitCsv(src.header()).size()) : 0;
    for (int i = 0; i < src.size(); ++i) {
        SimFrame f;
        if ((csv && qsizetype(splitCsv(src.rowText(i)).size()) < columns) || !src.frameAt(i, &f)) {
            ++skippedRows; // torn, changed under us, or a bad CRC: counted like a bad row
            continue;
        }
        frames.push_back(f);
        timesS.push_back(src.timeAt(i));
    }
    if (frames.empty()) {
        *kind = Error::Missing;
        *error =
            QStringLiteral("%1: no readable frame (%2 rows skipped)").arg(spec).arg(skippedRows);
        return false;
    }
    medianRateHz = medianRate(timesS);
    if (this->kind == Kind::Session) {
        platformAligned = src.hasHostTimes();
        readPlatformCsv(QDir(spec).filePath(QStringLiteral("platform.csv")), src, this);
        CuesCsv cues = loadCuesCsv(QDir(spec).filePath(QStringLiteral("cues.csv")));
        hasCuesCsv = cues.present && cues.readable;
        cueRowsSkipped = cues.skippedRows;
        sentCues = std::move(cues.rows);
    }
    return true;
}

QString DryRunInput::displayName() const
{
    if (kind == Kind::Maneuver)
        return source.section(QLatin1Char(':'), 1);
    const QFileInfo f(QDir::cleanPath(source));
    // Every session's file is called state.csv: its folder says which session it was.
    if (kind == Kind::StateCsv && f.fileName() == QLatin1String("state.csv"))
        return f.dir().dirName() + QLatin1Char('/') + f.fileName();
    return f.fileName();
}

} // namespace hil::dryrun
