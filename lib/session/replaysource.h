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

#include "model/simframe.h"
#include "session/tlog.h"

#include <QFile>
#include <QString>
#include <vector>

namespace hil {

class ReplaySource
{
public:
    enum class Kind { StateCsv, Tlog };

    /// Opens and indexes path (a folder → folder/state.csv). False with *error when unusable.
    bool open(const QString &path, QString *error);
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
    /// Lines or records the index skipped (unparsable, partial, unknown messages are not counted).
    qint64 skipped() const { return m_skipped; }

private:
    bool indexCsv(QString *error);
    bool indexTlog(QString *error);
    void addFrame(double rawTime, qint64 offset);
    QByteArray readLineAt(qint64 offset);

    Kind m_kind = Kind::StateCsv;
    QFile m_file;
    QByteArray m_header;
    std::vector<int> m_columnMap;
    std::vector<double> m_media;
    std::vector<qint64> m_offsets;
    double m_lastRaw = 0.0;
    qint64 m_firstUs = 0;
    qint64 m_skipped = 0;
    TlogStateBuilder m_builder;
};

} // namespace hil
