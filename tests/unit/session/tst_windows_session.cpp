// A session folder the Windows build wrote (tests/fixtures/windows-session/, NOTICE.md says how)
// read by this build: the replay indexes every row with nothing skipped and gives back each
// recorded line byte for byte, the header is this build's own, events.log and session.json parse.
// A Windows-only format difference (CR LF, a decimal comma, a ':' in a name, a BOM) fails here.
#include "session/replaysource.h"
#include "session/sessionformat.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QtTest>
#include <cmath>

using namespace hil;

class TestWindowsSession : public QObject
{
    Q_OBJECT
    const QString m_dir = hil::testpaths::fixturesDir() + QStringLiteral("/windows-session");

private slots:
    void writtenOnWindows()
    {
        QFile f(m_dir + "/session.json");
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonParseError err{};
        const QJsonObject s = QJsonDocument::fromJson(f.readAll(), &err).object();
        QCOMPARE(err.error, QJsonParseError::NoError);
        QCOMPARE(s["platform"].toString(), QStringLiteral("windows"));
        QVERIFY(s["links"].toObject().contains("flightaxis"));
    }

    void replaysEveryRow()
    {
        ReplaySource source;
        QString error;
        QVERIFY2(source.open(m_dir, &error), qPrintable(error));
        QCOMPARE(source.skipped(), qint64(0));
        QVERIFY2(source.size() > 100, qPrintable(QString::number(source.size())));
        QCOMPARE(source.header(), stateCsvHeader().trimmed());

        QFile csv(m_dir + "/state.csv");
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QByteArray all = csv.readAll();
        QVERIFY2(!all.contains('\r'), "CR in state.csv");
        QVERIFY(!all.startsWith("\xEF\xBB\xBF")); // no BOM
        QList<QByteArray> lines = all.split('\n');
        if (lines.last().isEmpty())
            lines.removeLast();
        QCOMPARE(lines.size() - 1, source.size()); // every row indexed
        double last = -1;
        for (int i = 0; i < source.size(); ++i) {
            QCOMPARE(source.rowText(i), lines[i + 1]);
            SimFrame frame;
            QVERIFY(source.frameAt(i, &frame));
            QVERIFY(std::isfinite(frame.vehicle.state.pose.position.z));
            QVERIFY(source.timeAt(i) >= last); // the time base reads in order
            last = source.timeAt(i);
        }
    }

    void eventsLogReads()
    {
        QFile f(m_dir + "/events.log");
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray all = f.readAll();
        QVERIFY(!all.contains('\r'));
        const QRegularExpression line(QStringLiteral(
            "^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z\\t[a-z0-9_.-]+\\t.+$"));
        int n = 0;
        for (const QByteArray &l : all.split('\n')) {
            if (l.isEmpty())
                continue;
            QVERIFY2(line.match(QString::fromUtf8(l)).hasMatch(), l.constData());
            ++n;
        }
        QVERIFY(n > 5);
        QVERIFY(all.contains("\tflightaxis\tlink up"));
    }
};

QTEST_GUILESS_MAIN(TestWindowsSession)
#include "tst_windows_session.moc"
