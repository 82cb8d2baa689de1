// Events in the operator's language, English in the file: a German window (offscreen, real
// widgets, real sockets on 127.0.0.1) switches the platform stand-in on and connects the motion
// link from the Links panel, then the toolbar STOP is clicked. The Session panel's list must show
// the German sentences for the link coming up and for the STOP (written out here by hand), the
// Links panel's "Last event" German too, and events.log in the session folder the English lines.
// Switching the window to English then rewrites the rows already listed.
#include "raven/ravencodec.h"
#include "raven/ravenemulator.h"
#include "station/station.h"
#include "ui/eventtext.h"
#include "ui/mainwindow.h"
#include "ui/panels/panel.h"
#include "ui/translations.h"

#include <QAbstractButton>
#include <QAction>
#include <QCheckBox>
#include <QDockWidget>
#include <QFile>
#include <QLocale>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeWidget>
#include <QtTest>
#include <memory>

using namespace hil;

class TestEventsGui : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void germanInTheWindowEnglishInTheLog();
    void onePx4ArmedThoughTwoLinksSayIt();

private:
    /// The Session panel's row raised with `id` (its tooltip), or nullptr.
    QTreeWidgetItem *row(const QString &id) const;
    QByteArray eventsLog() const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Station> m_station;
    std::unique_ptr<MainWindow> m_window;
};

void TestEventsGui::initTestCase()
{
    QCOMPARE(installTranslations(*qApp, QStringLiteral("de")).left(2), QStringLiteral("de"));
    m_dir = std::make_unique<QTemporaryDir>();
    StationOptions o; // the platform comes from the Links panel, after the window exists
    o.logDir = m_dir->filePath(QStringLiteral("session"));
    m_station = std::make_unique<Station>(o);
    QVERIFY(m_station->start(nullptr));
    m_window = std::make_unique<MainWindow>(m_station.get(), nullptr);
    m_window->resize(1600, 1000);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestEventsGui::cleanupTestCase()
{
    m_window.reset();
    if (m_station)
        m_station->stop();
    m_station.reset();
    m_dir.reset();
    installTranslations(*qApp, QStringLiteral("en"));
}

// The simulator link and the ground-station link both see PX4 arm: the window says it once, a
// disarm after it again, and events.log keeps every line.
void TestEventsGui::onePx4ArmedThoughTwoLinksSayIt()
{
    auto *list = m_window->findChild<QTreeWidget *>(QStringLiteral("eventList"));
    QVERIFY(list);
    auto count = [list](const QString &text) {
        int n = 0;
        for (int i = 0; i < list->topLevelItemCount(); ++i)
            n += list->topLevelItem(i)->text(2) == text;
        return n;
    };
    const Event armed{QStringLiteral("px4"),
                      QStringLiteral("px4.armed"),
                      Severity::Info,
                      QStringLiteral("PX4 armed"),
                      {}};
    const QString armedText = eventText(armed); // in the window's language now
    const int before = count(armedText);
    m_station->raiseStationEvent(armed);
    m_station->raiseStationEvent(Event{QStringLiteral("px4gcs"),
                                       QStringLiteral("px4gcs.armed"),
                                       Severity::Info,
                                       QStringLiteral("PX4 armed"),
                                       {}});
    QCOMPARE(count(armedText), before + 1);
    const Event disarmed{QStringLiteral("px4gcs"),
                         QStringLiteral("px4gcs.disarmed"),
                         Severity::Info,
                         QStringLiteral("PX4 disarmed"),
                         {}};
    const int disarmedBefore = count(eventText(disarmed));
    m_station->raiseStationEvent(disarmed);
    QCOMPARE(count(eventText(disarmed)), disarmedBefore + 1);
    QTRY_VERIFY_WITH_TIMEOUT(eventsLog().count("PX4 armed") >= 2, 5000);
}

QTreeWidgetItem *TestEventsGui::row(const QString &id) const
{
    auto *list = m_window->findChild<QTreeWidget *>(QStringLiteral("eventList"));
    if (!list)
        return nullptr;
    for (int i = list->topLevelItemCount() - 1; i >= 0; --i)
        if (list->topLevelItem(i)->toolTip(2) == id)
            return list->topLevelItem(i);
    return nullptr;
}

QByteArray TestEventsGui::eventsLog() const
{
    QFile f(m_station->sessionFolder() + QStringLiteral("/events.log"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void TestEventsGui::germanInTheWindowEnglishInTheLog()
{
    m_window->dock(QStringLiteral("linksPanel"))->raise();
    auto *emulator = m_window->findChild<QCheckBox *>(QStringLiteral("ravenEmulator"));
    QVERIFY(emulator);
    QTest::mouseClick(emulator, Qt::LeftButton, {}, QPoint(6, emulator->height() / 2));
    QTRY_VERIFY_WITH_TIMEOUT(m_station->worker(QStringLiteral("emulator.raven")) != nullptr, 5000);
    auto *connectButton = m_window->findChild<QAbstractButton *>(QStringLiteral("ravenConnect"));
    QVERIFY(connectButton && connectButton->isEnabled());
    QTest::mouseClick(connectButton, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(m_station->platformMode(), int(raven::ModeOff), 5000);

    // Link up, in German, in the Session panel.
    QTRY_VERIFY_WITH_TIMEOUT(row(QStringLiteral("raven.link_state")) != nullptr, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(row(QStringLiteral("raven.link_state"))->text(2),
                              QStringLiteral("Verbindung: verbunden"), 5000);
    // Its source by the link's name as the window shows it; events.log's name in the tooltip.
    QCOMPARE(row(QStringLiteral("raven.link_state"))->text(1),
             QStringLiteral("Bewegungsplattform"));
    QCOMPARE(row(QStringLiteral("raven.link_state"))->toolTip(1), QStringLiteral("raven"));
    // The mode the platform reports, translated with the vendor's word beside it.
    QTRY_VERIFY_WITH_TIMEOUT(row(QStringLiteral("raven.platform_mode")) != nullptr, 5000);
    QCOMPARE(row(QStringLiteral("raven.platform_mode"))->text(2),
             QStringLiteral("Plattformmodus Aus (OFF)"));
    // The platform's firmware, as the stand-in reports it (1 rev 7, 2023-3-14).
    QTRY_VERIFY_WITH_TIMEOUT(row(QStringLiteral("raven.firmware")) != nullptr, 5000);
    QCOMPARE(row(QStringLiteral("raven.firmware"))->text(2),
             QStringLiteral("Plattform-Firmware 1 Rev. 7 (2023-3-14)"));

    // STOP from the toolbar.
    auto *stop = m_window->findChild<QToolButton *>(QStringLiteral("stopButton"));
    QVERIFY(stop);
    QTest::mouseClick(stop, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(row(QStringLiteral("raven.stop")) != nullptr, 5000);
    QCOMPARE(row(QStringLiteral("raven.stop"))->text(2),
             QStringLiteral("STOPP: Bewegung genullt, fordere Bremsen (LEVEL BRAKE) an"));
    QCOMPARE(row(QStringLiteral("raven.stop"))->foreground(2).color(),
             QColor(0xc0, 0x39, 0x2b)); // an Error

    // The Links panel's "Last event" for the motion link is in German as well.
    auto *links = m_window->panel(QStringLiteral("linksPanel"))->findChild<QTableWidget *>();
    QVERIFY(links);
    bool germanLastEvent = false;
    QDeadlineTimer deadline(5000);
    while (!germanLastEvent && !deadline.hasExpired()) {
        for (int r = 0; r < links->rowCount(); ++r)
            for (int c = 0; c < links->columnCount(); ++c)
                if (links->item(r, c) &&
                    (links->item(r, c)->text().startsWith(QLatin1String("STOPP:")) ||
                     links->item(r, c)->text().startsWith(QLatin1String("Plattformmodus"))))
                    germanLastEvent = true;
        if (!germanLastEvent)
            QTest::qWait(50);
    }
    QVERIFY(germanLastEvent);

    // events.log: the same events, English, three columns.
    QTRY_VERIFY_WITH_TIMEOUT(
        eventsLog().contains("\traven\tSTOP: cues zeroed, requesting LEVEL BRAKE\n"), 5000);
    const QByteArray log = eventsLog();
    QVERIFY2(log.contains("\traven\tlink up\n"), log.constData());
    QVERIFY2(log.contains("\traven\tplatform mode OFF\n"), log.constData());
    QVERIFY2(!log.contains("STOPP") && !log.contains("Verbindung") && !log.contains("Bremsen"),
             log.constData());
    for (const QByteArray &line : log.split('\n'))
        if (!line.isEmpty())
            QCOMPARE(line.count('\t'), 2);

    // View → Language → English rewrites the rows already in the list (from their id + args).
    auto *english = m_window->findChild<QAction *>(QStringLiteral("language_en"));
    QVERIFY(english);
    english->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(row(QStringLiteral("raven.stop"))->text(2),
                              QStringLiteral("STOP: cues zeroed, requesting LEVEL BRAKE"), 5000);
    QCOMPARE(row(QStringLiteral("raven.link_state"))->text(2), QStringLiteral("link up"));
    // ... and the error bar's message, the STOP with what to do, in the new language too.
    QTRY_VERIFY2_WITH_TIMEOUT(m_window->currentError().contains(QLatin1String("STOP: cues zeroed")),
                              qPrintable(m_window->currentError()), 5000);
    QVERIFY2(!m_window->currentError().contains(QLatin1String("STOPP")),
             qPrintable(m_window->currentError()));
}

QTEST_MAIN(TestEventsGui)
#include "tst_events_gui.moc"
