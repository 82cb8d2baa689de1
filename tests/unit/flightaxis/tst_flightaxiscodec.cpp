// The FlightAxis codec against the captured RealFlight replies (tests/fixtures/flightaxis), the
// RealFlight 8 sample reply of the FlightAxis documentation (docs/protocols/flightaxis.md), and
// hand-made broken input.
#include "flightaxis/flightaxiscodec.h"
#include "flightaxis/frameconverter.h"
#include "flightaxis/httpmessage.h"
#include "model/rotation.h"
#include "testpaths.h"

#include <QFile>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <cstring>

using namespace hil;
using namespace hil::flightaxis;

namespace {
QByteArray fixture(const char *name)
{
    QFile f(hil::testpaths::fixturesDir() + QStringLiteral("/flightaxis/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", name);
    return f.readAll();
}

// Seed 000's RealFlight 8 sample (8 channels, selectedChannels 255), copied verbatim into
// seed000-return-data-8ch.xml, including the stray "HTTP/1.1 200 OK" that follows the
// envelope in the published capture.
QByteArray seed8Channel()
{
    QFile f(hil::testpaths::sourceDir() +
            QStringLiteral("/tests/unit/flightaxis/seed000-return-data-8ch.xml"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing seed000-return-data-8ch.xml");
    return f.readAll();
}

QByteArray withElementValue(QByteArray xml, const QByteArray &name, const QByteArray &value)
{
    const qsizetype a = xml.indexOf("<" + name + ">");
    const qsizetype b = xml.indexOf("</" + name + ">");
    Q_ASSERT(a >= 0 && b > a);
    const qsizetype start = a + name.size() + 2;
    return xml.replace(start, b - start, value);
}

QByteArray withoutElement(QByteArray xml, const QByteArray &name)
{
    const qsizetype a = xml.indexOf("<" + name + ">");
    const QByteArray close = "</" + name + ">";
    const qsizetype b = xml.indexOf(close);
    Q_ASSERT(a >= 0 && b > a);
    return xml.remove(a, b + close.size() - a);
}

/// The capture with its m-channelValues-0to1 items replaced by `items` (texts).
QByteArray withChannelItems(const QList<QByteArray> &items)
{
    QByteArray xml = fixture("return-data-200.xml");
    const QByteArray close = "</m-channelValues-0to1>";
    const qsizetype a = xml.indexOf('>', xml.indexOf("<m-channelValues-0to1")) + 1;
    const qsizetype b = xml.indexOf(close);
    Q_ASSERT(a > 0 && b >= a);
    QByteArray inner;
    for (const QByteArray &item : items)
        inner += "<item>" + item + "</item>";
    return xml.replace(a, b - a, inner);
}

/// The same reply, made to take QXmlStreamReader's path (a comment is outside the fast subset).
QByteArray forFullParser(QByteArray xml)
{
    return xml.replace("<m-aircraftState>", "<m-aircraftState><!-- full parser -->");
}
} // namespace

class TestFlightAxisCodec : public QObject
{
    Q_OBJECT
private slots:
    void requestsHaveRealFlightShape_data();
    void requestsHaveRealFlightShape();
    void exchangeDataFormatsAndClamps();
    void readerAcceptsEverySplit();
    void readerLineEndsAndHeaderCase();
    void readerMergedReplies();
    void readerReceivesInPlace();
    void readerRefusesOversize();
    void readerRejectsBrokenHeaders();
    void parsesEvolutionReply();
    void parsesSeedEightChannelReply();
    void parsesFieldsInAnyOrder();
    void readsTransmitterChannels_data();
    void readsTransmitterChannels();
    void transmitterChannelCounts_data();
    void transmitterChannelCounts();
    void badTransmitterValuesAreCounted_data();
    void badTransmitterValuesAreCounted();
    void reportsMissingFields();
    void fullParserAgreesWithFastPath();
    void rejectsGarbageAndFaults();
    void parsesFaults_data();
    void parsesFaults();
    void convertsToNed();
    void relatchesOrigin();
    void serverRoundTrip();
};

void TestFlightAxisCodec::requestsHaveRealFlightShape_data()
{
    QTest::addColumn<int>("method");
    QTest::addColumn<QByteArray>("action");
    QTest::newRow("restore") << int(Method::Restore)
                             << QByteArray("RestoreOriginalControllerDevice");
    QTest::newRow("reset") << int(Method::Reset) << QByteArray("ResetAircraft");
    QTest::newRow("inject") << int(Method::Inject) << QByteArray("InjectUAVControllerInterface");
}

void TestFlightAxisCodec::requestsHaveRealFlightShape()
{
    QFETCH(int, method);
    QFETCH(QByteArray, action);
    const QByteArray req = buildRequest(Method(method));
    QVERIFY(req.startsWith("POST / HTTP/1.1\r\n"));
    QVERIFY(req.contains("soapaction: '" + action + "'\r\n"));
    QVERIFY(req.contains("content-type: text/xml;charset='UTF-8'\r\n"));
    HttpMessageReader r;
    QCOMPARE(r.feed(req), HttpMessageReader::Status::Complete);
    QCOMPARE(r.method(), QByteArray("POST"));
    QCOMPARE(r.soapAction(), action);
    QCOMPARE(r.body().size(), r.contentLength());
    QVERIFY(r.remainder().isEmpty());
    QVERIFY(r.body().toByteArray().contains("<" + action + "><a>1</a><b>2</b></" + action + ">"));
    QVERIFY(r.body().endsWith("</soap:Envelope>"));
    Method back;
    QVERIFY(methodFromName(action, &back));
    QCOMPARE(int(back), method);
}

void TestFlightAxisCodec::exchangeDataFormatsAndClamps()
{
    std::array<double, 12> v{0.25, 1.5, -0.2, std::nan(""), 0.5, 0.75, 0, 0, 0, 0, 0.1, 1.0};
    const QByteArray req = buildExchangeData(v, 4095);
    HttpMessageReader r;
    QCOMPARE(r.feed(req), HttpMessageReader::Status::Complete);
    QCOMPARE(r.soapAction(), QByteArray("ExchangeData"));
    const QByteArray body = r.body().toByteArray();
    QVERIFY(body.contains("<m-selectedChannels>4095</m-selectedChannels>"));
    QCOMPARE(body.count("<item>"), 12);
    QVERIFY(body.contains("<item>0.2500</item>\n<item>1.0000</item>\n<item>0.0000</item>\n"
                          "<item>0.0000</item>\n<item>0.5000</item>\n<item>0.7500</item>"));
    std::uint32_t mask = 0;
    std::array<double, 12> back{};
    QVERIFY(parseExchangeRequest(r.body(), &mask, &back));
    QCOMPARE(mask, 4095u);
    QCOMPARE(back[0], 0.25);
    QCOMPARE(back[1], 1.0);
    QCOMPARE(back[10], 0.1);
    QCOMPARE(back[11], 1.0);
    // mask 0: the operator's transmitter drives everything
    QVERIFY(buildExchangeData(v, 0).contains("<m-selectedChannels>0</m-selectedChannels>"));
}

void TestFlightAxisCodec::readerAcceptsEverySplit()
{
    const QByteArray body = fixture("return-data-200.xml");
    const QByteArray reply = buildHttpReply(200, body);
    for (qsizetype cut = 0; cut <= reply.size(); cut += 7) {
        HttpMessageReader r;
        const auto s1 = r.feed(QByteArrayView(reply).first(cut));
        if (cut < reply.size())
            QCOMPARE(s1, HttpMessageReader::Status::NeedMore);
        const auto s2 = r.feed(QByteArrayView(reply).sliced(cut));
        QCOMPARE(s2, HttpMessageReader::Status::Complete);
        QCOMPARE(r.statusCode(), 200);
        QCOMPARE(r.body(), QByteArrayView(body));
    }
    HttpMessageReader bytewise;
    for (char c : reply)
        bytewise.feed(QByteArrayView(&c, 1));
    QCOMPARE(bytewise.status(), HttpMessageReader::Status::Complete);
    QCOMPARE(bytewise.body(), QByteArrayView(body));
}

void TestFlightAxisCodec::readerLineEndsAndHeaderCase()
{
    const QByteArray body = fixture("return-data-500.xml");
    const QByteArray reply = "HTTP/1.1 500 Internal Server Error\nSERVER: gSOAP/2.7\n"
                             "Content-TYPE: text/xml\nCONTENT-LENGTH: " +
                             QByteArray::number(body.size()) + "\n\n" + body;
    HttpMessageReader r;
    QCOMPARE(r.feed(reply), HttpMessageReader::Status::Complete);
    QCOMPARE(r.statusCode(), 500);
    QCOMPARE(r.header("content-type"), QByteArray("text/xml"));
    QCOMPARE(r.body(), QByteArrayView(body));
    // ArduPilot's request template: no blank line before the body, '\n' line ends.
    const QByteArray req = "POST / HTTP/1.1\nsoapaction: 'ResetAircraft'\ncontent-length: 5\n"
                           "Connection: Keep-Alive\n<a/>\n";
    HttpMessageReader q;
    QCOMPARE(q.feed(req), HttpMessageReader::Status::Complete);
    QCOMPARE(q.soapAction(), QByteArray("ResetAircraft"));
    QCOMPARE(q.body(), QByteArrayView("<a/>\n"));
}

void TestFlightAxisCodec::readerMergedReplies()
{
    const QByteArray a = buildHttpReply(200, fixture("inject-uav-controller-interface-200.xml"));
    const QByteArray b = buildHttpReply(500, fixture("inject-uav-controller-interface-500.xml"));
    HttpMessageReader r;
    QCOMPARE(r.feed(a + b), HttpMessageReader::Status::Complete);
    QCOMPARE(r.statusCode(), 200);
    QCOMPARE(r.remainder(), b);
    HttpMessageReader r2;
    QCOMPARE(r2.feed(r.remainder()), HttpMessageReader::Status::Complete);
    QCOMPARE(r2.statusCode(), 500);
}

// The link reads from its socket straight into the reader (receiveBuffer, received) and reuses
// one reader for every exchange: any split, a reply after a reset, and the same size limit.
void TestFlightAxisCodec::readerReceivesInPlace()
{
    const QByteArray body = fixture("return-data-200.xml");
    const QByteArray reply = buildHttpReply(200, body);
    HttpMessageReader r;
    for (qsizetype chunk : {qsizetype(1), qsizetype(7), qsizetype(1000), reply.size()}) {
        r.reset();
        qsizetype at = 0;
        auto status = HttpMessageReader::Status::NeedMore;
        while (status == HttpMessageReader::Status::NeedMore && at < reply.size()) {
            qsizetype room = 0;
            char *into = r.receiveBuffer(16 * 1024, &room);
            QVERIFY(into);
            const qsizetype n = std::min({room, chunk, reply.size() - at});
            std::memcpy(into, reply.constData() + at, size_t(n));
            at += n;
            status = r.received(n);
        }
        QCOMPARE(status, HttpMessageReader::Status::Complete);
        QCOMPARE(at, reply.size());
        QCOMPARE(r.statusCode(), 200);
        QCOMPARE(r.body(), QByteArrayView(body));
        qsizetype room = 0;
        QVERIFY(!r.receiveBuffer(16, &room)); // complete: no more bytes taken
        QCOMPARE(room, qsizetype(0));
    }
    // A read that brought nothing (the peer closed) leaves the message as it was.
    r.reset();
    qsizetype room = 0;
    QVERIFY(r.receiveBuffer(64, &room));
    QCOMPARE(r.received(0), HttpMessageReader::Status::NeedMore);
    QCOMPARE(r.statusCode(), 0);
    // The limit holds for reads in place as for feed(): headers that never end are refused.
    HttpMessageReader endless;
    auto status = HttpMessageReader::Status::NeedMore;
    for (int i = 0; i < 100 && status == HttpMessageReader::Status::NeedMore; ++i) {
        char *into = endless.receiveBuffer(1024, &room);
        QVERIFY(into);
        std::memset(into, 'x', size_t(room));
        status = endless.received(room);
    }
    QCOMPARE(status, HttpMessageReader::Status::Error);
    QVERIFY(!endless.receiveBuffer(16, &room));
}

void TestFlightAxisCodec::readerRefusesOversize()
{
    HttpMessageReader r;
    QCOMPARE(r.feed("HTTP/1.1 200 OK\r\nContent-Length: 70000\r\n"),
             HttpMessageReader::Status::Error);
    QVERIFY2(r.errorString().contains("exceeds the 65536-byte limit"), qPrintable(r.errorString()));
    // once refused, it stays refused: nothing more is buffered
    QCOMPARE(r.feed(QByteArray(1000, 'x')), HttpMessageReader::Status::Error);
    HttpMessageReader huge;
    QCOMPARE(huge.feed("HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n"),
             HttpMessageReader::Status::Error);
    HttpMessageReader exact;
    QCOMPARE(exact.feed("HTTP/1.1 200 OK\r\nContent-Length: 65536\r\n\r\n"),
             HttpMessageReader::Status::NeedMore);
}

void TestFlightAxisCodec::readerRejectsBrokenHeaders()
{
    HttpMessageReader noLength;
    QCOMPARE(noLength.feed("HTTP/1.1 200 OK\r\nServer: x\r\n\r\n<a/>"),
             HttpMessageReader::Status::Error);
    HttpMessageReader garbage;
    QCOMPARE(garbage.feed("\x01\x02garbage\r\n"), HttpMessageReader::Status::Error);
    HttpMessageReader endless;
    HttpMessageReader::Status s = HttpMessageReader::Status::NeedMore;
    for (int i = 0; i < 100 && s == HttpMessageReader::Status::NeedMore; ++i)
        s = endless.feed(i == 0 ? QByteArray("HTTP/1.1 200 OK\r\n") : QByteArray(200, 'h'));
    QCOMPARE(s, HttpMessageReader::Status::Error);
}

void TestFlightAxisCodec::parsesEvolutionReply()
{
    ReturnData d;
    QString error;
    QVERIFY2(parseReturnData(fixture("return-data-200.xml"), &d, &error), qPrintable(error));
    QVERIFY2(d.missing.isEmpty(), qPrintable(d.missing.join(',')));
    const AircraftState &s = d.state;
    QCOMPARE(d.selectedChannels, -1);
    QCOMPARE(d.inputCount, 12);
    QCOMPARE(d.inputs[0], 0.5);
    QCOMPARE(d.inputs[11], 0.0);
    QCOMPARE(s.physicsTimeS, 72263.411813672516); // needs a double, not a float
    QVERIFY(std::abs(s.physicsTimeS - 72263.4118) < 1e-4);
    QCOMPARE(s.physicsSpeedMultiplier, 1.0);
    QCOMPARE(s.airspeedMps, 0.040872246026992798);
    QCOMPARE(s.altitudeAslM, 1127.3709716796875);
    QCOMPARE(s.altitudeAglM, 0.26630991697311401);
    QCOMPARE(s.groundspeedMps, 4.6434447540377732E-06);
    QCOMPARE(s.pitchRateDegps, 0.0013803535839542747);
    QCOMPARE(s.rollRateDegps, -3.222789746359922E-05);
    QCOMPARE(s.yawRateDegps, 0.0014737510355189443);
    QCOMPARE(s.azimuthDeg, -89.6070556640625);
    QCOMPARE(s.inclinationDeg, 1.533278226852417);
    QCOMPARE(s.rollDeg, -0.74712425470352173);
    QCOMPARE(s.quatX, 0.0048992796801030636);
    QCOMPARE(s.quatY, -0.014053969644010067);
    QCOMPARE(s.quatZ, -0.7046617865562439);
    QCOMPARE(s.quatW, 0.70938730239868164);
    QCOMPARE(s.positionXM, 5575.6806640625);
    QCOMPARE(s.positionYM, 1715.962158203125);
    QCOMPARE(s.velocityWorldUMps, -2.0055827008036431E-06);
    QCOMPARE(s.velocityWorldVMps, 4.18798481405247E-06);
    QCOMPARE(s.velocityWorldWMps, 0.040872246026992798);
    QCOMPARE(s.velocityBodyUMps, -0.001089469064027071);
    QCOMPARE(s.velocityBodyVMps, -0.00053072668379172683);
    QCOMPARE(s.velocityBodyWMps, 0.040854275226593018);
    QCOMPARE(s.accelWorldXMps2, -0.00048305094242095947);
    QCOMPARE(s.accelWorldYMps2, 0.0010086894035339355);
    QCOMPARE(s.accelWorldZMps2, 9.8442096710205078);
    QCOMPARE(s.accelBodyXMps2, -0.00017693638801574707);
    QCOMPARE(s.accelBodyYMps2, -8.6620450019836426E-05);
    QCOMPARE(s.accelBodyZMps2, 0.044223785400390625);
    QCOMPARE(s.windXMps, 0.0);
    QCOMPARE(s.propRpm, 47.404716491699219);
    QCOMPARE(s.heliMainRotorRpm, -1.0);
    QCOMPARE(s.batteryVoltageV, 12.599982261657715);
    QCOMPARE(s.batteryCurrentA, 0.0);
    QCOMPARE(s.batteryRemainingMah, 3999.99072265625);
    QCOMPARE(s.fuelRemainingOz, -1.0);
    QCOMPARE(s.isLocked, false);
    QCOMPARE(s.hasLostComponents, false);
    QCOMPARE(s.engineRunning, true);
    QCOMPARE(s.touchingGround, false);
    QCOMPARE(s.controllerActive, true);
    QCOMPARE(s.status, QStringLiteral("CAS-WAITINGTOLAUNCH"));
    QCOMPARE(d.resetButtonPressed, false);
}

void TestFlightAxisCodec::parsesSeedEightChannelReply()
{
    ReturnData d;
    QString error;
    QVERIFY2(parseReturnData(seed8Channel(), &d, &error), qPrintable(error));
    QVERIFY2(d.missing.isEmpty(), qPrintable(d.missing.join(',')));
    QCOMPARE(d.selectedChannels, 255);
    QCOMPARE(d.inputCount, 8);
    QCOMPARE(d.inputs[2], 0.0);
    QCOMPARE(d.inputs[4], 0.81113320589065552);
    QCOMPARE(d.state.physicsTimeS, 63.766650660196319);
    QCOMPARE(d.state.velocityWorldVMps, 8.2241051131859422E-005);
    QCOMPARE(d.state.accelBodyZMps2, -9.8204746246337891);
    QCOMPARE(d.state.positionYM, -9183.7568359375);
    QCOMPARE(d.state.batteryVoltageV, 20.999999642372131);
    QCOMPARE(d.state.touchingGround, true);
    QCOMPARE(d.state.status, QStringLiteral("CAS-FLYING"));
}

void TestFlightAxisCodec::parsesFieldsInAnyOrder()
{
    // Move the clock to the end and the status to the front; mark reset pressed.
    QByteArray xml = fixture("return-data-200.xml");
    const QByteArray timeEl =
        "<m-currentPhysicsTime-SEC>72263.411813672516</m-currentPhysicsTime-SEC>";
    const QByteArray statusEl =
        "<m-currentAircraftStatus>CAS-WAITINGTOLAUNCH</m-currentAircraftStatus>";
    QVERIFY(xml.contains(timeEl) && xml.contains(statusEl));
    xml.replace(timeEl, "").replace(statusEl, "");
    xml.replace("<m-aircraftState>", "<m-aircraftState>" + statusEl);
    xml.replace("</m-aircraftState>", timeEl + "</m-aircraftState>");
    xml = withElementValue(xml, "m-resetButtonHasBeenPressed", "true");
    // notifications before the inputs
    const qsizetype n0 = xml.indexOf("<m-notifications>");
    const qsizetype n1 = xml.indexOf("</m-notifications>") + int(strlen("</m-notifications>"));
    const QByteArray notes = xml.mid(n0, n1 - n0);
    xml.remove(n0, n1 - n0);
    xml.replace("<ReturnData>", "<ReturnData>" + notes);
    ReturnData d;
    QVERIFY(parseReturnData(xml, &d, nullptr));
    QVERIFY2(d.missing.isEmpty(), qPrintable(d.missing.join(',')));
    QCOMPARE(d.state.physicsTimeS, 72263.411813672516);
    QCOMPARE(d.state.status, QStringLiteral("CAS-WAITINGTOLAUNCH"));
    QCOMPARE(d.resetButtonPressed, true);
    QCOMPARE(d.inputCount, 12);
    QCOMPARE(d.state.fuelRemainingOz, -1.0);
}

void TestFlightAxisCodec::readsTransmitterChannels_data()
{
    QTest::addColumn<bool>("full");
    QTest::newRow("fast scanner") << false;
    QTest::newRow("QXmlStreamReader") << true;
}

void TestFlightAxisCodec::readsTransmitterChannels()
{
    // The Evolution capture's controller: eleven channels at 0.5, the twelfth at 0.
    QFETCH(bool, full);
    const QByteArray xml = fixture("return-data-200.xml");
    ReturnData d;
    QVERIFY(parseReturnData(full ? forFullParser(xml) : xml, &d, nullptr));
    QCOMPARE(d.inputCount, 12);
    QCOMPARE(d.badInputs, 0);
    QCOMPARE(d.extraInputs, 0);
    for (int i = 0; i < 11; ++i)
        QCOMPARE(d.inputs[i], 0.5);
    QCOMPARE(d.inputs[11], 0.0);
}

void TestFlightAxisCodec::transmitterChannelCounts_data()
{
    QTest::addColumn<int>("items");
    QTest::addColumn<bool>("full");
    for (int n : {0, 1, 8, 12, 16})
        for (bool full : {false, true})
            QTest::addRow("%d items%s", n, full ? ", full parser" : "") << n << full;
}

void TestFlightAxisCodec::transmitterChannelCounts()
{
    QFETCH(int, items);
    QFETCH(bool, full);
    QList<QByteArray> texts;
    for (int i = 0; i < items; ++i)
        texts << QByteArray::number(0.0625 * i, 'g', 17);
    const QByteArray xml = withChannelItems(texts);
    ReturnData d;
    d.inputCount = 5; // left over from an earlier reply: must not survive
    d.badInputs = 3;
    QVERIFY(parseReturnData(full ? forFullParser(xml) : xml, &d, nullptr));
    QCOMPARE(d.inputCount, std::min(items, 12));
    QCOMPARE(d.extraInputs, std::max(0, items - 12));
    QCOMPARE(d.badInputs, 0);
    for (int i = 0; i < d.inputCount; ++i)
        QCOMPARE(d.inputs[i], 0.0625 * i);
    // The rest of the reply is used whatever the channels: only an empty array is "missing".
    QCOMPARE(d.state.physicsTimeS, 72263.411813672516);
    QCOMPARE(d.missing, items == 0 ? QStringList{"m-channelValues-0to1"} : QStringList{});
}

void TestFlightAxisCodec::badTransmitterValuesAreCounted_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("full");
    for (const char *t : {"abc", "", "0,5", "nan", "inf", "-inf", "0.5x", "1e999"})
        for (bool full : {false, true})
            QTest::addRow("\"%s\"%s", t, full ? ", full parser" : "") << QByteArray(t) << full;
}

void TestFlightAxisCodec::badTransmitterValuesAreCounted()
{
    // One bad item of 12: counted and NaN, its neighbours and the aircraft state read as usual.
    QFETCH(QByteArray, text);
    QFETCH(bool, full);
    QList<QByteArray> texts(12, "0.25");
    texts[2] = text;
    const QByteArray xml = withChannelItems(texts);
    ReturnData d;
    QString error;
    QVERIFY2(parseReturnData(full ? forFullParser(xml) : xml, &d, &error), qPrintable(error));
    QCOMPARE(d.inputCount, 12);
    QCOMPARE(d.badInputs, 1);
    QVERIFY(std::isnan(d.inputs[2]));
    QCOMPARE(d.inputs[1], 0.25);
    QCOMPARE(d.inputs[3], 0.25);
    QCOMPARE(d.inputs[11], 0.25);
    QVERIFY2(d.missing.isEmpty(), qPrintable(d.missing.join(',')));
    QCOMPARE(d.state.physicsTimeS, 72263.411813672516);
    // the next good reply clears the count
    QVERIFY(parseReturnData(fixture("return-data-200.xml"), &d, nullptr));
    QCOMPARE(d.badInputs, 0);
}

void TestFlightAxisCodec::reportsMissingFields()
{
    QByteArray xml = fixture("return-data-200.xml");
    xml = withoutElement(xml, "m-windY-MPS");
    xml = withoutElement(xml, "m-isLocked");
    xml = withElementValue(xml, "m-propRPM", "not-a-number");
    ReturnData d;
    QVERIFY(parseReturnData(xml, &d, nullptr));
    QCOMPARE(d.missing, (QStringList{"m-windY-MPS", "m-propRPM", "m-isLocked"}));
    // a complete reply afterwards clears the list
    QVERIFY(parseReturnData(fixture("return-data-200.xml"), &d, nullptr));
    QVERIFY(d.missing.isEmpty());
}

void TestFlightAxisCodec::fullParserAgreesWithFastPath()
{
    // A comment, a CDATA section and a character reference are outside the fast scanner's subset:
    // QXmlStreamReader takes over and must give the same values.
    ReturnData fast;
    QVERIFY(parseReturnData(fixture("return-data-200.xml"), &fast, nullptr));
    QByteArray xml = fixture("return-data-200.xml");
    xml.replace("<m-aircraftState>", "<m-aircraftState><!-- captured -->");
    xml = withElementValue(xml, "m-currentAircraftStatus", "CAS-&#70;LYING");
    xml = withElementValue(xml, "m-propRPM", "<![CDATA[47.404716491699219]]>");
    ReturnData full;
    QString error;
    QVERIFY2(parseReturnData(xml, &full, &error), qPrintable(error));
    QVERIFY2(full.missing.isEmpty(), qPrintable(full.missing.join(',')));
    QCOMPARE(full.state.status, QStringLiteral("CAS-FLYING"));
    QCOMPARE(full.state.propRpm, fast.state.propRpm);
    QCOMPARE(full.state.physicsTimeS, fast.state.physicsTimeS);
    QCOMPARE(full.state.quatW, fast.state.quatW);
    QCOMPARE(full.state.accelBodyZMps2, fast.state.accelBodyZMps2);
    QCOMPARE(full.state.controllerActive, fast.state.controllerActive);
    QCOMPARE(full.inputCount, fast.inputCount);
    QCOMPARE(full.selectedChannels, fast.selectedChannels);
    for (int i = 0; i < 12; ++i)
        QCOMPARE(full.inputs[i], fast.inputs[i]);
    // mismatched leaf close tag: the full parser reports it
    QByteArray broken = fixture("return-data-200.xml");
    broken.replace("</m-propRPM>", "</m-propRPMx>");
    QVERIFY(!parseReturnData(broken, &full, &error));
    QVERIFY(error.contains("malformed"));
}

void TestFlightAxisCodec::rejectsGarbageAndFaults()
{
    ReturnData d;
    QString error;
    QVERIFY(!parseReturnData("garbage \x01\x02 <<<", &d, &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!parseReturnData(fixture("return-data-500.xml"), &d, &error));
    QVERIFY(error.contains("ReturnData"));
    QVERIFY(!parseReturnData(fixture("inject-uav-controller-interface-200.xml"), &d, &error));
    QByteArray truncated = fixture("return-data-200.xml");
    truncated.truncate(1200);
    QVERIFY(parseReturnData(truncated, &d, &error)); // partial: parses, reports what is missing
    QVERIFY(d.missing.contains("m-currentAircraftStatus"));
}

void TestFlightAxisCodec::parsesFaults_data()
{
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<QString>("faultString");
    QTest::addColumn<QString>("detail");
    QTest::addColumn<int>("kind");
    QTest::newRow("exchange before inject")
        << QByteArray("return-data-500.xml") << "Error setting channel values"
        << "RealFlight Link controller has not been instantiated"
        << int(FaultKind::NotInstantiated);
    QTest::newRow("inject twice") << QByteArray("inject-uav-controller-interface-500.xml")
                                  << "Error setting new controller interface"
                                  << "Preexisting controller reference"
                                  << int(FaultKind::AlreadyInjected);
    QTest::newRow("restore with nothing injected")
        << QByteArray("restore-original-controller-device-500.xml")
        << "Error restoring controller device"
        << "Pointer to original controller device is null" << int(FaultKind::NothingToRestore);
}

void TestFlightAxisCodec::parsesFaults()
{
    QFETCH(QByteArray, file);
    QFETCH(QString, faultString);
    QFETCH(QString, detail);
    QFETCH(int, kind);
    SoapFault f;
    QVERIFY(parseFault(fixture(file.constData()), &f));
    QCOMPARE(f.faultString, faultString);
    QCOMPARE(f.detail, detail);
    QCOMPARE(int(classifyFault(f)), kind);
    // the emulator's fault body reads back the same
    SoapFault g;
    QVERIFY(parseFault(buildFaultBody(f), &g));
    QCOMPARE(g.faultString, faultString);
    QCOMPARE(g.detail, detail);
    SoapFault none;
    QVERIFY(!parseFault(fixture("reset-aircraft-200.xml"), &none));
}

void TestFlightAxisCodec::convertsToNed()
{
    ReturnData d;
    QVERIFY(parseReturnData(fixture("return-data-200.xml"), &d, nullptr));
    FrameConverter conv(kDefaultHome);
    const SimFrame f0 = conv.convert(d);
    QCOMPARE(f0.physicsTimeS, d.state.physicsTimeS);
    QCOMPARE(f0.vehicle.state.pose.position, (Vector3{0, 0, 0}));
    QCOMPARE(conv.origin(), (Vector3{1715.962158203125, 5575.6806640625, -1127.3709716796875}));
    QVERIFY(std::abs(f0.latitudeDeg - kDefaultHome.latitudeDeg) < 1e-9);
    QVERIFY(std::abs(f0.altitudeM - kDefaultHome.altitudeM) < 1e-6);
    // quaternion NED = (W, Y, X, -Z): RealFlight's Z -0.7047 becomes +0.7047 about down
    const Quaternion q = f0.vehicle.state.pose.orientation;
    QVERIFY(std::abs(q.w - 0.70938730239868164) < 1e-6);
    QVERIFY(std::abs(q.x - -0.014053969644010067) < 1e-6);
    QVERIFY(std::abs(q.y - 0.0048992796801030636) < 1e-6);
    QVERIFY(std::abs(q.z - 0.7046617865562439) < 1e-6);
    QVERIFY(std::abs(toEuler(q).yaw - degToRad(89.6)) < degToRad(0.5));
    QCOMPARE(f0.vehicle.velocity.z, 0.040872246026992798); // W → down
    // RealFlight reports free fall while waiting to launch; the converter keeps it raw in the
    // extras and hands on the aircraft at rest (see FrameConverter and tst_accel_captures).
    QCOMPARE(f0.extras.rawAccelNedMps2.z, 9.8442096710205078);
    QCOMPARE(f0.extras.rawSpecificForceFrdMps2.z, 0.044223785400390625);
    QCOMPARE(f0.vehicle.acceleration.z, 0.0);
    QVERIFY(std::abs(f0.extras.specificForceFrdMps2.z + 9.80665) < 0.01);
    QCOMPARE(f0.vehicle.angular_velocity.x, degToRad(-3.222789746359922E-05));
    QCOMPARE(f0.vehicle.angular_velocity.y, degToRad(0.0013803535839542747));
    QCOMPARE(f0.vehicle.angular_velocity.z, degToRad(-0.0014737510355189443));
    QCOMPARE(f0.extras.batteryVoltageV, 12.599982261657715);
    QCOMPARE(f0.extras.propRpm, 47.404716491699219);
    QCOMPARE(f0.extras.altitudeAglM, 0.26630991697311401);
    QCOMPARE(f0.extras.aircraftStatus, QStringLiteral("CAS-WAITINGTOLAUNCH"));
    QCOMPARE(f0.extras.controllerActive, true);
    QCOMPARE(f0.extras.engineRunning, true);
    QCOMPARE(f0.extras.fuelRemainingOz, -1.0);

    // 10 m east (X), 20 m north (Y), 5 m up; wind X east 3, Y north 4, Z 1
    d.state.positionXM += 10;
    d.state.positionYM += 20;
    d.state.altitudeAslM += 5;
    d.state.windXMps = 3;
    d.state.windYMps = 4;
    d.state.windZMps = 1;
    const SimFrame f1 = conv.convert(d);
    const Vector3 p = f1.vehicle.state.pose.position;
    QVERIFY(std::abs(p.x - 20) < 1e-9 && std::abs(p.y - 10) < 1e-9 && std::abs(p.z + 5) < 1e-9);
    QCOMPARE(f1.extras.windNedMps, (Vector3{4, 3, 1}));
    const Vector3 back =
        LocalFrame(kDefaultHome).toNed({f1.latitudeDeg, f1.longitudeDeg, f1.altitudeM});
    QVERIFY((back - p).norm() < 1e-3);
    QVERIFY(f1.latitudeDeg > kDefaultHome.latitudeDeg);
    QVERIFY(f1.longitudeDeg > kDefaultHome.longitudeDeg);
}

void TestFlightAxisCodec::relatchesOrigin()
{
    ReturnData d;
    QVERIFY(parseReturnData(fixture("return-data-200.xml"), &d, nullptr));
    FrameConverter conv;
    conv.convert(d);
    d.state.positionXM -= 100;
    QVERIFY(std::abs(conv.convert(d).vehicle.state.pose.position.y + 100) < 1e-9);
    conv.relatch();
    QVERIFY(!conv.hasOrigin());
    QCOMPARE(conv.convert(d).vehicle.state.pose.position, (Vector3{0, 0, 0}));
}

void TestFlightAxisCodec::serverRoundTrip()
{
    ReturnData d;
    QVERIFY(parseReturnData(fixture("return-data-200.xml"), &d, nullptr));
    const QByteArray body = buildReturnDataBody(d);
    ReturnData e;
    QVERIFY(parseReturnData(body, &e, nullptr));
    QVERIFY(e.missing.isEmpty());
    QCOMPARE(e.state.physicsTimeS, d.state.physicsTimeS);
    QCOMPARE(e.state.quatZ, d.state.quatZ);
    QCOMPARE(e.state.status, d.state.status);
    QCOMPARE(e.inputCount, 12);
    QCOMPARE(e.selectedChannels, -1);
    for (int i = 0; i < 12; ++i)
        QCOMPARE(e.inputs[i], d.inputs[i]);
    for (int n : {8, 5, 0}) {
        d.inputCount = n;
        QVERIFY(parseReturnData(buildReturnDataBody(d), &e, nullptr));
        QCOMPARE(e.inputCount, n);
    }
    // The stand-in's channel array is laid out as the capture's (attributes and all).
    d.inputCount = 12;
    const QByteArray capture = fixture("return-data-200.xml");
    const QByteArray head = "<ReturnData><m-previousInputsState><m-selectedChannels>-1</"
                            "m-selectedChannels><m-channelValues-0to1 xsi:type=\"SOAP-ENC:Array\" "
                            "SOAP-ENC:arrayType=\"xsd:double[12]\"><item>0.5</item>";
    QVERIFY(capture.contains(head));
    QVERIFY(buildReturnDataBody(d).contains(head));
    HttpMessageReader r;
    QCOMPARE(r.feed(buildHttpReply(200, buildMethodResponseBody(Method::Inject))),
             HttpMessageReader::Status::Complete);
    QVERIFY(r.body().toByteArray().contains("<InjectUAVControllerInterfaceResponse><unused>0</"
                                            "unused></InjectUAVControllerInterfaceResponse>"));
}

QTEST_GUILESS_MAIN(TestFlightAxisCodec)
#include "tst_flightaxiscodec.moc"
