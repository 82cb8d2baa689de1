#pragma once
// The whole program on its stand-ins behind the main window, for the GUI tests that look at the
// window as an operator sees it (tst_rigstrip, tst_windowlayout): one Station per test case,
// started from a command line as `hilstation` would parse it, its session in a temporary
// folder; windows made at a size with the default layout, shown and exposed. The English
// translation is put back after each test and before the station stops. GUI thread only.
#include "station/options.h"
#include "station/station.h"
#include "ui/mainwindow.h"
#include "ui/translations.h"

#include <QApplication>
#include <QSize>
#include <QStringList>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>

namespace hiltest {

class StandInWindow
{
public:
    /// args: the options after the program's name; `--log-dir <temp>/session` is added. False
    /// with why when they do not parse to a run or a link cannot start.
    bool start(const QStringList &args, QString *error)
    {
        m_dir = std::make_unique<QTemporaryDir>();
        const hil::ParseResult parsed = hil::parseCommandLine(
            QStringList{QStringLiteral("hilstation")} + args +
            QStringList{QStringLiteral("--log-dir"), m_dir->filePath(QStringLiteral("session"))});
        if (parsed.action != hil::ParseResult::Run) {
            *error = QStringLiteral("the options do not parse to a run: %1").arg(parsed.message);
            return false;
        }
        m_station = std::make_unique<hil::Station>(parsed.options);
        return m_station->start(error);
    }

    /// cleanupTestCase(): English again, the station stopped, the folder removed.
    void stop()
    {
        englishAgain();
        if (m_station)
            m_station->stop();
        m_station.reset();
        m_dir.reset();
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
