// The PX4 panel's ground-station part in the real window: with a real PX4 SITL (instance 2,
// found like tst_px4real's) — or the PX4 stand-in when there is none — it shows PX4's flight
// mode, armed state, landed state, battery, GPS fix and satellites, sensor health and status
// texts and whether PX4 takes the pilot's sticks (COM_RC_IN_MODE); Arm asks for confirmation
// (Cancel sends nothing, Yes arms and shows "accepted"), Disarm disarms, and every button's text is
// translated (German).
#include "mavlink/gcslink.h"
#include "px4sitl.h"
#include "station/station.h"
#include "ui/mainwindow.h"
#include "ui/panels/px4panel.h"

#include <QDoubleSpinBox>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest>
#include <memory>

class TestPx4Panel : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void showsPx4State();
    void armAsksThenArmsAndDisarms();

private:
    QLabel *label(const char *name) const
    {
        return m_panel->findChild<QLabel *>(QLatin1String(name));
    }
    /// Clicks the button of the modal box that opens next (it really opens: exec()).
    void answerNextBox(QMessageBox::StandardButton which);

    std::unique_ptr<Px4Sitl> m_px4;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<hil::Station> m_station;
    std::unique_ptr<hil::MainWindow> m_window;
    hil::Panel *m_panel = nullptr;
    bool m_real = false;
    bool m_boxSeen = false;
};

void TestPx4Panel::initTestCase()
{
    m_dir = std::make_unique<QTemporaryDir>();
    hil::StationOptions o;
    o.logDir = m_dir->filePath(QStringLiteral("session"));
    o.emulate = {QStringLiteral("flightaxis")};
    const QString sitl = Px4Sitl::findDir();
    if (!sitl.isEmpty()) {
        m_px4 = std::make_unique<Px4Sitl>(2);
        QString error;
        QVERIFY2(m_px4->start(sitl, &error), qPrintable(error));
        o.links.set(QStringLiteral("px4"),
                    hil::Endpoint{QStringLiteral("127.0.0.1"), m_px4->simulatorPort()});
        o.links.set(QStringLiteral("px4-gcs"),
                    hil::Endpoint{QStringLiteral("127.0.0.1"), m_px4->gcsPort()});
        m_real = true;
    } else {
        qInfo("no PX4 SITL found (PX4_SITL_DIR): the panel is tested against the PX4 stand-in");
        o.emulate << QStringLiteral("px4");
        o.links.set(QStringLiteral("px4-standin-waits"), true); // it waits for the panel's commands
    }
    m_station = std::make_unique<hil::Station>(o);
    QString error;
    QVERIFY2(m_station->start(&error), qPrintable(error));
    m_window = std::make_unique<hil::MainWindow>(m_station.get(), nullptr);
    m_window->resize(1600, 1000);
    m_window->show();
    m_panel = m_window->panel(QStringLiteral("px4Panel"));
    QVERIFY(m_panel);
}

void TestPx4Panel::cleanupTestCase()
{
    m_window.reset();
    if (m_station)
        m_station->stop();
    m_station.reset();
    m_px4.reset();
}

void TestPx4Panel::showsPx4State()
{
    // A real PX4 boots in ~10 s on a quiet machine; its GCS stream starts with its MAVLink.
    QTRY_VERIFY_WITH_TIMEOUT(!label("px4ModeLabel")->property("mode").toString().isEmpty(), 90000);
    qInfo("mode %s", qPrintable(label("px4ModeLabel")->text()));
    QCOMPARE(label("px4GcsArmedLabel")->property("armed").toBool(), false);
    QVERIFY(!label("px4GcsArmedLabel")->text().isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(label("px4LandedLabel")->property("landedState").toInt(), 1,
                              30000); // on ground
    QTRY_VERIFY_WITH_TIMEOUT(label("px4BatteryLabel")->property("voltage").toDouble() > 5.0, 30000);
    QVERIFY(label("px4BatteryLabel")->text().contains(QLatin1String("V")));
    QTRY_COMPARE_WITH_TIMEOUT(label("px4GpsLabel")->property("fixType").toInt(), 3, 60000);
    QVERIFY(label("px4GpsLabel")->property("satellites").toInt() > 0);
    // health: everything PX4 enables is healthy once it is ready for take-off
    QTRY_VERIFY_WITH_TIMEOUT(label("px4HealthLabel")->text() == hil::Px4Panel::tr("all healthy"),
                             60000);
    // COM_RC_IN_MODE, read once PX4 is heard: 1 (MAVLink only) in PX4's SITL and the stand-in,
    // so PX4 takes the pilot's sticks; no sticks are being sent.
    QTRY_COMPARE_WITH_TIMEOUT(label("px4SticksLabel")->property("rcInMode").toInt(), 1, 30000);
    QCOMPARE(label("px4SticksLabel")->text(),
             hil::Px4Panel::tr("PX4 takes the sticks (COM_RC_IN_MODE %1)").arg(1));
    QCOMPARE(label("px4SticksLabel")->property("manualControlActive").toBool(), false);
    qInfo("%s", qPrintable(label("px4SticksLabel")->text()));
    qInfo("%s | %s | %s | %s", qPrintable(label("px4LandedLabel")->text()),
          qPrintable(label("px4BatteryLabel")->text()), qPrintable(label("px4GpsLabel")->text()),
          qPrintable(label("px4HealthLabel")->text()));
}

void TestPx4Panel::answerNextBox(QMessageBox::StandardButton which)
{
    m_boxSeen = false;
    QTimer::singleShot(0, this, [this, which] {
        QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<QMessageBox *>(QApplication::activeModalWidget()),
                                 5000);
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        m_boxSeen = box->objectName() == QLatin1String("px4ArmConfirm");
        QTest::mouseClick(box->button(which), Qt::LeftButton);
    });
}

void TestPx4Panel::armAsksThenArmsAndDisarms()
{
    auto *arm = m_panel->findChild<QPushButton *>(QStringLiteral("px4ArmButton"));
    auto *disarm = m_panel->findChild<QPushButton *>(QStringLiteral("px4DisarmButton"));
    QVERIFY(arm && disarm);
    QVERIFY(arm->isEnabled() && arm->isVisible());
    auto *gcs = qobject_cast<hil::GcsLink *>(m_station->worker(QStringLiteral("px4gcs")));
    QVERIFY(gcs);
    // Cancel: nothing is sent.
    answerNextBox(QMessageBox::Cancel);
    QTest::mouseClick(arm, Qt::LeftButton);
    QVERIFY(m_boxSeen);
    QTest::qWait(300);
    QCOMPARE(gcs->lastResult(hil::GcsLink::kCmdArm).command, 0);
    // Yes: armed, "accepted" beside the button, a status text from PX4 in the list. A PX4 just
    // booted may still refuse for a few seconds while its estimator settles ("Resolve system
    // health failures first", shown beside the button): the operator tries again.
    QString result;
    for (int attempt = 0; attempt < 15 && result != QLatin1String("accepted"); ++attempt) {
        answerNextBox(QMessageBox::Yes);
        QTest::mouseClick(arm, Qt::LeftButton);
        QVERIFY(m_boxSeen);
        QTRY_VERIFY_WITH_TIMEOUT(label("px4ArmButtonResult")->property("result").toString() !=
                                     QLatin1String("pending"),
                                 10000);
        result = label("px4ArmButtonResult")->property("result").toString();
        if (result != QLatin1String("accepted")) {
            qInfo("arm: %s", qPrintable(label("px4ArmButtonResult")->text()));
            QVERIFY(!label("px4ArmButtonResult")->text().isEmpty());
            QTest::qWait(2000);
        }
    }
    QCOMPARE(result, QStringLiteral("accepted"));
    QTRY_COMPARE_WITH_TIMEOUT(label("px4GcsArmedLabel")->property("armed").toBool(), true, 10000);
    auto *texts = m_panel->findChild<QListWidget *>(QStringLiteral("px4StatusTexts"));
    if (m_real) // PX4 says what armed it
        QTRY_VERIFY_WITH_TIMEOUT(texts->count() > 0, 10000);
    QTest::mouseClick(disarm, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(label("px4DisarmButtonResult")->property("result").toString(),
                              QStringLiteral("accepted"), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(label("px4GcsArmedLabel")->property("armed").toBool(), false, 10000);
    for (int i = 0; i < texts->count(); ++i)
        qInfo("status text: %s", qPrintable(texts->item(i)->text()));
}

QTEST_MAIN(TestPx4Panel)
#include "tst_px4panel.moc"
