// wine_exit_probe: a Qt Test program that on request writes its last line and does not end, the
// case build-win/wine-test.sh must fail at once rather than at ctest's timeout
// (cmake/wine-test.sh.in; wine_exit_wait.sh drives it). Windows build only.
//
// Arguments before Qt Test's own: --fail (its one check fails), --hang (never ends after the
// checks).

#include <QtTest>
#include <windows.h>

namespace {
bool g_fail = false;
}

class WineExitProbe : public QObject
{
    Q_OBJECT
private slots:
    void check() { QVERIFY2(!g_fail, "asked to fail"); }
};

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments();
    g_fail = args.removeAll(QStringLiteral("--fail")) > 0;
    const bool hang = args.removeAll(QStringLiteral("--hang")) > 0;
    WineExitProbe probe;
    const int status = QTest::qExec(&probe, args);
    if (hang)
        Sleep(INFINITE); // the log is complete and closed: a program that never ends
    return status;
}

#include "wine_exit_probe.moc"
