// The pilot channel map (model/pilotchannels.h): the pilot's controls as RealFlight channel
// values, checked against RealFlight's own captured controller channels (the RealFlight 8 sample:
// a transmitter at rest, sticks 0.5, throttle channel 3 at 0), against the input link's reading of
// RealFlight's transmitter in the other direction (the same convention both ways: channel 2 high =
// stick forward), and as the ExchangeData request it makes. No captured ExchangeData *request*
// from a real client exists in tests/fixtures/flightaxis (only RealFlight's replies), so the
// request is checked element by element against the layout docs/protocols/flightaxis.md gives.
#include "flightaxis/flightaxiscodec.h"
#include "flightaxis/returndata.h"
#include "input/pilotmap.h"
#include "model/pilotchannels.h"
#include "testpaths.h"

#include <QFile>
#include <QLocale>
#include <QtTest>

using namespace hil;
using namespace hil::flightaxis;

namespace {
QByteArray seed8Channel()
{
    QFile f(hil::testpaths::sourceDir() +
            QStringLiteral("/tests/unit/flightaxis/seed000-return-data-8ch.xml"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing seed000-return-data-8ch.xml");
    return f.readAll();
}

PilotControls controls(double pitch, double roll, double yaw, double throttle)
{
    PilotControls c;
    c.active = true;
    c.pitch = pitch;
    c.roll = roll;
    c.yaw = yaw;
    c.throttle = throttle;
    return c;
}
} // namespace

class TestPilotChannels : public QObject
{
    Q_OBJECT
private slots:
    void idlePilotIsRealFlightsTransmitterAtRest()
    {
        // The RealFlight 8 capture's controller at rest: channel 1 aileron, 2 elevator, 4 rudder
        // centred, 3 throttle at idle. The pilot at rest must give the same values on them.
        ReturnData r;
        QString error;
        QVERIFY2(parseReturnData(seed8Channel(), &r, &error), qPrintable(error));
        QCOMPARE(r.inputCount, 8);
        const ChannelFrame f = PilotChannelMap::realFlightDefault().apply(controls(0, 0, 0, 0));
        for (int ch = 0; ch < 4; ++ch)
            QCOMPARE(f.values[std::size_t(ch)], r.inputs[std::size_t(ch)]);
        QCOMPARE(f.selectedMask, 0xFu); // channels 1..4 only: the knob on 5 stays RealFlight's
    }

    void sameConventionAsTheInputLinkReadsRealFlight()
    {
        // Controls → channels (this map) → RealFlight's transmitter as the input link reads it
        // (axes 2·v − 1, its built-in RealFlight mapping) → the same controls.
        input::PilotMapper reader(input::defaultMap(input::DeviceKind::RealFlight));
        const PilotControls in = controls(0.8, 0.25, -0.5, 0.75); // forward, right, left, 3/4
        const ChannelFrame f = PilotChannelMap::realFlightDefault().apply(in);
        QCOMPARE(f.values[1], 0.9); // stick forward: high on channel 2, as the InterLink reports
        QCOMPARE(f.values[0], 0.625);
        PilotSample s;
        s.deviceId = QStringLiteral("realflight");
        for (int ch = 0; ch < 8; ++ch)
            s.axes.push_back(2.0 * f.values[std::size_t(ch)] - 1.0);
        const PilotControls out = reader.map(s);
        QVERIFY(qAbs(out.pitch - in.pitch) < 1e-9);
        QVERIFY(qAbs(out.roll - in.roll) < 1e-9);
        QVERIFY(qAbs(out.yaw - in.yaw) < 1e-9);
        QVERIFY(qAbs(out.throttle - in.throttle) < 1e-9);
    }

    void reversedAndRemapped()
    {
        QString why;
        const auto m =
            PilotChannelMap::parse(QStringLiteral("ail=5, ele=6,thr=7,rud=8,rev=ail+thr"), &why);
        QVERIFY2(m, qPrintable(why));
        const ChannelFrame f = m->apply(controls(0.5, 1.0, 0, 0.25));
        QCOMPARE(f.selectedMask, 0xF0u);
        QCOMPARE(f.values[4], 0.0);  // aileron reversed: stick right = low
        QCOMPARE(f.values[5], 0.75); // elevator
        QCOMPARE(f.values[6], 0.75); // throttle reversed
        QCOMPARE(f.values[7], 0.5);  // rudder centred
        QCOMPARE(m->toString(), QStringLiteral("ail=5,ele=6,thr=7,rud=8,rev=ail+thr"));
        // A subset: the unnamed controls stay with RealFlight's controller.
        const auto sticksOnly = PilotChannelMap::parse(QStringLiteral("ail=1,ele=2"), &why);
        QVERIFY(sticksOnly);
        QCOMPARE(sticksOnly->mask(), 0x3u);
        QCOMPARE(sticksOnly->toString(), QStringLiteral("ail=1,ele=2"));
        // Not a number: centred, idle.
        const ChannelFrame nan =
            PilotChannelMap::realFlightDefault().apply(controls(qQNaN(), qQNaN(), 0, qQNaN()));
        QCOMPARE(nan.values[0], 0.5);
        QCOMPARE(nan.values[1], 0.5);
        QCOMPARE(nan.values[2], 0.0);
    }

    void parse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("canonical");
        QTest::newRow("default") << "ail=1,ele=2,thr=3,rud=4" << true << "ail=1,ele=2,thr=3,rud=4";
        QTest::newRow("case") << "AIL=1,Ele=2" << true << "ail=1,ele=2";
        QTest::newRow("none") << "none" << true << "none";
        QTest::newRow("rev") << "thr=3,rev=thr" << true << "thr=3,rev=thr";
        QTest::newRow("empty") << "" << false << "";
        QTest::newRow("channel 0") << "ail=0" << false << "";
        QTest::newRow("channel 13") << "ail=13" << false << "";
        QTest::newRow("channel twice") << "ail=1,ele=1" << false << "";
        QTest::newRow("control twice") << "ail=1,ail=2" << false << "";
        QTest::newRow("unknown") << "flap=5" << false << "";
        QTest::newRow("rev unmapped") << "ail=1,rev=ele" << false << "";
        QTest::newRow("rev unknown") << "ail=1,rev=gear" << false << "";
        QTest::newRow("decimal") << "ail=1.5" << false << "";
        QTest::newRow("no value") << "ail" << false << "";
    }
    void parse()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(QString, canonical);
        QString why;
        const auto m = PilotChannelMap::parse(text, &why);
        QCOMPARE(bool(m), ok);
        if (ok)
            QCOMPARE(m->toString(), canonical);
        else
            QVERIFY(!why.isEmpty() && !why.contains(QLatin1Char('\n')));
    }

    void exchangeRequestCarriesOnlyTheMappedChannels()
    {
        // Stick full right, throttle full, default map: the request RealFlight gets.
        const ChannelFrame f = PilotChannelMap::realFlightDefault().apply(controls(0, 1, 0, 1));
        const QByteArray req = buildExchangeData(f.values, f.selectedMask);
        QVERIFY(req.contains("<m-selectedChannels>15</m-selectedChannels>\n"));
        QVERIFY(req.contains("<m-channelValues-0to1>\n<item>1.0000</item>\n<item>0.5000</item>\n"
                             "<item>1.0000</item>\n<item>0.5000</item>\n"));
        const qsizetype body = req.indexOf("\r\n\r\n") + 4;
        std::uint32_t mask = 0;
        std::array<double, 12> values{};
        QVERIFY(parseExchangeRequest(QByteArrayView(req).sliced(body), &mask, &values));
        QCOMPARE(mask, 15u);
        QCOMPARE(values[0], 1.0);
        QCOMPARE(values[2], 1.0);
    }
};

QTEST_GUILESS_MAIN(TestPilotChannels)
#include "tst_pilotchannels.moc"
