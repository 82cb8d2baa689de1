// The Links panel shows what a link says of the peer's streams it requested (RflySim's sensors,
// counters `sensors`): the State cell adds how many stream, its tooltip each one's state, and
// nothing of the kind for a link without sensors. The Station runs the RflySim stand-in and its
// link (--emulate rflysim, 127.0.0.1, free ports); the panel is refreshed as the window would.
#include "station/options.h"
#include "station/station.h"
#include "ui/panels/linkspanel.h"
#include "ui/panels/linkstyle.h"

#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace hil;

class TestLinksSensors : public QObject
{
    Q_OBJECT
private slots:
    void rflysimRowShowsEachSensorsState()
    {
        QTemporaryDir dir;
        StationOptions o;
        o.headless = true;
        o.emulate = {QStringLiteral("rflysim")};
        o.logDir = dir.filePath(QStringLiteral("session"));
        Station station(o);
        QString error;
        QVERIFY2(station.start(&error), qPrintable(error));
        LinksPanel panel(&station);
        auto *table = panel.findChild<QTableWidget *>(QStringLiteral("linksTable"));
        QVERIFY(table);
        auto stateCell = [&](const QString &link) -> QTableWidgetItem * {
            panel.refreshSlow();
            for (int r = 0; r < table->rowCount(); ++r) // the row of the link's Connect button
                if (QWidget *w = table->cellWidget(r, 6);
                    w && w->objectName() == link + QStringLiteral("Connect"))
                    return table->item(r, 1);
            return nullptr;
        };
        // The stand-in serves a camera and a LiDAR: both stream.
        QTRY_COMPARE_WITH_TIMEOUT(stateCell(QStringLiteral("rflysim"))->text(),
                                  stateText(LinkState::Up) + QStringLiteral(" · sensors 2/2"),
                                  20000);
        const QString tip = stateCell(QStringLiteral("rflysim"))->toolTip();
        QVERIFY2(tip.startsWith(QStringLiteral("2 of 2 requested sensors streaming")),
                 qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("SeqID 0, TypeID 9, port ")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("SeqID 1, TypeID 20, port ")), qPrintable(tip));
        QCOMPARE(tip.count(QStringLiteral(": streaming (")), 2);
        // A link that requests no sensors keeps its plain state word.
        QTableWidgetItem *raven = stateCell(QStringLiteral("raven"));
        QVERIFY(raven);
        QCOMPARE(raven->text(), stateText(std::nullopt));
        QVERIFY(raven->toolTip().isEmpty());
        station.stop();
    }
};

QTEST_MAIN(TestLinksSensors)
#include "tst_links_sensors.moc"
