// The Lab settings dialog (ui/lab/labsettingsdialog.h), driven as an operator does: a bad broker
// URL keeps the dialog open with the reason; good values are kept in the settings (the password
// file's path, never the password) and become the lab's options at the next start unless the
// command line names a broker. Under any locale (the rate is stored with a decimal point).
#include "core/linkoptions.h"
#include "lab/labconfig.h"
#include "ui/lab/labsettingsdialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

using namespace hil;

class TestLabSettings : public QObject
{
    Q_OBJECT
private slots:
    void badUrlIsRefusedGoodValuesAreKeptWithoutThePassword();
};

namespace {
void type(QDialog &d, const char *name, const QString &text)
{
    auto *e = d.findChild<QLineEdit *>(QLatin1String(name));
    QVERIFY(e);
    e->selectAll();
    QTest::keyClick(e, Qt::Key_Delete);
    QTest::keyClicks(e, text);
}
void clickOk(QDialog &d)
{
    auto *box = d.findChild<QDialogButtonBox *>();
    QTest::mouseClick(box->button(QDialogButtonBox::Ok), Qt::LeftButton);
}
} // namespace

void TestLabSettings::badUrlIsRefusedGoodValuesAreKeptWithoutThePassword()
{
    QTemporaryDir dir;
    const QString passwordFile = dir.filePath(QStringLiteral("lab.pw"));
    {
        QFile f(passwordFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("s3cret-pw\n");
    }
    const QString ini = dir.filePath(QStringLiteral("settings.ini"));
    {
        QSettings settings(ini, QSettings::IniFormat);
        LabSettingsDialog d(&settings);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        type(d, "labUrl", QStringLiteral("http://lab.example"));
        clickOk(d);
        QVERIFY(d.isVisible()); // refused, with the reason
        QVERIFY(!d.findChild<QLabel *>(QStringLiteral("labError"))->text().isEmpty());

        type(d, "labUrl", QStringLiteral("mqtts://lab.example"));
        type(d, "labRig", QStringLiteral("rig_7"));
        type(d, "labUser", QStringLiteral("rig_7"));
        type(d, "labPasswordFile", passwordFile);
        auto *rate = d.findChild<QDoubleSpinBox *>(QStringLiteral("labRate"));
        rate->setFocus();
        QTest::keyClick(rate, Qt::Key_A, Qt::ControlModifier); // select all, as a person would
        QTest::keyClicks(rate, QStringLiteral("20"));
        clickOk(d);
        QCOMPARE(d.result(), int(QDialog::Accepted));
        QVERIFY(!d.isVisible());
    }
    QFile file(ini);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray stored = file.readAll();
    QVERIFY(stored.contains("lab.pw"));
    QVERIFY(!stored.contains("s3cret"));
    QVERIFY2(stored.contains("rate=20.0"), stored.constData());

    QSettings settings(ini, QSettings::IniFormat);
    LinkOptions options;
    QVERIFY(LabSettingsDialog::applySaved(settings, options));
    lab::LabConfig config;
    QString error;
    QVERIFY2(lab::configFromOptions(options, options.get<QString>(QStringLiteral("lab")), &config,
                                    &error),
             qPrintable(error));
    QCOMPARE(config.broker.text(), QStringLiteral("mqtts://lab.example:8883"));
    QCOMPARE(config.rig, QStringLiteral("rig_7"));
    QCOMPARE(config.passwordFile, passwordFile);
    QCOMPARE(config.stateRateHz, 20.0);

    LinkOptions commandLine; // --lab on the command line wins over the window's settings
    commandLine.set(QStringLiteral("lab"), QStringLiteral("mqtt://127.0.0.1:1883"));
    QVERIFY(!LabSettingsDialog::applySaved(settings, commandLine));
    QCOMPARE(commandLine.get<QString>(QStringLiteral("lab")),
             QStringLiteral("mqtt://127.0.0.1:1883"));
}

QTEST_MAIN(TestLabSettings)
#include "tst_labsettings.moc"
