#pragma once
// A tiny, independent stand-in for Python's struct.pack('<' + fmt, ...): the test's reference
// for the RflySim wire layouts. Supports H (u16), I/i (32-bit), f (f32), d (f64), with counts.
#include <QByteArray>
#include <QString>
#include <cstring>
#include <vector>

inline QByteArray structPack(const QString &fmt, const std::vector<double> &values)
{
    QByteArray out;
    size_t v = 0;
    int count = 0;
    auto put = [&](const void *p, int n) { out.append(static_cast<const char *>(p), n); };
    for (QChar ch : fmt) {
        if (ch.isDigit()) {
            count = count * 10 + ch.digitValue();
            continue;
        }
        const int n = count ? count : 1;
        count = 0;
        for (int k = 0; k < n; ++k, ++v) {
            const double x = values.at(v);
            if (ch == 'H') {
                const auto u = static_cast<quint16>(x);
                const char b[2] = {char(u & 0xff), char(u >> 8)};
                put(b, 2);
            } else if (ch == 'I' || ch == 'i') {
                const auto u = static_cast<quint32>(static_cast<qint64>(x));
                const char b[4] = {char(u), char(u >> 8), char(u >> 16), char(u >> 24)};
                put(b, 4);
            } else if (ch == 'f') {
                const float f = static_cast<float>(x);
                quint32 u;
                std::memcpy(&u, &f, 4);
                const char b[4] = {char(u), char(u >> 8), char(u >> 16), char(u >> 24)};
                put(b, 4);
            } else if (ch == 'd') {
                quint64 u;
                std::memcpy(&u, &x, 8);
                for (int i = 0; i < 8; ++i) {
                    const char c = char(u >> (8 * i));
                    put(&c, 1);
                }
            }
        }
    }
    return out;
}
