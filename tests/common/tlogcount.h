#pragma once
// Reads a .tlog with tests/tools/tlogcount (npm's node-mavlink, a MAVLink implementation that is
// not ours) and returns what it counted: per message name, CRC errors, unknown messages, records
// out of time order, HEARTBEATs per "sysid/compid". The reader is installed into the build tree
// by the CTest fixture tlogcount_install (tests/tools/CMakeLists.txt); a test that uses it names
// the fixture (FIXTURES_REQUIRED tlogcount).
//
// skipReason is set when Node.js or npm is missing (the fixture wrote why): the caller QSKIPs.
// error is set when the reader is missing or failed for any other reason: the caller fails.
#include "testpaths.h"
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>

struct TlogCount
{
    QString skipReason; ///< non-empty: no Node.js or npm here, skip
    QString error;      ///< non-empty: the reader could not read the file
    QJsonObject json;   ///< the reader's output (tests/tools/tlogcount/tlogcount.js names)

    qint64 count(const char *message) const
    {
        return json[QStringLiteral("messages")].toObject()[QLatin1String(message)].toInteger();
    }
    qint64 value(const char *key) const { return json[QLatin1String(key)].toInteger(); }
    qint64 heartbeatsFrom(const char *sysComp) const
    {
        return json[QStringLiteral("heartbeats_by_source")]
            .toObject()[QLatin1String(sysComp)]
            .toInteger();
    }
    qint64 framesFrom(const char *sysComp) const
    {
        return json[QStringLiteral("frames_by_source")]
            .toObject()[QLatin1String(sysComp)]
            .toInteger();
    }
    QString summary() const { return QString::fromUtf8(QJsonDocument(json).toJson()); }

    /// What a session's tlog lacks for QGroundControl's replay of both PX4 links (empty: none):
    /// clean framing and time order, the HIL link's steps and answers, PX4's ground-station
    /// stream, and our own heartbeat as a ground station.
    QString missingForReplay() const
    {
        for (const char *key : {"framing_errors", "crc_errors", "time_steps_back"})
            if (value(key) != 0)
                return QStringLiteral("%1: %2").arg(QLatin1String(key)).arg(value(key));
        for (const char *m : {"HIL_SENSOR", "HIL_ACTUATOR_CONTROLS", "ATTITUDE",
                              "GLOBAL_POSITION_INT", "SYS_STATUS"})
            if (count(m) == 0)
                return QStringLiteral("no %1").arg(QLatin1String(m));
        if (heartbeatsFrom("255/190") == 0)
            return QStringLiteral("no heartbeat of ours (255/190)");
        return {};
    }
};

inline TlogCount countTlog(const QString &tlogPath)
{
    TlogCount r;
    const QString dir = hil::testpaths::binaryDir() + QStringLiteral("/tests/tools/tlogcount");
    QFile unavailable(dir + QStringLiteral("/unavailable.txt"));
    if (unavailable.open(QIODevice::ReadOnly)) {
        r.skipReason = QStringLiteral("no independent .tlog reader: ") +
                       QString::fromUtf8(unavailable.readAll()).trimmed();
        return r;
    }
    QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    if (node.isEmpty())
        node = QStandardPaths::findExecutable(QStringLiteral("nodejs"));
    if (node.isEmpty()) {
        r.skipReason = QStringLiteral("no independent .tlog reader: Node.js (node) is not "
                                      "installed (Debian: apt install nodejs npm)");
        return r;
    }
    if (!QFile::exists(dir + QStringLiteral("/node_modules/node-mavlink/package.json"))) {
        r.error = QStringLiteral("tlogcount is not installed in %1: run the test through ctest "
                                 "(its fixture tlogcount_install runs npm ci there)")
                      .arg(dir);
        return r;
    }
    QProcess p;
    p.start(node, {dir + QStringLiteral("/tlogcount.js"), tlogPath});
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        p.kill();
        p.waitForFinished();
        r.error =
            QStringLiteral("tlogcount failed: ") + QString::fromUtf8(p.readAllStandardError());
        return r;
    }
    QJsonParseError perr;
    r.json = QJsonDocument::fromJson(p.readAllStandardOutput(), &perr).object();
    if (perr.error != QJsonParseError::NoError)
        r.error = QStringLiteral("tlogcount printed no JSON: ") + perr.errorString();
    return r;
}
