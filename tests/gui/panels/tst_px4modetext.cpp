// The PX4 panel's flight mode, word by word: every mode of PX4's one table (mavlink/px4names.h,
// px4::flightModes()) is shown by its name — in English as events.log writes it, in German and
// Chinese from the translations, every one of them translated — and a mode PX4 does not name
// by its numbers. Position slow and VTOL takeoff once showed as "Position" and "Auto".
#include "mavlink/px4names.h"
#include "ui/panels/px4panel.h"
#include "ui/translations.h"

#include <QCoreApplication>
#include <QLocale>
#include <QTranslator>
#include <QtTest>

using namespace hil;

namespace {
std::uint32_t customMode(int main, int sub)
{
    return std::uint32_t(main) << 16 | std::uint32_t(sub) << 24;
}
constexpr std::uint8_t kCustomModeEnabled = 1; // MAV_MODE_FLAG_CUSTOM_MODE_ENABLED
} // namespace

class TestPx4ModeText : public QObject
{
    Q_OBJECT
private slots:
    void cleanup() { installTranslations(*qApp, QStringLiteral("en")); }
    void englishIsTheNameInEvents();
    void everyModeTranslated_data();
    void everyModeTranslated();
    void shownInTheOperatorsLanguage();
    void unnamedModesByTheirNumbers();
};

void TestPx4ModeText::englishIsTheNameInEvents()
{
    installTranslations(*qApp, QStringLiteral("en"));
    QCOMPARE(Px4Panel::modeText(customMode(3, 2), kCustomModeEnabled),
             QStringLiteral("Position slow"));
    QCOMPARE(Px4Panel::modeText(customMode(4, 10), kCustomModeEnabled),
             QStringLiteral("VTOL takeoff"));
    for (const px4::FlightMode &m : px4::flightModes()) {
        const std::uint32_t mode = customMode(m.main, m.sub);
        QCOMPARE(Px4Panel::modeText(mode, kCustomModeEnabled), px4::modeName(mode));
    }
}

void TestPx4ModeText::everyModeTranslated_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("de") << QStringLiteral("de");
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
}

void TestPx4ModeText::everyModeTranslated()
{
    QFETCH(QString, language);
    QTranslator translator;
    QVERIFY(translator.load(QLocale(language), QStringLiteral("hilstation"), QStringLiteral("_"),
                            QStringLiteral(":/i18n")));
    for (const px4::FlightMode &m : px4::flightModes())
        QVERIFY2(!translator.translate(px4::kModeContext, m.name).isEmpty(), m.name);
}

void TestPx4ModeText::shownInTheOperatorsLanguage()
{
    QCOMPARE(installTranslations(*qApp, QStringLiteral("de")).left(2), QStringLiteral("de"));
    QCOMPARE(Px4Panel::modeText(customMode(3, 2), kCustomModeEnabled),
             QStringLiteral("Position langsam"));
    QCOMPARE(Px4Panel::modeText(customMode(4, 10), kCustomModeEnabled),
             QStringLiteral("VTOL-Start"));
    QCOMPARE(Px4Panel::modeText(customMode(4, 3), kCustomModeEnabled), QStringLiteral("Halten"));
    QCOMPARE(installTranslations(*qApp, QStringLiteral("zh_CN")).left(2), QStringLiteral("zh"));
    QCOMPARE(Px4Panel::modeText(customMode(3, 2), kCustomModeEnabled),
             QString::fromUtf8("定点慢速"));
    QCOMPARE(Px4Panel::modeText(customMode(4, 10), kCustomModeEnabled),
             QString::fromUtf8("VTOL 起飞"));
}

void TestPx4ModeText::unnamedModesByTheirNumbers()
{
    installTranslations(*qApp, QStringLiteral("en"));
    QCOMPARE(Px4Panel::modeText(customMode(4, 7), kCustomModeEnabled), QStringLiteral("Auto (7)"));
    QCOMPARE(Px4Panel::modeText(customMode(9, 2), kCustomModeEnabled), QStringLiteral("mode 9/2"));
    QCOMPARE(Px4Panel::modeText(customMode(3, 0), 0), QStringLiteral("unknown"));
}

QTEST_MAIN(TestPx4ModeText)
#include "tst_px4modetext.moc"
