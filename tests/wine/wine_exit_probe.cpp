// wine_exit_probe: a Qt Test program that does on request what Wine sometimes does to the suite's
// programs: writes its last line and does not end. The case build-win/wine-test.sh must tell
// apart from a failure (cmake/wine-test.sh.in; wine_exit_wait.sh drives it). Windows build only.
//
// Arguments before Qt Test's own: --fail (its one check fails), --hang-always (never ends after
// the checks), --hang-once MARKER (never ends when the file MARKER does not exist, creating it:
// the second run ends).

#include <QFile>
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
    bool hang = false;
    for (int i = 1; i < args.size();) {
        if (args[i] == QLatin1String("--fail")) {
            g_fail = true;
        } else if (args[i] == QLatin1String("--hang-always")) {
            hang = true;
        } else if (args[i] == QLatin1String("--hang-once") && i + 1 < args.size()) {
            QFile marker(args[i + 1]);
            hang = !marker.exists();
            if (hang && !marker.open(QIODevice::WriteOnly))
                return 3;
            args.removeAt(i + 1);
        } else {
            ++i;
            continue;
        }
        args.removeAt(i);
    }
    WineExitProbe probe;
    const int status = QTest::qExec(&probe, args);
    if (hang)
        Sleep(INFINITE); // the log is complete and closed: as Wine's process exit that never ends
    return status;
}

#include "wine_exit_probe.moc"
