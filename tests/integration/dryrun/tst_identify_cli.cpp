// `hilstation --platform-identify`: the program as a user runs it on session folders written by
// a platform apart from the model (tests/common/identifyplatform.h): the model file and its
// report, a model file the dry run then reads, and the refusals with their exit statuses.
#include "identifyplatform.h"
#include "programrun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace {
using Run = hil::testing::ProgramRun;

Run hilstation(const QStringList &args)
{
    return hil::testing::runProgram(args, 120000);
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object()
                                       : QJsonObject();
}
} // namespace

class TestIdentifyCli : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void identifiesAndTheDryRunReadsTheModel()
    {
        const QString session = m_dir.filePath(QStringLiteral("ride"));
        idtest::Recording rec;
        rec.seconds = 60;
        QVERIFY(idtest::writeSession(session, idtest::Truth(), rec));
        const QString model = m_dir.filePath(QStringLiteral("rig.json"));
        const Run r = hilstation({QStringLiteral("--platform-identify"), session,
                                  QStringLiteral("--platform-model-out"), model});
        QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
        // Numbers with a decimal point whatever the locale (the second pass runs in German).
        QVERIFY2(QRegularExpression(QStringLiteral("washout\\.surge_natural_rad_s +\\d+\\.\\d{4} "))
                     .match(r.out)
                     .hasMatch(),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QLatin1String("yaw lacked excitation")), qPrintable(r.out));
        const QJsonObject file = readJson(model);
        QVERIFY(file.value(QStringLiteral("comment"))
                    .toString()
                    .contains(QLatin1String("Validated on stand-ins only")));
        QVERIFY(file.value(QStringLiteral("comment")).toString().contains(QLatin1String("ride")));
        const QJsonObject report =
            readJson(m_dir.filePath(QStringLiteral("rig.identification.json")));
        QCOMPARE(report.value(QStringLiteral("tilt_coordination")).toString(),
                 QStringLiteral("low_pass"));
        QVERIFY(report.value(QStringLiteral("parameters")).toArray().size() > 10);
        QCOMPARE(report.value(QStringLiteral("recordings"))
                         .toArray()
                         .at(0)
                         .toObject()
                         .value(QStringLiteral("poses_compared"))
                         .toInt() > 1000,
                 true);

        // The dry run takes it as any model file, and says which one it used.
        const QString out = m_dir.filePath(QStringLiteral("dry"));
        const Run d = hilstation({QStringLiteral("--dry-run"), QStringLiteral("maneuver:takeoff"),
                                  QStringLiteral("--dry-run-report"), out,
                                  QStringLiteral("--platform-model"), model});
        QVERIFY2(d.code == 0, qPrintable(d.err));
        const QJsonObject used = readJson(out + QStringLiteral("/report.json"))
                                     .value(QStringLiteral("platform_model"))
                                     .toObject();
        QCOMPARE(used.value(QStringLiteral("file")).toString(), QStringLiteral("rig.json"));
        QCOMPARE(used.value(QStringLiteral("assumptions")).toBool(), false);
        const QJsonObject identified = used.value(QStringLiteral("identified")).toObject();
        QVERIFY(!identified.value(QStringLiteral("utc")).toString().isEmpty());
        QCOMPARE(identified.value(QStringLiteral("validated_on")).toString(),
                 QStringLiteral("stand-ins"));
        QVERIFY(identified.value(QStringLiteral("sessions"))
                    .toArray()
                    .at(0)
                    .toString()
                    .startsWith(QLatin1String("ride")));
    }

    void refusals()
    {
        const QString model = m_dir.filePath(QStringLiteral("never.json"));
        // No cues.csv: an older session, or none with a platform link.
        const QString older = m_dir.filePath(QStringLiteral("older"));
        QDir().mkpath(older);
        Run r = hilstation({QStringLiteral("--platform-identify"), older,
                            QStringLiteral("--platform-model-out"), model});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains(QLatin1String("cues.csv")), qPrintable(r.err));
        // Nothing excited: the cues never moved the platform.
        const QString still = m_dir.filePath(QStringLiteral("still"));
        idtest::Recording rec;
        rec.seconds = 10;
        rec.excite = {false, false, false, false, false, false};
        QVERIFY(idtest::writeSession(still, idtest::Truth(), rec));
        r = hilstation({QStringLiteral("--platform-identify"), still,
                        QStringLiteral("--platform-model-out"), model});
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains(QLatin1String("nothing could be identified")), qPrintable(r.err));
        QVERIFY(!QFile::exists(model));
        // Where the model goes is not optional.
        r = hilstation({QStringLiteral("--platform-identify"), still});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QLatin1String("--platform-model-out")), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestIdentifyCli)
#include "tst_identify_cli.moc"
