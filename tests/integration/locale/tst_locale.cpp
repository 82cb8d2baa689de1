// Numbers on the wire under a German C library locale (decimal comma), as a German operator's
// environment sets it (Qt copies LANG/LC_ALL into the C library at start): the ExchangeData
// request's exact bytes, and an independent RealFlight peer — a small server written here, not
// the project's stand-in — that parses every channel value strictly with '.' as RealFlight does.
// Skipped (QSKIP, with the reason) where de_DE.UTF-8 is not generated (`make deps` does it).
#include "core/workerhost.h"
#include "flightaxis/flightaxiscodec.h"
#include "flightaxis/flightaxislink.h"
#include "testpaths.h"

#include <QFile>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QtTest>
#include <clocale>
#include <cstdio>
#include <memory>

using namespace hil;
using namespace hil::flightaxis;

namespace {
QByteArray fixture(const char *name)
{
    QFile f(hil::testpaths::fixturesDir() + QStringLiteral("/flightaxis/") + QLatin1String(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// A RealFlight peer: one request per connection, replies with captured RealFlight bodies, and
/// reads every <item> of an ExchangeData request as RealFlight's SOAP reader would: digits, one
/// '.', digits — anything else is a value it cannot read.
class StrictRealFlight : public QObject
{
public:
    QTcpServer server;
    int requests = 0, exchanges = 0, readable = 0, unreadable = 0;
    QByteArray lastBadItem;

    bool listen()
    {
        connect(&server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = server.nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, this, [this, s] { serve(s); });
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            }
        });
        return server.listen(QHostAddress::LocalHost, 0);
    }

private:
    QHash<QTcpSocket *, QByteArray> m_buffers;

    void serve(QTcpSocket *s)
    {
        QByteArray &buf = m_buffers[s];
        buf += s->readAll();
        const int headerEnd = buf.indexOf("\r\n\r\n");
        if (headerEnd < 0)
            return;
        const QByteArray head = buf.left(headerEnd).toLower();
        const int cl = head.indexOf("content-length:");
        if (cl < 0)
            return;
        const int length = head.mid(cl + 15, head.indexOf("\r\n", cl) - cl - 15).trimmed().toInt();
        if (buf.size() < headerEnd + 4 + length)
            return;
        const QByteArray body = buf.mid(headerEnd + 4, length);
        m_buffers.remove(s);
        ++requests;
        QByteArray reply;
        if (head.contains("soapaction: 'exchangedata'")) {
            ++exchanges;
            static const QRegularExpression item(QStringLiteral("<item>([^<]*)</item>"));
            static const QRegularExpression strict(QStringLiteral("^[0-9]+\\.[0-9]+$"));
            auto it = item.globalMatch(QString::fromLatin1(body));
            while (it.hasNext()) {
                const QString v = it.next().captured(1);
                if (strict.match(v).hasMatch())
                    ++readable;
                else {
                    ++unreadable;
                    lastBadItem = v.toLatin1();
                }
            }
            reply = fixture("return-data-200.xml");
        } else if (head.contains("soapaction: 'injectuavcontrollerinterface'")) {
            reply = fixture("inject-uav-controller-interface-200.xml");
        } else if (head.contains("soapaction: 'resetaircraft'")) {
            reply = fixture("reset-aircraft-200.xml");
        } else {
            reply = fixture("restore-original-controller-device-200.xml");
        }
        s->write("HTTP/1.1 200 OK\r\nContent-Type: text/xml; charset=utf-8\r\nContent-Length: " +
                 QByteArray::number(reply.size()) + "\r\nConnection: close\r\n\r\n" + reply);
        s->disconnectFromHost();
    }
};
} // namespace

class TestLocale : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (!std::setlocale(LC_ALL, "de_DE.UTF-8"))
            QSKIP("locale de_DE.UTF-8 is not generated here (make deps generates it)");
        // The locale really is active: the C library now writes a decimal comma.
        char buf[16];
        std::snprintf(buf, sizeof buf, "%.1f", 0.5);
        QCOMPARE(QByteArray(buf), QByteArray("0,5"));
    }

    void exchangeDataRequestBytes()
    {
        const std::array<double, 12> v{0.5, 0.25, 1.0,  0.0, 0.12345,  0.99995,
                                       2.0, -1.0, 1e-5, 0.7, 0.333333, 0.5};
        const QByteArray req = buildExchangeData(v, 0xFFF);
        const QByteArray body =
            "<?xml version='1.0' encoding='UTF-8'?>\n"
            "<soap:Envelope xmlns:soap='http://schemas.xmlsoap.org/soap/envelope/' "
            "xmlns:xsd='http://www.w3.org/2001/XMLSchema' "
            "xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'>\n<soap:Body>\n"
            "<ExchangeData>\n<pControlInputs>\n<m-selectedChannels>4095</m-selectedChannels>\n"
            "<m-channelValues-0to1>\n"
            "<item>0.5000</item>\n<item>0.2500</item>\n<item>1.0000</item>\n<item>0.0000</item>\n"
            "<item>0.1235</item>\n<item>1.0000</item>\n<item>1.0000</item>\n<item>0.0000</item>\n"
            "<item>0.0000</item>\n<item>0.7000</item>\n<item>0.3333</item>\n<item>0.5000</item>\n"
            "</m-channelValues-0to1>\n</pControlInputs>\n</ExchangeData>\n"
            "</soap:Body>\n</soap:Envelope>";
        const QByteArray expected =
            "POST / HTTP/1.1\r\nsoapaction: 'ExchangeData'\r\ncontent-length: " +
            QByteArray::number(body.size()) +
            "\r\ncontent-type: text/xml;charset='UTF-8'\r\nConnection: Keep-Alive\r\n\r\n" + body;
        QCOMPARE(req, expected);
    }

    void returnDataBodyUsesPoint()
    {
        // The stand-in's replies (written with the same helpers) read back under this locale.
        ReturnData r;
        r.state.physicsTimeS = 12.375;
        r.state.altitudeAslM = 1130.5;
        const QByteArray body = buildReturnDataBody(r);
        QVERIFY(body.contains("12.375"));
        QVERIFY(!body.contains("12,375"));
    }

    void strictPeerReadsEveryChannelValue()
    {
        StrictRealFlight peer;
        QVERIFY(peer.listen());
        FlightAxisConfig c;
        c.host = QStringLiteral("127.0.0.1");
        c.port = peer.server.serverPort();
        auto *link = new FlightAxisLink(c);
        ChannelFrame ch;
        ch.values = {0.5, 0.25, 0.75, 0.125, 0.1, 0.2, 0.3, 0.4, 0.6, 0.7, 0.8, 0.9};
        ch.selectedMask = 0xFFF;
        link->setChannels(ch);
        WorkerHost host(link);
        QString error;
        QVERIFY2(host.start(&error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(peer.exchanges >= 50, 20000);
        host.stop();
        QVERIFY2(peer.unreadable == 0, peer.lastBadItem.constData());
        QCOMPARE(peer.readable, peer.exchanges * 12);
    }
};

QTEST_GUILESS_MAIN(TestLocale)
#include "tst_locale.moc"
