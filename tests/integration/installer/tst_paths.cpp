// app/paths.cpp: the program finds its translations installed (EXE/../share/hilstation/
// translations) and in the build tree (EXE/../translations), preferring the installed ones, and
// really loads a catalogue from there (a one-string hilstation_de.qm built by lrelease).
// Also: resources/resources.qrc holds the window icon at every size app/main.cpp asks for.

#include "paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QImageReader>
#include <QLocale>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest>

class TestPaths : public QObject
{
    Q_OBJECT

private:
    static bool placeCatalogue(const QString &dir)
    {
        return QDir().mkpath(dir)
               && QFile::copy(QStringLiteral(TEST_QM_FILE), dir + QStringLiteral("/hilstation_de.qm"));
    }
    static QString hello() { return QCoreApplication::translate("hil::PathsTest", "Hello"); }

private slots:
    void cleanup()
    {
        for (QTranslator *t : QCoreApplication::instance()->findChildren<QTranslator *>()) {
            QCoreApplication::removeTranslator(t);
            delete t;
        }
    }

    void windowIconIsCompiledInAtEverySize()
    {
        for (int px : {16, 24, 32, 48, 64, 128, 256}) {
            QImageReader reader(QStringLiteral(":/icons/hilstation-%1.png").arg(px));
            QVERIFY2(reader.canRead(), qPrintable(reader.fileName()));
            QCOMPARE(reader.size(), QSize(px, px));
        }
    }

    void searchPathsAreRelativeToTheExecutable()
    {
        const QStringList paths = hil::translationSearchPaths(QStringLiteral("/opt/hil/bin"));
        QCOMPARE(paths, QStringList({QStringLiteral("/opt/hil/share/hilstation/translations"),
                                     QStringLiteral("/opt/hil/translations")}));
    }

    void buildTreeLayoutMatchesCMake()
    {
        // hilstation is built into <build>/bin (CMAKE_RUNTIME_OUTPUT_DIRECTORY); the .qm files
        // belong in <build>/translations (installer/packaging.cmake documents it).
        const QStringList paths = hil::translationSearchPaths(QStringLiteral(HIL_BINARY_DIR "/bin"));
        QVERIFY(paths.contains(QDir::cleanPath(QStringLiteral(HIL_BINARY_DIR "/translations"))));
    }

    void nothingFoundWithoutCatalogues()
    {
        QTemporaryDir root;
        QVERIFY(root.isValid());
        QVERIFY(QDir(root.path()).mkpath(QStringLiteral("bin")));
        QVERIFY(QDir(root.path()).mkpath(QStringLiteral("share/hilstation/translations")));
        const QString exeDir = root.filePath(QStringLiteral("bin"));
        QCOMPARE(hil::findTranslationsDir(exeDir), QString());
        QVERIFY(!hil::installTranslations(QCoreApplication::instance(), QLocale(QStringLiteral("de")), exeDir));
        QCOMPARE(hello(), QStringLiteral("Hello"));
    }

    void buildTreeCatalogueIsFound()
    {
        QTemporaryDir root;
        QVERIFY(root.isValid());
        QVERIFY(placeCatalogue(root.filePath(QStringLiteral("translations"))));
        const QString exeDir = root.filePath(QStringLiteral("bin"));
        QCOMPARE(hil::findTranslationsDir(exeDir), root.filePath(QStringLiteral("translations")));
    }

    void installedCatalogueWinsAndLoads()
    {
        QTemporaryDir root;
        QVERIFY(root.isValid());
        const QString installed = root.filePath(QStringLiteral("share/hilstation/translations"));
        QVERIFY(placeCatalogue(installed));
        QVERIFY(placeCatalogue(root.filePath(QStringLiteral("translations"))));
        const QString exeDir = root.filePath(QStringLiteral("bin"));
        QCOMPARE(hil::findTranslationsDir(exeDir), installed);

        // de_AT falls back to hilstation_de.qm, as an Austrian operator's desktop would.
        QVERIFY(hil::installTranslations(QCoreApplication::instance(), QLocale(QStringLiteral("de_AT")), exeDir));
        QCOMPARE(hello(), QStringLiteral("Hallo"));
    }

    void otherLanguageStaysEnglish()
    {
        QTemporaryDir root;
        QVERIFY(root.isValid());
        QVERIFY(placeCatalogue(root.filePath(QStringLiteral("share/hilstation/translations"))));
        QVERIFY(!hil::installTranslations(QCoreApplication::instance(), QLocale(QStringLiteral("fr_FR")),
                                          root.filePath(QStringLiteral("bin"))));
        QCOMPARE(hello(), QStringLiteral("Hello"));
    }
};

QTEST_GUILESS_MAIN(TestPaths)
#include "tst_paths.moc"
