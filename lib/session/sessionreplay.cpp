#include "session/sessionreplay.h"
#include "core/post.h"
#include "model/clock.h"
#include "session/logging.h"
#include "session/sessionformat.h"

#include <QFileInfo>
#include <QSaveFile>
#include <QTimer>
#include <algorithm>
#include <cmath>

namespace hil {

namespace {
constexpr int kMaxBurst = 256;
constexpr qint64 kEarlyNs = 500'000;
constexpr qint64 kStallNs = 100'000'000; // later than this: re-anchor rather than catch up // emit
                                         // a frame due within 0.5 ms now (timer granularity 1 ms)
constexpr qint64 kProgressNs = 50'000'000; // load / export progress: at most 20 Hz
constexpr double kIndexShare = 0.05;       // of an export's progress: reading the index
constexpr int kRowsPerCheck = 4096;        // export: progress and cancel every this many rows
} // namespace

SessionReplay::SessionReplay(const QString &path, QObject *parent)
    : Worker(QStringLiteral("replay"), parent), m_initialPath(path)
{
    qRegisterMetaType<hil::SimFrame>();
    qRegisterMetaType<hil::PilotControls>();
}

SessionReplay::~SessionReplay() = default;

bool SessionReplay::open(QString *error)
{
    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    m_timer->setTimerType(Qt::PreciseTimer);
    connect(m_timer, &QTimer::timeout, this, &SessionReplay::tick);
    if (!m_initialPath.isEmpty() && !load(m_initialPath)) {
        *error = QStringLiteral("replay: cannot load %1").arg(m_initialPath);
        return false;
    }
    return true;
}

void SessionReplay::close()
{
    setPlaying(false);
    delete m_timer;
    m_timer = nullptr;
    m_source.reset();
}

QJsonObject SessionReplay::collectCounters() const
{
    QJsonObject o{{"frames_emitted", static_cast<qint64>(m_emitted)},
                  {"frames_unreadable", static_cast<qint64>(m_unreadable)},
                  {"pilot_samples_emitted", static_cast<qint64>(m_pilotEmitted)},
                  {"seeks", static_cast<qint64>(m_seeks)},
                  {"loops", static_cast<qint64>(m_loops)},
                  {"resyncs", static_cast<qint64>(m_resyncs)},
                  {"playing", m_playing},
                  {"loop", m_loop},
                  {"speed", m_speed}};
    if (m_source) {
        o.insert(QStringLiteral("source"), m_source->filePath());
        o.insert(QStringLiteral("frames_total"), m_source->size());
        o.insert(QStringLiteral("pilot_samples_total"), m_source->pilotCount());
        o.insert(QStringLiteral("start_s"), m_source->startS());
        o.insert(QStringLiteral("end_s"), m_source->endS());
        o.insert(QStringLiteral("position_s"), m_playing ? mediaNow() : m_positionS);
    }
    return o;
}

bool SessionReplay::load(const QString &path)
{
    auto source = std::make_unique<ReplaySource>();
    QString error;
    ReplaySource::OpenControl control;
    control.cancel = &m_cancelLoad;
    qint64 lastReportNs = 0;
    control.progress = [this, &lastReportNs](qint64 done, qint64 total) {
        const qint64 now = steadyNowNs();
        if (now - lastReportNs < kProgressNs && done < total)
            return;
        lastReportNs = now;
        emit loadProgress(done, total);
    };
    const bool ok = source->open(path, &error, control);
    m_cancelLoad.store(false); // consumed: a later load() starts afresh
    if (!ok) {
        if (source->cancelled()) {
            raiseEvent(QStringLiteral("replay.load_cancelled"), Severity::Info,
                       QStringLiteral("replay: loading %1 cancelled").arg(path), {path});
        } else {
            raiseEvent(QStringLiteral("replay.cannot_load"), Severity::Info,
                       QStringLiteral("cannot replay: %1").arg(error), {error});
        }
        emit loadFailed(path, source->cancelled() ? QString() : error, source->cancelled());
        return false;
    }
    setPlaying(false);
    m_source = std::move(source);
    m_next = 0;
    m_pilotNext = 0;
    m_positionS = m_source->startS();
    setEndpoints({{"source", m_source->filePath()}});
    const double lengthS = m_source->endS() - m_source->startS();
    raiseEvent(QStringLiteral("replay.loaded"), Severity::Info,
               QStringLiteral("loaded %1: %2 frames, %3 s")
                   .arg(m_source->filePath())
                   .arg(m_source->size())
                   .arg(lengthS, 0, 'f', 1),
               {m_source->filePath(), QString::number(m_source->size()),
                QString::number(lengthS, 'f', 1)});
    setState(LinkState::Up);
    emit loaded(m_source->filePath(), m_source->startS(), m_source->endS(), m_source->size());
    reportPosition(m_positionS, true);
    return true;
}

void SessionReplay::setPlaying(bool playing)
{
    if (m_playing == playing)
        return;
    m_playing = playing;
    if (!playing && m_timer)
        m_timer->stop();
    emit playingChanged(playing);
}

void SessionReplay::anchor(double mediaS)
{
    m_anchorMediaS = mediaS;
    m_anchorWallNs = steadyNowNs();
}

qint64 SessionReplay::dueNs(int i) const
{
    return m_anchorWallNs +
           static_cast<qint64>((m_source->timeAt(i) - m_anchorMediaS) / m_speed * 1e9);
}

double SessionReplay::mediaNow() const
{
    if (!m_source)
        return 0.0;
    const double t =
        m_anchorMediaS + static_cast<double>(steadyNowNs() - m_anchorWallNs) * 1e-9 * m_speed;
    return std::clamp(t, m_source->startS(), m_source->endS());
}

void SessionReplay::play()
{
    if (!m_source || m_playing)
        return;
    if (m_next >= m_source->size()) { // at the end: start over
        m_next = 0;
        m_pilotNext = 0;
        m_positionS = m_source->startS();
    }
    anchor(m_positionS);
    setPlaying(true);
    tick();
}

void SessionReplay::pause()
{
    if (!m_playing)
        return;
    m_positionS = mediaNow();
    setPlaying(false);
    reportPosition(m_positionS, true);
}

void SessionReplay::setSpeed(double speed)
{
    if (!std::isfinite(speed))
        return;
    const double clamped = std::clamp(speed, kMinSpeed, kMaxSpeed);
    if (m_playing) {
        anchor(mediaNow());
        m_speed = clamped;
        tick();
    } else {
        m_speed = clamped;
    }
}

void SessionReplay::setLoop(bool loop)
{
    m_loop = loop;
}

void SessionReplay::seek(double timeS)
{
    if (!m_source || !std::isfinite(timeS))
        return;
    ++m_seeks;
    const double t = std::clamp(timeS, m_source->startS(), m_source->endS());
    m_next = m_source->indexAt(t);
    m_pilotNext = m_source->pilotIndexAt(t);
    if (m_playing) {
        anchor(t);
        tick();
    } else {
        m_positionS = t;
        if (m_next < m_source->size()) { // show where we are
            emitFrame(m_next);
            m_positionS = m_source->timeAt(m_next);
            ++m_next;
        }
    }
    reportPosition(t, true);
}

void SessionReplay::emitFrame(int i)
{
    SimFrame frame;
    if (!m_source->frameAt(i, &frame)) {
        ++m_unreadable;
        return;
    }
    frame.monotonicNs = steadyNowNs();
    frame.sequence = m_sequence++;
    ++m_emitted;
    emit frameReady(frame);
    // The sticks recorded up to this frame, each placed back in time by its distance to it.
    const double frameS = m_source->timeAt(i);
    for (; m_pilotNext < m_source->pilotCount() && m_source->pilotTimeAt(m_pilotNext) <= frameS;
         ++m_pilotNext) {
        PilotControls c;
        if (!m_source->pilotAt(m_pilotNext, &c)) {
            ++m_unreadable;
            continue;
        }
        const double behindS = (frameS - m_source->pilotTimeAt(m_pilotNext)) / m_speed;
        c.sampleNs =
            std::max(m_lastPilotNs, frame.monotonicNs - static_cast<qint64>(behindS * 1e9));
        c.deviceId = QStringLiteral("replay");
        m_lastPilotNs = c.sampleNs;
        ++m_pilotEmitted;
        emit pilotReady(c);
    }
}

void SessionReplay::reportPosition(double timeS, bool force)
{
    const qint64 now = steadyNowNs();
    if (!force && now - m_lastPositionNs < 100'000'000)
        return;
    m_lastPositionNs = now;
    emit positionChanged(timeS);
}

void SessionReplay::tick()
{
    if (!m_playing || !m_source)
        return;
    const int n = m_source->size();
    const qint64 now = steadyNowNs();
    if (m_next < n && now - dueNs(m_next) > kStallNs) {
        // This thread was held up (machine overloaded, debugger): slide the timeline instead of
        // bursting the backlog into the consumers — a motion platform must never see that.
        anchor(m_source->timeAt(m_next));
        ++m_resyncs;
    }
    for (int burst = 0; m_next < n && burst < kMaxBurst && dueNs(m_next) <= now + kEarlyNs; ++burst)
        emitFrame(m_next++);
    if (m_next >= n) {
        if (!m_loop) {
            m_positionS = m_source->endS();
            setPlaying(false);
            reportPosition(m_positionS, true);
            raiseEvent(QStringLiteral("replay.end"), Severity::Info,
                       QStringLiteral("replay reached the end"));
            emit finished();
            return;
        }
        ++m_loops;
        m_next = 0;
        m_pilotNext = 0;
        anchor(m_source->startS());
    }
    reportPosition(mediaNow(), false);
    const qint64 waitNs = dueNs(m_next) - steadyNowNs();
    m_timer->start(static_cast<int>(std::clamp<qint64>(waitNs / 1'000'000, 0, 1000)));
}

qint64 exportCsv(const QString &sourcePath, const QString &outPath, double fromS, double toS,
                 const QStringList &columns, QString *error, const ExportControl &control)
{
    const auto cancelled = [&control] { return control.cancel && control.cancel->load(); };
    ReplaySource source;
    ReplaySource::OpenControl open;
    open.cancel = control.cancel;
    if (control.progress)
        open.progress = [&control](qint64 done, qint64 total) {
            control.progress(total > 0 ? kIndexShare * double(done) / double(total) : 0.0);
        };
    if (!source.open(sourcePath, error, open)) {
        if (source.cancelled())
            *error = QStringLiteral("export cancelled");
        return -1;
    }
    const auto headerCells = splitCsv(source.header());
    QStringList names;
    for (QByteArrayView c : headerCells)
        names << QString::fromLatin1(c);
    std::vector<int> pick{0}; // time_s first, always
    for (const QString &c : columns.isEmpty() ? names.mid(1) : columns) {
        const int k = static_cast<int>(names.indexOf(c));
        if (k < 0) {
            *error = QStringLiteral("unknown signal %1").arg(c);
            return -1;
        }
        if (k != 0)
            pick.push_back(k);
    }
    QSaveFile out(outPath);
    if (!out.open(QIODevice::WriteOnly)) {
        *error = QStringLiteral("cannot write %1: %2").arg(outPath, out.errorString());
        return -1;
    }
    QByteArray text;
    for (size_t j = 0; j < pick.size(); ++j)
        text.append(j ? "," : "").append(headerCells[static_cast<size_t>(pick[j])]);
    text.append('\n');
    qint64 rows = 0;
    const int first = source.indexAt(fromS);
    const int last = std::max(first, source.indexAt(std::nextafter(toS, HUGE_VAL)));
    for (int i = first; i < source.size() && source.timeAt(i) <= toS; ++i) {
        if ((i - first) % kRowsPerCheck == 0 && i > first) {
            if (cancelled()) {
                out.cancelWriting(); // QSaveFile: the temporary goes, outPath stays as it was
                *error = QStringLiteral("export cancelled");
                return -1;
            }
            if (control.progress)
                control.progress(kIndexShare + (1.0 - kIndexShare) * double(i - first) /
                                                   double(std::max(1, last - first)));
        }
        const QByteArray row = source.rowText(i);
        const auto cells = splitCsv(row);
        if (cells.size() != headerCells.size())
            continue; // a row the file lost (crash, outage): not exported half
        for (size_t j = 0; j < pick.size(); ++j)
            text.append(j ? "," : "").append(cells[static_cast<size_t>(pick[j])]);
        text.append('\n');
        ++rows;
        if (text.size() > (1 << 20)) {
            out.write(text);
            text.clear();
        }
    }
    out.write(text);
    if (cancelled()) { // the last moment a cancel still leaves outPath untouched
        out.cancelWriting();
        *error = QStringLiteral("export cancelled");
        return -1;
    }
    if (!out.commit()) {
        *error = QStringLiteral("cannot write %1: %2").arg(outPath, out.errorString());
        return -1;
    }
    if (control.progress)
        control.progress(1.0);
    return rows;
}

CsvExportJob::CsvExportJob(const QString &source, const QString &outPath, double fromS, double toS,
                           const QStringList &columns, QObject *parent)
    : QObject(parent), m_source(source), m_out(outPath), m_from(fromS), m_to(toS),
      m_columns(columns)
{
}

CsvExportJob::~CsvExportJob()
{
    cancel();
    if (m_thread.joinable())
        m_thread.join(); // its queued progress/finished die with this object, undelivered
}

void CsvExportJob::start()
{
    if (m_thread.joinable())
        return;
    m_thread = std::thread([this] {
        ExportControl control;
        control.cancel = &m_cancel;
        qint64 lastNs = 0;
        control.progress = [this, &lastNs](double fraction) {
            const qint64 now = steadyNowNs();
            if (now - lastNs < kProgressNs)
                return;
            lastNs = now;
            postTo(this, [this, fraction] { emit progress(fraction); });
        };
        QString error;
        const qint64 rows = exportCsv(m_source, m_out, m_from, m_to, m_columns, &error, control);
        const bool wasCancelled = rows < 0 && m_cancel.load();
        postTo(this, [this, rows, error, wasCancelled] {
            m_done = true;
            emit finished(rows, wasCancelled ? QString() : error, wasCancelled);
        });
    });
}

} // namespace hil
