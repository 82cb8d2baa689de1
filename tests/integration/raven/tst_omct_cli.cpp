// `hilstation --omct DIR --omct-seat-empty --omct-fast`: the OMCT's ten tests measured on the
// motion platform's stand-in through the link's cueing, as a user runs it, with the hidden fast
// timing (about 70 s instead of half an hour; its frequencies are higher harmonics than the
// OMCT's, so its figures are no OMCT's): each test's twelve points, the plots and the page.
// The stand-in is a critically damped spring per DoF at 7 rad/s (lib/raven/ravenemulator.h,
// written apart from the platform model). Labelled slow: the sanitizer runs leave it out, as
// tst_measure_cli's STOP mid-run runs the same procedure through its first input.
#include "measurecli.h"
#include "programrun.h"

#include <QDir>
#include <QJsonArray>
#include <QRegularExpression>
#include <QtTest>
#include <algorithm>
#include <vector>

namespace {
using Run = hil::testing::ProgramRun;
using hil::testing::readAll;
using hil::testing::readJson;

/// The measured OMCT's ten tests, as omct.json names them.
const char *const kTests[10] = {"surge",          "sway",        "heave",          "roll",
                                "pitch",          "yaw",         "pitch_to_surge", "roll_to_sway",
                                "surge_to_pitch", "sway_to_roll"};
} // namespace

class TestOmctCli : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

    QStringList omct(const QString &name) const { return hil::testing::omctArgs(m_dir, name); }

private slots:
    void omctMeasuresTheTenTests()
    {
        const Run r = hil::testing::runProgram(omct(QStringLiteral("omct-full")), 240000);
        QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
        QVERIFY2(QRegularExpression(QStringLiteral("about \\d+\\.\\d min")).match(r.out).hasMatch(),
                 qPrintable(r.out));
        const QString dir = m_dir.filePath(QStringLiteral("omct-full/omct"));
        const QJsonObject json = readJson(dir + QStringLiteral("/omct.json"));
        QCOMPARE(json.value(QStringLiteral("kind")).toString(), QStringLiteral("measured"));
        QCOMPARE(json.value(QStringLiteral("excitation")).toString(), QStringLiteral("multisine"));
        QVERIFY(json.value(QStringLiteral("complete")).toBool());
        QCOMPARE(json.value(QStringLiteral("timed_by")).toString(),
                 QStringLiteral("platform_clock"));
        const QJsonObject tests = json.value(QStringLiteral("tests")).toObject();
        QCOMPARE(tests.size(), 10);
        for (const char *name : kTests) {
            const QJsonObject t = tests.value(QLatin1String(name)).toObject();
            const QJsonArray points = t.value(QStringLiteral("points")).toArray();
            QCOMPARE(points.size(), 12);
            for (const QJsonValue &p : points) {
                QVERIFY2(p.toObject().value(QStringLiteral("measured")).toBool(), name);
                QVERIFY(p.toObject().contains(QStringLiteral("predicted_gain")));
            }
            QVERIFY2(QFile::exists(dir + QStringLiteral("/omct-%1.png").arg(QLatin1String(name))),
                     name);
        }
        // The stand-in follows its cue on every axis: each direct test's lowest point (2 rad/s in
        // the fast run, well under the stand-in's 7 rad/s) is measurable, and its points agree
        // between the two periods: a median coherence over 0.95. Not every point: where the
        // response is small (the rotations' lowest harmonic, behind the washout) a loaded PC's
        // timing noise takes the coherence down to 0.7 while the median stays over 0.99; a wrong
        // phase reference or misplaced periods take them all down. An input the run marked
        // interrupted (the PC paused the program for over 0.1 s) says nothing, and the console
        // says why.
        for (int k = 0; k < 6; ++k) {
            const QJsonObject test = tests.value(QLatin1String(kTests[k])).toObject();
            if (test.value(QStringLiteral("interrupted")).toBool()) {
                QVERIFY2(r.out.contains(QStringLiteral("%1 interrupted: the recording paused")
                                            .arg(QLatin1String(kTests[k]), -6)),
                         qPrintable(r.out));
                qWarning("%s interrupted (%.0f ms): its coherence is not checked", kTests[k],
                         test.value(QStringLiteral("longest_pause_ms")).toDouble());
                continue;
            }
            const QJsonArray points = test.value(QStringLiteral("points")).toArray();
            QVERIFY2(points.at(0).toObject().value(QStringLiteral("measurable")).toBool(),
                     kTests[k]);
            std::vector<double> coherence;
            QString all;
            for (const QJsonValue &v : points) {
                const QJsonObject p = v.toObject();
                if (p.value(QStringLiteral("measurable")).toBool()) {
                    coherence.push_back(p.value(QStringLiteral("coherence")).toDouble());
                    all += QString::number(coherence.back(), 'f', 3) + QLatin1Char(' ');
                }
            }
            QVERIFY2(coherence.size() >= 6,
                     qPrintable(QLatin1String(kTests[k]) + QLatin1String(": ") + all));
            std::sort(coherence.begin(), coherence.end());
            QVERIFY2(coherence[coherence.size() / 2] > 0.95,
                     qPrintable(QLatin1String(kTests[k]) + QLatin1String(": ") + all));
        }
        QVERIFY(QFile::exists(dir + QStringLiteral("/omct.html")));
        QVERIFY(readAll(dir + QStringLiteral("/omct.html")).contains("multisine"));
        // The excitation went out through the cueing as origin 6; the platform parked at the end.
        const QByteArray cues =
            readAll(m_dir.filePath(QStringLiteral("omct-full/session/cues.csv")));
        QVERIFY2(QRegularExpression(QStringLiteral("\n[0-9.]+,(21|85|5),6,"))
                     .match(QString::fromLatin1(cues))
                     .hasMatch(),
                 cues.left(400).constData());
        const QByteArray events =
            readAll(m_dir.filePath(QStringLiteral("omct-full/session/events.log")));
        QVERIFY(events.contains("OMCT measurement: all six inputs measured"));
        QVERIFY(events.contains("platform parked in LEVEL BRAKE"));
    }
};

QTEST_GUILESS_MAIN(TestOmctCli)
#include "tst_omct_cli.moc"
