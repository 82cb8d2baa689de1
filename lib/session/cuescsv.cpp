#include "session/cuescsv.h"
#include "raven/ravencodec.h"
#include "session/sessionformat.h"

#include <QFile>
#include <charconv>
#include <cmath>
#include <limits>

namespace hil {

namespace {

// The column table; CueCol names each position (the words last).
const char *const kCueColumnNames[] = {"time_s",
                                       "message_id",
                                       "origin",
                                       "cue_gain",
                                       "master_gain",
                                       "zeroed",
                                       "holds",
                                       "acceleration/surge",
                                       "acceleration/sway",
                                       "acceleration/heave",
                                       "angular_acceleration/roll",
                                       "angular_acceleration/pitch",
                                       "angular_acceleration/yaw",
                                       "attitude/roll",
                                       "attitude/pitch",
                                       "gravity"};
enum CueCol {
    CueTime,
    CueId,
    CueOriginCol,
    CueGainCol,
    CueMasterCol,
    CueZeroedCol,
    CueHoldsCol,
    CueSiFirst, // 9 SI columns
    CueWordFirst = CueSiFirst + 9,
    CueColumnCount = CueWordFirst + 9,
};
static_assert(sizeof kCueColumnNames / sizeof *kCueColumnNames == CueWordFirst);

bool cueInteger(QByteArrayView cell, std::int64_t *v)
{
    if (cell.isEmpty())
        return false;
    const auto r = std::from_chars(cell.data(), cell.data() + cell.size(), *v);
    return r.ec == std::errc() && r.ptr == cell.data() + cell.size();
}

} // namespace

QStringList cuesCsvColumns()
{
    QStringList names;
    for (const char *n : kCueColumnNames)
        names << QString::fromLatin1(n);
    for (int i = 0; i < 9; ++i)
        names << QStringLiteral("word/%1").arg(i);
    return names;
}

QByteArray cuesCsvHeader()
{
    return cuesCsvColumns().join(QLatin1Char(',')).toLatin1() + '\n';
}

void appendCueRow(QByteArray &out, const CueRow &row, double hostTimeS)
{
    appendNumber(out, hostTimeS);
    out.append(',').append(QByteArray::number(row.messageId));
    out.append(',').append(QByteArray::number(row.origin)).append(',');
    appendNumber(out, row.cueGain);
    out.append(',');
    appendNumber(out, row.masterGain);
    out.append(row.zeroed ? ",1," : ",0,").append(QByteArray::number(row.holds));
    raven::Frame f;
    f.id = row.messageId;
    f.words = row.wordCount;
    for (std::size_t i = 0; i < f.payload.size(); ++i)
        f.payload[i] = row.words[i];
    std::array<double, raven::kMaxPayloadWords> si;
    if (!raven::cueWordsToSi(f, &si))
        si.fill(std::numeric_limits<double>::quiet_NaN());
    for (double v : si) {
        out.append(',');
        appendNumber(out, v);
    }
    for (int i = 0; i < 9; ++i) {
        out.append(',');
        if (i < row.wordCount)
            out.append(QByteArray::number(row.words[std::size_t(i)]));
    }
    out.append('\n');
}

std::vector<int> cuesColumnMap(QByteArrayView headerLine)
{
    const QStringList known = cuesCsvColumns();
    std::vector<int> map;
    for (QByteArrayView cell : splitCsv(headerLine))
        map.push_back(static_cast<int>(known.indexOf(QString::fromLatin1(cell.trimmed()))));
    return map;
}

bool parseCueRow(QByteArrayView line, const std::vector<int> &columnMap, SentCue *cue)
{
    const auto cells = splitCsv(line);
    if (cells.size() != columnMap.size())
        return false;
    SentCue c;
    c.si.fill(std::numeric_limits<double>::quiet_NaN());
    c.timeS = std::numeric_limits<double>::quiet_NaN();
    std::array<QByteArrayView, 9> wordCells{};
    std::array<bool, 9> haveWordColumn{};
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const int k = columnMap[i];
        const QByteArrayView cell = cells[i];
        std::int64_t n = 0;
        if (k >= CueWordFirst && k < CueColumnCount) {
            wordCells[std::size_t(k - CueWordFirst)] = cell;
            haveWordColumn[std::size_t(k - CueWordFirst)] = true;
        } else if (k >= CueSiFirst && k < CueWordFirst) {
            c.si[std::size_t(k - CueSiFirst)] = parseNumber(cell);
        } else {
            switch (k) {
            case CueTime:
                c.timeS = parseNumber(cell);
                break;
            case CueId:
                if (!cueInteger(cell, &n))
                    return false;
                c.messageId = int(n);
                break;
            case CueOriginCol:
                if (cueInteger(cell, &n))
                    c.origin = int(n);
                break;
            case CueGainCol:
                c.cueGain = parseNumber(cell);
                break;
            case CueMasterCol:
                c.masterGain = parseNumber(cell);
                break;
            case CueZeroedCol:
                c.zeroed = parseNumber(cell) == 1.0;
                break;
            case CueHoldsCol:
                if (cueInteger(cell, &n) && n >= 0)
                    c.holds = std::uint32_t(n);
                break;
            default:
                break; // a column this version does not know
            }
        }
    }
    if (!std::isfinite(c.timeS))
        return false;
    c.wordCount = raven::payloadWords(std::uint16_t(c.messageId), raven::Direction::ToPlatform);
    if (c.messageId != raven::IdAccel && c.messageId != raven::IdAccelAttitude &&
        c.messageId != raven::IdAccelAttitudeGravity)
        return false;
    for (int i = 0; i < c.wordCount; ++i) {
        if (!haveWordColumn[std::size_t(i)])
            continue; // a file without that column: the SI value stands alone
        std::int64_t w = 0;
        if (!cueInteger(wordCells[std::size_t(i)], &w) ||
            w < std::numeric_limits<std::int32_t>::min() ||
            w > std::numeric_limits<std::int32_t>::max())
            return false;
        c.words[std::size_t(i)] = std::int32_t(w);
    }
    *cue = c;
    return true;
}

CuesCsv loadCuesCsv(const QString &path)
{
    CuesCsv out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    out.present = true;
    const QByteArray all = f.readAll();
    qsizetype pos = all.indexOf('\n');
    if (pos < 0)
        return out; // not even a whole header
    const std::vector<int> map = cuesColumnMap(QByteArrayView(all).first(pos));
    bool haveTime = false, haveId = false;
    for (int k : map) {
        haveTime = haveTime || k == CueTime;
        haveId = haveId || k == CueId;
    }
    if (!haveTime || !haveId)
        return out;
    out.readable = true;
    ++pos;
    while (pos < all.size()) {
        const qsizetype end = all.indexOf('\n', pos);
        if (end < 0) { // a last line cut off (the program was killed mid-write)
            ++out.skippedRows;
            break;
        }
        const QByteArrayView line = QByteArrayView(all).sliced(pos, end - pos);
        pos = end + 1;
        if (line.trimmed().isEmpty())
            continue;
        SentCue c;
        if (parseCueRow(line, map, &c))
            out.rows.push_back(c);
        else
            ++out.skippedRows;
    }
    return out;
}

} // namespace hil
