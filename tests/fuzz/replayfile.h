#pragma once
// Writes a fuzz input to a per-process temporary file (the replay readers read files) and runs a
// ReplaySource over it: open, every frame, every row text, a few seeks.

#include "fuzzcommon.h"
#include "session/replaysource.h"

#include <QCoreApplication>
#include <QDir>
#include <QString>
#include <cstdio>

namespace hil::fuzz {

inline void replayFile(const std::uint8_t *data, std::size_t size, const char *suffix)
{
    static const QString path = QDir::temp().filePath(QStringLiteral("hil-fuzz-%1%2")
                                                          .arg(QCoreApplication::applicationPid())
                                                          .arg(QLatin1String(suffix)));
    std::FILE *f = std::fopen(path.toLocal8Bit().constData(), "wb");
    if (!f)
        return;
    if (size)
        std::fwrite(data, 1, size, f);
    std::fclose(f);

    ReplaySource src;
    QString error;
    if (!src.open(path, &error))
        return;
    check(src.size() > 0, "open() succeeded without frames");
    double last = src.startS();
    for (int i = 0; i < src.size(); ++i) {
        // Media time never decreases (the index is binary-searched).
        check(!(src.timeAt(i) < last), "media time decreased");
        last = src.timeAt(i);
        SimFrame frame;
        ChannelFrame channels;
        (void)src.frameAt(i, &frame, &channels);
        (void)src.rowText(i);
    }
    (void)src.indexAt(src.startS());
    (void)src.indexAt((src.startS() + src.endS()) / 2);
    SimFrame tail;
    (void)src.frameAt(src.indexAt(src.endS()), &tail); // size() when past the end: false
}

} // namespace hil::fuzz
