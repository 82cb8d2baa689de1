// What tst_measure_cli and tst_omct_cli share: the OMCT measurement's command line on the motion
// platform's stand-in, and reading the files it writes.
#pragma once

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>
#include <QTemporaryDir>

namespace hil::testing {

inline QJsonObject readJson(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object()
                                       : QJsonObject();
}

inline QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// `hilstation` measuring the OMCT on the stand-in in CUEING with the fast timing, its results in
/// DIR/name/omct and its session in DIR/name/session.
inline QStringList omctArgs(const QTemporaryDir &dir, const QString &name)
{
    return {QStringLiteral("--emulate"),
            QStringLiteral("raven"),
            QStringLiteral("--raven-mode"),
            QStringLiteral("cueing"),
            QStringLiteral("--omct"),
            dir.filePath(name + QStringLiteral("/omct")),
            QStringLiteral("--omct-seat-empty"),
            QStringLiteral("--omct-fast"),
            QStringLiteral("--log-dir"),
            dir.filePath(name + QStringLiteral("/session"))};
}

} // namespace hil::testing
