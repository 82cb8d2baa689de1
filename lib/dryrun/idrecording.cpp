// The identification's input (identify.h, IdRecording): a session folder's cues.csv and
// platform.csv put on one grid and one clock. File reading plus pure computation; any thread.
#include "dryrun/identify.h"

#include "session/cuescsv.h"
#include "session/platformcsv.h"

#include <QDir>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace hil::dryrun {

using platformmodel::FrameCommand;

namespace {
namespace recording {

constexpr int kCueingMode = 3;
/// A pose later than this after the last cue was not produced by a cue in force: the link had
/// stopped sending (a STOP's park, a gap in the recording).
constexpr double kMaxCueAgeS = 0.25;
constexpr double kInf = std::numeric_limits<double>::infinity();

FrameCommand commandOf(const SentCue &c)
{
    FrameCommand f = platformmodel::neutralCommand(c.messageId);
    auto si = [&](int i) {
        return std::isfinite(c.si[std::size_t(i)]) ? c.si[std::size_t(i)] : 0.0;
    };
    for (int i = 0; i < 3; ++i) {
        f.accelMps2[std::size_t(i)] = si(i);
        f.angAccelRadps2[std::size_t(i)] = si(3 + i);
    }
    if (c.messageId != 5) {
        f.rollAngleRad = si(6);
        f.pitchAngleRad = si(7);
    }
    if (c.messageId == 85 && std::isfinite(c.si[8]))
        f.gravityMps2 = c.si[8];
    return f;
}

} // namespace recording
} // namespace

using namespace recording;

void placePlatformClock(const std::vector<PlatformReply> &rows, std::vector<double> *hostOf)
{
    hostOf->assign(rows.size(), std::numeric_limits<double>::quiet_NaN());
    std::vector<std::size_t> idx;
    std::vector<double> platformS;
    double wraps = 0, last = -1;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (!rows[i].hasPlatformTime)
            continue;
        const double us = double(rows[i].platformTimeUs);
        if (last >= 0 && us + 2147483648.0 < last)
            wraps += 4294967296.0; // the 32-bit µs counter wrapped (~71.6 min)
        last = us;
        idx.push_back(i);
        platformS.push_back((us + wraps) * 1e-6);
    }
    if (idx.size() < 20)
        return;
    std::vector<double> wt, wd; // window mid host time, minimum host − platform
    std::size_t k = 0;
    while (k < idx.size()) {
        const double t0 = rows[idx[k]].timeS;
        double dmin = std::numeric_limits<double>::infinity(), tsum = 0;
        std::size_t n = 0;
        for (; k < idx.size() && rows[idx[k]].timeS < t0 + 10.0; ++k, ++n) {
            dmin = std::min(dmin, rows[idx[k]].timeS - platformS[k]);
            tsum += rows[idx[k]].timeS;
        }
        wt.push_back(tsum / double(n));
        wd.push_back(dmin);
    }
    double a = wd[0], b = 0;
    if (wt.size() >= 2) {
        const double mt = std::accumulate(wt.begin(), wt.end(), 0.0) / double(wt.size());
        const double md = std::accumulate(wd.begin(), wd.end(), 0.0) / double(wd.size());
        double sxy = 0, sxx = 0;
        for (std::size_t i = 0; i < wt.size(); ++i) {
            sxy += (wt[i] - mt) * (wd[i] - md);
            sxx += (wt[i] - mt) * (wt[i] - mt);
        }
        b = sxx > 0 ? sxy / sxx : 0;
        a = md - b * mt;
        // The line through the minima can still sit above a window's minimum: lower it so that
        // no arrival comes before its own sending.
        double over = 0;
        for (std::size_t i = 0; i < wt.size(); ++i)
            over = std::max(over, a + b * wt[i] - wd[i]);
        a -= over;
    }
    for (std::size_t j = 0; j < idx.size(); ++j)
        (*hostOf)[idx[j]] = platformS[j] + a + b * rows[idx[j]].timeS;
}

bool loadIdRecording(const QString &sessionDir, double rateHz, IdRecording *out, QString *error)
{
    *out = IdRecording();
    out->source = sessionDir;
    out->dt = 1.0 / rateHz;
    const QDir dir(sessionDir);
    if (!dir.exists()) {
        *error = QStringLiteral("%1: no such session folder").arg(sessionDir);
        return false;
    }
    const CuesCsv cues = loadCuesCsv(dir.filePath(QStringLiteral("cues.csv")));
    out->cueRowsSkipped = cues.skippedRows;
    if (cues.present && cues.readable && cues.rows.empty() && cues.skippedRows > 0) {
        *error = QStringLiteral("%1: cues.csv has no readable row (%2 malformed): the file is "
                                "damaged or not one this program wrote")
                     .arg(sessionDir)
                     .arg(cues.skippedRows);
        return false;
    }
    if (!cues.present || !cues.readable || cues.rows.empty()) {
        *error = QStringLiteral("%1: no cues as sent (cues.csv missing or empty): the session was "
                                "recorded without a platform link, or before the program "
                                "recorded its cues")
                     .arg(sessionDir);
        return false;
    }
    const PlatformCsv platform = loadPlatformCsv(dir.filePath(QStringLiteral("platform.csv")));
    out->platformRowsSkipped = platform.skippedRows;
    out->platformRows = qint64(platform.rows.size());
    if (!platform.present || !platform.readable) {
        *error = QStringLiteral("%1: no platform.csv with poses: nothing says what the platform "
                                "did")
                     .arg(sessionDir);
        return false;
    }

    // The cues on the grid, each held until the next (the platform holds the last frame).
    std::vector<SentCue> rows = cues.rows;
    std::stable_sort(rows.begin(), rows.end(),
                     [](const SentCue &a, const SentCue &b) { return a.timeS < b.timeS; });
    out->cueRows = qint64(rows.size());
    out->startS = rows.front().timeS;
    const double endS = rows.back().timeS;
    const std::size_t steps = std::size_t(std::floor((endS - out->startS) / out->dt)) + 1;
    out->commands.resize(steps);
    std::vector<double> lastCueAt(steps);
    std::size_t c = 0;
    for (std::size_t i = 0; i < steps; ++i) {
        const double t = out->startS + double(i) * out->dt;
        while (c + 1 < rows.size() && rows[c + 1].timeS <= t + 1e-12)
            ++c;
        out->commands[i] = commandOf(rows[c]);
        lastCueAt[i] = rows[c].timeS;
    }

    std::vector<double> onPlatformClock;
    placePlatformClock(platform.rows, &onPlatformClock);
    struct Timed
    {
        double t;
        std::array<double, 6> dof;
        bool platformClock;
    };
    std::vector<Timed> poses;
    for (std::size_t i = 0; i < platform.rows.size(); ++i) {
        const PlatformReply &p = platform.rows[i];
        if (p.mode != kCueingMode || !p.hasPose())
            continue;
        const bool clock = std::isfinite(onPlatformClock[i]);
        const double t = (clock ? onPlatformClock[i] : p.timeS) - out->startS;
        const double u = t / out->dt;
        if (!(u >= 0) || u >= double(steps) ||
            t + out->startS - lastCueAt[std::size_t(u)] > kMaxCueAgeS) {
            ++out->posesOutside;
            continue;
        }
        poses.push_back({t, p.dof, clock});
    }
    std::stable_sort(poses.begin(), poses.end(),
                     [](const Timed &a, const Timed &b) { return a.t < b.t; });
    for (const Timed &p : poses) {
        out->poseT.push_back(p.t);
        out->pose.push_back(p.dof);
        out->onPlatformClock.push_back(p.platformClock ? 1 : 0);
        out->posesOnPlatformClock += p.platformClock ? 1 : 0;
    }
    if (out->poseT.empty()) {
        *error = QStringLiteral("%1: no pose the platform reported in CUEING while cues were "
                                "sent (%2 replies read)")
                     .arg(sessionDir)
                     .arg(out->platformRows);
        return false;
    }
    return true;
}

} // namespace hil::dryrun
