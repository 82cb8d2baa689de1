// Fuzzes the state.csv reader: the header's column map, every row against it, and ReplaySource
// indexing and reading the input as a state.csv file; the same input as a cues.csv (its column
// map and rows, written back).

#include "replayfile.h"
#include "session/cuescsv.h"
#include "session/sessionformat.h"

using namespace hil;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArrayView all(reinterpret_cast<const char *>(data), qsizetype(size));
    qsizetype nl = all.indexOf('\n');
    const QByteArrayView header = nl < 0 ? all : all.first(nl);
    const std::vector<int> map = stateColumnMap(header);
    const std::vector<int> cueMap = cuesColumnMap(header);
    const int cueColumns = int(cuesCsvColumns().size());
    for (int idx : cueMap)
        fuzz::check(idx >= -1 && idx < cueColumns, "cues.csv column map index out of range");
    const int columns = int(stateCsvColumns().size());
    for (int idx : map)
        fuzz::check(idx >= -1 && idx < columns, "column map index out of range");
    while (nl >= 0) {
        const qsizetype start = nl + 1;
        nl = all.indexOf('\n', start);
        const QByteArrayView line = all.sliced(start, (nl < 0 ? all.size() : nl) - start);
        SimFrame frame;
        ChannelFrame channels;
        if (parseStateRow(line, map, &frame, &channels)) {
            QByteArray row;
            appendStateRow(row, frame, channels, 1.0);
        }
        SentCue cue;
        if (parseCueRow(line, cueMap, &cue)) {
            fuzz::check(cue.wordCount >= 6 && cue.wordCount <= 9, "cue row word count");
            CueRow row;
            row.messageId = std::uint16_t(cue.messageId);
            row.wordCount = cue.wordCount;
            row.words = cue.words;
            QByteArray out;
            appendCueRow(out, row, cue.timeS);
        }
    }
    fuzz::replayFile(data, size, ".csv");
    return 0;
}
