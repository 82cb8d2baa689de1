#pragma once
// The whole program on its stand-ins behind the main window, for the GUI tests that look at the
// window as an operator sees it (tst_rigstrip, tst_windowlayout, tst_rigcheck_gui,
// tst_measure_gui): one Station per test case, started from a command line as `hilstation`
// would parse it, its session in a temporary folder, with a store of axis-check passes of its
// own (HIL_AXIS_CHECK_STORE: no pass of another test or of the user's rig counts); windows made
// at a size with the default layout, shown and exposed. The English translation is put back
// after each test and before the station stops. GUI thread only.
#include "station/options.h"
#include "station/station.h"
#include "ui/mainwindow.h"
#include "ui/translations.h"

#include <QApplication>
#include <QSize>
#include <QStringList>
#include <QTemporaryDir>
#include <QtTest>
#include <functional>
#include <memory>

namespace hiltest {

class StandInWindow
{
public:
    /// args: the options after the program's name; `--log-dir <temp>/session` is added; adjust,
    /// when given, sets what no command line can (a rig check's test timing without the command
    /// line's motion check). False with why when they do not parse to a run or a link cannot
    /// start.
    bool start(const QStringList &args, QString *error,
               const std::function<void(hil::StationOptions &)> &adjust = {})
    {
        m_dir = std::make_unique<QTemporaryDir>();
        qputenv("HIL_AXIS_CHECK_STORE",
                m_dir->filePath(QStringLiteral("axischeck.ini")).toLocal8Bit());
        const hil::ParseResult parsed = hil::parseCommandLine(
            QStringList{QStringLiteral("hilstation")} + args +
            QStringList{QStringLiteral("--log-dir"), m_dir->filePath(QStringLiteral("session"))});
        if (parsed.action != hil::ParseResult::Run) {
            *error = QStringLiteral("the options do not parse to a run: %1").arg(parsed.message);
            return false;
        }
        hil::StationOptions options = parsed.options;
        if (adjust)
            adjust(options);
        m_station = std::make_unique<hil::Station>(options);
        return m_station->start(error);
    }

    /// cleanupTestCase() or cleanup(): English again, the station stopped, the folder removed.
    void stop()
    {
        englishAgain();
        if (m_station)
            m_station->stop();
        m_station.reset();
        m_dir.reset();
        qunsetenv("HIL_AXIS_CHECK_STORE");
    }

    /// cleanup(): the next test starts in English whatever this one chose.
    static void englishAgain() { hil::installTranslations(*qApp, QStringLiteral("en")); }

    hil::Station *station() const { return m_station.get(); }

    /// A main window at `size` in the default layout, shown; nullptr when it is never exposed.
    std::unique_ptr<hil::MainWindow> makeWindow(QSize size) const
    {
        auto w = std::make_unique<hil::MainWindow>(m_station.get());
        w->resize(size);
        w->resetLayout();
        w->show();
        if (!QTest::qWaitForWindowExposed(w.get()))
            return nullptr;
        return w;
    }

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<hil::Station> m_station;
};

} // namespace hiltest
