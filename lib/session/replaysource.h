#pragma once
// ReplaySource: random access to the frames of a recorded session — a session folder (its
// state.csv), a state.csv itself, or a QGroundControl .tlog — through an index built once when
// the file is opened (time and byte offset of every frame: 16 bytes a frame, ~14 MB for an hour
// at 250 Hz), so that seeking is a binary search and one read. Used by SessionReplay on its
// thread and by exportCsv; not thread-safe itself.
//
// Times: each frame has a "media time", s, that never decreases: it starts at the first frame's
// time (state.csv: time_s; tlog: 0 at the first record) and adds the positive steps between
// consecutive frames. A simulator reset (time going backwards) thus plays on without a pause.
//
// The pilot's sticks: a session's pilot.csv (next to its state.csv) is indexed too (time and
// byte offset of every sample, 16 bytes each, ~19 MB for an hour at 333 Hz). Its times are the
// host's clock (state.csv's host_time_s), so each sample's media time is interpolated between
// the two frames recorded around it; samples before the first or after the last frame are left
// out, and a state.csv without host_time_s (older files, a tlog) has no sticks.
//
// Opening an hour at 250 Hz reads ~300 MB (~0.1-0.2 s warm, longer from a cold disk): open()
// reports the bytes read after every 4 MB chunk and stops between chunks when asked to; a
// cancelled or failed open leaves the source empty, never half an index.

#include "model/pilot.h"
#include "model/simframe.h"
#include "session/tlog.h"

#include <QFile>
#include <QString>
#include <atomic>
#include <functional>
#include <vector>

namespace hil {

/// What a long ReplaySource::open() reports and how it stops early; both optional.
struct ReplayOpenControl
{
    /// Bytes indexed so far and the file's size, after every 4 MB chunk (the opener's thread;
    /// rate-limit it yourself).
    std::function<void(qint64 done, qint64 total)> progress;
    /// Read between chunks (and once before the first); set: open() fails, cancelled().
    const std::atomic<bool> *cancel = nullptr;
    /// Keep state.csv's host_time_s per frame after the open, for mediaTimeOfHost() (the dry
    /// run places platform.csv's rows with it). Off: read only for a pilot.csv, then dropped.
    bool keepHostTimes = false;
};

class ReplaySource
{
public:
    enum class Kind { StateCsv, Tlog };

    /// What a long open reports and how it stops early (outside the class: a default
    /// argument of a nested type with member initialisers does not compile with g++ 12).
    using OpenControl = ReplayOpenControl;

    /// Opens and indexes path (a folder → folder/state.csv). False with *error when unusable
    /// or cancelled (then cancelled() is true); either way the source is left empty.
    bool open(const QString &path, QString *error, const OpenControl &control = {});
    /// The last open() stopped because control.cancel was set.
    bool cancelled() const { return m_cancelled; }
    Kind kind() const { return m_kind; }
    QString filePath() const { return m_file.fileName(); }
    int size() const { return static_cast<int>(m_media.size()); }
    double timeAt(int i) const { return m_media[static_cast<size_t>(i)]; }
    double startS() const { return m_media.empty() ? 0.0 : m_media.front(); }
    double endS() const { return m_media.empty() ? 0.0 : m_media.back(); }
    /// First frame at or after timeS (size() when none).
    int indexAt(double timeS) const;
    /// Reads frame i. False when the bytes no longer read (file changed) or the CRC is bad.
    bool frameAt(int i, SimFrame *frame, ChannelFrame *channels = nullptr);
    /// The CSV header of rowText (state.csv's own, or stateCsvHeader() for a tlog), no '\n'.
    QByteArray header() const { return m_header; }
    /// Frame i as a state.csv line without '\n' (the recorded text for state.csv).
    QByteArray rowText(int i);
    /// The pilot's samples (pilot.csv), in media time order; 0 when the session has none.
    int pilotCount() const { return static_cast<int>(m_pilotMedia.size()); }
    double pilotTimeAt(int k) const { return m_pilotMedia[static_cast<size_t>(k)]; }
    /// First pilot sample at or after timeS (pilotCount() when none).
    int pilotIndexAt(double timeS) const;
    /// Reads pilot sample k (device strings empty). False when the bytes no longer read.
    bool pilotAt(int k, PilotControls *controls);
    /// Lines or records the index skipped (unparsable, partial, unknown messages are not counted).
    qint64 skipped() const { return m_skipped; }
    /// With keepHostTimes: the media time at which the host steady clock read hostS (state.csv's
    /// host_time_s, the clock of platform.csv's and pilot.csv's time_s), interpolated between
    /// the frames around it; NaN outside the recording, without host times, or when they do not
    /// rise (an edited file).
    double mediaTimeOfHost(double hostS) const;
    bool hasHostTimes() const { return !m_host.empty(); }

private:
    bool indexCsv(QString *error, const OpenControl &control);
    bool indexTlog(QString *error, const OpenControl &control);
    /// pilot.csv beside the state.csv, if any: indexed against m_host. A missing or unreadable
    /// pilot.csv only means no sticks; false only when cancelled.
    bool indexPilot(const QString &pilotPath, const OpenControl &control);
    /// Between chunks: reports progress; false (and m_cancelled) when cancelled.
    bool carryOn(const OpenControl &control, qint64 done);
    void clear();
    void addFrame(double rawTime, qint64 offset);
    QByteArray readLineAt(qint64 offset);

    Kind m_kind = Kind::StateCsv;
    QFile m_file;
    QByteArray m_header;
    std::vector<int> m_columnMap;
    std::vector<double> m_media;
    std::vector<qint64> m_offsets;
    int m_hostColumn = -1;      ///< host_time_s's cell in state.csv, -1: none
    std::vector<double> m_host; ///< host_time_s per frame: while opening, or kept (keepHostTimes)
    QFile m_pilotFile;
    std::vector<int> m_pilotColumnMap;
    std::vector<double> m_pilotMedia;
    std::vector<qint64> m_pilotOffsets;
    double m_lastRaw = 0.0;
    qint64 m_firstUs = 0;
    qint64 m_skipped = 0;
    qint64 m_total = 0; ///< the file's size at open()
    bool m_cancelled = false;
    TlogStateBuilder m_builder;
};

} // namespace hil
