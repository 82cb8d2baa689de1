// The cueing settings file (raven/cueingfile.h): what "Export cueing settings…" writes and
// --cueing reads.
#include "raven/cueingfile.h"

#include <QtTest>

using namespace hil::raven;

class TestCueingFile : public QObject
{
    Q_OBJECT
private slots:
    void roundTrip()
    {
        CueingSettings s;
        s.frameId = 5;
        s.masterGain = 0.75;
        s.useAccelerometer = true;
        s.axes[AxSway].invert = true;
        s.axes[AxPitch].gain = 0.4;
        s.axes[AxHeave].lowPassTauS = 0.125;
        s.axes[AxRollAngle].rateLimit = 0.0523;
        s.axes[AxSurge].limit = 3.5;
        CueingSettings back;
        QString error;
        QVERIFY2(parseCueingFile(writeCueingFile(s), &back, &error), qPrintable(error));
        QCOMPARE(back.frameId, 5);
        QCOMPARE(back.masterGain, 0.75);
        QVERIFY(back.useAccelerometer);
        QVERIFY(back.axes[AxSway].invert);
        QVERIFY(!back.axes[AxSurge].invert);
        QCOMPARE(back.axes[AxPitch].gain, 0.4);
        QCOMPARE(back.axes[AxHeave].lowPassTauS, 0.125);
        QCOMPARE(back.axes[AxRollAngle].rateLimit, 0.0523);
        QCOMPARE(back.axes[AxSurge].limit, 3.5);
        // A decimal point, whatever the locale (JSON numbers).
        QVERIFY(writeCueingFile(s).contains("0.75"));
    }

    void missingKeysAreDefaults()
    {
        CueingSettings back;
        QString error;
        QVERIFY2(parseCueingFile(R"({"format":"hilstation-cueing","version":2,"frame":85})", &back,
                                 &error),
                 qPrintable(error));
        QCOMPARE(back.frameId, 85);
        QCOMPARE(back.masterGain, CueingSettings().masterGain);
    }

    void rejected_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("says");
        QTest::newRow("not json") << QByteArray("frame=21") << "not JSON";
        QTest::newRow("other file") << QByteArray(R"({"format":"x","version":2})") << "format";
        QTest::newRow("old convention")
            << QByteArray(R"({"format":"hilstation-cueing","version":1})") << "version 1";
        QTest::newRow("typo") << QByteArray(
                                     R"({"format":"hilstation-cueing","version":2,"gian":1})")
                              << "\"gian\"";
        QTest::newRow("axis typo")
            << QByteArray(
                   R"({"format":"hilstation-cueing","version":2,"axes":{"surge":{"gane":1}}})")
            << "\"gane\" in axis \"surge\"";
        QTest::newRow("frame") << QByteArray(
                                      R"({"format":"hilstation-cueing","version":2,"frame":7})")
                               << "5, 21 and 85";
        QTest::newRow("negative")
            << QByteArray(
                   R"({"format":"hilstation-cueing","version":2,"axes":{"yaw":{"gain":-1}}})")
            << "negative";
    }
    void rejected()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, says);
        CueingSettings back;
        QString error;
        QVERIFY(!parseCueingFile(bytes, &back, &error));
        QVERIFY2(error.contains(says), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestCueingFile)
#include "tst_cueingfile.moc"
