#include "session/sessionrecorder.h"
#include "model/clock.h"
#include "session/cuescsv.h"
#include "session/logging.h"
#include "session/sessionformat.h"
#include "session/tlog.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QMutexLocker>
#include <QSaveFile>
#include <QTimer>
#include <algorithm>
#include <filesystem>
#include <system_error>

namespace hil {

namespace {

qint64 unixUsNow()
{
    return std::chrono::duration_cast<std::chrono::microseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

constexpr int kTickMs = 100; // drain + write period: well inside the 250 ms crash budget
// A file whose write failed holds "recording resumed" back until it has written past the point
// where it failed (see Sink::resumeAt) or has been begun afresh (a re-created folder), but not for
// ever when it stops getting records (its link stopped): after this many ticks without any.
constexpr int kQuietTicksToForgetFailure = 10;

} // namespace

SessionRecorder::SessionRecorder(const QString &folder, std::function<QJsonObject()> snapshot,
                                 int queueCapacity)
    : Worker(QStringLiteral("session")), m_folder(folder), m_snapshot(std::move(snapshot)),
      m_capacity(qMax(16, queueCapacity))
{
    qRegisterMetaType<hil::PlatformRow>();
    const char *names[5] = {"state.csv", "platform.csv", "mavlink.tlog", "pilot.csv", "cues.csv"};
    const QByteArray headers[5] = {stateCsvHeader(), platformCsvHeader(), QByteArray(),
                                   pilotCsvHeader(), cuesCsvHeader()};
    for (int i = 0; i < 5; ++i) {
        m_sinks[static_cast<size_t>(i)] = std::make_unique<Sink>();
        m_sinks[static_cast<size_t>(i)]->fileName = names[i];
        m_sinks[static_cast<size_t>(i)]->header = headers[i];
    }
}

SessionRecorder::~SessionRecorder() = default;

QString SessionRecorder::folder() const
{
    QMutexLocker lock(&m_folderMutex);
    return m_folder;
}

// --- producer side: any thread --------------------------------------------------------------

bool SessionRecorder::admit()
{
    if (m_queued >= m_capacity) {
        ++m_dropped;
        return false;
    }
    ++m_queued;
    m_queuePeak = qMax(m_queuePeak, m_queued);
    return true;
}

void SessionRecorder::admitted()
{
    // Past half full: ask for an early drain, once until it has run.
    if (pendingRecords() >= m_capacity / 2 && !m_drainRequested.exchange(true))
        QMetaObject::invokeMethod(this, &SessionRecorder::flushNow, Qt::QueuedConnection);
}

void SessionRecorder::recordState(const SimFrame &frame, const ChannelFrame &channels)
{
    {
        QMutexLocker lock(&m_queueMutex);
        if (!admit())
            return;
        m_queue.states.push_back({frame, channels, steadyNowNs()});
    }
    admitted();
}

void SessionRecorder::recordPlatform(const PlatformRow &row)
{
    {
        QMutexLocker lock(&m_queueMutex);
        if (!admit())
            return;
        m_queue.platform.push_back({row, steadyNowNs()});
    }
    admitted();
}

void SessionRecorder::recordPilot(const PilotControls &controls)
{
    PilotControls c; // the values only: the strings stay with the producer
    c.active = controls.active;
    c.roll = controls.roll;
    c.pitch = controls.pitch;
    c.yaw = controls.yaw;
    c.throttle = controls.throttle;
    c.buttons = controls.buttons;
    c.held = controls.held;
    c.sequence = controls.sequence;
    c.sampleNs = controls.sampleNs;
    {
        QMutexLocker lock(&m_queueMutex);
        if (!admit())
            return;
        m_queue.pilot.push_back({std::move(c), steadyNowNs()});
    }
    admitted();
}

void SessionRecorder::recordCue(const CueRow &row)
{
    {
        QMutexLocker lock(&m_queueMutex);
        if (!admit())
            return;
        m_queue.cues.push_back({row, steadyNowNs()});
    }
    admitted();
}

void SessionRecorder::recordMavlink(const QByteArray &wire, qint64 unixUs)
{
    const qint64 us = unixUs > 0 ? unixUs : unixUsNow();
    {
        QMutexLocker lock(&m_queueMutex);
        if (!admit())
            return;
        // Several links record (PX4's HIL and ground-station links, each on its thread): a time
        // taken just before another link's push may come after it. The file keeps time order:
        // such a record gets the time of the one before it (microseconds apart). A step back of
        // a second or more is the system clock being set, and kept.
        if (us < m_lastMavlinkUs && m_lastMavlinkUs - us < 1'000'000)
            m_queue.mavlink.push_back({wire, m_lastMavlinkUs});
        else
            m_queue.mavlink.push_back({wire, m_lastMavlinkUs = us});
    }
    admitted();
}

int SessionRecorder::pendingRecords() const
{
    QMutexLocker lock(&m_queueMutex);
    return m_queued;
}

// --- recorder thread ------------------------------------------------------------------------

bool SessionRecorder::open(QString *)
{
    resetSession();
    setEndpoints({{"folder", folder()}});
    openFiles();
    m_tick = new QTimer(this);
    m_tick->setInterval(kTickMs);
    connect(m_tick, &QTimer::timeout, this, &SessionRecorder::flushNow);
    m_tick->start();
    m_sessionTimer = new QTimer(this);
    m_sessionTimer->setInterval(500);
    connect(m_sessionTimer, &QTimer::timeout, this, &SessionRecorder::writeSession);
    m_sessionTimer->start();
    writeSession();
    return true;
}

void SessionRecorder::close()
{
    delete m_tick;
    m_tick = nullptr;
    delete m_sessionTimer;
    m_sessionTimer = nullptr;
    flushNow();
    closeFiles();
    writeSession();
}

void SessionRecorder::resetSession()
{
    m_epochNs = steadyNowNs();
    m_startedUtc = QDateTime::currentDateTimeUtc();
    for (auto &s : m_sinks) {
        s->started = false;
        s->goodSize = 0;
        s->buffer.clear();
        s->bufferRecords = 0;
        s->rows = 0;
        s->failing = false;
    }
    m_sessionWrites = m_eventLines = m_writeErrors = m_folderRecreated = 0;
    m_droppedAtOutageStart = 0;
    m_dropped = 0;
    m_outage = false;
}

QJsonObject SessionRecorder::collectCounters() const
{
    int peak;
    {
        QMutexLocker lock(&m_queueMutex);
        peak = m_queuePeak;
    }
    return {{"state_rows", m_sinks[0]->rows},
            {"platform_rows", m_sinks[1]->rows},
            {"mavlink_frames", m_sinks[2]->rows},
            {"pilot_rows", m_sinks[3]->rows},
            {"cue_rows", m_sinks[4]->rows},
            {"records_dropped", static_cast<qint64>(m_dropped.load())},
            {"queue_capacity", m_capacity},
            {"queue_peak", peak},
            {"write_errors", static_cast<qint64>(m_writeErrors)},
            {"folder_recreated", static_cast<qint64>(m_folderRecreated)},
            {"recording", m_filesOpen && !m_outage},
            {"session_writes", static_cast<qint64>(m_sessionWrites)},
            {"event_lines", static_cast<qint64>(m_eventLines)},
            // The steady clock's ns at host_time_s 0, as a string (a double holds it only to
            // 2^53): what a procedure timed on the links' clock is placed in the files by.
            {"epoch_ns", QString::number(m_epochNs)}};
}

double SessionRecorder::hostSeconds(qint64 monotonicNs, qint64 enqueueNs) const
{
    return static_cast<double>((monotonicNs != 0 ? monotonicNs : enqueueNs) - m_epochNs) * 1e-9;
}

void SessionRecorder::flushNow()
{
    m_drainRequested = false;
    {
        QMutexLocker lock(&m_queueMutex);
        std::swap(m_queue, m_spare);
        m_queued = 0;
    }
    Sink &state = *m_sinks[0], &platform = *m_sinks[1], &mav = *m_sinks[2], &pilot = *m_sinks[3],
         &cues = *m_sinks[4];
    for (const StateItem &it : m_spare.states)
        appendStateRow(state.buffer, it.frame, it.channels,
                       hostSeconds(it.frame.monotonicNs, it.enqueueNs));
    state.bufferRecords += static_cast<qint64>(m_spare.states.size());
    for (const PlatformItem &it : m_spare.platform)
        appendPlatformRow(platform.buffer, it.row, hostSeconds(it.row.monotonicNs, it.enqueueNs));
    platform.bufferRecords += static_cast<qint64>(m_spare.platform.size());
    for (const MavItem &it : m_spare.mavlink)
        appendTlogRecord(mav.buffer, it.wire, it.unixUs);
    mav.bufferRecords += static_cast<qint64>(m_spare.mavlink.size());
    for (const PilotItem &it : m_spare.pilot)
        appendPilotRow(pilot.buffer, it.controls, hostSeconds(it.controls.sampleNs, it.enqueueNs));
    pilot.bufferRecords += static_cast<qint64>(m_spare.pilot.size());
    for (const CueItem &it : m_spare.cues)
        appendCueRow(cues.buffer, it.row, hostSeconds(it.row.monotonicNs, it.enqueueNs));
    cues.bufferRecords += static_cast<qint64>(m_spare.cues.size());
    m_spare.states.clear();
    m_spare.pilot.clear();
    m_spare.cues.clear();
    m_spare.platform.clear();
    m_spare.mavlink.clear();

    checkFolder();
    writeSinks();
}

QString SessionRecorder::claimFolder(const QString &wanted)
{
    const QFileInfo info(wanted);
    QDir parent = info.dir();
    if (!parent.mkpath(QStringLiteral(".")))
        return wanted;
    for (int n = 1; n < 1000; ++n) {
        const QString name =
            n == 1 ? info.fileName() : QStringLiteral("%1-%2").arg(info.fileName()).arg(n);
        if (parent.mkdir(name))
            return parent.filePath(name);
        if (!parent.exists(name))
            return wanted; // not a clash: prepareFolder reports the reason
    }
    return wanted;
}

bool SessionRecorder::prepareFolder(const QString &folder, QString *reason)
{
    // std::filesystem for the reason (QDir::mkpath only says no); its text is the system's.
    std::error_code ec;
    const std::filesystem::path path = folder.toStdString();
    std::filesystem::create_directories(path, ec);
    if (ec) {
        *reason = QStringLiteral("cannot create the folder: %1")
                      .arg(QString::fromLocal8Bit(ec.message().c_str()));
        return false;
    }
    if (!std::filesystem::is_directory(path, ec)) {
        *reason = QStringLiteral("not a folder");
        return false;
    }
    // A probe file, removed again: permissions, read-only mounts and full disks all show here.
    QFile probe(QDir(folder).filePath(QStringLiteral(".hilstation-write-test")));
    if (!probe.open(QIODevice::WriteOnly) || probe.write("x", 1) != 1 || !probe.flush()) {
        *reason = QStringLiteral("cannot write in the folder: %1").arg(probe.errorString());
        probe.remove();
        return false;
    }
    probe.close();
    probe.remove();
    return true;
}

bool SessionRecorder::checkFolder()
{
    if (m_filesOpen) {
        const QDir dir(folder());
        bool intact = dir.exists() && QFileInfo::exists(m_events.fileName());
        for (const auto &s : m_sinks)
            intact = intact && QFileInfo::exists(s->file.fileName());
        if (intact)
            return true;
        // Writes into files of a deleted folder succeed silently on POSIX: look, don't trust.
        closeFiles();
        ++m_folderRecreated;
        reportWriteProblem(QStringLiteral("session folder %1 or its files disappeared; re-creating")
                               .arg(dir.path()));
    }
    return openFiles();
}

bool SessionRecorder::openFiles()
{
    const QString dirPath = folder();
    if (!QDir().mkpath(dirPath)) {
        reportWriteProblem(QStringLiteral("cannot create session folder %1").arg(dirPath));
        return false;
    }
    const QDir dir(dirPath);
    for (auto &s : m_sinks) {
        s->file.setFileName(dir.filePath(QLatin1String(s->fileName)));
        if (!openSink(*s)) {
            reportWriteProblem(QStringLiteral("cannot write %1: %2")
                                   .arg(s->file.fileName(), s->file.errorString()));
            closeFiles();
            return false;
        }
    }
    m_events.setFileName(dir.filePath(QStringLiteral("events.log")));
    if (!m_events.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered)) {
        reportWriteProblem(
            QStringLiteral("cannot open %1: %2").arg(m_events.fileName(), m_events.errorString()));
        closeFiles();
        return false;
    }
    m_filesOpen = true;
    return true;
}

bool SessionRecorder::openSink(Sink &s)
{
    // First open of a session: a fresh file. Later (after a failure): keep what is there, cut a
    // partial row a failed write left behind, and give a re-created file its header again.
    QIODevice::OpenMode mode = QIODevice::ReadWrite | QIODevice::Unbuffered;
    if (!s.started)
        mode |= QIODevice::Truncate;
    if (!s.file.open(mode))
        return false;
    const qint64 size = s.file.size();
    if (size > s.goodSize && s.goodSize > 0 && !s.file.resize(s.goodSize))
        return false;
    if (size < s.goodSize || size == 0)
        s.goodSize = 0; // a new file (or someone else's): start over with the header
    if (!s.file.seek(s.file.size()))
        return false;
    if (s.goodSize == 0 && !s.header.isEmpty()) {
        if (s.file.write(s.header) != s.header.size())
            return false;
        s.goodSize = s.header.size();
        m_wroteThisTick = true;
    }
    s.started = true;
    return true;
}

void SessionRecorder::closeFiles()
{
    for (auto &s : m_sinks)
        s->file.close();
    m_events.close();
    m_filesOpen = false;
}

void SessionRecorder::writeSinks()
{
    bool failed = false;
    for (auto &s : m_sinks) {
        if (s->buffer.isEmpty()) {
            if (s->failing && ++s->quietTicks >= kQuietTicksToForgetFailure)
                s->failing = false;
            continue;
        }
        s->quietTicks = 0;
        if (!m_filesOpen || failed) {
            m_dropped += static_cast<quint64>(s->bufferRecords);
        } else if (s->file.write(s->buffer) != s->buffer.size()) {
            m_dropped += static_cast<quint64>(s->bufferRecords);
            reportWriteProblem(QStringLiteral("cannot write %1: %2")
                                   .arg(s->file.fileName(), s->file.errorString()));
            failed = true;
            s->failing = true;
            s->failedAt = s->goodSize; // the partial row beyond it is cut on reopen
            s->resumeAt = s->goodSize + s->buffer.size();
        } else {
            const qint64 before = s->goodSize;
            s->goodSize += s->buffer.size();
            // Past the size it could not reach, or a file begun afresh: the cause is gone. A
            // write that merely fits in the bytes left below a size limit or on a full disk is
            // not (it is followed by the next failure: still the same outage).
            if (s->failing && (s->goodSize >= s->resumeAt || before < s->failedAt))
                s->failing = false;
            s->rows += s->bufferRecords;
            m_wroteThisTick = true;
        }
        s->buffer.clear();
        s->bufferRecords = 0;
    }
    if (failed)
        closeFiles(); // next tick reopens (and cuts the partial row)
    // Resumed only when no file is failing any more: a tick in which only the small files had
    // rows (they may still fit under a file-size limit) proves nothing about the one that hit
    // it, and saying "resumed" there would be followed by a second interruption.
    const bool anyFailing =
        std::any_of(m_sinks.begin(), m_sinks.end(), [](const auto &s) { return s->failing; });
    if (m_outage && m_filesOpen && m_wroteThisTick && !failed && !anyFailing) {
        m_outage = false;
        const QString text = QStringLiteral("recording resumed in %1 (%2 records lost; cause: %3)")
                                 .arg(folder())
                                 .arg(m_dropped.load() - m_droppedAtOutageStart)
                                 .arg(m_outageReason);
        writeEventLine(name(), text);
        raiseEvent(
            QStringLiteral("session.recording_resumed"), Severity::Info, text,
            {folder(), QString::number(m_dropped.load() - m_droppedAtOutageStart), m_outageReason});
    }
    m_wroteThisTick = false;
}

void SessionRecorder::reportWriteProblem(const QString &what)
{
    ++m_writeErrors;
    if (m_outage)
        return; // once per outage, not once per tick
    m_outage = true;
    m_outageReason = what;
    m_droppedAtOutageStart = m_dropped.load();
    qCWarning(lcSession).noquote() << what;
    raiseEvent(QStringLiteral("session.recording_interrupted"), Severity::Error,
               QStringLiteral("recording interrupted: %1").arg(what), {what});
}

void SessionRecorder::appendEvent(const QString &worker, const QString &text)
{
    if (!m_filesOpen && !checkFolder())
        return;
    writeEventLine(worker, text);
}

void SessionRecorder::writeEventLine(const QString &worker, const QString &text)
{
    if (!m_filesOpen)
        return;
    const QByteArray line =
        QStringLiteral("%1\t%2\t%3\n")
            .arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs), worker, text)
            .toUtf8();
    if (m_events.write(line) != line.size()) {
        reportWriteProblem(
            QStringLiteral("cannot write events.log: %1").arg(m_events.errorString()));
        closeFiles();
        return;
    }
    ++m_eventLines;
}

void SessionRecorder::writeSession()
{
    writeSessionFile({});
}

void SessionRecorder::writeSessionFile(const QString &continuedIn)
{
    const QString dirPath = folder();
    if (!QDir().mkpath(dirPath)) {
        reportWriteProblem(QStringLiteral("cannot create session folder %1").arg(dirPath));
        return;
    }
    QJsonObject recorder = collectCounters();
    recorder.insert(QStringLiteral("folder"), dirPath);
    recorder.insert(QStringLiteral("started_utc"), m_startedUtc.toString(Qt::ISODateWithMs));
    QJsonObject doc = m_snapshot ? m_snapshot() : QJsonObject();
    doc.insert(QStringLiteral("folder"), dirPath);
    doc.insert(QStringLiteral("recorder"), recorder);
    if (!continuedIn.isEmpty()) { // this folder's session is over, the program runs on
        doc.insert(QStringLiteral("running"), false);
        doc.insert(QStringLiteral("continued_in"), continuedIn);
    }
    QSaveFile file(QDir(dirPath).filePath(QStringLiteral("session.json")));
    if (!file.open(QIODevice::WriteOnly)) {
        reportWriteProblem(QStringLiteral("cannot write session.json: %1").arg(file.errorString()));
        return;
    }
    file.write(QJsonDocument(doc).toJson(QJsonDocument::Indented));
    if (!file.commit()) {
        reportWriteProblem(QStringLiteral("cannot write session.json: %1").arg(file.errorString()));
        return;
    }
    ++m_sessionWrites;
}

void SessionRecorder::startNewSession(const QString &newFolder)
{
    const QString old = folder();
    const QString path = claimFolder(QDir(newFolder).absolutePath());
    if (path == old)
        return;
    flushNow();
    writeEventLine(name(), QStringLiteral("session continues in %1").arg(path));
    closeFiles();
    writeSessionFile(path); // the old folder's last word: closed, and where it goes on
    {
        QMutexLocker lock(&m_folderMutex);
        m_folder = path;
    }
    resetSession();
    setEndpoints({{"folder", path}});
    openFiles();
    writeEventLine(name(), QStringLiteral("new session; previous folder %1").arg(old));
    writeSession();
    raiseEvent(QStringLiteral("session.new_folder"), Severity::Info,
               QStringLiteral("new session in %1").arg(path), {path});
    emit folderChanged(path);
}

} // namespace hil
